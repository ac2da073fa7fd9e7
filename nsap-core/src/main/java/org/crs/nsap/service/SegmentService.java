package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentAccess;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.BookingOwners;
import org.crs.nsap.port.DeviceLogStore;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;

/**
 * The segment booking service of an NSAP or L-NSAP: the operations of the NSAP port type in
 * domain terms. Checks every input and refuses bad input naming the field, changing
 * nothing; repeating a call with the same booking id is safe.
 *
 * <p>Lifecycle: hold (HELD, lapses at its expiry unless committed: {@link #expireDueHolds()}), commit (COMMITTED),
 * activate (ACTIVATING, then ACTIVE or FAILED with the routers restored), deactivate
 * (DEACTIVATING, then RELEASED; during an activation it is taken off the routers once the
 * activation finishes), abort (ABORTED, from HELD or COMMITTED). Every move is recorded with its
 * actor and reason.
 *
 * <p>Operators take resources out of service for maintenance ({@link #addMaintenance}): admission
 * refuses every hold and change that would book a resource during one of its live windows.
 *
 * <p>A COMMITTED or ACTIVE segment may change its end time and bandwidth in two phases, so
 * that a client changing a circuit across several services gets all or nothing: modify holds
 * the change (booking its resources next to the current ones, lapsing like a hold), then
 * commitModify applies it or abortModify drops it. A change keeps the segment's state; its
 * steps are recorded in the change log ({@link #changes}), not in the state history.
 *
 * <p>The service looks after its segments on its own ({@link SegmentUpkeep}): it finishes an
 * activation or tear-down that a stopped service left half done ({@link #recoverInterrupted}),
 * puts the routers back in line with the segments ({@link #repairRouters}), and releases the
 * segments that no BAR wants any more ({@link #releaseOrphans}).
 *
 * <p>Every operation that names a booking takes its caller and answers only the BAR that owns
 * the booking, by the owner stored with it when it was made ({@link SegmentAccess}); another
 * BAR is refused NOT_ALLOWED naming bookingId, and nothing changes. {@link #query} and
 * {@link #deviceLog} list a BAR's own bookings only. The serving process itself ({@link
 * Caller.Process}: its sweeps, every call of a service built without access control) acts on all.
 *
 * <p>This class is the service's face: each operation is carried out by the part it belongs
 * to, the lifecycle ({@link SegmentLifecycle}), two-phase modification ({@link
 * SegmentModifications}), maintenance windows ({@link MaintenanceWindows}) or upkeep
 * ({@link SegmentUpkeep}), each checking its input with {@link RequestChecks}.
 */
public final class SegmentService {

    /** Longest a hold may last before it must be committed. */
    public static final Duration MAX_HOLD = Duration.ofHours(1);

    /** The actor of the moves that finish an interrupted activation or tear-down. */
    public static final String RECOVERY_ACTOR = "restart-recovery";

    /** The actor of the moves that release an orphan. */
    public static final String ORPHAN_ACTOR = "orphan-sweep";

    /**
     * How much earlier than its booking's start a segment may be activated: room for the clocks
     * of the BAR and of this service to differ. The booking's start already includes the BAR's
     * set-up lead, and no BAR begins an activation before it; an earlier call is refused
     * {@link org.crs.domain.refusal.RefusalCode#ACTIVATION_TOO_EARLY}. Servers keep their
     * clocks by NTP to within milliseconds; 30 s leaves room for a clock that drifted and for a
     * call that waited in the BAR's queue.
     */
    public static final Duration ACTIVATION_SKEW = Duration.ofSeconds(30);

    private final ResourcePlanner planner;
    private final SegmentLifecycle lifecycle;
    private final SegmentModifications modifications;
    private final MaintenanceWindows maintenance;
    private final SegmentUpkeep upkeep;

    /**
     * @param store where segments are kept
     * @param planner what this service's network is
     * @param activator configures routers
     * @param clock the time; holds lapse when {@link #expireDueHolds()} runs after their expiry
     */
    public SegmentService(SegmentStore store, ResourcePlanner planner, SegmentActivator activator, Clock clock) {
        this(store, planner, activator, clock, BookingIdScope.ANY);
    }

    /**
     * As {@link #SegmentService(SegmentStore, ResourcePlanner, SegmentActivator, Clock)}, taking
     * new booking ids only within {@code idScope}.
     */
    public SegmentService(SegmentStore store, ResourcePlanner planner, SegmentActivator activator, Clock clock,
                          BookingIdScope idScope) {
        this.planner = planner;
        RequestChecks checks = new RequestChecks(planner, store, clock, idScope);
        this.lifecycle = new SegmentLifecycle(store, store, store, planner, activator, checks, clock);
        this.modifications = new SegmentModifications(store, planner, checks, clock);
        this.maintenance = new MaintenanceWindows(store, checks, clock);
        this.upkeep = new SegmentUpkeep(lifecycle, store, activator, clock);
        store.registerResources(planner.resources());
    }

