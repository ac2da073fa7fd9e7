package org.crs.bar.nsi;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.time.Backoff;

/**
 * How long and how often the BAR tries to deliver a callback to a requester that does not
 * answer: the pause doubles from {@code backoff}'s first up to its longest, until the
 * message's deadline; then it is given up.
 *
 * <p>The deadline is the reservation's end: after it, a late reserveConfirmed or
 * dataPlaneStateChange tells the requester nothing it can act on. A message that leaves fewer
 * than {@code minimumTrying} before the end (sent near or after the end, or for an open-ended
 * reservation) is tried for {@code minimumTrying} instead, so that a terminateConfirmed after the
 * end still gets a fair chance.
 *
 * @param backoff the pauses between attempts
 * @param minimumTrying how long any message is tried at least
 * @param lease how long one attempt may take before another replica may try the message (longer
 *     than the transport's deadline for one POST)
 */
public record NsiOutboxPolicy(Backoff backoff, Duration minimumTrying, Duration lease) {

    /** Pauses from 5 s to 5 min, at least 1 h of trying, 1 min leases (a callback's POST is bounded by 30 s). */
    public static NsiOutboxPolicy defaults() {
        return new NsiOutboxPolicy(new Backoff(Duration.ofSeconds(5), Duration.ofMinutes(5)), Duration.ofHours(1),
                Duration.ofMinutes(1));
    }

    public NsiOutboxPolicy {
        Objects.requireNonNull(backoff, "backoff");
        positive(minimumTrying, "minimumTrying");
        positive(lease, "lease");
    }

    /** Until when a message owed at {@code now} on a reservation that ends at {@code end} (empty: open) is tried. */
    public Instant deadline(Optional<Instant> end, Instant now) {
        Instant least = now.plus(minimumTrying);
        return end.filter(e -> e.isAfter(least)).orElse(least);
    }

    /**
     * What follows the {@code attempts}th failed attempt (from 1) at {@code now}: another at
     * {@code now} plus the pause, or giving up when that would be at or after the deadline.
     */
    public Next afterFailure(int attempts, Instant now, Instant deadline) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts count from 1: " + attempts);
        }
        Instant at = now.plus(backoff.pauseAfter(attempts));
        return at.isBefore(deadline) ? new Next.TryAgain(at) : new Next.GiveUp(deadline);
    }

    /** What follows a failed attempt. */
    public sealed interface Next {
        /** Try again at {@code at}. */
        record TryAgain(Instant at) implements Next {
        }

        /** The deadline leaves no room for another attempt: the message is given up. */
        record GiveUp(Instant deadline) implements Next {
        }
    }

    private static void positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
    }
}
