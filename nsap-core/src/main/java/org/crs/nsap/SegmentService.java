package org.crs.nsap;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.store.DuplicateBooking;
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
        if (holdFor.isNegative() || holdFor.isZero() || holdFor.compareTo(MAX_HOLD) > 0) {
            throw RequestRejected.badField("holdSeconds", "must be between 1 and " + MAX_HOLD.toSeconds() + " seconds");
        }
        Instant now = clock.instant();
        Instant expires = now.plus(holdFor);
        try {
            Segment held = store.hold(request, planner, expires,
                    Transition.created(actor, "held " + request.bandwidthMbps() + " Mbit/s over " + request.interval(), now));
            LOG.info("held {} until {}: {}", held.bookingId(), expires, held.plan().description());
            return held;
        } catch (PlanRefused e) {
            // A repeated hold finds its own booking in the way: answer as for the first call.
            Optional<Segment> existing = existingFor(request);
            if (existing.isPresent()) {
                return existing.get();
            }
            throw e.field() != null ? RequestRejected.badField(e.field(), e.getMessage())
                    : new RequestRejected(null, e.resource(), e.getMessage());
        } catch (DuplicateBooking e) {
            // The id is taken: by this same request (a repeated call, or a racing one) or another.
            return existingFor(request).orElseThrow(() -> e);
        }
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

    /** Releases a held or committed segment. Aborting an aborted segment answers its state. */
    public Segment abort(String bookingId, String actor, String reason) throws RequestRejected {
        Segment s = require(bookingId);
        if (s.state() == SegmentState.ABORTED || s.state() == SegmentState.EXPIRED) {
            return s;
        }
        if (s.state() != SegmentState.HELD && s.state() != SegmentState.COMMITTED) {
            throw new RequestRejected("bookingId", null, "booking " + bookingId + " is " + s.state()
                    + "; only held or committed bookings can be aborted (deactivate an active one)");
        }
        return moveOrCurrent(s, SegmentState.ABORTED, actor, reason == null || reason.isBlank() ? "aborted" : reason);
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

    /**
     * Lets every hold whose time has come lapse. Run every second by the hold sweep (a Quartz
     * job in the service's database, so it runs after a restart too), and at start.
     *
     * @return how many holds lapsed
     */
    public int expireDueHolds() {
        int expired = 0;
        for (Segment s : store.expiredHolds(clock.instant())) {
            if (expire(s)) {
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

    private static void checkBookingId(String bookingId) throws RequestRejected {
        if (bookingId == null || !BOOKING_ID.matcher(bookingId).matches()) {
            throw RequestRejected.badField("bookingId", "must be 1 to 100 letters, digits, '.', '_', ':' or '-'");
        }
    }

    private void validate(SegmentRequest r) throws RequestRejected {
        checkBookingId(r.bookingId());
        List<String> endpoints = planner.endpoints();
        if (r.source() == null || !endpoints.contains(r.source())) {
            throw RequestRejected.badField("source", "unknown endpoint '" + r.source() + "'; known: " + endpoints);
        }
        if (r.destination() == null || !endpoints.contains(r.destination())) {
            throw RequestRejected.badField("destination", "unknown endpoint '" + r.destination() + "'; known: " + endpoints);
        }
        if (r.source().equals(r.destination())) {
            throw RequestRejected.badField("destination", "must differ from the source");
        }
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
