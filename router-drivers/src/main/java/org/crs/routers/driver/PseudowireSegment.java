package org.crs.routers.driver;

import java.util.List;
import java.util.Objects;

import org.crs.domain.vlan.VlanId;

/**
 * A WAN segment on a Cisco 12000: a dot1Q subinterface on the access interface bound to an
 * Ethernet-over-MPLS pseudowire, pinned to a traffic-engineered tunnel that reserves the
 * booked bandwidth along an explicit path, with an ingress policer on the subinterface.
 *
 * @param circuitId the circuit's number; also the pseudowire's VC id and the tunnel number
 * @param rateBps the booked rate in bit/s
 * @param vlan the dot1Q tag handed off at this access point
 * @param accessInterface the physical interface facing the campus, for example {@code GigabitEthernet3/0}
 * @param peerLoopback the loopback address of the router at the far end of the pseudowire
 * @param explicitPath the hops of the tunnel's explicit path, ending at {@code peerLoopback}
 */
public record PseudowireSegment(long circuitId, long rateBps, int vlan, String accessInterface,
                                String peerLoopback, List<String> explicitPath)
        implements CircuitSegment {

    public PseudowireSegment {
        if (circuitId <= 0 || circuitId > 65535) {
            throw new IllegalArgumentException("circuitId must be in 1..65535 (tunnel number), was " + circuitId);
        }
        if (rateBps < 8000) {
            throw new IllegalArgumentException("rateBps must be at least 8000, was " + rateBps);
        }
        if (!VlanId.isValid(vlan)) {
            throw new IllegalArgumentException("vlan must be in " + VlanId.MIN + ".." + VlanId.MAX + ", was " + vlan);
        }
        Objects.requireNonNull(accessInterface, "accessInterface");
        Objects.requireNonNull(peerLoopback, "peerLoopback");
        explicitPath = List.copyOf(explicitPath);
        if (explicitPath.isEmpty()) {
            throw new IllegalArgumentException("explicitPath must name at least the peer loopback");
        }
    }

    /** The subinterface carrying the circuit, for example {@code GigabitEthernet3/0.1234}. */
    public String subinterface() {
        return accessInterface + "." + vlan;
    }

    /** The TE tunnel interface, for example {@code Tunnel42}. */
    public String tunnel() {
        return "Tunnel" + circuitId;
    }

    /** TE bandwidth is configured in kbit/s, rounded up. */
    public long tunnelBandwidthKbps() {
        return (rateBps + 999) / 1000;
    }
}
