package org.crs.nsap.segment;

import java.util.List;

import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.VlanSegment;

/**
 * The part of a segment that lives on one router, as planned at hold time and configured at
 * activation: a router layer segment without its circuit number and rate, which the
 * booking supplies. The store keeps parts as JSON (its {@code RouterPartJson}).
 */
public sealed interface RouterPart {

    /** The router's inventory name. */
    String router();

    /** The router layer segment for a booking's circuit number and rate. */
    CircuitSegment toSegment(long circuitId, long rateBps);

    /** A campus segment on a 7600: host port and trunk joined by a VLAN. */
    record Vlan(String router, int vlan, String hostPort, String trunkPort) implements RouterPart {
        @Override
        public VlanSegment toSegment(long circuitId, long rateBps) {
            return new VlanSegment(circuitId, rateBps, vlan, hostPort, trunkPort);
        }
    }

    /** A campus segment between two hosts of one 7600: both host ports joined by a VLAN, no trunk. */
    record HostPair(String router, int vlan, String hostPortA, String hostPortB) implements RouterPart {
        @Override
        public HostPairSegment toSegment(long circuitId, long rateBps) {
            return new HostPairSegment(circuitId, rateBps, vlan, hostPortA, hostPortB);
        }
    }

    /** One end of a WAN pseudowire on a 12000. */
    record Pseudowire(String router, int vlan, String accessInterface, String peerLoopback, List<String> explicitPath)
            implements RouterPart {
        @Override
        public PseudowireSegment toSegment(long circuitId, long rateBps) {
            return new PseudowireSegment(circuitId, rateBps, vlan, accessInterface, peerLoopback, explicitPath);
        }
    }
}
