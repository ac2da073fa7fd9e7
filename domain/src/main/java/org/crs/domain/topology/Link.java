package org.crs.domain.topology;

import org.crs.domain.admission.Resource;

/**
 * A point-to-point link between two core routers.
 *
 * <p>A link is bidirectional and booked as a whole: a circuit of X Mbit/s crossing it takes
 * X of {@code capacityMbps} whichever way it is walked, because a circuit carries traffic
 * both ways. So a link has one calendar, not one per direction, and a path may use it from
 * either end.
 *
 * @param id unique among the links, for example {@code core-1-core-3}
 * @param routerA the router at one end
 * @param interfaceA the interface of {@code routerA} on the link, for example {@code POS4/0}
 * @param routerB the router at the other end
 * @param interfaceB the interface of {@code routerB} on the link
 * @param capacityMbps the bandwidth circuits may book on the link, in Mbit/s
 * @param metric the cost of crossing the link for path computation; lower is preferred
 */
public record Link(String id, String routerA, String interfaceA, String routerB, String interfaceB,
        long capacityMbps, int metric) {

    /** Whether {@code router} is at either end. */
    public boolean connects(String router) {
        return routerA.equals(router) || routerB.equals(router);
    }

    /** The router at the other end from {@code router}. */
    public String otherEnd(String router) {
        if (routerA.equals(router)) {
            return routerB;
        }
        if (routerB.equals(router)) {
            return routerA;
        }
        throw notAnEnd(router);
    }

    /** The interface of {@code router} on this link. */
    public String interfaceOn(String router) {
        if (routerA.equals(router)) {
            return interfaceA;
        }
        if (routerB.equals(router)) {
            return interfaceB;
        }
        throw notAnEnd(router);
    }

    /** The link as a bookable resource, with its id. */
    public Resource resource() {
        return new Resource(id, Resource.LINK, capacityMbps);
    }

    private IllegalArgumentException notAnEnd(String router) {
        return new IllegalArgumentException("link " + id + " does not end at " + router);
    }
}
