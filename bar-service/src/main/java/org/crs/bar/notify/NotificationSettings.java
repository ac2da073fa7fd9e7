package org.crs.bar.notify;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.time.Backoff;

/**
 * How the BAR tells owners (BarServerConfig's {@code mail:} and {@code notifications:} keys).
 *
 * @param sender who the mails and iCalendar events come from: the BAR's name (an event's UID ends in it)
 * @param bookingLink a link to a booking, with {@code {requestId}} in it; empty for none
 * @param endingSoonLead how long before an active circuit ends its owner is offered to extend it;
 *     a circuit no longer than that gets no such mail (its ACTIVE mail says when it ends)
 * @param retryPause the first pause after a failed delivery; it doubles after each failure
 * @param retryMaxPause the longest pause
 * @param maxAttempts after how many failed attempts a message is given up
 * @param lease how long one attempt may take before another replica may try the message again
 * @param keep how long a delivered or given-up message stays in the outbox
 */
public record NotificationSettings(String sender, String bookingLink, Duration endingSoonLead, Duration retryPause,
                                   Duration retryMaxPause, int maxAttempts, Duration lease, Duration keep) {

    public static final String DEFAULT_BOOKING_LINK = "";
    public static final Duration DEFAULT_ENDING_SOON_LEAD = Duration.ofDays(1);
    public static final Duration DEFAULT_RETRY_PAUSE = Duration.ofSeconds(30);
    public static final Duration DEFAULT_RETRY_MAX_PAUSE = Duration.ofHours(1);
    /** With the default pauses, about two days of trying. */
    public static final int DEFAULT_MAX_ATTEMPTS = 50;
    /** Longer than an SMTP session or a webhook POST may take (their time-outs are 30 s and 10 s). */
    public static final Duration DEFAULT_LEASE = Duration.ofMinutes(2);
    public static final Duration DEFAULT_KEEP = Duration.ofDays(30);

    public NotificationSettings {
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(bookingLink, "bookingLink");
        positive(endingSoonLead, "endingSoonLead");
        positive(retryPause, "retryPause");
        positive(retryMaxPause, "retryMaxPause");
        positive(lease, "lease");
        positive(keep, "keep");
        if (retryMaxPause.compareTo(retryPause) < 0) {
            throw new IllegalArgumentException("retryMaxPause is shorter than retryPause");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
    }

    /** The defaults, for a BAR of that name. */
    public static NotificationSettings defaults(String sender) {
        return new NotificationSettings(sender, DEFAULT_BOOKING_LINK, DEFAULT_ENDING_SOON_LEAD, DEFAULT_RETRY_PAUSE,
                DEFAULT_RETRY_MAX_PAUSE, DEFAULT_MAX_ATTEMPTS, DEFAULT_LEASE, DEFAULT_KEEP);
    }

    public NotificationSettings withBookingLink(String link) {
        return new NotificationSettings(sender, link, endingSoonLead, retryPause, retryMaxPause, maxAttempts, lease, keep);
    }

    public NotificationSettings withEndingSoonLead(Duration lead) {
        return new NotificationSettings(sender, bookingLink, lead, retryPause, retryMaxPause, maxAttempts, lease, keep);
    }

    public NotificationSettings withRetries(Duration pause, Duration maxPause, int attempts) {
        return new NotificationSettings(sender, bookingLink, endingSoonLead, pause, maxPause, attempts, lease, keep);
    }

    public NotificationSettings withKeep(Duration k) {
        return new NotificationSettings(sender, bookingLink, endingSoonLead, retryPause, retryMaxPause, maxAttempts, lease, k);
    }

    /** The pause after the {@code attempt}th failed attempt (from 1): doubling from retryPause, at most retryMaxPause. */
    public Duration pauseAfter(int attempt) {
        return new Backoff(retryPause, retryMaxPause).pauseAfter(attempt);
    }

    private static void positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
    }
}
