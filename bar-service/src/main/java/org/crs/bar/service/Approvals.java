package org.crs.bar.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bookings that wait for an operator. A booking the {@link ApprovalRules} decide to keep
 * waiting is negotiated as any other, its segments committed at every part, and then stays
 * PENDING_APPROVAL at this BAR instead of RESERVED: nothing activates it (the due work brings
 * up RESERVED reservations only). An operator approves it (RESERVED: it comes up at its start)
 * or rejects it (REJECTED, its segments aborted); one still waiting at its deadline is released
 * the same way by the sweep, and its owner is told.
 *
 * <p>Why committed rather than held: the L-NSAPs and the NSAP hold a segment for at most
 * {@code SegmentService.MAX_HOLD} (an hour) and the remote campus is held and committed in one
 * call, while an approval may take days. A committed segment keeps its resources until it is
 * aborted, so the BAR alone decides, and a restart of any part loses nothing.
 */
final class Approvals {

    private static final Logger LOG = LoggerFactory.getLogger(Approvals.class);
    private static final int BATCH = 1000;

    private final Recorder recorder;
    private final Negotiation negotiation;
    private final ApprovalRules rules;
    private final ReservationEvents events;
    private final ReservationLookup lookup;
    /** Lapses being carried out here, so that a sweep does not start one twice. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    Approvals(Recorder recorder, Negotiation negotiation, ApprovalRules rules, ReservationEvents events,
              ReservationLookup lookup) {
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.rules = rules;
        this.events = events;
        this.lookup = lookup;
    }

    ApprovalRules rules() {
        return rules;
    }

    /**
     * Whether a reservation whose segments are all committed waits for approval, and why; empty
     * when it is reserved at once: no rule keeps it, or it is booked by the process itself, not
     * an account.
     */
    Optional<String> waits(Reservation r, Caller caller) {
        if (!(caller instanceof Caller.Account)) {
            return Optional.empty();
        }
        ApprovalRules.Verdict verdict = rules.decide(r.request(), caller, recorder.now());
        if (verdict.decision() != ApprovalDecision.WAIT) {
            return Optional.empty();
        }
        return Optional.of("waits for an operator's approval until " + rules.deadline(r.request()) + " ("
                + verdict.why() + ")");
    }

    /** Every reservation waiting for approval, soonest start first; for operators. */
    List<Reservation> pending(Caller caller) throws BadRequest {
        CallerAccess.requireOperator(caller, "", "list the reservations waiting for approval");
        return recorder.store().list(EnumSet.of(ReservationState.PENDING_APPROVAL), null, 10_000);
    }

    /** An operator approves a waiting reservation: RESERVED, its segments already committed. Approving a reserved one answers it. */
    Reservation approve(Caller caller, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(caller, "requestId", "approve reservation " + requestId);
        Reservation r = lookup.require(requestId);
        String operator = caller.name();
        if (r.state() == ReservationState.RESERVED) {
            return r;
        }
        requirePending(r, "approved");
        Instant deadline = rules.deadline(r.request());
        if (!recorder.now().isBefore(deadline)) {
            throw BadRequest.notInThisState("reservation " + r.requestId() + " had to be approved by " + deadline
                    + "; it is being released");
        }
        Reservation approved = recorder.moveOrCurrent(r, ReservationState.RESERVED, operator,
                "approved by " + operator + said(reason), r.segments());
        if (approved.state() == ReservationState.RESERVED) {
            tell(ReservationEvents.Event.APPROVED, approved);
        }
        return approved;
    }

    /** An operator rejects a waiting reservation: its segments are aborted and it is REJECTED. Rejecting a rejected one answers it. */
    Reservation reject(Caller caller, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(caller, "requestId", "reject reservation " + requestId);
        OperatorReason.require(reason);
        Reservation r = lookup.require(requestId);
        String operator = caller.name();
        if (r.state() == ReservationState.REJECTED) {
            return r;
        }
        requirePending(r, "rejected");
        String why = "rejected by " + operator + said(reason);
        Reservation rejected = release(r, operator, why);
        if (rejected.state() == ReservationState.REJECTED) {
            tell(ReservationEvents.Event.REJECTED, rejected);
        }
        return rejected;
    }

    /**
     * Releases every waiting reservation whose approval deadline has come, each on the call executor.
     *
     * @return completes when they are all released, with how many were started
     */
    CompletableFuture<Integer> releaseLapsed() {
        Instant now = recorder.now();
        List<CompletableFuture<?>> work = new ArrayList<>();
        for (Reservation r : recorder.store().startedBy(EnumSet.of(ReservationState.PENDING_APPROVAL),
                now.plus(rules.deadlineBeforeStart()), BATCH)) {
            if (!inFlight.add(r.requestId())) {
                continue;
            }
            work.add(CompletableFuture.runAsync(() -> {
                try {
                    lapse(r);
                } catch (RuntimeException e) {
                    LOG.error("releasing {} for want of approval failed", r.requestId(), e);
                } finally {
                    inFlight.remove(r.requestId());
                }
            }, negotiation.calls().executor()));
        }
        int started = work.size();
        return CompletableFuture.allOf(work.toArray(new CompletableFuture<?>[0])).thenApply(done -> started);
    }

    private void lapse(Reservation r) {
        String why = "approval lapsed: not approved by " + rules.deadline(r.request());
        LOG.info("reservation {}: {}", r.requestId(), why);
        Reservation ended = release(r, ReservationService.SCHEDULER, why);
        if (ended.state() == ReservationState.REJECTED) {
            tell(ReservationEvents.Event.APPROVAL_LAPSED, ended);
        }
    }

    /** Aborts every segment (an abort that does not reach its part is kept as a follow-up) and ends it REJECTED. */
    private Reservation release(Reservation r, String actor, String why) {
        Refusal refusal = new Refusal(RefusalCode.POLICY, "requestId", why);
        return recorder.reject(r, refusal, actor, why, negotiation.abortAll(r.requestId(), r.segments(), why));
    }

    /** Tells of an event; the move is recorded already, so a listener that fails is logged, not passed on. */
    private void tell(ReservationEvents.Event event, Reservation r) {
        try {
            events.happened(event, r);
        } catch (RuntimeException e) {
            LOG.error("reservation {}: telling of {} failed", r.requestId(), event, e);
        }
    }

    private static void requirePending(Reservation r, String what) throws BadRequest {
        if (r.state() != ReservationState.PENDING_APPROVAL) {
            throw BadRequest.notInThisState("reservation " + r.requestId() + " is " + r.state()
                    + "; only a reservation waiting for approval can be " + what);
        }
    }

    private static String said(String reason) {
        return reason == null || reason.isBlank() ? "" : ": " + reason;
    }
}
