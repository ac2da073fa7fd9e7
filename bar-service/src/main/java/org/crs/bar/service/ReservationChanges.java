package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.Negotiation.Holding;
import org.crs.bar.negotiation.SegmentCalls;
import org.crs.bar.negotiation.SegmentCalls.Outcome;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes of {@link ReservationService} to a booked reservation: cancel it (an operator's
 * terminate is a cancel), change its end and bandwidth at every part all or nothing (modify), or
 * move it to another interval under new booking ids (reschedule). Each first finds the
 * reservation for the caller ({@link ReservationLookup}); the caller's name goes into the history.
 */
final class ReservationChanges {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);

    private final ReservationStore store;
    private final BarSettings settings;
    private final Clock clock;
    private final Negotiation negotiation;
    private final DueWork dueWork;
    private final BookingParts parts;
    private final ReservationLookup lookup;
    /** Counts moves, so two moves of one reservation in the same millisecond get different booking ids. */
    private final AtomicInteger moves = new AtomicInteger();
    /** The reservations this BAR is moving now: a second move of one is refused until the first settles. */
    private final Set<String> moving = ConcurrentHashMap.newKeySet();

    ReservationChanges(Clock clock, Negotiation negotiation, DueWork dueWork, BookingParts parts,
                       ReservationLookup lookup) {
        this.store = lookup.store();
        this.settings = parts.settings();
        this.clock = clock;
        this.negotiation = negotiation;
        this.dueWork = dueWork;
        this.parts = parts;
        this.lookup = lookup;
    }

    /**
     * Cancels a reservation: releases its segments, tearing the circuit down first if it is up.
     * Cancelling a cancelled one answers it.
     */
    Reservation cancel(Caller caller, String requestId, String reason) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        String actor = caller.name();
        String why = reason == null || reason.isBlank() ? "cancelled by " + actor : reason;
        return switch (r.state()) {
            case CANCELLED -> r;
            case HELD, PENDING_APPROVAL -> dueWork.releaseHeld(r, ReservationState.CANCELLED, actor, why);
            case RESERVED -> releaseReserved(r, actor, why);
            case ACTIVE -> dueWork.tearDown(r, ReservationState.CANCELLED, actor, why);
            case REQUESTED, ACTIVATING, RELEASING -> throw BadRequest.notInThisState("reservation " + requestId
                    + " is " + r.state() + "; cancel it again once that settles");
            case FINISHED, REJECTED, ABORTED, FAILED -> throw BadRequest.notInThisState("reservation " + requestId
                    + " has already ended: " + r.state());
        };
    }

    /**
     * Changes a reserved or active reservation's end and/or bandwidth, all or nothing: every
     * segment holds the change, then every segment commits it; if one cannot take it, every
     * held change is dropped and the reservation stays as it was. Asking for what the
     * reservation already is answers it unchanged.
     *
     * @param newEnd the new end, or null to keep the end
     * @param newBandwidthMbps the new bandwidth, or 0 to keep it
     * @throws BadRequest for bad input, or a reservation that cannot change in its state
     * @throws ChangeRefused when a segment cannot take the change, naming it and why
     */
    Reservation modify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps)
            throws BadRequest, ChangeRefused {
        Asked asked = asked(caller, requestId, newEnd, newBandwidthMbps);
        if (asked.unchanged()) {
            return asked.r();
        }
        List<Outcome> committed;
        try {
            committed = negotiation.change(asked.r().segments(), asked.configured().end(), asked.mbps());
        } catch (Negotiation.ChangeNotHeld e) {
            throw new ChangeRefused(e.refusal().withMessage("the change was refused: " + String.join("; ", e.failures())));
        }
        return applied(caller, asked, committed);
    }

    /**
     * The first phase of a modify whose commit the caller decides later: every segment holds the
     * change for {@code holdFor}, all or nothing (what was held is dropped when a segment cannot
     * take it). The reservation itself is unchanged until {@link #commitModify}; a hold not
     * committed in time lapses at the segments. Asking for what the reservation already is holds
     * nothing and answers it.
     *
     * @throws BadRequest as {@link #modify} does
     * @throws ChangeRefused when a segment cannot hold the change, with its code
     */
    Reservation holdModify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws BadRequest, ChangeRefused {
        Asked asked = asked(caller, requestId, newEnd, newBandwidthMbps);
        if (asked.unchanged()) {
            return asked.r();
        }
        try {
            negotiation.holdChange(asked.r().segments(), asked.configured().end(), asked.mbps(), holdFor);
        } catch (Negotiation.ChangeNotHeld e) {
            throw new ChangeRefused(e.refusal().withMessage("the change was refused: " + String.join("; ", e.failures())));
        }
        LOG.info("reservation {}: change to end {}, {} Mbit/s held for {} s", requestId, asked.end(), asked.mbps(),
                holdFor.toSeconds());
        return asked.r();
    }

    /**
     * Commits the change {@link #holdModify} held with the same end and bandwidth: every segment
     * applies it and the reservation is recorded with it. A reservation that is already so
     * answers it.
     *
     * @throws BadRequest as {@link #modify} does
     * @throws ChangeRefused when no segment applied it (the hold lapsed, or was dropped): nothing changed
     */
    Reservation commitModify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps)
            throws BadRequest, ChangeRefused {
        Asked asked = asked(caller, requestId, newEnd, newBandwidthMbps);
        if (asked.unchanged()) {
            return asked.r();
        }
        List<Outcome> committed = negotiation.commitChange(asked.r().segments());
        List<String> failures = SegmentCalls.failed(committed);
        if (!failures.isEmpty() && failures.size() == committed.size()) {
            throw new ChangeRefused(SegmentCalls.refusalOf(committed, "the change was not committed: "
                    + String.join("; ", failures)));
        }
        return applied(caller, asked, committed);
    }

    /** Drops a change {@link #holdModify} held; the reservation stays as it is. */
    Reservation abortModify(Caller caller, String requestId) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        List<String> failures = SegmentCalls.failed(negotiation.abortChange(r.segments()));
        if (!failures.isEmpty()) {
            // A segment not told keeps the change held until it lapses there; it never applies it.
            LOG.warn("reservation {}: dropping a held change was not answered by: {}", requestId,
                    String.join("; ", failures));
        }
        return r;
    }

    /** A modify as asked, checked against the reservation as it is. */
    private record Asked(Reservation r, Instant end, long mbps, TimeInterval interval, TimeInterval configured) {
        boolean unchanged() {
            return end.equals(r.request().interval().end()) && mbps == r.request().bandwidthMbps();
        }
    }

    private Asked asked(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        if (r.state() != ReservationState.RESERVED && r.state() != ReservationState.ACTIVE) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a reserved or active reservation can be modified");
        }
        if (newBandwidthMbps < 0) {
            throw new BadRequest("bandwidthMbps", "must be positive, or 0 to keep " + r.request().bandwidthMbps()
                    + ", was " + newBandwidthMbps);
        }
        ReservationRequest was = r.request();
        Instant end = newEnd == null ? was.interval().end() : newEnd;
        long mbps = newBandwidthMbps == 0 ? was.bandwidthMbps() : newBandwidthMbps;
        if (!end.isAfter(was.interval().start())) {
            throw new BadRequest("end", "must be after the start (" + was.interval().start() + "), was " + end);
        }
        TimeInterval interval = new TimeInterval(was.interval().start(), end);
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, would last " + interval.duration().toSeconds() + " s");
        }
        if (r.state() == ReservationState.ACTIVE && !end.isAfter(clock.instant())) {
            throw new BadRequest("end", "must be in the future for a circuit that is up, was " + end
                    + " (cancel it to end it now)");
        }
        return new Asked(r, end, mbps, interval, settings.configured(interval));
    }

    /** Records a change the segments committed (naming any that did not apply it) with a history entry. */
    private Reservation applied(Caller caller, Asked asked, List<Outcome> committed) throws BadRequest {
        String requestId = asked.r().request().requestId();
        ReservationRequest was = asked.r().request();
        long mbps = asked.mbps();
        List<String> notApplied = SegmentCalls.failed(committed);
        String reason = "modified: end " + was.interval().end() + " -> " + asked.end() + ", " + was.bandwidthMbps()
                + " -> " + mbps + " Mbit/s" + (notApplied.isEmpty() ? "" : "; NOT applied by: "
                + String.join("; ", notApplied));
        if (!notApplied.isEmpty()) {
            LOG.error("reservation {}: {}", requestId, reason);
        }
        ReservationRequest modified = new ReservationRequest(was.requestId(), was.source(), was.destination(), mbps,
                asked.interval(), was.description(), was.holdOnly()).forGroup(was.group())
                .withProvisioning(was.provisioning());
        List<Segment> segments = SegmentCalls.segmentsOf(committed).stream()
                .map(s -> Negotiation.withBooking(s, mbps, asked.configured())).toList();
        String actor = caller.name();
        Optional<Reservation> stored = store.modify(requestId, asked.r().state(), modified, segments, actor,
                Recorder.clip(reason), clock.instant());
        if (stored.isEmpty()) {
            // It moved meanwhile (the sweep brought it up): record the change in its new state.
            Reservation now = lookup.require(requestId);
            stored = store.modify(requestId, now.state(), modified, segments, actor, Recorder.clip(reason), clock.instant());
        }
        return stored.orElseGet(() -> store.find(requestId).orElseThrow());
    }

    /**
     * Moves a reserved reservation to another interval at the same bandwidth and between the same
     * ends, all or nothing: every part holds and commits the new interval under new booking ids
     * (the NSAP port type's modify changes only the end), the reservation is recorded at the new
     * interval with a history entry that keeps its state (from = to, as a modify), and only then
     * are the old bookings released. If a part cannot take the new interval, what was held of it
     * is aborted and the reservation stays as it was.
     *
     * <p>The old bookings stand while the new ones are held, so a new interval that overlaps the
     * old one must fit beside it at every part (the availability search counts the old booking
     * too, so a slot it offers does). A BAR that stops between the write and the releases leaves
     * the old bookings committed with no reservation behind them; their services release them
     * when the BAR answers that they are no longer wanted ({@code segmentWanted}).
     *
     * @param interval the new [start, end), in the future, at least the shortest reservation long
     * @param reason why, for the history
     * @throws BadRequest for a bad interval, or a reservation that is not RESERVED or starts too
     *     soon to move (within the negotiation hold of its set-up)
     * @throws ChangeRefused when a part refused the new interval or did not answer, with its code
     */
    Reservation reschedule(Caller caller, String requestId, TimeInterval interval, String reason)
            throws BadRequest, ChangeRefused {
        Reservation r = lookup.require(caller, requestId);
        String actor = caller.name();
        if (r.state() != ReservationState.RESERVED) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a reserved reservation can be moved (cancel it instead)");
        }
        Instant now = clock.instant();
        // The due sweep must not start the old bookings while they are being replaced.
        if (!settings.configured(r.request().interval()).start().isAfter(now.plus(settings.negotiationHold()))) {
            throw BadRequest.notInThisState("reservation " + requestId + " starts at " + r.request().interval().start()
                    + ", too soon to move (its set-up is due within " + settings.negotiationHold().toSeconds()
                    + " s); cancel it instead");
        }
        if (interval == null) {
            throw new BadRequest("start", "is missing");
        }
        if (!interval.start().isAfter(now)) {
            throw new BadRequest("start", "must be in the future, was " + interval.start());
        }
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, would last " + interval.duration().toSeconds() + " s");
        }
        ReservationRequest was = r.request();
        if (interval.equals(was.interval())) {
            return r;
        }
        if (!moving.add(requestId)) {
            throw BadRequest.notInThisState("reservation " + requestId + " is being moved already");
        }
        try {
            return moveTo(r, interval, actor, reason, now);
        } finally {
            moving.remove(requestId);
        }
    }

    /** The all-or-nothing move of {@link #reschedule}, with no other move of the reservation under way here. */
    private Reservation moveTo(Reservation r, TimeInterval interval, String actor, String reason, Instant now)
            throws BadRequest, ChangeRefused {
        String requestId = r.requestId();
        ReservationRequest was = r.request();
        // Fixed at its new interval from now on, whatever the client first let the BAR choose.
        ReservationRequest moved = new ReservationRequest(was.requestId(), was.source(), was.destination(),
                was.bandwidthMbps(), interval, was.description(), was.holdOnly()).forGroup(was.group())
                .withProvisioning(was.provisioning());
        // New ids at every part: a controller answers a hold of an id it already has (even an
        // aborted one) with that booking. The time in base 36 (8 characters) and a counter keep
        // them new and within the 100 characters a booking id may have.
        String suffix = ":m" + Long.toString(now.toEpochMilli(), 36) + Integer.toString(moves.incrementAndGet() % 1296, 36);
        Reservation candidate = new Reservation(moved, r.owner(), r.state(), r.reason(), parts.segments(moved, suffix),
                r.createdAt(), r.updatedAt(), r.refusalCode(), null, r.provision());
        Holding holding = negotiation.holdAll(candidate);
        if (!holding.held()) {
            throw new ChangeRefused(holding.refusal().withMessage("the move to " + interval + " was refused: "
                    + holding.refusal().message()));
        }
        Negotiation.Commitment commitment = negotiation.commitAll(requestId, holding.segments());
        if (!commitment.committed()) {
            throw new ChangeRefused(new Refusal(RefusalCode.PROVIDER_SILENT, "", "the move to " + interval
                    + " could not be committed: " + String.join("; ", commitment.failures())));
        }
        // A modify that went through meanwhile would be lost by writing the move over it.
        Reservation current = lookup.require(requestId);
        if (!current.request().equals(was) || !bookingIds(current).equals(bookingIds(r))) {
            negotiation.abortAll(requestId, commitment.segments(), "the reservation changed while it was being moved");
            throw BadRequest.notInThisState("reservation " + requestId + " changed while it was being moved; it was not"
                    + " moved");
        }
        String history = Recorder.clip("moved from " + was.interval() + " to " + interval + ": " + reason);
        Optional<Reservation> stored = store.modify(requestId, ReservationState.RESERVED, moved, commitment.segments(),
                actor, history, clock.instant());
        if (stored.isEmpty()) {
            negotiation.abortAll(requestId, commitment.segments(), "the reservation changed while it was being moved");
            throw BadRequest.notInThisState("reservation " + requestId + " became " + lookup.require(requestId).state()
                    + " while it was being moved; it was not moved");
        }
        // A committed segment is released by deactivating it; nothing was configured yet.
        List<Outcome> released = negotiation.deactivateAll(r.segments());
        negotiation.keepUnanswered(requestId, released, FollowUp.Action.RELEASE, "moved to " + interval);
        List<String> notReleased = SegmentCalls.failed(released);
        if (!notReleased.isEmpty()) {
            LOG.warn("reservation {} moved to {}; old bookings not released yet: {}", requestId, interval, notReleased);
        }
        return stored.get();
    }

    private static List<String> bookingIds(Reservation r) {
        return r.segments().stream().map(Segment::bookingId).toList();
    }

    private Reservation releaseReserved(Reservation r, String actor, String reason) {
        // A committed segment is released by deactivating it; nothing was configured yet.
        return dueWork.endReleasingParts(r, r.segments(), ReservationState.CANCELLED, actor, reason);
    }

    /**
     * An operator ends a reservation in any live state, as {@link #cancel} does with the operator
     * as actor: a circuit that is up is torn down, and the reservation ends CANCELLED.
     *
     * @throws BadRequest for an unknown request id, an ended reservation, one in the middle of a
     *     move, or (NOT_ALLOWED) a caller that is no operator
     */
    Reservation terminate(Caller operator, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "requestId", "terminate reservation " + requestId);
        OperatorReason.require(reason);
        return cancel(operator, requestId, "terminated by " + operator.name() + ": " + reason);
    }
}
