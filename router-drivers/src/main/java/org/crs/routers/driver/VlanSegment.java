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
        implements CampusSegment {

    public VlanSegment {
        CampusSegment.check(circuitId, rateBps, vlan);
        Objects.requireNonNull(hostPort, "hostPort");
        Objects.requireNonNull(trunkPort, "trunkPort");
    }
}
