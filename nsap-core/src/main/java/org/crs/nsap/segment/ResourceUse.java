package org.crs.nsap.segment;

import org.crs.domain.admission.Resource;

/**
 * What a segment books of one resource: bandwidth and, on a trunk or access point, a VLAN.
 *
 * @param resource the resource
 * @param mbps the bandwidth booked on it
 * @param vlan the VLAN the segment uses on it, or 0 when the resource carries no VLAN
 */
public record ResourceUse(Resource resource, long mbps, int vlan) {
}
