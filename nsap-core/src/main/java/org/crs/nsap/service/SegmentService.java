package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanRange;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.DuplicateBooking;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The segment booking service of an NSAP or L-NSAP: the operations of the NSAP port type in
 * domain terms. Checks every input and refuses bad input naming the field, changing
 * nothing; repeating a call with the same booking id is safe.
 *
 * <p>Lifecycle: hold (HELD, lapses at its expiry unless committed: {@link #expireDueHolds()}), commit (COMMITTED),
 * activate (ACTIVATING, then ACTIVE or FAILED with the routers restored), deactivate
 * (DEACTIVATING, then RELEASED), abort (ABORTED, from HELD or COMMITTED). Every move is
 * recorded with its actor and reason.
 *
 * <p>Operators take resources out of service for maintenance ({@link #addMaintenance}): admission
 * refuses every hold and change that would book a resource during one of its live windows.
 *
 * <p>A COMMITTED or ACTIVE segment may change its end time and bandwidth in two phases, so
 * that a client changing a circuit across several services gets all or nothing: modify holds
 * the change (booking its resources next to the current ones, lapsing like a hold), then
 * commitModify applies it or abortModify drops it. A change keeps the segment's state; its
 * steps are recorded in the change log ({@link #changes}), not in the state history.
 */
public final class SegmentService {

    private static final Logger LOG = LoggerFactory.getLogger(SegmentService.class);
    private static final Pattern BOOKING_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,99}");
    /** Longest a hold may last before it must be committed. */
    public static final Duration MAX_HOLD = Duration.ofHours(1);

    private final SegmentStore store;
    private final ResourcePlanner planner;
    private final SegmentActivator activator;
    private final Clock clock;

    /**
     * @param store where segments are kept
     * @param planner what this service's network is
     * @param activator configures routers
     * @param clock the time; holds lapse when {@link #expireDueHolds()} runs after their expiry
     */
    public SegmentService(SegmentStore store, ResourcePlanner planner, SegmentActivator activator, Clock clock) {
        this.store = store;
        this.planner = planner;
        this.activator = activator;
        this.clock = clock;
        store.registerResources(planner.resources());
    }

    /** The endpoints this service books between. */
    public List<String> endpoints() {
        return planner.endpoints();
    }

    /** Would the request fit now? Books nothing. */
    /**
     * The start times in the query's range at which a segment from {@code source} to
     * {@code destination} could be booked ({@link ResourcePlanner#availability}), over the
     * committed calendars. Books nothing and locks nothing.
     *
     * @throws RequestRejected naming the field, for endpoints this network does not have
     */
    public StartTimes availability(String source, String destination, SlotQuery query) throws RequestRejected {
        checkEnds(source, destination);
        try {
            return planner.availability(source, destination, query, store.committedCalendars());
        } catch (PlanRefused e) {
            throw RequestRejected.badField(e.field() == null ? "source" : e.field(), e.getMessage());
        }
    }

    /**
     * The most bandwidth a segment from {@code source} to {@code destination} could have for
     * {@code duration} at some start time in [earliestStart, latestStart]; 0 when none.
     *
     * @throws RequestRejected naming the field, for endpoints this network does not have
     */
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws RequestRejected {
        checkEnds(source, destination);
        try {
            return planner.widest(source, destination, duration, earliestStart, latestStart, store.committedCalendars());
        } catch (PlanRefused e) {
            throw RequestRejected.badField(e.field() == null ? "source" : e.field(), e.getMessage());
        }
    }

    public CheckResult check(SegmentRequest request) throws RequestRejected {
        validate(request);
        try {
            Plan plan = store.tryPlan(request, planner);
            return new CheckResult(true, null, plan.description());
        } catch (PlanRefused e) {
            if (e.field() != null) {
                throw RequestRejected.badField(e.field(), e.getMessage());
            }
            return new CheckResult(false, e.resource(), e.getMessage());
        }
    }

    /**
     * Books the segment, held until {@code holdFor} from now unless committed.
     *
     * @throws RequestRejected for bad input, a booking id used for another request, or a
     *     request that does not fit (naming the first resource that lacks capacity)
     */
    public Segment hold(SegmentRequest request, Duration holdFor, String actor) throws RequestRejected {
        validate(request);
        checkHoldFor(holdFor);
        Instant now = clock.instant();
        Instant expires = now.plus(holdFor);
        return booked(request, () -> {
            Segment held = store.hold(request, planner, expires, created(request, actor, now));
            LOG.info("held {} until {}: {}", held.bookingId(), expires, held.plan().description());
            return held;
        });
    }

    /**
     * Books the segment for good in one step, as a hold and its commit would, in one transaction:
     * for the last part of an all-or-nothing booking, whose caller aborts it (COMMITTED to
     * ABORTED) if another part fails. A repeated call answers the booking as it is, committing it
     * if a hold of the same request left it HELD.
     *
     * @throws RequestRejected as {@link #hold} does
     */
    public Segment holdAndCommit(SegmentRequest request, String actor) throws RequestRejected {
        validate(request);
        Instant now = clock.instant();
        Segment booked = booked(request, () -> {
            Segment committed = store.holdAndCommit(request, planner, created(request, actor, now),
                    new Transition(SegmentState.HELD, SegmentState.COMMITTED, actor, "committed with its hold", now));
            LOG.info("held and committed {}: {}", committed.bookingId(), committed.plan().description());
            return committed;
        });
        return booked.state() == SegmentState.HELD ? commit(booked.bookingId(), actor) : booked;
    }

    private static Transition created(SegmentRequest request, String actor, Instant at) {
        return Transition.created(actor, "held " + request.bandwidthMbps() + " Mbit/s over " + request.interval(), at);
    }

    /** A write of a new booking to the store. */
    @FunctionalInterface
    private interface NewBooking {
        Segment write() throws PlanRefused;
    }

    /**
     * Writes a new booking; when the request does not fit or its id is taken, answers the
     * booking of this same request (a repeated call, or a racing one) as it is, or refuses.
     */
    private Segment booked(SegmentRequest request, NewBooking booking) throws RequestRejected {
        try {
            return booking.write();
        } catch (PlanRefused e) {
            // A repeated call finds its own booking in the way: answer as for the first call.
            Optional<Segment> existing = existingFor(request);
            if (existing.isPresent()) {
                return existing.get();
            }
            throw refusal(e);
        } catch (DuplicateBooking e) {
            // The id is taken: by this same request, another, or an abort that came first.
            Optional<Segment> existing = existingFor(request);
            if (existing.isPresent()) {
                return existing.get();
            }
            throw abortedBeforeHold(request.bookingId(), e);
        }
    }

    /** The refusal of a booking id an abort took before any hold of it arrived; else {@code taken} itself. */
    private RequestRejected abortedBeforeHold(String bookingId, RuntimeException taken) {
        SegmentStore.UnheldAbort a = store.unheldAbort(bookingId).orElseThrow(() -> taken);
        return new RequestRejected("bookingId", null, "booking " + bookingId + " was aborted by " + a.actor() + " at "
                + a.at() + " before any hold of it arrived (" + a.reason() + "); it books nothing");
    }

    private static RequestRejected refusal(PlanRefused e) {
        return e.field() != null ? RequestRejected.badField(e.field(), e.getMessage())
                : new RequestRejected(null, e.resource(), e.getMessage());
    }

    private Optional<Segment> existingFor(SegmentRequest request) throws RequestRejected {
        Optional<Segment> existing = store.find(request.bookingId());
        if (existing.isPresent() && !sameRequest(existing.get(), request)) {
            throw RequestRejected.badField("bookingId", "booking " + request.bookingId()
                    + " already exists for a different request");
        }
        return existing;
    }

    private static boolean sameRequest(Segment segment, SegmentRequest request) {
        SegmentRequest stored = segment.request();
        return stored.source().equals(request.source()) && stored.destination().equals(request.destination())
                && stored.bandwidthMbps() == request.bandwidthMbps() && stored.interval().equals(request.interval())
                && (request.sourceVlan() == 0 || request.sourceVlan() == segment.plan().sourceVlan())
                && (request.destinationVlan() == 0 || request.destinationVlan() == segment.plan().destinationVlan());
    }

    /** Confirms a held segment. Committing a committed (or later) segment answers its state. */
    public Segment commit(String bookingId, String actor) throws RequestRejected {
        checkBookingId(bookingId);
        Optional<Segment> committed = store.commitHold(bookingId,
                new Transition(SegmentState.HELD, SegmentState.COMMITTED, actor, "committed", clock.instant()));
        if (committed.isPresent()) {
            return committed.get();
        }
        Segment s = require(bookingId);
        if (s.state() == SegmentState.EXPIRED || s.state() == SegmentState.ABORTED) {
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " is " + s.state()
                    + " and can no longer be committed");
        }
        if (s.state() == SegmentState.HELD) {
            // Its hold lapsed: it is expired even if the sweep has not run yet.
            expire(s);
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " expired at " + s.holdExpiresAt()
                    + " and can no longer be committed");
        }
        return s;
    }

    /**
     * Releases a held or committed segment. Aborting an aborted segment answers its state. An
     * abort that finds no booking (its hold timed out on the way, and may still arrive) is
     * recorded so that the hold, arriving later, books nothing; it is answered with a refusal
     * naming {@code bookingId} that says so.
     */
    public Segment abort(String bookingId, String actor, String reason) throws RequestRejected {
        checkBookingId(bookingId);
        String why = reason == null || reason.isBlank() ? "aborted" : reason;
        Optional<Segment> found = store.find(bookingId);
        if (found.isEmpty()) {
            if (store.abortUnheld(bookingId, actor, why, clock.instant())) {
                LOG.info("booking {} aborted by {} before any hold of it arrived: {}", bookingId, actor, why);
            }
            found = store.find(bookingId); // a hold that took the id first
            if (found.isEmpty()) {
                throw abortedBeforeHold(bookingId, new IllegalStateException("booking id " + bookingId
                        + " is taken by neither a segment nor an abort"));
            }
        }
        Segment s = found.get();
        if (s.state() == SegmentState.ABORTED || s.state() == SegmentState.EXPIRED) {
            return s;
        }
        if (s.state() != SegmentState.HELD && s.state() != SegmentState.COMMITTED) {
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " is " + s.state()
                    + "; only held or committed bookings can be aborted (deactivate an active one)");
        }
        return moveOrCurrent(s, SegmentState.ABORTED, actor, why);
    }

    /**
     * Configures the segment on its routers. On failure every router is restored and the
     * segment is FAILED with the router and reason. Activating an active segment answers it.
     */
    public Segment activate(String bookingId, String actor) throws RequestRejected {
        Segment s = require(bookingId);
        if (s.state() == SegmentState.ACTIVE || s.state() == SegmentState.ACTIVATING) {
            return s;
        }
        if (s.state() != SegmentState.COMMITTED) {
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " is " + s.state()
                    + "; only committed bookings can be activated");
        }
        Optional<Segment> activating = store.move(bookingId, transition(s, SegmentState.ACTIVATING, actor, "activating"));
        if (activating.isEmpty()) {
            return require(bookingId); // another call moved it first
        }
        try {
            activator.activate(activating.get());
            return moveOrCurrent(activating.get(), SegmentState.ACTIVE, actor, "configured on " + routers(s));
        } catch (ActivationFailed e) {
            LOG.warn("activation of {} failed: {}", bookingId, e.getMessage());
            return moveOrCurrent(activating.get(), SegmentState.FAILED, actor, "activation failed: " + e.getMessage()
                    + (e.routersRestored() ? "; routers restored" : "; routers NOT all restored"));
        }
    }

    /** Removes the segment from its routers and ends it. Deactivating a released segment answers it. */
    public Segment deactivate(String bookingId, String actor) throws RequestRejected {
        Segment s = require(bookingId);
        if (s.state() == SegmentState.RELEASED || s.state() == SegmentState.DEACTIVATING) {
            return s;
        }
        if (s.state() == SegmentState.COMMITTED) {
            return moveOrCurrent(s, SegmentState.RELEASED, actor, "released before activation");
        }
        if (s.state() != SegmentState.ACTIVE) {
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " is " + s.state()
                    + "; only active or committed bookings can be deactivated");
        }
        Optional<Segment> deactivating = store.move(bookingId, transition(s, SegmentState.DEACTIVATING, actor, "deactivating"));
        if (deactivating.isEmpty()) {
            return require(bookingId);
        }
        try {
            activator.deactivate(deactivating.get());
            return moveOrCurrent(deactivating.get(), SegmentState.RELEASED, actor, "removed from " + routers(s));
        } catch (ActivationFailed e) {
            LOG.warn("deactivation of {} failed: {}", bookingId, e.getMessage());
            return moveOrCurrent(deactivating.get(), SegmentState.FAILED, actor, "deactivation failed: " + e.getMessage());
        }
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
    public Segment modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor, String actor)
            throws RequestRejected {
        checkBookingId(bookingId);
        if (newEnd == null) {
            throw RequestRejected.badField("end", "is missing");
        }
        if (newBandwidthMbps <= 0) {
            throw RequestRejected.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + newBandwidthMbps);
        }
        checkHoldFor(holdFor);
        Segment s = lapseIfDue(require(bookingId));
        if (s.pending() != null) {
            return samePendingOrRefuse(s, newEnd, newBandwidthMbps);
        }
        if (s.state() != SegmentState.COMMITTED && s.state() != SegmentState.ACTIVE) {
            throw RequestRejected.badField("bookingId", "booking " + bookingId + " is " + s.state()
                    + "; only committed or active bookings can be modified");
        }
        Instant now = clock.instant();
        TimeInterval current = s.request().interval();
        if (!newEnd.isAfter(current.start())) {
            throw RequestRejected.badField("end", "must be after the start (" + current.start() + "), was " + newEnd);
        }
        if (!newEnd.isAfter(now)) {
            throw RequestRejected.badField("end", "must be in the future, was " + newEnd);
        }
        if (newEnd.equals(current.end()) && newBandwidthMbps == s.request().bandwidthMbps()) {
            if (lastChangeIsCommitOf(s)) {
                return s; // a repeated modify of a change already committed
            }
            throw RequestRejected.badField("end", "end and bandwidthMbps are both as booked (" + current.end() + ", "
                    + newBandwidthMbps + " Mbit/s); a modify must change at least one");
        }
        SegmentChange requested = new SegmentChange(SegmentChange.Kind.REQUESTED, newEnd, newBandwidthMbps, actor,
                "change held: " + describe(s, newEnd, newBandwidthMbps), now);
        try {
            Optional<Segment> held = store.holdChange(bookingId, planner, now.plus(holdFor), requested);
            if (held.isPresent()) {
                LOG.info("change of {} held until {}: {}", bookingId, now.plus(holdFor), requested.reason());
                return held.get();
            }
        } catch (PlanRefused e) {
            throw e.field() != null ? RequestRejected.badField(e.field(), e.getMessage())
                    : new RequestRejected(null, e.resource(), "the change does not fit: " + e.getMessage());
        }
        // Another call changed the segment meanwhile: answer as if this call came second.
        Segment latest = require(bookingId);
        if (latest.pending() != null) {
            return samePendingOrRefuse(latest, newEnd, newBandwidthMbps);
        }
        throw RequestRejected.badField("bookingId", "booking " + bookingId + " is " + latest.state()
                + "; only committed or active bookings can be modified");
    }

    /**
     * Applies the pending change: the segment's end and bandwidth become the change's, and the
     * resources it booked before the change are free. For an ACTIVE segment the new bandwidth
     * is recorded only: the routers keep policing the rate they were configured with.
     * Committing again after the change was applied answers the segment.
     *
     * @throws RequestRejected naming bookingId when no change is pending, or it lapsed
     */
    public Segment commitModify(String bookingId, String actor) throws RequestRejected {
        Segment s = require(bookingId);
        Instant now = clock.instant();
        Segment.PendingChange p = s.pending();
        if (p != null) {
            if (!p.expiresAt().isAfter(now)) {
                lapse(s);
                throw RequestRejected.badField("bookingId", "the change of booking " + bookingId + " lapsed at "
                        + p.expiresAt() + " and can no longer be committed");
            }
            String reason = "change committed: " + describe(s, p.end(), p.bandwidthMbps());
            if (s.state() == SegmentState.ACTIVE && p.bandwidthMbps() != s.request().bandwidthMbps()) {
                reason += "; the new bandwidth is recorded only, the routers keep policing "
                        + s.request().bandwidthMbps() + " Mbit/s";
            }
            Optional<Segment> committed = store.commitChange(bookingId,
                    new SegmentChange(SegmentChange.Kind.COMMITTED, p.end(), p.bandwidthMbps(), actor, reason, now));
            if (committed.isPresent()) {
                LOG.info("change of {} committed: {}", bookingId, reason);
                return committed.get();
            }
            s = require(bookingId); // committed, aborted or lapsed meanwhile
        }
        if (s.pending() == null && lastChangeIsCommitOf(s)) {
            return s;
        }
        List<SegmentChange> changes = store.changes(bookingId);
        SegmentChange last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
        if (last != null && (last.kind() == SegmentChange.Kind.LAPSED || last.kind() == SegmentChange.Kind.ABORTED)) {
            throw RequestRejected.badField("bookingId", "the change of booking " + bookingId + " was "
                    + last.kind().name().toLowerCase(java.util.Locale.ROOT) + " at " + last.at() + " (" + last.reason()
                    + ") and can no longer be committed");
        }
        throw RequestRejected.badField("bookingId", "booking " + bookingId + " has no change pending");
    }

    /** Drops the pending change, freeing what it booked. Aborting when none is pending answers the segment. */
    public Segment abortModify(String bookingId, String actor) throws RequestRejected {
        Segment s = require(bookingId);
        Segment.PendingChange p = s.pending();
        if (p == null) {
            return s;
        }
        Instant now = clock.instant();
        store.dropChange(bookingId, new SegmentChange(SegmentChange.Kind.ABORTED, p.end(), p.bandwidthMbps(), actor,
                "change aborted: " + describe(s, p.end(), p.bandwidthMbps()), now));
        return require(bookingId);
    }

    /** Every step of every change of a segment's end time or bandwidth, oldest first. */
    public List<SegmentChange> changes(String bookingId) throws RequestRejected {
        require(bookingId);
        return store.changes(bookingId);
    }

    private Segment samePendingOrRefuse(Segment s, Instant newEnd, long newBandwidthMbps) throws RequestRejected {
        Segment.PendingChange p = s.pending();
        if (p.end().equals(newEnd) && p.bandwidthMbps() == newBandwidthMbps) {
            return s;
        }
        throw RequestRejected.badField("bookingId", "a change is already pending for booking " + s.bookingId()
                + " (end " + p.end() + ", " + p.bandwidthMbps() + " Mbit/s, until " + p.expiresAt()
                + "): commit or abort it first");
    }

    /** Whether the segment's last change step is the commit of a change to what it books now. */
    private boolean lastChangeIsCommitOf(Segment s) {
        List<SegmentChange> changes = store.changes(s.bookingId());
        if (changes.isEmpty()) {
            return false;
        }
        SegmentChange last = changes.get(changes.size() - 1);
        return last.kind() == SegmentChange.Kind.COMMITTED && last.end().equals(s.request().interval().end())
                && last.bandwidthMbps() == s.request().bandwidthMbps();
    }

    /** Drops the segment's pending change if its hold has lapsed; the segment as it is then. */
    private Segment lapseIfDue(Segment s) throws RequestRejected {
        return lapse(s) ? require(s.bookingId()) : s;
    }

    /** Drops the segment's pending change if its hold has lapsed; whether this call dropped it. */
    private boolean lapse(Segment s) {
        Segment.PendingChange p = s.pending();
        Instant now = clock.instant();
        if (p == null || p.expiresAt().isAfter(now)) {
            return false;
        }
        boolean dropped = store.dropChange(s.bookingId(), new SegmentChange(SegmentChange.Kind.LAPSED, p.end(),
                p.bandwidthMbps(), "hold-sweep", "change not committed by " + p.expiresAt() + ": "
                        + describe(s, p.end(), p.bandwidthMbps()), now)).isPresent();
        if (dropped) {
            LOG.info("change of {} lapsed", s.bookingId());
        }
        return dropped;
    }

    private static String describe(Segment s, Instant newEnd, long newMbps) {
        SegmentRequest r = s.request();
        return "end " + (newEnd.equals(r.interval().end()) ? "stays " + newEnd : r.interval().end() + " -> " + newEnd)
                + ", bandwidth " + (newMbps == r.bandwidthMbps() ? "stays " + newMbps : r.bandwidthMbps() + " -> " + newMbps)
                + " Mbit/s";
    }

    /** The segment as it is now. */
    public Segment status(String bookingId) throws RequestRejected {
        return require(bookingId);
    }

    /** Segments in the given states (all when empty) overlapping the window (any time when null). */
    public List<Segment> query(List<SegmentState> states, TimeInterval window) {
        return store.query(states, window);
    }

    /** Every state change of a segment, oldest first. */
    public List<Transition> history(String bookingId) throws RequestRejected {
        require(bookingId);
        return store.history(bookingId);
    }

    /** The device log of one segment, or of all when {@code bookingId} is null. */
    public List<SegmentStore.DeviceLogRecord> deviceLog(String bookingId, int limit) throws RequestRejected {
        if (limit < 1 || limit > 10_000) {
            throw RequestRejected.badField("limit", "must be between 1 and 10000");
        }
        return store.deviceLog(bookingId, limit);
    }

    // ---- maintenance windows ----

    /**
     * Takes a resource out of service over {@code window}: from now on admission refuses
     * every hold and every change that would book the resource at an instant of it, naming
     * the resource. Bookings already made stand; the answer names those that overlap the
     * window, so that the operator can tell whom it affects. Recording the same window (same
     * resource, interval, reason and actor) again while it is live answers the first.
     *
     * @param resourceId a resource of this service (a host port, an uplink, a link, an access point)
     * @param window when; it must end in the future
     * @param reason why, required; kept up to 2000 characters
     * @throws RequestRejected naming {@code resourceId}, {@code end} or {@code reason}; nothing recorded
     */
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval window, String actor, String reason)
            throws RequestRejected {
        checkResource(resourceId);
        if (window == null) {
            throw RequestRejected.badField("start", "is missing");
        }
        if (!window.end().isAfter(clock.instant())) {
            throw RequestRejected.badField("end", "must be in the future, was " + window.end());
        }
        checkReason(reason);
        MaintenanceImpact added = store.addMaintenance(resourceId, window, reason.strip(), actor, clock.instant());
        LOG.info("maintenance window {} on {} over {} by {}: {}; bookings during it: {}", added.window().id(), resourceId,
                window, actor, added.window().reason(), added.affectedBookings());
        return added;
    }

    /**
     * Lifts a maintenance window: the resource can be booked over it again. The window is kept
     * with who lifted it, when and why. Lifting a lifted window answers it as it is.
     *
     * @param reason why, required; kept up to 2000 characters
     * @throws RequestRejected naming {@code windowId} (no such window) or {@code reason}
     */
    public MaintenanceWindow liftMaintenance(long windowId, String actor, String reason) throws RequestRejected {
        if (windowId < 1) {
            throw RequestRejected.badField("windowId", "must be the positive number of a maintenance window, was "
                    + windowId);
        }
        checkReason(reason);
        MaintenanceWindow lifted = store.liftMaintenance(windowId,
                        new MaintenanceWindow.Lift(actor, reason.strip(), clock.instant()))
                .orElseThrow(() -> RequestRejected.badField("windowId", "no maintenance window " + windowId));
        LOG.info("maintenance window {} on {} lifted by {}: {}", windowId, lifted.resourceId(), lifted.lifted().by(),
                lifted.lifted().reason());
        return lifted;
    }

    /**
     * The maintenance windows, live and lifted, of one resource (of every resource when
     * {@code resourceId} is null) that overlap {@code window}, by start time; each live one
     * with the live bookings it overlaps.
     *
     * @throws RequestRejected naming {@code resourceId} when it is not a resource of this service
     */
    public List<MaintenanceImpact> listMaintenance(String resourceId, TimeInterval window) throws RequestRejected {
        if (resourceId != null) {
            checkResource(resourceId);
        }
        if (window == null) {
            throw RequestRejected.badField("from", "is missing");
        }
        List<MaintenanceImpact> listed = new ArrayList<>();
        for (MaintenanceWindow w : store.maintenance(resourceId, window)) {
            listed.add(new MaintenanceImpact(w, w.live() ? store.bookingsDuring(w.resourceId(), w.interval()) : List.of()));
        }
        return listed;
    }

    private void checkResource(String resourceId) throws RequestRejected {
        List<String> known = planner.resources().stream().map(Resource::id).toList();
        if (resourceId == null || !known.contains(resourceId)) {
            throw RequestRejected.badField("resourceId", "unknown resource '" + resourceId + "'; known: " + known);
        }
    }

    private static void checkReason(String reason) throws RequestRejected {
        if (reason == null || reason.isBlank()) {
            throw RequestRejected.badField("reason", "is required: say why, for the operators who read it later");
        }
    }

    /**
     * Lets every hold and every pending change whose time has come lapse. Run every second by
     * the hold sweep (a Quartz job in the service's database, so it runs after a restart too),
     * and at start.
     *
     * @return how many holds and pending changes lapsed
     */
    public int expireDueHolds() {
        int expired = 0;
        for (Segment s : store.expiredHolds(clock.instant())) {
            if (expire(s)) {
                expired++;
            }
        }
        for (Segment s : store.expiredChanges(clock.instant())) {
            if (lapse(s)) {
                expired++;
            }
        }
        return expired;
    }

    private boolean expire(Segment s) {
        boolean moved = store.move(s.bookingId(), new Transition(SegmentState.HELD, SegmentState.EXPIRED, "hold-sweep",
                "not committed by " + s.holdExpiresAt(), clock.instant())).isPresent();
        if (moved) {
            LOG.info("hold {} expired", s.bookingId());
        }
        return moved;
    }

    // ---- helpers ----

    private Segment require(String bookingId) throws RequestRejected {
        checkBookingId(bookingId);
        return store.find(bookingId).orElseThrow(() -> RequestRejected.badField("bookingId",
                "no booking " + bookingId));
    }

    private Segment moveOrCurrent(Segment s, SegmentState next, String actor, String reason) throws RequestRejected {
        return store.move(s.bookingId(), transition(s, next, actor, reason)).orElse(require(s.bookingId()));
    }

    private Transition transition(Segment s, SegmentState next, String actor, String reason) {
        return new Transition(s.state(), next, actor, reason, clock.instant());
    }

    private static String routers(Segment s) {
        return String.join(", ", s.plan().routerParts().stream().map(RouterPart::router).toList());
    }

    private static void checkHoldFor(Duration holdFor) throws RequestRejected {
        if (holdFor == null || holdFor.isNegative() || holdFor.isZero() || holdFor.compareTo(MAX_HOLD) > 0) {
            throw RequestRejected.badField("holdSeconds", "must be between 1 and " + MAX_HOLD.toSeconds() + " seconds");
        }
    }

    private static void checkBookingId(String bookingId) throws RequestRejected {
        if (bookingId == null || !BOOKING_ID.matcher(bookingId).matches()) {
            throw RequestRejected.badField("bookingId", "must be 1 to 100 letters, digits, '.', '_', ':' or '-'");
        }
    }

    private void checkEnds(String source, String destination) throws RequestRejected {
        List<String> endpoints = planner.endpoints();
        if (source == null || !endpoints.contains(source)) {
            throw RequestRejected.badField("source", "unknown endpoint '" + source + "'; known: " + endpoints);
        }
        if (destination == null || !endpoints.contains(destination)) {
            throw RequestRejected.badField("destination", "unknown endpoint '" + destination + "'; known: " + endpoints);
        }
        if (source.equals(destination)) {
            throw RequestRejected.badField("destination", "must differ from the source");
        }
    }

    private void validate(SegmentRequest r) throws RequestRejected {
        checkBookingId(r.bookingId());
        checkEnds(r.source(), r.destination());
        if (r.bandwidthMbps() <= 0) {
            throw RequestRejected.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + r.bandwidthMbps());
        }
        if (!r.interval().end().isAfter(clock.instant())) {
            throw RequestRejected.badField("end", "must be in the future, was " + r.interval().end());
        }
        checkVlan("sourceVlan", r.sourceVlan());
        checkVlan("destinationVlan", r.destinationVlan());
    }

    private static void checkVlan(String field, int vlan) throws RequestRejected {
        if (vlan != 0 && (vlan < 2 || vlan > 4094 || VlanRange.isReserved(vlan))) {
            throw RequestRejected.badField(field, "must be 0 (any) or a VLAN in 2..4094 other than 1002..1005, was " + vlan);
        }
    }
}
