package org.crs.routers.driver;

import java.time.Duration;
import java.time.Instant;

/**
 * One reading of an interface's 64-bit octet counters.
 *
 * @param interfaceName the interface, for example {@code GigabitEthernet1/1}
 * @param inOctets ifHCInOctets
 * @param outOctets ifHCOutOctets
 * @param readAt when the reading was taken
 */
public record InterfaceCounters(String interfaceName, long inOctets, long outOctets, Instant readAt) {

    /** Average inbound rate in bit/s between an earlier reading and this one. */
    public double inBitsPerSecondSince(InterfaceCounters earlier) {
        return rate(inOctets - earlier.inOctets, earlier.readAt);
    }

    /** Average outbound rate in bit/s between an earlier reading and this one. */
    public double outBitsPerSecondSince(InterfaceCounters earlier) {
        return rate(outOctets - earlier.outOctets, earlier.readAt);
    }

    private double rate(long octets, Instant since) {
        double seconds = Duration.between(since, readAt).toNanos() / 1e9;
        if (seconds <= 0) {
            throw new IllegalArgumentException("the earlier reading must be earlier: " + since + " vs " + readAt);
        }
        // Counter64 wraps after 2^64 octets; unsigned subtraction handles one wrap.
        double delta = octets >= 0 ? octets : octets + 0x1p64;
        return delta * 8 / seconds;
    }
}
