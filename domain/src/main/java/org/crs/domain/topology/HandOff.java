package org.crs.domain.topology;

import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanRange;

/**
 * A trunk from a campus edge router to another network domain (a hand-off port): circuits
 * booked over NSI join a host port of the same router to it, each on one VLAN of its range.
 * The far side is another operator's network; the campus knows only the trunk.
 *
 * @param name the port's name, unique on the campus and not a host's name, for example
 *     {@code to-domain-c}; a circuit's source or destination names it, and so does its NSI STP
 * @param router the edge router
 * @param trunkInterface the trunk port, for example {@code TenGigabitEthernet3/1}
 * @param capacityMbps the bandwidth circuits may book on the trunk, in Mbit/s
 * @param vlans the VLANs the other domain accepts on the trunk; apart from the campus's VLANs
 *     and from the other hand-offs' ranges of the same router, because a 7600's VLAN numbers are
 *     global to the router ({@link CampusTopology#problems()})
 */
public record HandOff(String name, String router, String trunkInterface, long capacityMbps, VlanRange vlans) {

    /** The trunk as a bookable resource, with id {@code router:trunkInterface}. */
    public Resource resource() {
        return new Resource(router + ":" + trunkInterface, Resource.HAND_OFF, capacityMbps);
    }
}
