package org.crs.nsap.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.domain.admission.Resource;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.routers.driver.DeviceLogEntry;

/**
 * Where an NSAP keeps its segments, their resource bookings, their history, its maintenance
 * windows and its device log. The service owns this interface; the JDBC adapter implements it.
 */
public interface SegmentStore {

    /** Creates the resource rows that do not exist yet and updates capacities of those that do. */
    void registerResources(List<Resource> resources);

    Optional<Segment> find(String bookingId);

    /** Segments in one of the states (all when empty) overlapping the window (any time when null). */
    List<Segment> query(List<SegmentState> states, TimeInterval window);

    /**
     * Held segments whose hold lapses at or before {@code now}, the earliest first; a store may
     * return only the first of many, the rest then being found by the next sweep.
     */
    List<Segment> expiredHolds(Instant now);

    /**
     * Plans and books a new segment in one transaction: locks the resources of the plan in a
     * fixed order, plans again over the calendars as they are under the locks, and stores
     * the segment in state HELD only if that plan books nothing it has not locked.
     *
     * @return the held segment
     * @throws PlanRefused when the request does not fit; nothing is stored
     */
    Segment hold(SegmentRequest request, ResourcePlanner planner, Instant holdExpiresAt, Transition created)
            throws PlanRefused;

    /**
     * Plans and books a new segment committed at once, in one transaction as {@link #hold}
     * does: it is stored COMMITTED, with no hold to lapse, and its history records
     * {@code created} then {@code committed}.
     *
     * @return the committed segment
     * @throws PlanRefused when the request does not fit; nothing is stored
     */
    Segment holdAndCommit(SegmentRequest request, ResourcePlanner planner, Transition created, Transition committed)
            throws PlanRefused;

    /**
     * Records the abort of a booking id that no segment has: takes the id, so that a hold (or a
     * hold and commit) of it arriving later finds it taken and books nothing, and records who
     * aborted it, why and when, in one transaction.
     *
     * @return true when recorded; false when the id was taken already (a segment stored
     *     meanwhile, or an abort recorded before), nothing then changed
     */
    boolean abortUnheld(String bookingId, String actor, String reason, Instant at);

    /** The abort recorded by {@link #abortUnheld} for a booking id, if any. */
    Optional<UnheldAbort> unheldAbort(String bookingId);

    /** An abort of a booking id that arrived before any hold of it. */
    record UnheldAbort(String bookingId, String actor, String reason, Instant at) {
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

    /**
     * Holds a change of a COMMITTED or ACTIVE segment without a pending change, in one
     * transaction as {@link #hold} does: locks the resources of the segment's plan in id order,
     * checks with {@link ResourcePlanner#keep} over the calendars without the segment's own
     * bookings that the plan takes the new end and bandwidth, then books the change's rows
     * (marked pending, occupying) next to the current ones and records {@code requested}.
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

    /**
     * The calendars as they are committed now, for reads outside admission (a search for free
     * slots, a view of availability): every read runs on its own and locks nothing. Admission
     * reads its calendars under its locks instead, in {@link #hold} and {@link #holdChange}.
     */
    CalendarSource committedCalendars();

    /**
     * Records a maintenance window, in one transaction that locks the resource's row as
     * admission does: a hold admitted at the same time either sees the window (and is refused)
     * or is among the bookings answered. A live window of the same resource, interval and
     * reason recorded by the same actor is answered instead of recording a second one.
     *
     * @param resourceId a registered resource
     * @param reason why, clipped to 2000 characters
     * @param actor who records it
     * @param at when it is recorded
     * @return the window and the live bookings that hold bandwidth on the resource during it
     */
    MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor, Instant at);

    /**
     * Lifts a live window, recording who lifted it, why (clipped to 2000 characters) and when;
     * it stays in the table. A window lifted before is answered as it is.
     *
     * @return the window after the call, or empty when there is no window {@code id}
     */
    Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift);

    /** One maintenance window, live or lifted. */
    Optional<MaintenanceWindow> findMaintenance(long id);

    /**
     * The maintenance windows, live and lifted, of a resource (of every resource when null)
     * that overlap {@code window}, by start time then id.
     */
    List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window);

    /**
     * The live bookings (as {@link CalendarSource#calendar} counts them) that hold bandwidth on
     * a resource at some instant of {@code interval}: their booking ids, sorted.
     */
    List<String> bookingsDuring(String resourceId, TimeInterval interval);

    /** Every transition of a segment, oldest first. */
    List<Transition> history(String bookingId);

    /** Appends exchanges with routers to the device log. */
    void logDevice(String bookingId, List<DeviceLogEntry> entries);

    /** The device log of a segment (or of all segments when null), oldest first, at most {@code limit} rows. */
    List<DeviceLogRecord> deviceLog(String bookingId, int limit);

    /** One device log row. */
    record DeviceLogRecord(String bookingId, DeviceLogEntry entry) {
    }
}
