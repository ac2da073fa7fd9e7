package org.crs.bar.reservation;

import org.crs.domain.booking.SegmentState;

/**
 * What a controller answered about one segment.
 *
 * @param bookingId the segment's id at the controller
 * @param state its state there
 * @param sourceVlan the VLAN at the source end it chose or was given
 * @param destinationVlan the VLAN at the destination end
 * @param description the path or port it took, for people
 * @param reason why it is in that state when that is worth saying (a failure), else empty
 */
public record SegmentAnswer(String bookingId, SegmentState state, int sourceVlan, int destinationVlan,
                            String description, String reason) {

    public SegmentAnswer {
        description = description == null ? "" : description;
        reason = reason == null ? "" : reason;
    }
}
