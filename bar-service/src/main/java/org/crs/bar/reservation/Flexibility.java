package org.crs.bar.reservation;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.time.TimeInterval;

/**
 * A request that lets the BAR choose when the circuit runs (and, for a transfer, its bandwidth),
 * instead of a fixed start and end:
 * <ul>
 *   <li>{@linkplain #within a window and a duration}: the circuit runs for the duration at the
 *       earliest start time in the window at which it can be booked;</li>
 *   <li>{@linkplain #transfer a data volume by a deadline}: the circuit moves the volume within
 *       the window (its end is the deadline) at a bandwidth up to the one requested, finishing
 *       as early as it can.</li>
 * </ul>
 * The BAR books the chosen slot as a fixed reservation; this record keeps what was asked, so that
 * the same request again answers the same reservation.
 *
 * @param window the circuit lies within it (a transfer's window ends at its deadline)
 * @param duration how long the circuit runs, for a window request; null for a transfer
 * @param volumeMegabytes the data to move (10^6 bytes), for a transfer; 0 for a window request
 * @param requestedMbps the bandwidth asked for: a window request's, or the most a transfer may use
 */
public record Flexibility(TimeInterval window, Duration duration, long volumeMegabytes, long requestedMbps) {

    public Flexibility {
        Objects.requireNonNull(window, "window");
        if ((duration == null) == (volumeMegabytes <= 0)) {
            throw new IllegalArgumentException("give either a duration or a volume, was " + duration + " and "
                    + volumeMegabytes + " MB");
        }
    }

    /** Runs for {@code duration} at the earliest start time in {@code window} at which it can be booked. */
    public static Flexibility within(TimeInterval window, Duration duration, long mbps) {
        return new Flexibility(window, duration, 0, mbps);
    }

    /** Moves {@code volumeMegabytes} within {@code window} at up to {@code maxMbps}, finishing as early as it can. */
    public static Flexibility transfer(TimeInterval window, long volumeMegabytes, long maxMbps) {
        return new Flexibility(window, null, volumeMegabytes, maxMbps);
    }

    public boolean isTransfer() {
        return duration == null;
    }

    /** How long moving the volume takes at {@code mbps}, in whole seconds rounded up. */
    public Duration transferTime(long mbps) {
        long megabits = Math.multiplyExact(volumeMegabytes, 8);
        return Duration.ofSeconds(megabits / mbps + (megabits % mbps == 0 ? 0 : 1));
    }
}
