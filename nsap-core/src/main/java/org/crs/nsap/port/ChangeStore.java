package org.crs.nsap.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;

/**
 * Two-phase changes of a booked segment's end and bandwidth: a change is held next to the
 * current booking, then committed or dropped; every step is kept in the change log.
 */
public interface ChangeStore {

    /**
     * Holds a change of a COMMITTED or ACTIVE segment without a pending change, in one
     * transaction as {@link BookingStore#hold} does: locks the resources of the segment's plan
     * in id order, checks with {@link ResourcePlanner#keep} over the calendars without the
     * segment's own bookings that the plan takes the new end and bandwidth, then books the
     * change's rows (marked pending, occupying) next to the current ones and records
     * {@code requested}.
     *
     * @param requested the change log entry: its end and bandwidth are the change
     * @param expiresAt when the change lapses unless committed
     * @return the segment with its pending change, or empty when the segment does not exist,
     *     is not COMMITTED or ACTIVE, or already has a pending change; nothing is stored then
     * @throws PlanRefused when the change does not fit; nothing is stored
     */
    Optional<Segment> holdChange(String bookingId, ResourcePlanner planner, Instant expiresAt, SegmentChange requested)
            throws PlanRefused;

    /**
     * Applies the pending change if it is the one {@code committed} names (end and bandwidth)
     * and its hold lapses after {@code committed.at()}: the segment's end, bandwidth and plan
     * become the change's, its current rows stop occupying and the change's rows become the
     * current ones; records {@code committed}.
     *
     * @return the changed segment, or empty when no such change was pending and open
     */
    Optional<Segment> commitChange(String bookingId, SegmentChange committed);

    /**
     * Drops the pending change if it is the one {@code dropped} names: its rows stop occupying;
     * records {@code dropped}. A LAPSED entry drops it only when its hold lapsed at or before
     * {@code dropped.at()}.
     *
     * @return the segment without the change, or empty when no such change was pending (or,
     *     for a lapse, it was still open)
     */
    Optional<Segment> dropChange(String bookingId, SegmentChange dropped);

    /**
     * Segments whose pending change lapses at or before {@code now}, the earliest first; a store
     * may return only the first of many, the rest then being found by the next sweep.
     */
    List<Segment> expiredChanges(Instant now);

    /** Every step of every change of a segment, oldest first. */
    List<SegmentChange> changes(String bookingId);
}
