package org.crs.bar.service;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.SegmentCalls;
import org.crs.bar.negotiation.SegmentCalls.Outcome;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is due on time: activates reservations whose start minus the set-up lead has come,
 * releases those whose end has come, aborts hold-only reservations not committed in time, and
 * finishes what a stopped BAR left half done. The BAR's sweep starts it every fraction of a
 * second; every state change is conditional on the state it starts from, so two sweeps (or two
 * BAR replicas) never act twice. Cancelling shares the tear-down.
 */
final class DueWork {

    private static final Logger LOG = LoggerFactory.getLogger(DueWork.class);

    private final Recorder recorder;
    private final Negotiation negotiation;
    private final BarSettings settings;
    private final ExecutorService executor;
    /** Reservations the due work is acting on now, so a sweep does not start one twice. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    DueWork(Recorder recorder, Negotiation negotiation, BarSettings settings) {
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.settings = settings;
        this.executor = negotiation.calls().executor();
    }

    /**
     * Starts what is due now, each on the call executor; a reservation already being acted on is
     * not started again.
     *
     * @return completes when everything started here has finished, with how many were started
     */
    CompletableFuture<Integer> run() {
        ReservationStore store = recorder.store();
        Instant now = recorder.now();
        List<CompletableFuture<?>> work = new ArrayList<>();
        for (Reservation r : store.list(EnumSet.of(ReservationState.RESERVED),
                new TimeInterval(now, now.plus(settings.setUpLead()).plusMillis(1)), 1000)) {
            if (!r.request().interval().start().minus(settings.setUpLead()).isAfter(now)) {
                start(work, r, () -> activate(r.requestId()));
            }
        }
        for (Reservation r : store.endedBy(EnumSet.of(ReservationState.ACTIVE), now, 1000)) {
            start(work, r, () -> release(r.requestId()));
        }
        for (Reservation r : store.unchangedSince(EnumSet.of(ReservationState.HELD), now.minus(settings.clientHold()), 1000)) {
            start(work, r, () -> releaseHeld(r, ReservationState.ABORTED, ReservationService.SCHEDULER,
                    "not committed within " + settings.clientHold().toSeconds() + " s"));
        }
        for (Reservation r : halfDone(settings.negotiationHold())) {
            start(work, r, () -> reconcileOne(r));
        }
        int started = work.size();
        return CompletableFuture.allOf(work.toArray(new CompletableFuture<?>[0])).thenApply(done -> started);
    }

