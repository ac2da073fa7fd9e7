package org.crs.bar.reservation;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.time.TimeInterval;

/**
 * When and how fast a client asked for its circuit, one of three kinds:
 * <ul>
 *   <li>{@link Fixed}: this interval at this bandwidth;</li>
 *   <li>{@link InWindow}: a duration at a bandwidth, at the earliest start in a window at which
 *       it can be booked;</li>
 *   <li>{@link Transfer}: a data volume within a window (its end is the deadline), at a
 *       bandwidth up to a maximum, finishing as early as it can.</li>
 * </ul>
 * The BAR books a flexible request's chosen slot as a fixed interval; the request keeps what
 * was asked, so that the same request again answers the same reservation.
 */
public sealed interface Timing {

    /** The bandwidth asked: a fixed or window request's, or the most a transfer may use. */
    long requestedMbps();

    /** This interval at this bandwidth. */
    record Fixed(TimeInterval interval, long requestedMbps) implements Timing {
        public Fixed {
            Objects.requireNonNull(interval, "interval");
        }
    }

    /** {@code duration} at {@code requestedMbps}, at the earliest start in {@code window} at which it fits. */
    record InWindow(TimeInterval window, Duration duration, long requestedMbps) implements Timing {
        public InWindow {
            Objects.requireNonNull(window, "window");
            Objects.requireNonNull(duration, "duration");
        }
    }

    /**
     * {@code volumeMegabytes} (10^6 bytes) within {@code window} at up to {@code requestedMbps},
     * finishing as early as it can.
     */
    record Transfer(TimeInterval window, long volumeMegabytes, long requestedMbps) implements Timing {
        public Transfer {
            Objects.requireNonNull(window, "window");
        }

        /** How long moving the volume takes at {@code mbps}, in whole seconds rounded up. */
        public Duration transferTime(long mbps) {
            long megabits = Math.multiplyExact(volumeMegabytes, 8);
            return Duration.ofSeconds(megabits / mbps + (megabits % mbps == 0 ? 0 : 1));
        }
    }
}
