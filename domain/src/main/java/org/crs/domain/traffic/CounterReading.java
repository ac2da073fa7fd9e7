package org.crs.domain.traffic;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One reading of the counters of the interface that carries a circuit, as IF-MIB has them.
 *
 * @param inOctets ifHCInOctets: unsigned 64-bit, held in the bits of a long
 * @param outOctets ifHCOutOctets: unsigned 64-bit
 * @param inErrors ifInErrors: unsigned 32-bit (0 to 2^32 - 1)
 * @param outDiscards ifOutDiscards: unsigned 32-bit
 * @param uptime the router's sysUpTime when read: a smaller one later means it restarted and
 *     its counters started again from zero
 * @param readAt when the reading was taken
 */
public record CounterReading(long inOctets, long outOctets, long inErrors, long outDiscards, Duration uptime,
                             Instant readAt) {

    /** The largest value of a Counter32 plus one. */
    static final long COUNTER32 = 1L << 32;

    public CounterReading {
        Objects.requireNonNull(uptime, "uptime");
        Objects.requireNonNull(readAt, "readAt");
        if (inErrors < 0 || inErrors >= COUNTER32 || outDiscards < 0 || outDiscards >= COUNTER32) {
            throw new IllegalArgumentException("ifInErrors and ifOutDiscards are 32-bit counters");
        }
    }
}
