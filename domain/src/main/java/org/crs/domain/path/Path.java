package org.crs.domain.path;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crs.domain.topology.Link;

/**
 * A WAN path from the source access point's router to the destination's, as consecutive
 * hops. When both access points are on one router the path has no hops: the circuit is
 * switched inside that router and books no link.
 *
 * @param source the first router
 * @param destination the last router
 * @param hops the hops in order; each starts where the one before ended
 */
public record Path(String source, String destination, List<Hop> hops) {

    public Path {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        hops = List.copyOf(hops);
        String at = source;
        for (Hop hop : hops) {
            if (!hop.router().equals(at)) {
                throw new IllegalArgumentException("hop over " + hop.link().id() + " leaves " + hop.router()
                        + " but the path is at " + at);
            }
            at = hop.nextRouter();
        }
        if (!at.equals(destination)) {
            throw new IllegalArgumentException("path ends at " + at + ", not at " + destination);
        }
    }

    /** The links crossed, in order: what the circuit books in the WAN. */
    public List<Link> links() {
        return hops.stream().map(Hop::link).toList();
    }

    /** The routers visited, source and destination included. */
    public List<String> routers() {
        List<String> routers = new ArrayList<>();
        routers.add(source);
        hops.forEach(hop -> routers.add(hop.nextRouter()));
        return routers;
    }

    /** The loopbacks after the source, in order: the head-end's TE explicit path. */
    public List<String> explicitPathAddresses() {
        return hops.stream().map(Hop::nextLoopback).toList();
    }

    /** The sum of the links' metrics. */
    public long metric() {
        return hops.stream().mapToLong(hop -> hop.link().metric()).sum();
    }
}
