package org.crs.bar.reservation;

import java.util.Objects;

import org.crs.domain.booking.SegmentState;

/**
 * One segment of a reservation as the BAR records it: who holds it, under which booking id,
 * what was asked, and the last state the BAR knows of it.
 *
 * @param role which part of the circuit
 * @param controller the controller's name (this site's L-NSAP, the NSAP, or the peer BAR of a site)
 * @param order what was asked of it
 * @param state the last state the controller answered; null before it answered a hold
 * @param sourceVlan the VLAN at the source end it holds
 * @param destinationVlan the VLAN at the destination end
 * @param description its path or port, as the controller described it
 */
public record Segment(SegmentRole role, String controller, SegmentOrder order, SegmentState state, int sourceVlan,
                      int destinationVlan, String description) {

    public Segment {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(order, "order");
        description = description == null ? "" : description;
    }

    public String bookingId() {
        return order.bookingId();
    }

    /** This segment as the controller last answered. */
    public Segment with(SegmentAnswer answer) {
        return new Segment(role, controller, order, answer.state(), answer.sourceVlan(), answer.destinationVlan(),
                answer.description().isEmpty() ? description : answer.description());
    }

    /** This segment asking for {@code other} instead of its order. */
    public Segment withOrder(SegmentOrder other) {
        return new Segment(role, controller, other, state, sourceVlan, destinationVlan, description);
    }
}
