package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.Negotiation.Holding;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.domain.access.Caller;
import org.crs.domain.availability.SlotChoice.Slot;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The booking steps of {@link ReservationService}: a new reservation is checked
 * ({@link RequestValidator}), admitted against its group's quota ({@link QuotaAdmission}),
 * negotiated with its parts all or nothing ({@link Negotiation}: hold every segment, then commit,
 * or abort what was held), and then RESERVED, PENDING_APPROVAL when the approval rules keep an
 * account's booking for an operator ({@link Approvals}), HELD for a hold-only request (committed
 * or aborted later here), or REJECTED saying why. A flexible request's slot is chosen by the
 * availability search ({@link FlexibleRequests}). The caller goes down with the booking to the
 * commit, where the approval rules read it.
 */
final class Bookings {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);
    /** How many times a fixed request is held before it is refused (see holdWithRetries). */
    static final int FIXED_ATTEMPTS = 2;
    /** How many slots a flexible request tries when the one it found is taken before it is held. */
    static final int SLOT_ATTEMPTS = 3;

    private final ReservationStore store;
    private final Clock clock;
    private final RequestValidator validator;
    private final Recorder recorder;
    private final Negotiation negotiation;
    private final FlexibleRequests flexible;
    private final DueWork dueWork;
    private final Approvals approvals;
    private final QuotaAdmission quotas;
    private final BookingParts parts;
    private final ReservationLookup lookup;
    /** Retries of refused holds take turns, so that of two requests racing for the same ports one wins. */
    private final ReentrantLock retries = new ReentrantLock(true);

    Bookings(Clock clock, RequestValidator validator, Recorder recorder, Negotiation negotiation,
             FlexibleRequests flexible, DueWork dueWork, Approvals approvals, QuotaAdmission quotas, BookingParts parts,
             ReservationLookup lookup) {
        this.store = lookup.store();
        this.clock = clock;
        this.validator = validator;
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.flexible = flexible;
        this.dueWork = dueWork;
        this.approvals = approvals;
        this.quotas = quotas;
        this.parts = parts;
        this.lookup = lookup;
    }

    /**
     * Creates and negotiates a reservation for {@code caller}, who owns it. Answers REJECTED
     * (with the part that refused and why) when a segment cannot be held, HELD for a hold-only
     * request, RESERVED otherwise. The same request id again answers the same reservation.
     *
     * <p>An account's booking is made for the request's group, or if it names none the
     * account's primary group; it is first checked against that group's quota, refused with
     * {@link RefusalCode#QUOTA_EXCEEDED} before anything is negotiated, and once its segments are
     * committed the approval rules decide whether it is RESERVED or waits PENDING_APPROVAL for an
     * operator. The process itself ({@link Caller.Process}) books without quota or approval.
     *
     * @throws BadRequest for invalid input, a request id used for a different request, a quota it
     *     would exceed, or (NOT_ALLOWED) a request id of a reservation the caller may not act on
     */
    Reservation create(Caller caller, ReservationRequest request) throws BadRequest {
        if (!(caller instanceof Caller.Account)) {
            return measured(request, caller);
        }
        Optional<String> group = request.group().isEmpty() ? groupOf(caller) : Optional.of(request.group());
        ReservationRequest booked = group.map(request::forGroup).orElse(request);
        try (QuotaAdmission.Turn turn = quotas.turnOf(group)) {
            Optional<Reservation> existing = store.find(request.requestId());
            if (existing.isPresent()) {
                CallerAccess.requireMayAct(caller, existing.get());
            } else if (group.isPresent()) {
                quotas.check(booked, group.get());
            }
            return measured(booked, caller);
        }
    }

    /** {@link #create} after the quota, measured. */
    private Reservation measured(ReservationRequest request, Caller caller) throws BadRequest {
        long t0 = System.nanoTime();
        String answer = "ERROR";
        try {
            Reservation r = admit(request, caller);
            answer = r.state().name();
            return r;
        } catch (BadRequest e) {
            answer = "BAD_REQUEST";
            throw e;
        } finally {
            recorder.measurements().admissionAnswered(Duration.ofNanos(System.nanoTime() - t0), answer);
        }
    }

    /** {@link #create}, unmeasured. */
    private Reservation admit(ReservationRequest request, Caller caller) throws BadRequest {
        if (request.isFlexible()) {
            return createFlexible(request, caller);
        }
        validator.validate(request);
        String actor = caller.name();
        Optional<Reservation> created = store.create(request, actor, parts.segments(request, 1), ReservationTransition.created(actor,
                "requested " + request.bandwidthMbps() + " Mbit/s " + request.source() + " -> " + request.destination()
                        + " over " + request.interval(), clock.instant()));
        if (created.isEmpty()) {
            return lookup.existingFor(request).orElseThrow(); // a repeated call, or a racing one, with the same id created it
        }
        return holdWithRetries(created.get(), caller, FIXED_ATTEMPTS, Optional::of, true);
    }

    /** What a refused request tries next: the same request again, or another slot; empty to give up. */
    @FunctionalInterface
    private interface NextTry {
        Optional<ReservationRequest> after(ReservationRequest refused) throws SegmentFailure, BadRequest;
    }

    /**
     * Holds every segment and moves on (to HELD, RESERVED) when all are held. When a segment
     * refuses, tries again, up to {@code attempts} in all, with what {@code next} gives and new
     * booking ids: two requests racing for the same ports may each hold one that the other needs
     * and both be refused. Retries take turns ({@link #retries}): each has aborted what it held
     * before the next begins, so one of two racing requests gets through, without a pause. A refusal that is final says why, and with {@code suggest} the next
     * free start times.
     */
    private Reservation holdWithRetries(Reservation r, Caller caller, int attempts, NextTry next, boolean suggest)
            throws BadRequest {
        String actor = caller.name();
        for (int attempt = 1; ; attempt++) {
            Holding holding = attempt == 1 ? negotiation.holdAll(r) : holdInTurn(r);
            if (holding.held()) {
                return held(r, holding, caller);
            }
            Optional<ReservationRequest> retry = Optional.empty();
            if (holding.answered() && attempt < attempts) {
                try {
                    retry = next.after(r.request());
                } catch (SegmentFailure | BadRequest e) {
                    LOG.info("nothing more to try for {}: {}", r.requestId(), e.getMessage());
                }
            }
            if (retry.isEmpty()) {
                String why = holding.refusal().message()
                        + (suggest && holding.answered() ? flexible.nextFreeStarts(r.request()) : "");
                return recorder.reject(r, holding.refusal(), actor, why, holding.segments());
            }
            ReservationRequest again = retry.get();
            String reason = r.request().bandwidthMbps() + " Mbit/s over " + r.request().interval() + " refused ("
                    + holding.refusal().message() + "); trying " + again.bandwidthMbps() + " Mbit/s over " + again.interval();
            Optional<Reservation> moved = store.modify(r.requestId(), ReservationState.REQUESTED, again,
                    parts.segments(again, attempt + 1), actor, Recorder.clip(reason), clock.instant());
            if (moved.isEmpty()) {
                return store.find(r.requestId()).orElseThrow();
            }
            r = moved.get();
        }
    }

    /** A retry's hold, one at a time at this BAR; a refused one has aborted what it held when it ends. */
    private Holding holdInTurn(Reservation r) {
        retries.lock();
        try {
            return negotiation.holdAll(r);
        } finally {
            retries.unlock();
        }
    }

    /**
     * Moves a reservation whose segments are all held on: to HELD when hold-only; otherwise
     * commits the segments and records HELD and RESERVED (or ABORTED) in one write. Until then
     * it stays REQUESTED, which a restart reconciles by aborting every segment.
     */
    private Reservation held(Reservation r, Holding holding, Caller caller) {
        if (r.request().holdOnly()) {
            return recorder.moveOrCurrent(r, ReservationState.HELD, caller.name(), holding.reason(), holding.segments());
        }
        ReservationTransition held = recorder.transition(r.state(), ReservationState.HELD, caller.name(), holding.reason());
        return commitSegments(r, Optional.of(held), holding.segments(), caller);
    }

    /**
     * Books the earliest slot that fits a window request, or the transfer that finishes first.
     * If the slot is taken between the search and the holds, the search runs again and its
     * first slot is tried, up to {@link #SLOT_ATTEMPTS} in all; admission at every segment keeps
     * it from ever overbooking.
     */
    private Reservation createFlexible(ReservationRequest request, Caller caller) throws BadRequest {
        String actor = caller.name();
        validator.validateFlexible(request);
        Optional<Reservation> existing = lookup.existingFor(request);
        if (existing.isPresent()) {
            return existing.get();
        }
        Slot slot;
        Refusal nothing;
        try {
            slot = flexible.chooseSlot(request).orElse(null);
            // no start time fits end to end: the parts lack the bandwidth, whichever part it is
            nothing = slot == null ? new Refusal(RefusalCode.NO_CAPACITY, "", flexible.noSlotReason(request)) : null;
        } catch (SegmentFailure e) {
            slot = null;
            nothing = e.refusal().withMessage("could not search for a slot: " + e.getMessage());
        }
        ReservationRequest booked = slot == null ? request : request.at(slot.interval(), slot.mbps());
        Optional<Reservation> created = store.create(booked, actor, parts.segments(booked, 1), ReservationTransition.created(
                actor, FlexibleRequests.describe(request) + (slot == null ? "" : "; chose " + slot.mbps() + " Mbit/s over " + slot.interval()),
                clock.instant()));
        if (created.isEmpty()) {
            return lookup.existingFor(request).orElseThrow();
        }
        Reservation r = created.get();
        if (slot == null) {
            return recorder.reject(r, nothing, actor, nothing.message(), r.segments());
        }
        return holdWithRetries(r, caller, SLOT_ATTEMPTS,
                refused -> flexible.chooseSlot(request).map(next -> request.at(next.interval(), next.mbps())), false);
    }

    /**
     * Commits held segments and moves the reservation to RESERVED, or aborts them all and moves it
     * to ABORTED; {@code held} is the move to HELD not yet recorded, if any, written with it.
     */
    private Reservation commitSegments(Reservation r, Optional<ReservationTransition> held, List<Segment> heldSegments,
                                       Caller caller) {
        String actor = caller.name();
        Negotiation.Commitment commitment = negotiation.commitAll(r.requestId(), heldSegments);
        Optional<String> waits = commitment.committed() ? approvals.waits(r, caller) : Optional.empty();
        ReservationState end = !commitment.committed() ? ReservationState.ABORTED
                : waits.isPresent() ? ReservationState.PENDING_APPROVAL : ReservationState.RESERVED;
        String reason = commitment.committed() ? "every segment committed" + waits.map(w -> "; " + w).orElse("")
                : "commit failed: " + String.join("; ", commitment.failures());
        List<ReservationTransition> steps = new ArrayList<>();
        held.ifPresent(steps::add);
        steps.add(recorder.transition(held.map(ReservationTransition::to).orElse(r.state()), end, actor, reason));
        return recorder.moveOrCurrent(r, steps, commitment.segments());
    }

    /**
     * Commits a hold-only reservation; for an account the approval rules decide as for
     * {@link #create}. Committing a reserved (or later) one answers it.
     */
    Reservation commit(Caller caller, String requestId) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        if (r.state() != ReservationState.HELD) {
            if (r.state() == ReservationState.ABORTED || r.state() == ReservationState.REJECTED
                    || r.state() == ReservationState.CANCELLED) {
                throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                        + " and can no longer be committed" + (r.reason().isEmpty() ? "" : " (" + r.reason() + ")"));
            }
            return r;
        }
        return commitSegments(r, Optional.empty(), r.segments(), caller);
    }

    /** Gives up a hold-only reservation. Aborting an aborted one answers it. */
    Reservation abort(Caller caller, String requestId, String reason) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        String actor = caller.name();
        if (r.state() == ReservationState.ABORTED) {
            return r;
        }
        if (r.state() != ReservationState.HELD) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a held reservation can be aborted (cancel a reserved one)");
        }
        String why = reason == null || reason.isBlank() ? "aborted by " + actor : reason;
        return dueWork.releaseHeld(r, ReservationState.ABORTED, actor, why);
    }

    /** The group a caller books for: an account's primary group; none for any other caller. */
    private static Optional<String> groupOf(Caller caller) {
        return caller instanceof Caller.Account a ? a.primaryGroup() : Optional.empty();
    }
}
