package org.crs.domain.path;

import java.util.Objects;
import org.crs.domain.topology.Link;

/**
 * One step of a WAN path: from {@code router} over {@code link} to {@code nextRouter}.
 *
 * @param router the router the hop leaves
 * @param link the link it leaves over
 * @param nextRouter the router at the link's other end
 * @param nextLoopback that router's loopback: the TE explicit path's {@code next-address}
 */
public record Hop(String router, Link link, String nextRouter, String nextLoopback) {

    public Hop {
        Objects.requireNonNull(router, "router");
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(nextRouter, "nextRouter");
        Objects.requireNonNull(nextLoopback, "nextLoopback");
        if (!link.otherEnd(router).equals(nextRouter)) {
            throw new IllegalArgumentException("link " + link.id() + " does not join " + router + " to " + nextRouter);
        }
    }

    /** The interface of {@code router} the hop leaves by. */
    public String outgoingInterface() {
        return link.interfaceOn(router);
    }
}
