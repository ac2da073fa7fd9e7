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
     *     ({@code destination}), or no peer BAR is known for the other site (the remote end's field)
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
        SegmentController peer = site.peer(remote.site()).orElseThrow(() -> new BadRequest(remoteField,
                "no BAR is known for site " + remote.site() + "; known sites: " + site.peers().keySet()));
        return List.of(
                new Part(SegmentRole.WAN, site.wan(), site.name(), remote.site()),
                new Part(SegmentRole.LOCAL_CAMPUS, site.campus(), local.host(), site.name()),
                new Part(SegmentRole.REMOTE_CAMPUS, peer, remote.site(), remote.host()));
    }
}
