package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.crs.domain.time.TimeInterval;

/**
 * "When can I have it?": a booking of {@code mbps} for {@code duration}, to start at some
 * instant between {@code earliestStart} and {@code latestStart}, both included.
 *
 * @param mbps the bandwidth wanted, in Mbit/s; positive
 * @param duration how long the booking lasts; positive
 * @param earliestStart the first acceptable start
 * @param latestStart the last acceptable start; not before {@code earliestStart}
 */
public record SlotQuery(long mbps, Duration duration, Instant earliestStart, Instant latestStart) {

    public SlotQuery {
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(earliestStart, "earliestStart");
        Objects.requireNonNull(latestStart, "latestStart");
        if (mbps <= 0) {
            throw new IllegalArgumentException("mbps must be positive, was " + mbps);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("duration must be positive, was " + duration);
        }
        if (latestStart.isBefore(earliestStart)) {
            throw new IllegalArgumentException("latest start (" + latestStart + ") must not be before earliest start ("
                    + earliestStart + ")");
        }
    }

    /**
     * {@code [earliestStart, latestStart + duration)}: every instant some acceptable booking
     * would cover, so the part of each calendar a search has to read.
     */
    public TimeInterval span() {
        return new TimeInterval(earliestStart, latestStart.plus(duration));
    }

    /** The booking's interval if it starts at {@code start}: {@code [start, start + duration)}. */
    public TimeInterval at(Instant start) {
        return TimeInterval.of(start, duration);
    }

    /** Every acceptable start, whether or not the booking fits there. */
    public StartTimes allStarts() {
        return StartTimes.between(earliestStart, latestStart);
    }

    /** The same booking at another bandwidth, as a search for the widest bandwidth tries them. */
    public SlotQuery withMbps(long otherMbps) {
        return new SlotQuery(otherMbps, duration, earliestStart, latestStart);
    }
}
