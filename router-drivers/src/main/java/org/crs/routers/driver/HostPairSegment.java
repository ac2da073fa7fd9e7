package org.crs.routers.driver;

import java.util.List;
import java.util.Objects;

/**
 * A circuit between two end-hosts of one campus edge router (Cisco 7600): both hosts' access
 * ports in one VLAN of their own, each with an ingress policer at the booked rate. No trunk:
 * the circuit never leaves the router.
 *
 * @param circuitId the circuit's number
 * @param rateBps the booked rate in bit/s, policed on both ports
 * @param vlan the VLAN joining the two ports, 2..4094 except the reserved 1002..1005
 * @param hostPortA the access port of one end-host, for example {@code GigabitEthernet1/1}
 * @param hostPortB the access port of the other end-host, for example {@code GigabitEthernet1/2}
 */
public record HostPairSegment(long circuitId, long rateBps, int vlan, String hostPortA, String hostPortB)
        implements CampusSegment {

    public HostPairSegment {
        CampusSegment.check(circuitId, rateBps, vlan);
        Objects.requireNonNull(hostPortA, "hostPortA");
        Objects.requireNonNull(hostPortB, "hostPortB");
        if (hostPortA.equalsIgnoreCase(hostPortB)) {
            throw new IllegalArgumentException("a host pair needs two different ports, was " + hostPortA + " twice");
        }
    }

    /** Both host ports, A first. */
    public List<String> hostPorts() {
        return List.of(hostPortA, hostPortB);
    }
}
