package org.crs.routers.emulator.device;

import java.time.Duration;
import java.util.Objects;

/**
 * How much an emulated circuit carries while it is up: a fraction of its policed rate, sent
 * all the time or in bursts (on for {@code burstOn}, off for {@code burstOff}, repeating from
 * the router's boot), plus input errors and output discards at a steady rate per second.
 * Counters are integrated from elapsed time, so a read at any moment is exact for the load.
 *
 * @param fraction the share of the policed rate sent while on, 0 (idle) to 1 (full)
 * @param burstOn how long each burst lasts; zero with {@code burstOff} zero: no bursts, always on
 * @param burstOff the pause after each burst; zero: always on
 * @param errorsPerSecond ifInErrors added per second while the circuit is up
 * @param discardsPerSecond ifOutDiscards added per second while the circuit is up
 */
public record TrafficLoad(double fraction, Duration burstOn, Duration burstOff, double errorsPerSecond,
                          double discardsPerSecond) {

    /** The circuit's end-hosts send at the policed rate all the time (the emulator's default). */
    public static final TrafficLoad FULL = new TrafficLoad(1.0, Duration.ZERO, Duration.ZERO, 0, 0);

    /** The circuit is up but carries nothing. */
    public static final TrafficLoad IDLE = new TrafficLoad(0.0, Duration.ZERO, Duration.ZERO, 0, 0);

    public TrafficLoad {
        Objects.requireNonNull(burstOn, "burstOn");
        Objects.requireNonNull(burstOff, "burstOff");
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("load must be between 0 and 1, not " + fraction);
        }
        if (burstOn.isNegative() || burstOff.isNegative()) {
            throw new IllegalArgumentException("burst periods must not be negative");
        }
        if (!burstOff.isZero() && burstOn.isZero()) {
            throw new IllegalArgumentException("a burst pattern needs burstOn > 0");
        }
        if (!(errorsPerSecond >= 0) || !(discardsPerSecond >= 0)) {
            throw new IllegalArgumentException("errors and discards per second must not be negative");
        }
    }

    /** A steady share of the policed rate. */
    public static TrafficLoad fraction(double fraction) {
        return new TrafficLoad(fraction, Duration.ZERO, Duration.ZERO, 0, 0);
    }

    /** This load sent in bursts: on for {@code on}, then off for {@code off}, repeating. */
    public TrafficLoad inBursts(Duration on, Duration off) {
        return new TrafficLoad(fraction, on, off, errorsPerSecond, discardsPerSecond);
    }

    /** This load with input errors and output discards at these rates. */
    public TrafficLoad withErrors(double errorsPerSecond, double discardsPerSecond) {
        return new TrafficLoad(fraction, burstOn, burstOff, errorsPerSecond, discardsPerSecond);
    }

    /** The seconds of sending between two times since boot: all of them unless in bursts. */
    double sendingSeconds(Duration fromBoot, Duration toBoot) {
        return (onNanos(toBoot.toNanos()) - onNanos(fromBoot.toNanos())) / 1e9;
    }

    // Sending time from boot to t: every whole period contributes burstOn, the current one up to burstOn.
    private long onNanos(long t) {
        if (burstOff.isZero()) {
            return t;
        }
        long on = burstOn.toNanos();
        long period = on + burstOff.toNanos();
        return Math.floorDiv(t, period) * on + Math.min(Math.floorMod(t, period), on);
    }
}
