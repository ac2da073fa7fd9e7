package org.crs.domain.topology;

import org.crs.domain.admission.Resource;

/**
 * A trunk from a campus edge router to the site's access point into the WAN. Circuits cross
 * it each on its own VLAN of the campus's range.
 *
 * @param router the edge router
 * @param trunkInterface the trunk port, for example {@code TenGigabitEthernet2/1}
 * @param accessPoint the WAN access point at the other end, named by its site as the WAN
 *     topology names it (see {@link AccessPoint#site()})
 * @param capacityMbps the bandwidth circuits may book on the trunk, in Mbit/s
 */
public record Uplink(String router, String trunkInterface, String accessPoint, long capacityMbps) {

    /** The trunk as a bookable resource, with id {@code router:trunkInterface}. */
    public Resource resource() {
        return new Resource(router + ":" + trunkInterface, Resource.UPLINK, capacityMbps);
    }
}
