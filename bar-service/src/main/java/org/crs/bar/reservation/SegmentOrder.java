package org.crs.bar.reservation;

import java.util.Objects;

import org.crs.domain.time.TimeInterval;

/**
 * A segment as the BAR asks a controller (L-NSAP, NSAP or peer BAR) to hold it: the NSAP port
 * type's request in domain terms.
 *
 * @param bookingId the id the controller books it under, derived from the reservation's request id
 * @param source the controller's name for one end (a host, or a site for its access point)
 * @param destination the other end
 * @param bandwidthMbps Mbit/s
 * @param interval when
 * @param sourceVlan VLAN at the source end, 0 for any
 * @param destinationVlan VLAN at the destination end, 0 for any
 */
public record SegmentOrder(String bookingId, String source, String destination, long bandwidthMbps,
                           TimeInterval interval, int sourceVlan, int destinationVlan) {

    public SegmentOrder {
        Objects.requireNonNull(bookingId, "bookingId");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(interval, "interval");
    }
}
