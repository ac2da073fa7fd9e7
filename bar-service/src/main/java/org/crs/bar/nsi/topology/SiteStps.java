package org.crs.bar.nsi.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;

/**
 * The STPs of this site, from its campus topology and its NSI network: one per host port
 * ({@code <network id>:<host>}, no label: host ports are untagged access ports) and one per
 * hand-off port ({@code <network id>:<hand-off>?vlan=<range>}), in the campus file's order; and
 * the campus endpoint an STP of a request names.
 *
 * <p>Made only when every STP it would publish can be booked: a hand-off that
 * {@code nsi.handOffs} names must be one of the campus, so a peer never sees a port the L-NSAP
 * refuses as unknown.
 */
public final class SiteStps {

    private final NsiNetwork network;
    private final List<SiteStp> stps;

    private SiteStps(NsiNetwork network, List<SiteStp> stps) {
        this.network = network;
        this.stps = List.copyOf(stps);
    }

    /**
     * The STPs of {@code campus} as {@code network}.
     *
     * @param campus a campus without problems (as the topology file reader returns it)
     * @throws IllegalArgumentException naming every STP that could not be booked
     */
    public static SiteStps of(CampusTopology campus, NsiNetwork network) {
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(network, "network");
        List<String> problems = new ArrayList<>();
        List<SiteStp> stps = new ArrayList<>();
        for (HostPort port : campus.hostPorts()) {
            stp(network, port.hostName(), problems, "host " + port.hostName())
                    .ifPresent(stp -> stps.add(new SiteStp.HostPortStp(stp, port)));
        }
        for (HandOff handOff : campus.handOffs()) {
            stp(network, handOff.name(), problems, "hand-off " + handOff.name()).ifPresent(stp -> stps.add(
                    new SiteStp.HandOffStp(new Stp(stp.networkId(), stp.localId(), Optional.of(VlanLabels.of(handOff.vlans()))),
                            handOff, network.peer(handOff.name()))));
        }
        for (HandOffPeer peer : network.handOffs()) {
            if (campus.handOff(peer.port()).isEmpty()) {
                problems.add("STP " + network.networkId() + ":" + peer.port() + " (nsi.handOffs port " + peer.port()
                        + ") is no hand-off of campus " + campus.site() + ", which has "
                        + (campus.handOffs().isEmpty() ? "none" : String.join(", ",
                                campus.handOffs().stream().map(HandOff::name).toList())));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the NSI topology would publish " + (problems.size() == 1 ? "an STP" : "STPs")
                    + " the site cannot book:\n  - " + String.join("\n  - ", problems));
        }
        return new SiteStps(network, stps);
    }

    private static Optional<Stp> stp(NsiNetwork network, String localId, List<String> problems, String what) {
        try {
            return Optional.of(Stp.of(network.networkId(), localId));
        } catch (IllegalArgumentException e) {
            problems.add(what + " cannot be an STP of " + network.networkId() + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The network these STPs belong to. */
    public NsiNetwork network() {
        return network;
    }

    /** Every STP: the host ports, then the hand-offs, in the campus file's order. */
    public List<SiteStp> list() {
        return stps;
    }

    /** The hand-off STPs, in the campus file's order. */
    public List<SiteStp.HandOffStp> handOffs() {
        return stps.stream().filter(SiteStp.HandOffStp.class::isInstance).map(SiteStp.HandOffStp.class::cast).toList();
    }

    /** As {@link #resolve(Stp)}, for an STP id as a request writes it. */
    public StpResolution resolve(String stpId) {
        Stp stp;
        try {
            stp = Stp.parse(stpId);
        } catch (IllegalArgumentException e) {
            return new StpResolution.Refused(Stp.isBadLabel(e) ? NsiErrorId.INVALID_LABEL_FORMAT : NsiErrorId.UNKNOWN_STP,
                    e.getMessage());
        }
        return resolve(stp);
    }

    /**
     * The campus endpoint {@code stp} names, with the VLANs its label leaves on a hand-off; or
     * why it names none: another network or no such port ({@link NsiErrorId#UNKNOWN_STP}), a
     * label on an untagged host port ({@link NsiErrorId#INVALID_LABEL_FORMAT}), a label with no
     * VLAN of the hand-off's range ({@link NsiErrorId#STP_UNAVAILABLE}).
     */
    public StpResolution resolve(Stp stp) {
        if (!stp.networkId().equals(network.networkId())) {
            return new StpResolution.Refused(NsiErrorId.UNKNOWN_STP, "STP " + stp + " is not of network "
                    + network.networkId());
        }
        Optional<SiteStp> port = stps.stream().filter(s -> s.stp().localId().equals(stp.localId())).findFirst();
        if (port.isEmpty()) {
            return new StpResolution.Refused(NsiErrorId.UNKNOWN_STP, "network " + network.networkId() + " has no port "
                    + stp.localId());
        }
        if (port.get() instanceof SiteStp.HandOffStp handOff) {
            return handOffVlans(stp, handOff);
        }
        if (stp.vlans().isPresent()) {
            return new StpResolution.Refused(NsiErrorId.INVALID_LABEL_FORMAT, "STP " + stp + ": " + port.get().stp()
                    + " is an untagged host port and takes no label");
        }
        return new StpResolution.Found(port.get(), Optional.empty());
    }

    private static StpResolution handOffVlans(Stp stp, SiteStp.HandOffStp handOff) {
        VlanLabels range = VlanLabels.of(handOff.handOff().vlans());
        if (stp.vlans().isEmpty()) {
            return new StpResolution.Found(handOff, Optional.of(range));
        }
        return stp.vlans().get().intersection(range)
                .<StpResolution>map(common -> new StpResolution.Found(handOff, Optional.of(common)))
                .orElseGet(() -> new StpResolution.Refused(NsiErrorId.STP_UNAVAILABLE, "STP " + stp + ": no VLAN of "
                        + stp.vlans().get() + " is one " + handOff.stp().portId() + " carries (" + range + ")"));
    }
}
