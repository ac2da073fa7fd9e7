package org.crs.routers.driver;

import java.util.Objects;

/**
 * A campus segment on a Cisco 7600: a VLAN joining an end-host's access port to the
 * WAN-facing trunk, with an ingress policer on the host port.
 *
 * @param circuitId the circuit's number
 * @param rateBps the booked rate in bit/s
 * @param vlan the VLAN carrying the circuit, 2..4094 except the reserved 1002..1005
 * @param hostPort the access port of the end-host, for example {@code GigabitEthernet1/1}
 * @param trunkPort the trunk towards the WAN access point, for example {@code TenGigabitEthernet2/1}
 */
public record VlanSegment(long circuitId, long rateBps, int vlan, String hostPort, String trunkPort)
        implements CircuitSegment {

    public VlanSegment {
        if (circuitId <= 0) {
            throw new IllegalArgumentException("circuitId must be positive, was " + circuitId);
        }
        if (rateBps < 8000) {
            throw new IllegalArgumentException("rateBps must be at least 8000, was " + rateBps);
        }
        if (vlan < 2 || vlan > 4094 || (vlan >= 1002 && vlan <= 1005)) {
            throw new IllegalArgumentException("vlan must be in 2..4094 and not 1002..1005, was " + vlan);
        }
        Objects.requireNonNull(hostPort, "hostPort");
        Objects.requireNonNull(trunkPort, "trunkPort");
    }

    /** Policer burst: 250 ms of the booked rate in bytes, IOS's rule of thumb, capped at 512 MB. */
    public long burstBytes() {
        return Math.min(512_000_000L, Math.max(8000L, rateBps / 32));
    }
}
