package org.crs.nsap;

import java.time.Instant;

import org.crs.domain.booking.SegmentState;

/**
 * A segment booking as stored.
 *
 * @param request what was asked
 * @param circuitId the number that names the circuit on routers (LP-n, Tunnel n, VC id n)
 * @param state where it is in its life
 * @param plan the resources, VLANs and router parts booked
 * @param holdExpiresAt when an uncommitted hold lapses, or null once committed
 * @param createdAt when it was first held
 * @param updatedAt when its state last changed
 */
public record Segment(SegmentRequest request, long circuitId, SegmentState state, Plan plan, Instant holdExpiresAt,
                      Instant createdAt, Instant updatedAt) {

    public String bookingId() {
        return request.bookingId();
    }
}
