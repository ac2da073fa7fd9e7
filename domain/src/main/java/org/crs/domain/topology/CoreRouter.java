package org.crs.domain.topology;

/**
 * A WAN core router (a Cisco 12000), driven by the NSAP.
 *
 * @param name the router's inventory name, for example {@code core-1}
 * @param loopback its loopback IPv4 address, which TE explicit paths name as the next
 *     address of each hop, for example {@code 10.0.0.1}
 */
public record CoreRouter(String name, String loopback) {
}
