package org.crs.domain.topology;

/**
 * A campus edge router (a Cisco 7600), driven by the site's L-NSAP.
 *
 * @param name the router's inventory name, for example {@code edge-a}
 */
public record EdgeRouter(String name) {
}
