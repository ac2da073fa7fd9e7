package org.crs.domain;

import java.time.Duration;
import java.time.Instant;
import org.crs.domain.time.TimeInterval;

/** Short names for times in tests: hours counted from a fixed UTC midnight. */
public final class Times {

    public static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    private Times() {
    }

    /** T0 plus {@code h} hours. */
    public static Instant hour(int h) {
        return T0.plus(Duration.ofHours(h));
    }

    /** [T0 + from hours, T0 + to hours). */
    public static TimeInterval hours(int from, int to) {
        return new TimeInterval(hour(from), hour(to));
    }
}
