package org.crs.routers.driver;

import org.crs.domain.vlan.VlanId;

/**
 * A circuit segment on a campus edge router (Cisco 7600): a VLAN with its access ports
 * policed at the booked rate. Either a host port joined to the WAN trunk
 * ({@link VlanSegment}) or two host ports of the same router joined to each other
 * ({@link HostPairSegment}).
 */
public sealed interface CampusSegment extends CircuitSegment permits VlanSegment, HostPairSegment {

    /** The VLAN carrying the circuit on the router. */
    int vlan();

    /** Policer burst: 250 ms of the booked rate in bytes, IOS's rule of thumb, capped at 512 MB. */
    default long burstBytes() {
        return Math.min(512_000_000L, Math.max(8000L, rateBps() / 32));
    }

    /** Checks the values every campus segment shares. */
    static void check(long circuitId, long rateBps, int vlan) {
        if (circuitId <= 0) {
            throw new IllegalArgumentException("circuitId must be positive, was " + circuitId);
        }
        if (rateBps < 8000) {
            throw new IllegalArgumentException("rateBps must be at least 8000, was " + rateBps);
        }
        VlanId.forCircuit(vlan, "vlan");
    }
}
