package org.crs.bar.reservation;

import java.time.Duration;
import java.util.Objects;

import org.crs.domain.refusal.Refusal;

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

    /**
     * The name a client gives the field the service calls {@code field}: the service checks a
     * request's {@code start}, {@code end} and {@code bandwidthMbps}, which a window request names
     * {@code windowStart} and {@code windowEnd}, and a transfer {@code earliestStart},
     * {@code deadline} and {@code maxBandwidthMbps}.
     */
    default String fieldName(String field) {
        return field;
    }

    /** The refusal {@code e} with its field named as this kind of request names it. */
    default BadRequest named(BadRequest e) {
        String field = fieldName(e.field());
        return field.equals(e.field()) ? e : new BadRequest(new Refusal(e.refusal().code(), field, e.reason()));
    }

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

        @Override
        public String fieldName(String field) {
            return switch (field) {
                case "start" -> "windowStart";
                case "end" -> "windowEnd";
                default -> field;
            };
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

        @Override
        public String fieldName(String field) {
            return switch (field) {
                case "start" -> "earliestStart";
                case "end" -> "deadline";
                case "bandwidthMbps" -> "maxBandwidthMbps";
                default -> field;
            };
        }

        /** How long moving the volume takes at {@code mbps}, in whole seconds rounded up. */
        public Duration transferTime(long mbps) {
            long megabits = Math.multiplyExact(volumeMegabytes, 8);
            return Duration.ofSeconds(megabits / mbps + (megabits % mbps == 0 ? 0 : 1));
        }
    }
}
