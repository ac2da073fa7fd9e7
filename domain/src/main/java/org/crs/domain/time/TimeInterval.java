package org.crs.domain.time;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A half-open interval of time {@code [start, end)}: it contains its start and not its end,
 * so a booking that ends at 12:00 and one that starts at 12:00 do not overlap.
 * {@link Instant}s are UTC by definition, so no time zone ever enters a booking.
 *
 * @param start the first instant inside the interval
 * @param end the first instant after the interval; strictly after {@code start}
 */
public record TimeInterval(Instant start, Instant end) {

    public TimeInterval {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        // An empty interval books nothing and would make every overlap rule a special case.
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("end (" + end + ") must be after start (" + start + ")");
        }
    }

    /** The interval that starts at {@code start} and lasts {@code duration}. */
    public static TimeInterval of(Instant start, Duration duration) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(duration, "duration");
        return new TimeInterval(start, start.plus(duration));
    }

    /** Whether the two intervals share at least one instant; touching ends do not count. */
    public boolean overlaps(TimeInterval other) {
        return start.isBefore(other.end) && other.start.isBefore(end);
    }

    /** Whether {@code instant} is in {@code [start, end)}. */
    public boolean contains(Instant instant) {
        return !instant.isBefore(start) && instant.isBefore(end);
    }

    /** Whether every instant of {@code other} is in this interval. */
    public boolean encloses(TimeInterval other) {
        return !other.start.isBefore(start) && !other.end.isAfter(end);
    }

    /** How long the interval lasts. */
    public Duration duration() {
        return Duration.between(start, end);
    }

    /** The instants both intervals contain, or empty when they do not overlap. */
    public Optional<TimeInterval> intersection(TimeInterval other) {
        if (!overlaps(other)) {
            return Optional.empty();
        }
        Instant laterStart = start.isAfter(other.start) ? start : other.start;
        Instant earlierEnd = end.isBefore(other.end) ? end : other.end;
        return Optional.of(new TimeInterval(laterStart, earlierEnd));
    }

    /** The interval as an operator reads it: {@code [2030-01-01T10:00:00Z, 2030-01-01T12:00:00Z)}. */
    @Override
    public String toString() {
        return "[" + start + ", " + end + ")";
    }
}
