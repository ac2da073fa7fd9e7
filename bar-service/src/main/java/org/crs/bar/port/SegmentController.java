package org.crs.bar.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.domain.audit.AuditRecord;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficSample;
import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;

/**
 * Something that holds and configures one segment of a circuit: an L-NSAP, the NSAP, or a peer
 * BAR (which serves the same port type for its site's campus). The BAR owns this interface; the
 * SOAP adapter implements it. Every call may be repeated safely with the same booking id.
 */
public interface SegmentController extends AutoCloseable {

    /** The controller's name in the BAR's configuration and in its reservations' segments. */
    String name();

    /** Holds the segment until {@code holdFor} from now unless committed; answers its VLANs and path. */
    SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure;

    /**
     * Books the segment for good in one step, as hold then commit would; answers COMMITTED, its
     * VLANs and path. For the last part of an all-or-nothing booking: the caller holds every
     * other part first, and aborts this one (COMMITTED segments can be aborted) if another part
     * then fails to commit. It saves the part a second call and a second write.
     */
    SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure;

    SegmentAnswer commit(String bookingId) throws SegmentFailure;

    SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure;

    /** Configures the segment; answers ACTIVE, or FAILED with the reason (its routers restored). */
    SegmentAnswer activate(String bookingId) throws SegmentFailure;

    /** Takes the segment off its routers; answers RELEASED, or FAILED with the reason. */
    SegmentAnswer deactivate(String bookingId) throws SegmentFailure;

    /**
     * Takes an active segment off its routers and keeps it booked: answers COMMITTED (a later
     * {@link #activate} configures it again), or FAILED with the reason when a part could not be
     * removed. A committed segment is answered as it is; one whose activation or suspension is
     * under way answers ACTIVATING or SUSPENDING, and is asked again.
     */
    SegmentAnswer suspend(String bookingId) throws SegmentFailure;

    SegmentAnswer status(String bookingId) throws SegmentFailure;

    /**
     * Holds a change of a committed or active segment (its new end and bandwidth, the same
     * ports and VLANs) until {@code holdFor} from now unless committed with {@link #commitModify}.
     */
    SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor) throws SegmentFailure;

    /** Applies the segment's pending change. */
    SegmentAnswer commitModify(String bookingId) throws SegmentFailure;

    /** Drops the segment's pending change. */
    SegmentAnswer abortModify(String bookingId) throws SegmentFailure;

    /**
     * The start times in the query's range at which a segment from {@code source} to
     * {@code destination} (as a hold would name them) could be booked at the query's bandwidth
     * for its whole duration. Books nothing.
     */
    StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure;

    /**
     * The most bandwidth a segment from {@code source} to {@code destination} could be booked
     * with for {@code duration} at some start time in [earliestStart, latestStart]; 0 when none.
     */
    long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure;

    /**
     * Whether the BAR of the booking's site still wants the segment booked under
     * {@code bookingId}. Only a peer BAR answers this; an L-NSAP or the NSAP fails the call.
     */
    default BookingWanted wanted(String bookingId) throws SegmentFailure {
        throw SegmentFailure.failed(name(), "does not answer whether a booking is wanted", null);
    }

    /**
     * The exchanges with routers the controller logged for the segment booked under
     * {@code bookingId}, oldest first, at most {@code limit}, as audit records (operation
     * {@link AuditRecord#ROUTER_COMMAND}, the controller as actor, secrets removed). Only an
     * L-NSAP or the NSAP keeps a device log; a peer BAR fails the call.
     */
    default List<AuditRecord> deviceLog(String bookingId, int limit) throws SegmentFailure {
        throw SegmentFailure.failed(name(), "keeps no device log", null);
    }

    /**
     * What the segment booked under {@code bookingId} carried over {@code range}: its samples,
     * oldest first, each a mean over its own period at the resolution the controller keeps for
     * that time; none where nothing was measured. Only an L-NSAP or the NSAP measures traffic; a
     * peer BAR fails the call.
     */
    default List<TrafficSample> utilisation(String bookingId, TimeInterval range) throws SegmentFailure {
        throw SegmentFailure.failed(name(), "does not measure traffic", null);
    }

    /**
     * Takes a resource of the controller's network out of service over {@code window}: from then
     * on it admits no booking that would use the resource then. Answers the window with the live
     * bookings it overlaps (booked before it, they stand). Only an L-NSAP or the NSAP answers
     * this; a peer BAR fails the call. A resource the controller does not know is refused with
     * {@code BAD_FIELD} naming {@code resourceId}. The controller records this BAR (its
     * certificate) as the window's author and {@code operator} as the person it declares it for.
     *
     * @param operator the account name of the operator who declares it
     */
    default MaintenanceWindow addMaintenance(String resourceId, TimeInterval window, String reason, String operator)
            throws SegmentFailure {
        throw SegmentFailure.failed(name(), "does not keep maintenance windows", null);
    }

    /**
     * Lifts the controller's window {@code windowId}: its resource can be booked over it again.
     * The controller records this BAR and {@code operator}, the account name of the operator
     * who lifts it.
     */
    default MaintenanceWindow liftMaintenance(long windowId, String reason, String operator) throws SegmentFailure {
        throw SegmentFailure.failed(name(), "does not keep maintenance windows", null);
    }

    /**
     * The controller's windows, live and lifted, of {@code resourceId} (of every resource when
     * null) that overlap {@code window}, by start; a live one with the bookings it overlaps.
     */
    default List<MaintenanceWindow> listMaintenance(String resourceId, TimeInterval window) throws SegmentFailure {
        throw SegmentFailure.failed(name(), "does not keep maintenance windows", null);
    }

    /** The endpoints the controller books between (hosts and its site, or sites for the NSAP). */
    List<String> endpoints() throws SegmentFailure;

    /** Releases what the controller keeps open (connections); calls after this fail. */
    @Override
    default void close() {
    }
}