    /** The endpoints this service books between. */
    public List<String> endpoints() {
        return planner.endpoints();
    }

    /**
     * The start times in the query's range at which a segment from {@code source} to
     * {@code destination} could be booked ({@link ResourcePlanner#availability}), over the
     * committed calendars. Books nothing and locks nothing.
     *
     * @throws RequestRejected naming the field, for endpoints this network does not have
     */
    public StartTimes availability(String source, String destination, SlotQuery query) throws RequestRejected {
        return lifecycle.availability(source, destination, query);
    }

    /**
     * The most bandwidth a segment from {@code source} to {@code destination} could have for
     * {@code duration} at some start time in [earliestStart, latestStart]; 0 when none.
     *
     * @throws RequestRejected naming the field, for endpoints this network does not have
     */
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws RequestRejected {
        return lifecycle.widest(source, destination, duration, earliestStart, latestStart);
    }

    /** Would the request fit now? Books nothing. */
    public CheckResult check(SegmentRequest request) throws RequestRejected {
        return lifecycle.check(request);
    }

    /**
     * Books the segment, held until {@code holdFor} from now unless committed.
     *
     * @throws RequestRejected for bad input, a booking id used for another request, or a
     *     request that does not fit (naming the first resource that lacks capacity)
     */
    public Segment hold(SegmentRequest request, Duration holdFor, Caller caller) throws RequestRejected {
        return lifecycle.hold(request, holdFor, caller);
    }

    /**
     * Books the segment for good in one step, as a hold and its commit would, in one transaction:
     * for the last part of an all-or-nothing booking, whose caller aborts it (COMMITTED to
     * ABORTED) if another part fails. A repeated call answers the booking as it is, committing it
     * if a hold of the same request left it HELD.
     *
     * @throws RequestRejected as {@link #hold} does
     */
    public Segment holdAndCommit(SegmentRequest request, Caller caller) throws RequestRejected {
        return lifecycle.holdAndCommit(request, caller);
    }

    /** Confirms a held segment. Committing a committed (or later) segment answers its state. */
    public Segment commit(String bookingId, Caller caller) throws RequestRejected {
        return lifecycle.commit(bookingId, caller);
    }

    /**
     * Releases a held or committed segment. Aborting an aborted segment answers its state. An
     * abort that finds no booking (its hold timed out on the way, and may still arrive) is
     * recorded so that the hold, arriving later, books nothing; it is answered with a refusal
     * naming {@code bookingId} that says so.
     */
    public Segment abort(String bookingId, Caller caller, String reason) throws RequestRejected {
        return lifecycle.abort(bookingId, caller, reason);
    }

    /**
     * Configures the segment on its routers. On failure every router is restored and the
     * segment is FAILED with the router and reason. Activating an active segment answers it.
     * An activation earlier than the booking's start less {@link #ACTIVATION_SKEW} is refused
     * with {@link org.crs.domain.refusal.RefusalCode#ACTIVATION_TOO_EARLY} naming bookingId,
     * and nothing is sent to any router.
     */
    public Segment activate(String bookingId, Caller caller) throws RequestRejected {
        return lifecycle.activate(bookingId, caller);
    }

    /** The segment as it is now. */
    public Segment status(String bookingId, Caller caller) throws RequestRejected {
        return lifecycle.status(bookingId, caller);
    }

    /**
     * Removes the segment from its routers and ends it: RELEASED, or FAILED when a part cannot be
     * removed. A committed segment is released at once. A segment being activated is answered
     * DEACTIVATING: the activation under way takes it off its routers again once it has finished,
     * so a release that races an activation never leaves the segment configured. Deactivating a
     * released or deactivating segment answers it.
     */
    public Segment deactivate(String bookingId, Caller caller) throws RequestRejected {
        return lifecycle.deactivate(bookingId, caller);
    }

    /**
     * The caller's segments (every one for the process) in the given states (all when empty)
     * overlapping the window (any time when null).
     */
    public List<Segment> query(List<SegmentState> states, TimeInterval window, Caller caller) {
        return lifecycle.query(states, window, caller);
    }

    /** Every state change of a segment, oldest first. */
    public List<Transition> history(String bookingId, Caller caller) throws RequestRejected {
        return lifecycle.history(bookingId, caller);
    }

