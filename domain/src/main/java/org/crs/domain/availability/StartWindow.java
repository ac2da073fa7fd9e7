package org.crs.domain.availability;

import java.time.Instant;
import java.util.Objects;

/**
 * A closed interval of start times: a booking may start at {@code earliest}, at
 * {@code latest}, or at any instant between. Closed, unlike a {@link
 * org.crs.domain.time.TimeInterval}, because a gap exactly as long as a booking leaves one
 * start time, and that start must be representable.
 *
 * @param earliest the first start time
 * @param latest the last start time; not before {@code earliest}
 */
public record StartWindow(Instant earliest, Instant latest) {

    public StartWindow {
        Objects.requireNonNull(earliest, "earliest");
        Objects.requireNonNull(latest, "latest");
        if (latest.isBefore(earliest)) {
            throw new IllegalArgumentException("latest start (" + latest + ") must not be before earliest start ("
                    + earliest + ")");
        }
    }

    /** Whether {@code instant} is a start time of the window. */
    public boolean contains(Instant instant) {
        return !instant.isBefore(earliest) && !instant.isAfter(latest);
    }

    /** The window as an operator reads it: {@code [2030-01-01T10:00:00Z, 2030-01-01T12:00:00Z]}. */
    @Override
    public String toString() {
        return "[" + earliest + ", " + latest + "]";
    }
}
