package org.crs.nsap.segment;

import org.crs.domain.time.TimeInterval;

/**
 * A request for one segment, as an NSAP or L-NSAP receives it from a BAR, already checked
 * field by field.
 *
 * <p>For the NSAP the endpoints are the sites of two WAN access points ({@code site-a},
 * {@code site-b}); for an L-NSAP the source is an end-host ({@code host-a1}) and the
 * destination the site's access point ({@code site-a}), where the NSAP hands the circuit over.
 *
 * @param bookingId the id the client chose; repeating a call with it is safe
 * @param source where the segment starts
 * @param destination where it ends
 * @param bandwidthMbps the booked rate, Mbit/s
 * @param interval when, half-open, UTC
 * @param sourceVlan the VLAN required at the source, or 0 to let the service choose
 * @param destinationVlan the VLAN required at the destination, or 0 to let the service choose
 */
public record SegmentRequest(String bookingId, String source, String destination, long bandwidthMbps,
                             TimeInterval interval, int sourceVlan, int destinationVlan) {
}
