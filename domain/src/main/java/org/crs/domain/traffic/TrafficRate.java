package org.crs.domain.traffic;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A circuit's mean rates over a half-open period {@code [from, to)}.
 *
 * @param from the start of the period
 * @param to its end, after {@code from}
 * @param inBitsPerSecond bits received per second (ifHCInOctets)
 * @param outBitsPerSecond bits sent per second (ifHCOutOctets)
 * @param errorsPerSecond inbound packets with errors per second (ifInErrors)
 * @param discardsPerSecond outbound packets discarded per second (ifOutDiscards)
 */
public record TrafficRate(Instant from, Instant to, double inBitsPerSecond, double outBitsPerSecond,
                          double errorsPerSecond, double discardsPerSecond) {

    public TrafficRate {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("a rate's period must end after it starts: " + from + " to " + to);
        }
    }

    /** The length of the period. */
    public Duration span() {
        return Duration.between(from, to);
    }

    /**
     * The rates between two readings of one interface, or empty when they say nothing: the later
     * is not later, or the router restarted between them (its uptime went back, so its counters
     * started again from zero and the difference is meaningless; the next pair is fine again).
     * The rates are over the time between the readings on the router's clock (sysUpTime), or on
     * the poller's when the router's did not move; the period is the poller's.
     * A counter that went down without a restart wrapped: once, as a 64-bit counter of octets
     * cannot wrap twice within any polling interval (2^64 octets take 467 years at 10 Gbit/s)
     * and a 32-bit counter of errors is read long before 2^32 errors.
     */
    public static Optional<TrafficRate> between(CounterReading earlier, CounterReading later) {
        if (!later.readAt().isAfter(earlier.readAt()) || later.uptime().compareTo(earlier.uptime()) < 0) {
            return Optional.empty();
        }
        // The router's own clock times the counters: an answer that reached the poller late (a
        // busy network or poller) would otherwise skew the rate by its lateness over the interval.
        Duration routerTime = later.uptime().minus(earlier.uptime());
        double seconds = (routerTime.isZero() ? Duration.between(earlier.readAt(), later.readAt()) : routerTime)
                .toNanos() / 1e9;
        return Optional.of(new TrafficRate(earlier.readAt(), later.readAt(),
                delta64(earlier.inOctets(), later.inOctets()) * 8 / seconds,
                delta64(earlier.outOctets(), later.outOctets()) * 8 / seconds,
                delta32(earlier.inErrors(), later.inErrors()) / seconds,
                delta32(earlier.outDiscards(), later.outDiscards()) / seconds));
    }

    // Unsigned 64-bit difference modulo 2^64, as a double.
    static double delta64(long earlier, long later) {
        long d = later - earlier; // two's complement subtraction is subtraction modulo 2^64
        return d >= 0 ? d : d + 0x1p64;
    }

    static double delta32(long earlier, long later) {
        return Math.floorMod(later - earlier, CounterReading.COUNTER32);
    }
}
