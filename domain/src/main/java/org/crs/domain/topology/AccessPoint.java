package org.crs.domain.topology;

import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanRange;

/**
 * The interface on a core router where a site's campus hands circuits to the WAN, each on
 * its own VLAN: the far end of the campus's uplink.
 *
 * @param site the site it serves; campus uplinks name the access point by it
 * @param router the core router
 * @param interfaceName the interface facing the campus, for example {@code GigabitEthernet3/0}
 * @param capacityMbps the bandwidth circuits may book through it, in Mbit/s
 * @param vlans the VLANs circuits may be handed off on
 */
public record AccessPoint(String site, String router, String interfaceName, long capacityMbps, VlanRange vlans) {

    /** The hand-off interface as a bookable resource, with id {@code router:interfaceName}. */
    public Resource resource() {
        return new Resource(router + ":" + interfaceName, Resource.ACCESS_POINT, capacityMbps);
    }
}
