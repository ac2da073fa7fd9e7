package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.CalendarStore;
import org.crs.nsap.port.DeviceLogStore;
import org.crs.nsap.port.DuplicateBooking;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life of a segment, for {@link SegmentService}: whether and when a request fits, the
 * hold, its commit or abort, activation and deactivation on the routers, a hold's expiry, and
 * what a segment is and went through. A record of its collaborators: it keeps no state of its own.
 */
record SegmentLifecycle(BookingStore bookings, CalendarStore calendars, DeviceLogStore deviceLog,
                        ResourcePlanner planner, SegmentActivator activator, RequestChecks checks, Clock clock) {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(SegmentService.class);

    StartTimes availability(String source, String destination, SlotQuery query) throws RequestRejected {
        checks.checkEnds(source, destination);
        try {
            return planner.availability(source, destination, query, calendars.committedCalendars());
        } catch (PlanRefused e) {
            throw RequestRejected.of(e);
        }
    }

    long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws RequestRejected {
        checks.checkEnds(source, destination);
        try {
            return planner.widest(source, destination, duration, earliestStart, latestStart, calendars.committedCalendars());
        } catch (PlanRefused e) {
            throw RequestRejected.of(e);
        }
    }

    CheckResult check(SegmentRequest request) throws RequestRejected {
        checks.validate(request);
        try {
            Plan plan = bookings.tryPlan(request, planner);
            return new CheckResult(true, null, plan.description(), null);
        } catch (PlanRefused e) {
            if (e.field() != null) {
                throw RequestRejected.of(e);
            }
            return new CheckResult(false, e.resource(), e.getMessage(), e.refusal().code());
        }
    }

    Segment hold(SegmentRequest request, Duration holdFor, Caller caller) throws RequestRejected {
        checks.validate(request);
        checks.requireMayTake(caller, request.bookingId());
        RequestChecks.checkHoldFor(holdFor);
        Instant now = clock.instant();
        Instant expires = now.plus(holdFor);
        return booked(request, caller, () -> {
            Segment held = bookings.hold(request, SegmentOwner.of(caller), planner, expires,
                    created(request, caller.name(), now));
            LOG.info("held {} until {}: {}", held.bookingId(), expires, held.plan().description());
            return held;
        });
    }

    Segment holdAndCommit(SegmentRequest request, Caller caller) throws RequestRejected {
        checks.validate(request);
        checks.requireMayTake(caller, request.bookingId());
        Instant now = clock.instant();
        String actor = caller.name();
        Segment booked = booked(request, caller, () -> {
            Segment committed = bookings.holdAndCommit(request, SegmentOwner.of(caller), planner,
                    created(request, actor, now),
                    new Transition(SegmentState.HELD, SegmentState.COMMITTED, actor, "committed with its hold", now));
            LOG.info("held and committed {}: {}", committed.bookingId(), committed.plan().description());
            return committed;
        });
        return booked.state() == SegmentState.HELD ? commit(booked.bookingId(), caller) : booked;
    }

    private static Transition created(SegmentRequest request, String actor, Instant at) {
        return Transition.created(actor, "held " + request.bandwidthMbps() + " Mbit/s over " + request.interval(), at);
    }

    /** A write of a new booking to the bookings. */
    @FunctionalInterface
    private interface NewBooking {
        Segment write() throws PlanRefused;
    }

    /**
     * Writes a new booking; when the request does not fit or its id is taken, answers the
     * booking of this same request (a repeated call, or a racing one) as it is, or refuses; an
     * id another BAR's booking or abort took is refused NOT_ALLOWED.
     */
    private Segment booked(SegmentRequest request, Caller caller, NewBooking booking) throws RequestRejected {
        try {
            return booking.write();
        } catch (PlanRefused e) {
            // A repeated call finds its own booking in the way: answer as for the first call.
            Optional<Segment> existing = existingFor(request, caller);
            if (existing.isPresent()) {
                return existing.get();
            }
            throw RequestRejected.of(e);
        } catch (DuplicateBooking e) {
            // The id is taken: by this same request, another, or an abort that came first.
            Optional<Segment> existing = existingFor(request, caller);
            if (existing.isPresent()) {
                return existing.get();
            }
            throw abortedBeforeHold(request.bookingId(), caller, e);
        }
    }

    /**
     * The refusal of a booking id an abort took before any hold of it arrived: NOT_ALLOWED when
     * another BAR aborted it; else {@code taken} itself when no abort took it.
     */
    private RequestRejected abortedBeforeHold(String bookingId, Caller caller, RuntimeException taken)
            throws RequestRejected {
        BookingStore.UnheldAbort a = bookings.unheldAbort(bookingId).orElseThrow(() -> taken);
        RequestChecks.requireMayAct(caller, bookingId, a.owner());
        return RequestRejected.notInThisState("booking " + bookingId + " was aborted by " + a.actor() + " at "
                + a.at() + " before any hold of it arrived (" + a.reason() + "); it books nothing");
    }


    private Optional<Segment> existingFor(SegmentRequest request, Caller caller) throws RequestRejected {
        Optional<Segment> existing = bookings.find(request.bookingId());
        if (existing.isPresent()) {
            RequestChecks.requireMayAct(caller, request.bookingId(), existing.get().owner());
        }
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

    Segment commit(String bookingId, Caller caller) throws RequestRejected {
        checks.requireOwn(caller, bookingId);
        Optional<Segment> committed = bookings.commitHold(bookingId,
                new Transition(SegmentState.HELD, SegmentState.COMMITTED, caller.name(), "committed", clock.instant()));
        if (committed.isPresent()) {
            return committed.get();
        }
        Segment s = checks.require(bookingId);
        if (s.state() == SegmentState.EXPIRED || s.state() == SegmentState.ABORTED) {
            throw RequestRejected.notInThisState("booking " + bookingId + " is " + s.state()
                    + " and can no longer be committed");
        }
        if (s.state() == SegmentState.HELD) {
            // Its hold lapsed: it is expired even if the sweep has not run yet.
            expire(s);
            throw RequestRejected.notInThisState("booking " + bookingId + " expired at " + s.holdExpiresAt()
                    + " and can no longer be committed");
        }
        return s;
    }

    Segment abort(String bookingId, Caller caller, String reason) throws RequestRejected {
        RequestChecks.checkBookingId(bookingId);
        String actor = caller.name();
        String why = reason == null || reason.isBlank() ? "aborted" : reason;
        Optional<Segment> found = bookings.find(bookingId);
        if (found.isEmpty()) {
            checks.requireMayTake(caller, bookingId);
            if (bookings.abortUnheld(bookingId, SegmentOwner.of(caller), actor, why, clock.instant())) {
                LOG.info("booking {} aborted by {} before any hold of it arrived: {}", bookingId, actor, why);
            }
            found = bookings.find(bookingId); // a hold that took the id first
            if (found.isEmpty()) {
                throw abortedBeforeHold(bookingId, caller, new IllegalStateException("booking id " + bookingId
                        + " is taken by neither a segment nor an abort"));
            }
        }
        Segment s = found.get();
        RequestChecks.requireMayAct(caller, bookingId, s.owner());
        if (s.state() == SegmentState.ABORTED || s.state() == SegmentState.EXPIRED) {
            return s;
        }
        if (s.state() != SegmentState.HELD && s.state() != SegmentState.COMMITTED) {
            throw RequestRejected.notInThisState("booking " + bookingId + " is " + s.state()
                    + "; only held or committed bookings can be aborted (deactivate an active one)");
        }
        return moveOrCurrent(s, SegmentState.ABORTED, actor, why);
    }

    Segment activate(String bookingId, Caller caller) throws RequestRejected {
        Segment s = checks.requireOwn(caller, bookingId);
        String actor = caller.name();
        if (s.state() == SegmentState.ACTIVE || s.state() == SegmentState.ACTIVATING) {
            return s;
        }
        if (s.state() != SegmentState.COMMITTED) {
            throw RequestRejected.notInThisState("booking " + bookingId + " is " + s.state()
                    + "; only committed bookings can be activated");
        }
        requireActivationTime(s);
        Optional<Segment> activating = bookings.move(bookingId, transition(s, SegmentState.ACTIVATING, actor, "activating"));
        if (activating.isEmpty()) {
            return checks.require(bookingId); // another call moved it first
        }
        Transition end;
        try {
            activator.activate(activating.get());
            end = transition(activating.get(), SegmentState.ACTIVE, actor, "configured on " + routers(s));
        } catch (ActivationFailed e) {
            LOG.warn("activation of {} failed: {}", bookingId, e.getMessage());
            end = transition(activating.get(), SegmentState.FAILED, actor, "activation failed: " + e.getMessage()
                    + (e.routersRestored() ? "; routers restored" : "; routers NOT all restored"));
        }
        Optional<Segment> ended = bookings.move(bookingId, end);
        if (ended.isPresent()) {
            return ended.get();
        }
        Segment now = checks.require(bookingId);
        if (now.state() == SegmentState.DEACTIVATING) {
            return removeReleasedMeanwhile(now, end);
        }
        return now;
    }

    /**
     * A release arrived while the segment was being configured ({@link #deactivate} moved it from
     * ACTIVATING to DEACTIVATING and answered at once): the activation, now finished, takes the
     * segment off its routers, whatever it came to ({@code activation}: a failed one restored
     * them, or not all), and ends it RELEASED, or FAILED when a part cannot be removed. The
     * release does not touch the routers itself: it would race the set-up still running on them.
     */
    private Segment removeReleasedMeanwhile(Segment deactivating, Transition activation) throws RequestRejected {
        String bookingId = deactivating.bookingId();
        String what = activation.to() == SegmentState.ACTIVE ? "configured" : "failed (" + activation.reason() + ")";
        LOG.info("segment {}: released while it was being activated; the activation {}: removing it from {}",
                bookingId, what, routers(deactivating));
        try {
            activator.deactivate(deactivating);
            return moveOrCurrent(deactivating, SegmentState.RELEASED, activation.actor(), "released while activating; "
                    + "the activation " + what + ", then removed from " + routers(deactivating));
        } catch (ActivationFailed e) {
            LOG.warn("deactivation of {} (released while activating) failed: {}", bookingId, e.getMessage());
            return moveOrCurrent(deactivating, SegmentState.FAILED, activation.actor(), "released while activating; "
                    + "the activation " + what + ", then deactivation failed: " + e.getMessage());
        }
    }

    Segment deactivate(String bookingId, Caller caller) throws RequestRejected {
        return deactivate(bookingId, caller, null);
    }

    /** Deactivates as {@link #deactivate(String, Caller)}, recording {@code why} (when not null) as the reason it began. */
    Segment deactivate(String bookingId, Caller caller, String why) throws RequestRejected {
        Segment s = checks.requireOwn(caller, bookingId);
        String actor = caller.name();
        if (s.state() == SegmentState.ACTIVATING) {
            // The activation under way (here, or at a replica on the same database) finds it
            // DEACTIVATING when its routers are done and takes it off them (activate); a refusal
            // here would leave the segment ACTIVE once that activation finished, and nothing
            // would ask for its release again. A service that stops meanwhile finishes the
            // tear-down at its next start (recoverInterrupted).
            Optional<Segment> superseding = bookings.move(bookingId, transition(s, SegmentState.DEACTIVATING, actor,
                    "deactivating once the activation under way has finished" + (why == null ? "" : ": " + why)));
            if (superseding.isPresent()) {
                LOG.info("segment {} released while it is being activated: removed from its routers once that is done",
                        bookingId);
                return superseding.get();
            }
            s = checks.require(bookingId); // the activation ended meanwhile: release the segment as it is now
        }
        if (s.state() == SegmentState.RELEASED || s.state() == SegmentState.DEACTIVATING) {
            return s;
        }
        if (s.state() == SegmentState.COMMITTED) {
            return moveOrCurrent(s, SegmentState.RELEASED, actor, why == null ? "released before activation"
                    : "released before activation: " + why);
        }
        if (s.state() != SegmentState.ACTIVE) {
            throw RequestRejected.notInThisState("booking " + bookingId + " is " + s.state()
                    + "; only active or committed bookings can be deactivated");
        }
        Optional<Segment> deactivating = bookings.move(bookingId, transition(s, SegmentState.DEACTIVATING, actor,
                why == null ? "deactivating" : "deactivating: " + why));
        if (deactivating.isEmpty()) {
            return checks.require(bookingId);
        }
        try {
            activator.deactivate(deactivating.get());
            return moveOrCurrent(deactivating.get(), SegmentState.RELEASED, actor, "removed from " + routers(s));
        } catch (ActivationFailed e) {
            LOG.warn("deactivation of {} failed: {}", bookingId, e.getMessage());
            return moveOrCurrent(deactivating.get(), SegmentState.FAILED, actor, "deactivation failed: " + e.getMessage());
        }
    }

    Segment status(String bookingId, Caller caller) throws RequestRejected {
        return checks.requireOwn(caller, bookingId);
    }

    /** The segments the caller may see: a BAR its own, the process every one. */
    List<Segment> query(List<SegmentState> states, TimeInterval window, Caller caller) {
        if (caller instanceof Caller.Process) {
            return bookings.query(states, window);
        }
        return SegmentOwner.of(caller) instanceof SegmentOwner.Bar bar ? bookings.queryOwnedBy(bar, states, window)
                : List.of();
    }

    List<Transition> history(String bookingId, Caller caller) throws RequestRejected {
        checks.requireOwn(caller, bookingId);
        return bookings.history(bookingId);
    }

    /** The device log of one of the caller's segments, or of all it may see when {@code bookingId} is null. */
    List<DeviceLogStore.DeviceLogRecord> deviceLog(String bookingId, int limit, Caller caller) throws RequestRejected {
        if (limit < 1 || limit > 10_000) {
            throw RequestRejected.badField("limit", "must be between 1 and 10000");
        }
        if (bookingId != null) {
            Optional<Segment> segment = bookings.find(bookingId);
            if (segment.isPresent()) {
                RequestChecks.requireMayAct(caller, bookingId, segment.get().owner());
            } else if (!(caller instanceof Caller.Process)) {
                return List.of(); // no booking: nothing of this BAR's was sent to a router for it
            }
            return deviceLog.deviceLog(bookingId, limit);
        }
        if (caller instanceof Caller.Process) {
            return deviceLog.deviceLog(null, limit);
        }
        return SegmentOwner.of(caller) instanceof SegmentOwner.Bar bar ? deviceLog.deviceLogOwnedBy(bar, limit)
                : List.of();
    }

    /**
     * Refuses, with {@link RefusalCode#ACTIVATION_TOO_EARLY} naming bookingId and before any
     * router is touched, an activation earlier than the booking's start less
     * {@link SegmentService#ACTIVATION_SKEW}. The booking's start is the circuit's start less
     * the BAR's set-up lead (the BAR books {@code [start − setUpLead, end + tearDownAllowance)}),
     * and no BAR begins an activation before it, planned or not (docs/burst-activation.md).
     */
    private void requireActivationTime(Segment s) throws RequestRejected {
        Instant earliest = s.request().interval().start().minus(SegmentService.ACTIVATION_SKEW);
        Instant now = clock.instant();
        if (now.isBefore(earliest)) {
            throw new RequestRejected(new Refusal(RefusalCode.ACTIVATION_TOO_EARLY, "bookingId", "booking "
                    + s.bookingId() + " starts at " + s.request().interval().start() + " (its set-up lead included): it"
                    + " may be activated from " + earliest + ", not at " + now + "; nothing was configured"));
        }
    }

    /** The holds whose time has come. */
    List<Segment> dueHolds() {
        return bookings.expiredHolds(clock.instant());
    }

    /** Lets the hold expire; whether this call expired it. */
    boolean expire(Segment s) {
        boolean moved = bookings.move(s.bookingId(), new Transition(SegmentState.HELD, SegmentState.EXPIRED, "hold-sweep",
                "not committed by " + s.holdExpiresAt(), clock.instant())).isPresent();
        if (moved) {
            LOG.info("hold {} expired", s.bookingId());
        }
        return moved;
    }

    private Segment moveOrCurrent(Segment s, SegmentState next, String actor, String reason) throws RequestRejected {
        return bookings.move(s.bookingId(), transition(s, next, actor, reason)).orElse(checks.require(s.bookingId()));
    }

    private Transition transition(Segment s, SegmentState next, String actor, String reason) {
        return new Transition(s.state(), next, actor, reason, clock.instant());
    }

    private static String routers(Segment s) {
        return String.join(", ", s.plan().routerParts().stream().map(RouterPart::router).toList());
    }
}