    /**
     * The device log of one segment, or of all the caller's (every one for the process) when
     * {@code bookingId} is null.
     */
    public List<DeviceLogStore.DeviceLogRecord> deviceLog(String bookingId, int limit, Caller caller)
            throws RequestRejected {
        return lifecycle.deviceLog(bookingId, limit, caller);
    }

    /**
     * Holds a change of a COMMITTED or ACTIVE segment's end time and bandwidth, until
     * {@code holdFor} from now unless committed with {@link #commitModify}. The segment keeps
     * its resources and VLANs; the change is checked against the calendars without the
     * segment's own booking, and while it is pending both the current and the changed booking
     * occupy the resources. Repeating the call while the same change is pending answers the
     * same; repeating it after that change was committed answers the segment.
     *
     * @param newEnd the new end: after the start and in the future
     * @param newBandwidthMbps the new bandwidth, positive
     * @throws RequestRejected for bad input (naming the field), a segment that cannot change or
     *     already has another change pending (naming bookingId), or a change that does not fit
     *     (naming the first resource that cannot take it); nothing changed
     */
    public Segment modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor, Caller caller)
            throws RequestRejected {
        return modifications.modify(bookingId, newEnd, newBandwidthMbps, holdFor, caller);
    }

    /**
     * Applies the pending change: the segment's end and bandwidth become the change's, and the
     * resources it booked before the change are free. For an ACTIVE segment the new bandwidth
     * is recorded only: the routers keep policing the rate they were configured with.
     * Committing again after the change was applied answers the segment.
     *
     * @throws RequestRejected naming bookingId when no change is pending, or it lapsed
     */
    public Segment commitModify(String bookingId, Caller caller) throws RequestRejected {
        return modifications.commitModify(bookingId, caller);
    }

    /** Every step of every change of a segment's end time or bandwidth, oldest first. */
    public List<SegmentChange> changes(String bookingId, Caller caller) throws RequestRejected {
        return modifications.changes(bookingId, caller);
    }

    /** Drops the pending change, freeing what it booked. Aborting when none is pending answers the segment. */
    public Segment abortModify(String bookingId, Caller caller) throws RequestRejected {
        return modifications.abortModify(bookingId, caller);
    }

    /**
     * Takes a resource out of service over {@code window}: from now on admission refuses
     * every hold and every change that would book the resource at an instant of it, naming
     * the resource. Bookings already made stand; the answer names those that overlap the
     * window, so that the operator can tell whom it affects. Recording the same window (same
     * resource, interval, reason, actor and operator) again while it is live answers the first.
     *
     * @param resourceId a resource of this service (a host port, an uplink, a link, an access point)
     * @param window when; it must end in the future
     * @param actor the authenticated caller, recorded as the window's author
     * @param operator the operator the caller (a BAR) declares it for; empty when it names none,
     *     recorded as not known
     * @param reason why, required; kept up to 2000 characters
     * @throws RequestRejected naming {@code resourceId}, {@code end}, {@code reason} or
     *     {@code operator} (blank or over 200 characters); nothing recorded
     */
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval window, String actor,
                                            Optional<String> operator, String reason) throws RequestRejected {
        return maintenance.addMaintenance(resourceId, window, actor, operator, reason);
    }

    /** {@link #addMaintenance(String, TimeInterval, String, Optional, String)} naming no operator. */
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval window, String actor, String reason)
            throws RequestRejected {
        return addMaintenance(resourceId, window, actor, Optional.empty(), reason);
    }

    /**
     * Lifts a maintenance window: the resource can be booked over it again. The window is kept
     * with who lifted it (the caller, and the operator it names), when and why. Lifting a
     * lifted window answers it as it is.
     *
     * @param operator the operator the caller (a BAR) lifts it for; empty when it names none
     * @param reason why, required; kept up to 2000 characters
     * @throws RequestRejected naming {@code windowId} (no such window), {@code reason} or {@code operator}
     */
    public MaintenanceWindow liftMaintenance(long windowId, String actor, Optional<String> operator, String reason)
            throws RequestRejected {
        return maintenance.liftMaintenance(windowId, actor, operator, reason);
    }

    /** {@link #liftMaintenance(long, String, Optional, String)} naming no operator. */
    public MaintenanceWindow liftMaintenance(long windowId, String actor, String reason) throws RequestRejected {
        return liftMaintenance(windowId, actor, Optional.empty(), reason);
    }

    /**
     * The maintenance windows, live and lifted, of one resource (of every resource when
     * {@code resourceId} is null) that overlap {@code window}, by start time; each live one
     * with the live bookings it overlaps.
     *
     * @throws RequestRejected naming {@code resourceId} when it is not a resource of this service
     */
    public List<MaintenanceImpact> listMaintenance(String resourceId, TimeInterval window) throws RequestRejected {
        return maintenance.listMaintenance(resourceId, window);
    }

    /**
     * Lets every hold and every pending change whose time has come lapse. Run every second by
     * the hold sweep (a Quartz job in the service's database, so it runs after a restart too),
     * and at start.
     *
     * @return how many holds and pending changes lapsed
     */
    public int expireDueHolds() {
        int expired = lapsed(lifecycle.dueHolds(), lifecycle::expire);
        return expired + lapsed(modifications.dueChanges(), modifications::lapse);
    }

    /**
     * Finishes what a stopped service left half done: a segment ACTIVATING has its parts taken
     * off its routers and goes back to COMMITTED (the BAR's activation retry activates it again),
     * or to FAILED when they cannot be removed; a segment DEACTIVATING is torn down again, to
     * RELEASED or FAILED. Only segments unchanged for {@code unchangedFor} are taken: a younger
     * one may still be in the hands of this service or of a replica on the same database.
     *
     * @param unchangedFor zero at the start of a lone service, which knows nothing else is working
     */
    public Recovery recoverInterrupted(Duration unchangedFor) {
        if (unchangedFor == null || unchangedFor.isNegative()) {
            throw new IllegalArgumentException("unchangedFor must be zero or positive, was " + unchangedFor);
        }
        return upkeep.recoverInterrupted(unchangedFor);
    }

    /**
     * Compares the routers with the segments and repairs the differences: first every segment
     * RELEASED or FAILED that was ever activated, and whose interval ended in the last 24 hours
     * or has not ended, has whatever of it is still on its routers removed (a failed or
     * interrupted tear-down may have left parts), then every
     * ACTIVE segment has what is missing configured. Each repair is in the device log.
     */
    public Repairs repairRouters() {
        return upkeep.repairRouters();
    }

    /**
     * Asks the BARs about every COMMITTED or ACTIVE segment unchanged for {@code unchangedFor}
     * and releases those not wanted, as {@link #ORPHAN_ACTOR}: a committed one is aborted, an
     * active one deactivated. A segment whose BAR did not answer is left as it is; one warning
     * per round says how many.
     */
    public Orphans releaseOrphans(BookingOwners owners, Duration unchangedFor) {
        if (unchangedFor == null || unchangedFor.isNegative()) {
            throw new IllegalArgumentException("unchangedFor must be zero or positive, was " + unchangedFor);
        }
        return upkeep.releaseOrphans(Objects.requireNonNull(owners, "owners"), unchangedFor);
    }

    /**
     * Gives each booking with no owner recorded (one made before owners were stored with
     * bookings) to a served BAR: the one of the site its booking id names ({@code
     * <site>:<requestId>:<part>}) when that site is among {@code sites}, else the one site when
     * only one is served (an L-NSAP's own BAR, which booked it for its peer). Others stay the
     * process's alone. Run at the start of a service with BARs configured, before it serves a
     * call: the only place a booking id's site decides who may act on it (the orphan sweep still asks about
     * a booking left unowned by the site its id names). A booking with an owner keeps it.
     *
     * @param sites the sites of the BARs this service serves
     * @return how many bookings were given an owner
     */
    public int adoptUnowned(Set<String> sites) {
        return upkeep.adoptUnowned(Set.copyOf(sites));
    }

    /**
     * What {@link #recoverInterrupted} did.
     *
     * @param committed interrupted activations put back to COMMITTED, routers restored
     * @param released interrupted tear-downs finished, RELEASED
     * @param failed segments that went to FAILED: their routers could not be cleaned
     */
    public record Recovery(int committed, int released, int failed) {
        /** How many segments were moved. */
        public int total() {
            return committed + released + failed;
        }
    }

    /**
     * What {@link #repairRouters} did.
     *
     * @param checked segments read back
     * @param changed router parts configured or removed
     * @param failed booking ids of the segments whose routers could not be read or repaired
     */
    public record Repairs(int checked, int changed, List<String> failed) {
        public Repairs {
            failed = List.copyOf(failed);
        }
    }

    /**
     * What {@link #releaseOrphans} did.
     *
     * @param asked segments their BAR was asked about
     * @param released booking ids of the orphans released
     * @param unanswered segments whose BAR did not answer, or refused the question
     */
    public record Orphans(int asked, List<String> released, int unanswered) {
        public Orphans {
            released = List.copyOf(released);
        }
    }

    /** How many of the segments due {@code lapse} let lapse, each in turn. */
    private static int lapsed(List<Segment> due, Predicate<Segment> lapse) {
        int lapsed = 0;
        for (Segment s : due) {
            if (lapse.test(s)) {
                lapsed++;
            }
        }
        return lapsed;
    }
}
