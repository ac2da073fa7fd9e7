package org.crs.bar.nsi.topology;

import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.VlanLabels;

/** Which campus endpoint an STP of a request names ({@link SiteStps#resolve}), or why none. */
public sealed interface StpResolution {

    /**
     * A port of this site.
     *
     * @param port the STP as published
     * @param vlans the VLANs the request leaves to choose from on a hand-off: its label within the
     *     hand-off's range, or the whole range when it gave none; empty on a host port (untagged)
     */
    record Found(SiteStp port, Optional<VlanLabels> vlans) implements StpResolution {
        public Found {
            Objects.requireNonNull(port, "port");
            Objects.requireNonNull(vlans, "vlans");
        }

        /** The campus endpoint to book at the L-NSAP: the host's or the hand-off's name. */
        public String endpoint() {
            return port.endpoint();
        }
    }

    /**
     * Not a port of this site, or not with that label.
     *
     * @param errorId what NSI calls it: {@link NsiErrorId#UNKNOWN_STP} for another network or
     *     no such port, {@link NsiErrorId#INVALID_LABEL_FORMAT} for a label that cannot be read or a
     *     label on an untagged host port, {@link NsiErrorId#STP_UNAVAILABLE} for a label with no
     *     VLAN of the hand-off's range
     * @param text for the requester, naming the STP
     */
    record Refused(NsiErrorId errorId, String text) implements StpResolution {
        public Refused {
            Objects.requireNonNull(errorId, "errorId");
            Objects.requireNonNull(text, "text");
        }
    }
}
