package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.LongFunction;

import org.crs.domain.time.TimeInterval;

/**
 * The slot a flexible request books, chosen from the answers of an availability search: for a
 * window and a duration, the earliest start at the requested bandwidth; for a volume by a
 * deadline, among bandwidths from the most it allows down (halving), the one that finishes
 * first, the lower bandwidth on a tie.
 */
public final class SlotChoice {

    /** A chosen slot: when, and at what bandwidth. */
    public record Slot(TimeInterval interval, long mbps) {
    }

    /**
     * The earliest start at which {@code mbps} is free for {@code duration}, or empty.
     *
     * @param <E> what the search may throw
     */
    @FunctionalInterface
    public interface EarliestStart<E extends Exception> {
        Optional<Instant> find(long mbps, Duration duration) throws E;
    }

    private SlotChoice() {
    }

    /** The earliest slot of {@code duration} at {@code mbps}. */
    public static <E extends Exception> Optional<Slot> earliest(long mbps, Duration duration, EarliestStart<E> search)
            throws E {
        return search.find(mbps, duration).map(start -> new Slot(new TimeInterval(start, start.plus(duration)), mbps));
    }

    /**
     * The transfer that finishes first.
     *
     * @param maxMbps the most bandwidth the transfer may use
     * @param takes how long the transfer takes at a bandwidth
     * @param window when it may run: it starts at or after {@code from} and lasts at most the window's length
     * @param from the earliest start: the window's start, or now if later
     * @param bandwidths how many bandwidths to compare, from {@code maxMbps} down, halving each time
     */
    public static <E extends Exception> Optional<Slot> fastestTransfer(long maxMbps, LongFunction<Duration> takes,
                                                                       TimeInterval window, Instant from, int bandwidths,
                                                                       EarliestStart<E> search) throws E {
        Slot best = null;
        long mbps = maxMbps;
        for (int tried = 0; tried < bandwidths && mbps > 0; tried++) {
            Duration duration = takes.apply(mbps);
            if (best != null && !from.plus(duration).isBefore(best.interval().end())) {
                break; // slower bandwidths cannot finish first any more
            }
            if (duration.compareTo(window.duration()) <= 0) {
                Optional<Instant> start = search.find(mbps, duration);
                if (start.isPresent() && (best == null || !start.get().plus(duration).isAfter(best.interval().end()))) {
                    best = new Slot(new TimeInterval(start.get(), start.get().plus(duration)), mbps);
                }
            }
            mbps = mbps / 2;
        }
        return Optional.ofNullable(best);
    }
}