    private void start(List<CompletableFuture<?>> work, Reservation r, Runnable task) {
        if (!inFlight.add(r.requestId())) {
            return;
        }
        work.add(CompletableFuture.runAsync(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("due work on reservation {} failed", r.requestId(), e);
            } finally {
                inFlight.remove(r.requestId());
            }
        }, executor));
    }

    /**
     * Brings a reserved circuit up: activates every segment in parallel; if any fails, takes the
     * others down again and the reservation is FAILED with the reason.
     */
    Reservation activate(String requestId) {
        Reservation r = recorder.current(requestId);
        if (r.state() != ReservationState.RESERVED) {
            return r;
        }
        Optional<Reservation> activating = recorder.move(r, ReservationState.ACTIVATING, ReservationService.SCHEDULER,
                "activating", r.segments());
        if (activating.isEmpty()) {
            return recorder.current(requestId);
        }
        return finishActivation(activating.get());
    }

    private Reservation finishActivation(Reservation r) {
        List<Outcome> outcomes = negotiation.activateAll(r.segments());
        List<Segment> segments = SegmentCalls.segmentsOf(outcomes);
        List<String> failures = SegmentCalls.notReached(outcomes, SegmentState.ACTIVE);
        if (failures.isEmpty()) {
            Reservation active = recorder.moveOrCurrent(r, ReservationState.ACTIVE, ReservationService.SCHEDULER,
                    "circuit up on " + routersOf(segments), segments);
            LOG.info("reservation {} is up", r.requestId());
            return active;
        }
        LOG.warn("activation of {} failed: {}", r.requestId(), failures);
        List<Outcome> rollback = negotiation.deactivateAll(segments.stream().filter(s -> s.state() == SegmentState.ACTIVE)
                .toList());
        List<String> notDown = SegmentCalls.notReached(rollback, SegmentState.RELEASED);
        return recorder.moveOrCurrent(r, ReservationState.FAILED, ReservationService.SCHEDULER, "activation failed: "
                + String.join("; ", failures) + (notDown.isEmpty() ? "; the other segments were taken down"
                        : "; NOT taken down: " + String.join("; ", notDown)), SegmentCalls.merge(segments, rollback));
    }

    /** Tears an active circuit down at its end: FINISHED. */
    Reservation release(String requestId) {
        Reservation r = recorder.current(requestId);
        if (r.state() != ReservationState.ACTIVE) {
            return r;
        }
        return tearDown(r, ReservationState.FINISHED, ReservationService.SCHEDULER, "ended at " + r.request().interval().end());
    }

    /** Takes an active circuit down and ends the reservation in {@code end} (FINISHED, CANCELLED). */
    Reservation tearDown(Reservation r, ReservationState end, String actor, String reason) {
        Optional<Reservation> releasing = recorder.move(r, ReservationState.RELEASING, actor, reason, r.segments());
        if (releasing.isEmpty()) {
            return recorder.current(r.requestId());
        }
        return finishTearDown(releasing.get(), end, reason);
    }

    private Reservation finishTearDown(Reservation r, ReservationState end, String reason) {
        List<Outcome> outcomes = negotiation.deactivateAll(r.segments());
        List<String> failures = SegmentCalls.notReached(outcomes, SegmentState.RELEASED);
        if (failures.isEmpty()) {
            LOG.info("reservation {} is down: {}", r.requestId(), end);
            return recorder.moveOrCurrent(r, end, ReservationService.SCHEDULER, reason + "; circuit torn down",
                    SegmentCalls.segmentsOf(outcomes));
        }
        LOG.warn("tear-down of {} failed: {}", r.requestId(), failures);
        return recorder.moveOrCurrent(r, ReservationState.FAILED, ReservationService.SCHEDULER, "tear-down failed: "
                + String.join("; ", failures), SegmentCalls.segmentsOf(outcomes));
    }

    /** Gives up a held reservation: aborts its segments and ends it in {@code end}. */
    Reservation releaseHeld(Reservation r, ReservationState end, String actor, String reason) {
        return recorder.moveOrCurrent(r, end, actor, reason, negotiation.abortAll(r.segments(), reason));
    }

    /**
     * Finishes what a BAR that stopped left half done: a negotiation is given up (REJECTED),
     * an activation is completed (or rolled back if a segment fails), a tear-down is completed.
     *
     * @param olderThan only reservations unchanged for at least this long
     * @return how many reservations were reconciled
     */
    int reconcile(Duration olderThan) {
        int n = 0;
        for (Reservation r : halfDone(olderThan)) {
            n++;
            reconcileOne(r);
        }
        return n;
    }

    private List<Reservation> halfDone(Duration olderThan) {
        return recorder.store().unchangedSince(EnumSet.of(ReservationState.REQUESTED, ReservationState.ACTIVATING,
                ReservationState.RELEASING), recorder.now().minus(olderThan), 10_000);
    }

    private void reconcileOne(Reservation r) {
        LOG.info("reconciling reservation {}, found {} since {}", r.requestId(), r.state(), r.updatedAt());
        switch (r.state()) {
            case REQUESTED -> {
                // The negotiation never finished in time, whatever the parts would have answered.
                String why = "the BAR stopped during negotiation";
                recorder.reject(r, new Refusal(RefusalCode.TIMEOUT, "", why), ReservationService.SCHEDULER, why,
                        negotiation.abortAll(r.segments(), why));
            }
            case ACTIVATING -> finishActivation(r);
            case RELEASING -> {
                boolean ended = !r.request().interval().end().isAfter(recorder.now());
                finishTearDown(r, ended ? ReservationState.FINISHED : ReservationState.CANCELLED,
                        ended ? "ended at " + r.request().interval().end() : "cancelled (tear-down completed after a restart)");
            }
            default -> throw new IllegalStateException("not a state to reconcile: " + r.state());
        }
    }

    private static String routersOf(List<Segment> segments) {
        return String.join("; ", segments.stream().map(s -> s.controller() + ": " + s.description()).toList());
    }
}
