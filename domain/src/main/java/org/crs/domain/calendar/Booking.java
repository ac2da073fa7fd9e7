package org.crs.domain.calendar;

import java.util.Objects;
import org.crs.domain.time.TimeInterval;

/**
 * Bandwidth booked on one resource over an interval.
 *
 * @param interval when the bandwidth is booked
 * @param mbps how much, in Mbit/s; positive
 */
public record Booking(TimeInterval interval, long mbps) {

    public Booking {
        Objects.requireNonNull(interval, "interval");
        if (mbps <= 0) {
            throw new IllegalArgumentException("mbps must be positive, was " + mbps);
        }
    }
}
