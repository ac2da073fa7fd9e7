package org.crs.bar.service;

import java.util.Optional;

import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiReserveRequest;
import org.crs.bar.nsi.topology.SiteStp;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.nsi.topology.StpResolution;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;

/**
 * What the NSI provider checks of a reserve's service and STPs before anything changes, a first
 * reserve and a modify alike (docs/nsi.md, "Checks of a reserve"), and how a resolved STP is
 * asked of the BAR.
 */
final class NsiReserveChecks {

    private final SiteStps stps;

    NsiReserveChecks(SiteStps stps) {
        this.stps = stps;
    }

    /**
     * The service asked: bidirectional ({@code 00706}), no ero and no parameters ({@code 00102}),
     * a capacity ({@code 00100}), an end ({@code 00102}).
     */
    void service(NsiReserveRequest request) throws NsiRefused {
        if (request.directionality() != NsiDirectionality.BIDIRECTIONAL) {
            throw refused(NsiErrorId.DIRECTIONALITY_MISMATCH, "directionality: this provider's circuits are "
                    + NsiDirectionality.BIDIRECTIONAL.wireName() + " only, was " + request.directionality().wireName());
        }
        if (!request.ero().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "ero: this provider chooses the path itself and takes no"
                    + " explicit route");
        }
        if (!request.parameters().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "parameter: this provider takes no service parameters, was "
                    + String.join(", ", request.parameters()));
        }
        if (request.capacityMbps() < 1) {
            throw refused(NsiErrorId.PAYLOAD_ERROR, "capacity: at least 1 Mbit/s, was " + request.capacityMbps());
        }
        if (request.end().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "endTime: this provider's reservations end; give an endTime");
        }
    }

    /**
     * An STP of this network that carries {@code capacityMbps}: refused as the resolution says
     * ({@code 00701}, {@code 00709}, {@code 00704}) or {@code 00705} for more than the port carries.
     */
    StpResolution.Found resolve(String stpId, String element, long capacityMbps) throws NsiRefused {
        StpResolution resolution = stps.resolve(stpId);
        if (resolution instanceof StpResolution.Refused r) {
            throw refused(r.errorId(), element + ": " + r.text());
        }
        StpResolution.Found found = (StpResolution.Found) resolution;
        if (capacityMbps > found.port().capacityMbps()) {
            throw refused(NsiErrorId.CAPACITY_UNAVAILABLE, "capacity: " + capacityMbps + " Mbit/s is more than "
                    + found.port().stp().portId() + " carries (" + found.port().capacityMbps() + " Mbit/s)");
        }
        return found;
    }

    /**
     * The VLAN a hand-off end asks the campus for: the lowest of its label when the label narrows
     * the hand-off's range (the L-NSAP refuses it when taken), else 0 (any: the lowest free one).
     */
    static int vlanOf(StpResolution.Found found) {
        if (found.port() instanceof SiteStp.HandOffStp handOff && found.vlans().isPresent()
                && !found.vlans().get().equals(VlanLabels.of(handOff.handOff().vlans()))) {
            return found.vlans().get().ranges().get(0).first();
        }
        return 0;
    }

    /**
     * An STP as the connection keeps it asked: on a hand-off, with the VLANs left to choose from
     * (the hand-off's range when the request gave no label), so the confirmation names the one taken.
     */
    static String asked(String stpId, StpResolution.Found found) {
        Stp stp = Stp.parse(stpId);
        return found.vlans().map(v -> new Stp(stp.networkId(), stp.localId(), Optional.of(v)).toString()).orElse(stpId);
    }

    private static NsiRefused refused(NsiErrorId id, String text) {
        return new NsiRefused(NsiRefusal.of(id, text));
    }
}
