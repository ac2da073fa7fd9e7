package org.crs.domain.topology;

import org.crs.domain.admission.Resource;

/**
 * The access port of an end-host that may book circuits.
 *
 * @param hostName the end-host's name, unique on the campus, for example {@code host-a1}
 * @param router the edge router the host hangs off
 * @param interfaceName the port, in IOS's full name, for example {@code GigabitEthernet1/1}
 * @param capacityMbps the bandwidth circuits may book on the port, in Mbit/s
 */
public record HostPort(String hostName, String router, String interfaceName, long capacityMbps) {

    /** The port as a bookable resource, with id {@code router:interface}. */
    public Resource resource() {
        return new Resource(router + ":" + interfaceName, Resource.HOST_PORT, capacityMbps);
    }
}
