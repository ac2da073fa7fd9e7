package org.crs.bar.reservation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.domain.traffic.TrafficRate;

/**
 * What the BAR flags about a circuit's traffic (docs/bar-services.md, "Utilisation"): raised at
 * most once per reservation and kind, kept, told to the owner once and shown to operators.
 */
public enum UsageFlag {
    /**
     * The circuit carried nothing for its first {@link #IDLE_AFTER} of ACTIVE: every measured
     * sample of that span stayed below {@link #idleBelow} in both directions.
     */
    IDLE,
    /** Its routers counted inbound errors or outbound discards on one of its segments. */
    ERRORS;

    /** How long an active circuit may carry nothing before it is flagged IDLE. */
    public static final Duration IDLE_AFTER = Duration.ofMinutes(10);
    /** The share of the booked rate under which a circuit counts as carrying nothing. */
    public static final double IDLE_SHARE = 0.01;
    /**
     * The absolute rate under which a circuit counts as carrying nothing whatever its booked
     * rate: routing protocols, ARP and keep-alives move a few kbit/s on an otherwise unused circuit.
     */
    public static final double IDLE_FLOOR_BPS = 64_000;

    /** The rate (bit/s) under which a circuit booked at {@code bookedBitsPerSecond} carries nothing. */
    public static double idleBelow(long bookedBitsPerSecond) {
        return Math.max(IDLE_FLOOR_BPS, bookedBitsPerSecond * IDLE_SHARE);
    }

    /**
     * Whether rates measured over a circuit's first {@link #IDLE_AFTER} of ACTIVE (from
     * {@code activeFrom}) show it idle: at least one was measured then, and none reached the idle
     * rate in either direction. Nothing measured is no evidence: not idle.
     */
    public static boolean idle(List<TrafficRate> rates, Instant activeFrom, long bookedBitsPerSecond) {
        Instant until = activeFrom.plus(IDLE_AFTER);
        double below = idleBelow(bookedBitsPerSecond);
        boolean measured = false;
        for (TrafficRate r : rates) {
            if (!r.to().isAfter(activeFrom) || !r.from().isBefore(until)) {
                continue;
            }
            measured = true;
            if (r.inBitsPerSecond() >= below || r.outBitsPerSecond() >= below) {
                return false;
            }
        }
        return measured;
    }

    /** Whether any of the rates counted errors or discards. */
    public static boolean erred(List<TrafficRate> rates) {
        return rates.stream().anyMatch(r -> r.errorsPerSecond() > 0 || r.discardsPerSecond() > 0);
    }
}
