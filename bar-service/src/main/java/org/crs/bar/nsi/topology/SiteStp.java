package org.crs.bar.nsi.topology;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.Stp;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;

/** One STP this site publishes: a host port (untagged, no label) or a hand-off port (tagged, its VLAN range). */
public sealed interface SiteStp {

    /** The STP as the topology publishes it: {@code <network id>:<port>}, with {@code ?vlan=<range>} on a hand-off. */
    Stp stp();

    /** The campus endpoint a circuit to this STP names at the L-NSAP: the host's or the hand-off's name. */
    String endpoint();

    /** The bandwidth circuits may book on the port, in Mbit/s. */
    long capacityMbps();

    /** An end-host's access port. */
    record HostPortStp(Stp stp, HostPort port) implements SiteStp {
        public HostPortStp {
            Objects.requireNonNull(stp, "stp");
            Objects.requireNonNull(port, "port");
        }

        @Override
        public String endpoint() {
            return port.hostName();
        }

        @Override
        public long capacityMbps() {
            return port.capacityMbps();
        }
    }

    /**
     * A trunk to another network domain.
     *
     * @param peer its far side, when {@code nsi.handOffs} names it; without it the port is
     *     published without an alias and no peer NSA
     */
    record HandOffStp(Stp stp, HandOff handOff, Optional<HandOffPeer> peer) implements SiteStp {
        public HandOffStp {
            Objects.requireNonNull(stp, "stp");
            Objects.requireNonNull(handOff, "handOff");
            Objects.requireNonNull(peer, "peer");
        }

        @Override
        public String endpoint() {
            return handOff.name();
        }

        @Override
        public long capacityMbps() {
            return handOff.capacityMbps();
        }
    }
}
