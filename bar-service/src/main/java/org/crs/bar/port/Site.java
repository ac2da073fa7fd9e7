package org.crs.bar.port;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The controllers a BAR negotiates with: its own site's L-NSAP, the NSAP of the WAN, the BAR of
 * each other site it books circuits to, and the NSI provider of each other network it reaches
 * through a hand-off port of its campus.
 *
 * @param name this site's name, as the NSAP names its access point and endpoints begin ({@code site-a})
 * @param campus this site's L-NSAP
 * @param wan the NSAP
 * @param peers the BAR of each other site, by site name
 * @param farNetworks each other network booked over NSI, by the site name this BAR's endpoints
 *     give it ({@code domain-c} in {@code domain-c:host-c1})
 */
public record Site(String name, SegmentController campus, SegmentController wan, Map<String, SegmentController> peers,
                   Map<String, FarNetwork> farNetworks) implements AutoCloseable {

    /**
     * Another network reached through a hand-off port of this campus.
     *
     * @param controller books the far part at that network's NSI provider
     * @param handOff the name of the campus's hand-off port wired to that network, which the
     *     local campus segment runs to
     */
    public record FarNetwork(SegmentController controller, String handOff) {

        public FarNetwork {
            Objects.requireNonNull(controller, "controller");
            Objects.requireNonNull(handOff, "handOff");
        }
    }

    public Site {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(campus, "campus");
        Objects.requireNonNull(wan, "wan");
        peers = Map.copyOf(peers);
        farNetworks = Map.copyOf(farNetworks);
        if (peers.containsKey(name) || farNetworks.containsKey(name)) {
            throw new IllegalArgumentException("site " + name + " cannot be its own peer");
        }
        for (String far : farNetworks.keySet()) {
            if (peers.containsKey(far)) {
                throw new IllegalArgumentException("site " + far + " is both a peer BAR and a network booked over NSI");
            }
        }
    }

    /** A site with no network booked over NSI. */
    public Site(String name, SegmentController campus, SegmentController wan, Map<String, SegmentController> peers) {
        this(name, campus, wan, peers, Map.of());
    }

    /** This site with these networks booked over NSI instead of its own. */
    public Site withFarNetworks(Map<String, FarNetwork> networks) {
        return new Site(name, campus, wan, peers, networks);
    }

    /** The BAR of another site. */
    public Optional<SegmentController> peer(String site) {
        return Optional.ofNullable(peers.get(site));
    }

    /** Another network booked over NSI, by the site name endpoints give it. */
    public Optional<FarNetwork> farNetwork(String site) {
        return Optional.ofNullable(farNetworks.get(site));
    }

    /** The controller of a segment by the name its reservation records. */
    public Optional<SegmentController> controller(String controllerName) {
        if (campus.name().equals(controllerName)) {
            return Optional.of(campus);
        }
        if (wan.name().equals(controllerName)) {
            return Optional.of(wan);
        }
        return Stream.concat(peers.values().stream(), farNetworks.values().stream().map(FarNetwork::controller))
                .filter(p -> p.name().equals(controllerName)).findFirst();
    }

    /** Closes every controller of the site. */
    @Override
    public void close() {
        campus.close();
        wan.close();
        peers.values().forEach(SegmentController::close);
        farNetworks.values().forEach(f -> f.controller().close());
    }
}
