package org.crs.bar.port;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The controllers a BAR negotiates with: its own site's L-NSAP, the NSAP of the WAN, and the
 * BAR of each other site it books circuits to.
 *
 * @param name this site's name, as the NSAP names its access point and endpoints begin ({@code site-a})
 * @param campus this site's L-NSAP
 * @param wan the NSAP
 * @param peers the BAR of each other site, by site name
 */
public record Site(String name, SegmentController campus, SegmentController wan, Map<String, SegmentController> peers)
        implements AutoCloseable {

    public Site {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(wan, "wan");
        peers = Map.copyOf(peers);
        if (peers.containsKey(name)) {
            throw new IllegalArgumentException("site " + name + " cannot be its own peer");
        }
    }

    /** The BAR of another site. */
    public Optional<SegmentController> peer(String site) {
        return Optional.ofNullable(peers.get(site));
    }

    /** The controller of a segment by the name its reservation records. */
    public Optional<SegmentController> controller(String controllerName) {
        if (campus.name().equals(controllerName)) {
            return Optional.of(campus);
        }
        if (wan.name().equals(controllerName)) {
            return Optional.of(wan);
        }
        return peers.values().stream().filter(p -> p.name().equals(controllerName)).findFirst();
    }

    /** Closes every controller of the site. */
    @Override
    public void close() {
        campus.close();
        wan.close();
        peers.values().forEach(SegmentController::close);
    }
}
