package org.crs.nsap.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;

/**
 * Admission and booking: where segments are booked against the calendars under locks, moved
 * from state to state, found, and their state history kept.
 */
public interface BookingStore {

    /** The segment with this booking id, if any. */
    Optional<Segment> find(String bookingId);

    /** Segments in one of the states (all when empty) overlapping the window (any time when null). */
    List<Segment> query(List<SegmentState> states, TimeInterval window);

    /** As {@link #query}, only the segments {@code owner} owns. */
    List<Segment> queryOwnedBy(SegmentOwner.Bar owner, List<SegmentState> states, TimeInterval window);

    /** The booking ids of the segments with no owner recorded ({@link SegmentOwner.Unrecorded}), at most {@code limit}. */
    List<String> unowned(int limit);

    /**
     * Records {@code owner} as the owner of a segment that has none recorded; a segment with an
     * owner keeps it.
     *
     * @return whether the owner was recorded
     */
    boolean adopt(String bookingId, SegmentOwner.Bar owner);

    /**
     * Held segments whose hold lapses at or before {@code now}, the earliest first; a store may
     * return only the first of many, the rest then being found by the next sweep.
     */
    List<Segment> expiredHolds(Instant now);

    /**
     * Plans and books a new segment in one transaction: locks the resources of the plan in a
     * fixed order, plans again over the calendars as they are under the locks, and stores
     * the segment in state HELD only if that plan books nothing it has not locked, owned by
     * {@code owner}.
     *
     * @return the held segment
     * @throws PlanRefused when the request does not fit; nothing is stored
     * @throws DuplicateBooking when the booking id is taken (by a segment or an unheld abort)
     */
    Segment hold(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Instant holdExpiresAt,
                 Transition created) throws PlanRefused;

    /**
     * Plans and books a new segment committed at once, in one transaction as {@link #hold}
     * does: it is stored COMMITTED, with no hold to lapse, and its history records
     * {@code created} then {@code committed}.
     *
     * @return the committed segment
     * @throws PlanRefused when the request does not fit; nothing is stored
     * @throws DuplicateBooking when the booking id is taken (by a segment or an unheld abort)
     */
    Segment holdAndCommit(SegmentRequest request, SegmentOwner owner, ResourcePlanner planner, Transition created,
                          Transition committed) throws PlanRefused;

    /**
     * Records the abort of a booking id that no segment has: takes the id, so that a hold (or a
     * hold and commit) of it arriving later finds it taken and books nothing, and records who
     * aborted it ({@code owner}, whose id it then is, and the actor), why and when, in one transaction.
     *
     * @return true when recorded; false when the id was taken already (a segment stored
     *     meanwhile, or an abort recorded before), nothing then changed
     */
    boolean abortUnheld(String bookingId, SegmentOwner owner, String actor, String reason, Instant at);

    /** The abort recorded by {@link #abortUnheld} for a booking id, if any. */
    Optional<UnheldAbort> unheldAbort(String bookingId);

    /** An abort of a booking id that arrived before any hold of it, by the BAR {@code owner}. */
    record UnheldAbort(String bookingId, SegmentOwner owner, String actor, String reason, Instant at) {
    }

    /** Asks the planner over the current calendars without booking anything. */
    Plan tryPlan(SegmentRequest request, ResourcePlanner planner) throws PlanRefused;

    /**
     * Moves a segment to a new state if it is still in the state the transition starts from,
     * and records the transition. A move to a state that holds no resources also drops a
     * pending change (recorded as ABORTED).
     *
     * @return the segment after the move, or empty when its state had changed meanwhile
     */
    Optional<Segment> move(String bookingId, Transition transition);

    /**
     * Commits a hold: moves the segment from HELD to COMMITTED, as {@link #move} does, but only
     * while its hold lapses after the transition's time.
     *
     * @return the committed segment, or empty when it was not HELD or its hold had lapsed
     */
    Optional<Segment> commitHold(String bookingId, Transition committed);

    /** Every transition of a segment, oldest first. */
    List<Transition> history(String bookingId);
}
