package org.crs.nsap.segment;

import java.util.List;

/**
 * What a planner decided for one segment: the resources to book, the VLANs handed over at
 * each end, what to configure on which router, and a description for people ("path core-1,
 * core-2, core-3").
 */
public record Plan(List<ResourceUse> uses, int sourceVlan, int destinationVlan, List<RouterPart> routerParts,
                   String description) {

    public Plan {
        uses = List.copyOf(uses);
        routerParts = List.copyOf(routerParts);
    }

    /**
     * The same plan (resources, VLANs, router parts) booking {@code mbps} on every resource it
     * books bandwidth on: a segment's plan after a change of its bandwidth.
     */
    public Plan withBandwidth(long mbps) {
        return new Plan(uses.stream().map(u -> u.mbps() > 0 ? new ResourceUse(u.resource(), mbps, u.vlan()) : u).toList(),
                sourceVlan, destinationVlan, routerParts, description);
    }
}
