package org.crs.bar.port;

import java.util.List;

import org.crs.domain.reservation.Endpoint;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.BadRequest;

/**
 * The parts a circuit between two endpoints is made of at this BAR's site, each with the
 * controller that books it and the ends it books between, as a hold names them:
 * <ul>
 *   <li>between two sites: the WAN from this site to the other ({@code site-a} to
 *       {@code site-b}) at the NSAP, this site's campus from the local host to the site
 *       ({@code host-a1} to {@code site-a}) at its L-NSAP, and the other campus from its site to
 *       its host ({@code site-b} to {@code host-b1}) at the peer BAR, in that order, whichever
 *       end is the source;</li>
 *   <li>between this site and another network booked over NSI ({@link Site#farNetworks}): the far
 *       part in that network from the hand-off port to its host ({@code to-domain-c} to
 *       {@code host-c1}) at that network's NSI provider, and this site's campus from the local host
 *       to the hand-off ({@code host-a1} to {@code to-domain-c}) at its L-NSAP, in that order;</li>
 *   <li>between two hosts of this site: one campus segment from host to host.</li>
 * </ul>
 * Booking and searching both take their parts from here.
 */
public final class CircuitParts {

    /** One part: its role, who books it, and between which of its endpoints. */
    public record Part(SegmentRole role, SegmentController controller, String source, String destination) {
    }

    private CircuitParts() {
    }

    /**
     * @throws BadRequest when neither end is at this site ({@code source}), both ends are the same
     *     ({@code destination}), or neither a peer BAR nor an NSI provider is known for the other
 *     site (the remote end's field)
     */
    public static List<Part> of(Site site, Endpoint source, Endpoint destination) throws BadRequest {
        boolean sourceHere = source.site().equals(site.name());
        boolean destinationHere = destination.site().equals(site.name());
        if (!sourceHere && !destinationHere) {
            throw new BadRequest("source", "one end must be at this BAR's site, " + site.name() + "; ask the BAR of "
                    + source.site() + " instead");
        }
        if (source.equals(destination)) {
            throw new BadRequest("destination", "must differ from the source");
        }
        if (sourceHere && destinationHere) {
            return List.of(new Part(SegmentRole.LOCAL_CAMPUS, site.campus(), source.host(), destination.host()));
        }
        Endpoint local = sourceHere ? source : destination;
        Endpoint remote = sourceHere ? destination : source;
        String remoteField = sourceHere ? "destination" : "source";
        Site.FarNetwork far = site.farNetwork(remote.site()).orElse(null);
        if (far != null) {
            return List.of(
                    new Part(SegmentRole.FAR_NETWORK, far.controller(), far.handOff(), remote.host()),
                    new Part(SegmentRole.LOCAL_CAMPUS, site.campus(), local.host(), far.handOff()));
        }
        SegmentController peer = site.peer(remote.site()).orElseThrow(() -> new BadRequest(remoteField,
                "no BAR or NSI provider is known for site " + remote.site() + "; known sites: " + known(site)));
        return List.of(
                new Part(SegmentRole.WAN, site.wan(), site.name(), remote.site()),
                new Part(SegmentRole.LOCAL_CAMPUS, site.campus(), local.host(), site.name()),
                new Part(SegmentRole.REMOTE_CAMPUS, peer, remote.site(), remote.host()));
    }

    private static List<String> known(Site site) {
        return java.util.stream.Stream.concat(site.peers().keySet().stream(), site.farNetworks().keySet().stream())
                .sorted().toList();
    }
}
