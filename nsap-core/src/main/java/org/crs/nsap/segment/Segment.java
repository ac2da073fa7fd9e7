package org.crs.nsap.segment;

import java.time.Instant;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;

/**
 * A segment booking as stored.
 *
 * @param request what was asked, with any committed change applied (end, bandwidth)
 * @param circuitId the number that names the circuit on routers (LP-n, Tunnel n, VC id n)
 * @param state where it is in its life
 * @param plan the resources, VLANs and router parts booked
 * @param holdExpiresAt when an uncommitted hold lapses, or null once committed
 * @param createdAt when it was first held
 * @param updatedAt when its state last changed, or a change was last committed
 * @param pending the change held by modify and not yet committed or aborted, or null
 * @param owner the BAR whose booking it is, as stored when it was made
 */
public record Segment(SegmentRequest request, long circuitId, SegmentState state, Plan plan, Instant holdExpiresAt,
                      Instant createdAt, Instant updatedAt, PendingChange pending, SegmentOwner owner) {

    public Segment {
        java.util.Objects.requireNonNull(owner, "owner");
    }

    /** A segment without a pending change. */
    public Segment(SegmentRequest request, long circuitId, SegmentState state, Plan plan, Instant holdExpiresAt,
                   Instant createdAt, Instant updatedAt, SegmentOwner owner) {
        this(request, circuitId, state, plan, holdExpiresAt, createdAt, updatedAt, null, owner);
    }

    public String bookingId() {
        return request.bookingId();
    }

    /**
     * A change of a committed or active segment held by modify: its resources are booked until
     * it is committed, aborted, or lapses at {@code expiresAt}.
     *
     * @param end the new end of the segment's interval
     * @param bandwidthMbps the new bandwidth
     * @param expiresAt when it lapses unless committed
     */
    public record PendingChange(Instant end, long bandwidthMbps, Instant expiresAt) {
    }
}
