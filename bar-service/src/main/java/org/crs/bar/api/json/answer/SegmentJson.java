package org.crs.bar.api.json.answer;

import org.crs.bar.reservation.Segment;

/** One segment of a reservation (schema {@code Segment}); its state is empty before it is booked. */
public record SegmentJson(String role, String controller, String bookingId, String state, int sourceVlan,
                          int destinationVlan, String description) {

    public static SegmentJson of(Segment s) {
        return new SegmentJson(s.role().name(), s.controller(), s.bookingId(), s.state() == null ? "" : s.state().name(),
                s.sourceVlan(), s.destinationVlan(), s.description());
    }
}
