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
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is due on time, and what is kept until done. The BAR's sweep starts it every fraction
 * of a second:
 * <ul>
 *   <li>a reservation whose activation time has come (its start minus the set-up lead, or as
 *       its {@link org.crs.bar.reservation.SetUpPlan} says within that lead) moves to ACTIVATING
 *       and is activated; a part that could not be reached (a refused connection, no answer in time, a
 *       Server fault) is tried again, the pause doubling (but not for a part whose database is
 *       restarting: see {@link #pauseFor}), until the start plus the activation
 *       grace; then the reservation FAILS and every part is rolled back;</li>
 *   <li>an active reservation whose end has come moves to RELEASING and is torn down; a tear-down
 *       is never abandoned: a part that could not be reached is tried again until it answers,
 *       and the reservation is FINISHED (or CANCELLED) only then;</li>
 *   <li>a reservation that comes up only while provisioned ({@link Provisioning#ON_PROVISION}) is
 *       activated only while it is provisioned (the store's move to ACTIVATING checks it); one
 *       released while up, or while its activation was under way, is torn down and RESERVED
 *       again, booked anew at every part ({@link Rebooking}); one not provisioned at its end is
 *       FINISHED, its parts released;</li>
 *   <li>a hold-only reservation not committed in time is aborted;</li>
 *   <li>follow-ups (an abort or release that did not reach its part after the reservation moved
 *       on) are tried again until the part answers;</li>
 *   <li>a negotiation a stopped BAR left is given up.</li>
 * </ul>
 * Every attempt is in the reservation's history and the log. The work under way is in the
 * database: a replica leases each attempt, and another takes it over once the lease has passed
 * (a replica that died), so a restart or a dead replica loses nothing. Every state change is
 * conditional on the state it starts from, so two sweeps (or two replicas) never act twice.
 * Cancelling shares the tear-down.
 */
final class DueWork {

    private static final Logger LOG = LoggerFactory.getLogger(DueWork.class);
    /** The history's reason for taking down a circuit released while its activation was under way. */
    private static final String RELEASED_WHILE_ACTIVATING = "released while its activation was under way; taking down"
            + " what came up";
    /** How many of each kind of due work one round takes on. */
    private static final int BATCH = 1000;

    private final Recorder recorder;
    private final Negotiation negotiation;
    private final BarSettings settings;
    private final BarSettings.Retries retries;
    private final ExecutorService executor;
    private final Rebooking rebooking;
    private final FollowUpCalls followUps;
    /** Reservations and follow-ups this BAR is acting on now, so a sweep does not start one twice. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    DueWork(Recorder recorder, Negotiation negotiation, BarSettings settings, Rebooking rebooking) {
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.settings = settings;
        this.rebooking = rebooking;
        this.retries = settings.retries();
        this.followUps = new FollowUpCalls(recorder, negotiation, retries);
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
        // Within the set-up lead (booked), the plan says when each activation begins.
        // A reservation waiting for its provision is not due, and does not delay the others' set-up.
        List<Reservation> due = store.list(EnumSet.of(ReservationState.RESERVED, ReservationState.ACTIVATING),
                new TimeInterval(now, now.plus(settings.setUpLead()).plusMillis(1)), BATCH).stream()
                .filter(Reservation::mayBeUp).toList();
        for (Reservation r : due) {
            if (r.state() == ReservationState.RESERVED
                    && !settings.setUpPlan().activationBegins(r, due, settings.setUpLead()).isAfter(now)) {
                start(work, r.requestId(), () -> activate(r.requestId()));
            }
        }
        for (Reservation r : store.endedBy(EnumSet.of(ReservationState.RESERVED), now, BATCH)) {
            start(work, r.requestId(), () -> {
                if (r.mayBeUp()) {
                    missed(r);
                } else {
                    endUnprovisioned(r);
                }
            });
        }
        // A release takes its circuit down itself, and one racing an activation is seen by it: this
        // is for a release whose BAR stopped before the tear-down, found once a lease has passed.
        for (Reservation r : store.released(EnumSet.of(ReservationState.ACTIVE), BATCH)) {
            if (r.request().interval().end().isAfter(now) // at its end it is FINISHED instead
                    && r.provision().changedAt().isBefore(now.minus(retries.lease()))) {
                start(work, r.requestId(), () -> takeDownReleased(r.requestId()));
            }
        }
        for (Reservation r : store.endedBy(EnumSet.of(ReservationState.ACTIVE), now, BATCH)) {
            start(work, r.requestId(), () -> release(r.requestId()));
        }
        for (Reservation r : store.unchangedSince(EnumSet.of(ReservationState.HELD), now.minus(settings.clientHold()), BATCH)) {
            start(work, r.requestId(), () -> releaseHeld(r, ReservationState.ABORTED, ReservationService.SCHEDULER,
                    "not committed within " + settings.clientHold().toSeconds() + " s"));
        }
        for (Reservation r : abandonedNegotiations(settings.negotiationHold())) {
            start(work, r.requestId(), () -> giveUpNegotiation(r));
        }
        for (Reservation r : store.dueWork(now, BATCH)) {
            start(work, r.requestId(), () -> continueWork(r));
        }
        for (FollowUp f : store.dueFollowUps(now, BATCH)) {
            start(work, "follow-up " + f.bookingId(), () -> followUps.tryAgain(f));
        }
        int started = work.size();
        return CompletableFuture.allOf(work.toArray(new CompletableFuture<?>[0])).thenApply(done -> started);
    }

    private void start(List<CompletableFuture<?>> work, String key, Runnable task) {
        if (!inFlight.add(key)) {
            return;
        }
        work.add(CompletableFuture.runAsync(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("due work on {} failed", key, e);
            } finally {
                inFlight.remove(key);
            }
        }, executor));
    }

    // ---- activation ----

    /** Brings a reserved circuit up: see the class comment. */
    Reservation activate(String requestId) {
        Reservation r = recorder.current(requestId);
        if (r.state() != ReservationState.RESERVED || !r.mayBeUp()) {
            return r;
        }
        Optional<Reservation> activating = recorder.store().startWork(requestId, recorder.transition(r.state(),
                ReservationState.ACTIVATING, ReservationService.SCHEDULER, "activating"), r.segments(), lease(),
                ReservationState.ACTIVE);
        if (activating.isEmpty()) {
            return recorder.current(requestId);
        }
        return attemptActivation(activating.get());
    }

    /** One attempt at activating every segment not yet active; the reservation holds its lease. */
    private Reservation attemptActivation(Reservation r) {
        if (!r.mayBeUp()) {
            return tearDown(r, ReservationState.RESERVED, ReservationService.SCHEDULER, RELEASED_WHILE_ACTIVATING);
        }
        List<Segment> notYet = r.segments().stream().filter(s -> s.state() != SegmentState.ACTIVE).toList();
        List<Outcome> outcomes = negotiation.activateAll(notYet);
        List<Segment> segments = SegmentCalls.merge(r.segments(), outcomes);
        // Released while the parts were being configured: what came up is taken down again.
        if (!recorder.current(r.requestId()).mayBeUp()) {
            return tearDown(r.withSegments(segments), ReservationState.RESERVED, ReservationService.SCHEDULER,
                    RELEASED_WHILE_ACTIVATING);
        }
        if (segments.stream().allMatch(s -> s.state() == SegmentState.ACTIVE)) {
            LOG.info("reservation {} is up", r.requestId());
            Reservation up = recorder.moveOrCurrent(r, ReservationState.ACTIVE, ReservationService.SCHEDULER,
                    "circuit up on " + routersOf(segments) + attemptsSaid(r), segments);
            // A release writes its flag, then reads the state; this writes ACTIVE, then reads the
            // flag: of the two, at least one sees the other and takes the circuit down.
            if (up.state() == ReservationState.ACTIVE && !recorder.current(r.requestId()).mayBeUp()) {
                return tearDown(up, ReservationState.RESERVED, ReservationService.SCHEDULER, RELEASED_WHILE_ACTIVATING);
            }
            return up;
        }
        List<String> refused = outcomes.stream().filter(DueWork::refusedToActivate).map(Outcome::describe).toList();
        List<Outcome> missing = outcomes.stream().filter(o -> !o.reached(SegmentState.ACTIVE) && !refusedToActivate(o))
                .toList();
        List<String> notReached = missing.stream().map(Outcome::describe).toList();
        Instant deadline = settings.activationDeadline(r);
        if (!refused.isEmpty()) {
            return failActivation(r, segments, "activation failed: " + String.join("; ", refused));
        }
        if (!recorder.now().isBefore(deadline)) {
            return failActivation(r, segments, "activation failed: not every part could be reached by " + deadline
                    + " (the start plus the activation grace), after " + attemptsOf(r) + " attempt(s): "
                    + String.join("; ", notReached));
        }
        return tryAgainLater(r, segments, "activation", notReached, pauseFor(r, missing));
    }

    /**
     * A reservation whose whole interval passed before it was activated (its BAR was down all
     * that time): it FAILS, and its parts are released.
     */
    private void missed(Reservation r) {
        String why = "its whole interval passed before it could be activated (its BAR, or the BAR's database, was down)";
        LOG.warn("reservation {}: {}", r.requestId(), why);
        endReleasingParts(r, r.segments(), ReservationState.FAILED, ReservationService.SCHEDULER, why);
    }

    /**
     * A reservation that comes up only while provisioned and was not provisioned at its end: it
     * never came up (or was released and taken down before), so it ends FINISHED, its parts
     * released as for any end.
     */
    private Reservation endUnprovisioned(Reservation r) {
        return endReleasingParts(r, r.segments(), ReservationState.FINISHED, ReservationService.SCHEDULER,
                "ended at " + r.request().interval().end() + " without being up: it was not provisioned");
    }

    /**
     * A part that answered and will not become active: it refused, or it failed on its routers.
     * A part that answered it is too early ({@link RefusalCode#ACTIVATION_TOO_EARLY}: its clock
     * runs ahead of this BAR's by more than its tolerance) will, once its clock gets there: it
     * is asked again, as one that could not be reached is, until the activation grace runs out.
     */
    private static boolean refusedToActivate(Outcome o) {
        if (o.failure() != null) {
            return o.failure().answered() && o.failure().refusal().code() != RefusalCode.ACTIVATION_TOO_EARLY;
        }
        SegmentState s = o.segment().state();
        // COMMITTED: rolled back by a restart of its service; ACTIVATING: under way there. Both are tried again.
        return s != SegmentState.ACTIVE && s != SegmentState.ACTIVATING && s != SegmentState.COMMITTED;
    }

    /**
     * The reservation FAILS: every part that may be configured or booked is released, and a part
     * that cannot be reached is released later by a follow-up.
     */
    private Reservation failActivation(Reservation r, List<Segment> segments, String why) {
        LOG.warn("reservation {}: {}", r.requestId(), why);
        return endReleasingParts(r, segments, ReservationState.FAILED, ReservationService.SCHEDULER, why);
    }

    /**
     * Ends a reservation that is not active in {@code end} (FAILED, CANCELLED), releasing every
     * part that may still be booked or configured; a part that cannot be reached, or that answers
     * it is still on its way down (a release that arrived while its activation was under way), is
     * asked again by a follow-up until it answers a final state.
     */
    Reservation endReleasingParts(Reservation r, List<Segment> segments, ReservationState end, String actor,
                                  String reason) {
        List<Segment> toRelease = segments.stream().filter(s -> s.state() == null || !s.state().isFinal()).toList();
        List<Outcome> released = negotiation.deactivateAll(toRelease);
        List<String> notDown = SegmentCalls.notReached(released, SegmentState.RELEASED);
        Reservation ended = recorder.moveOrCurrent(r, end, actor, reason + (notDown.isEmpty() ? ""
                : "; not released yet (tried again until they answer): " + String.join("; ", notDown)),
                SegmentCalls.merge(segments, released));
        if (ended.state() == end) {
            negotiation.keepUntilReleased(r.requestId(), released, reason);
        }
        return ended;
    }

    // ---- tear-down ----

    /** Tears an active circuit down at its end: FINISHED. */
    Reservation release(String requestId) {
        Reservation r = recorder.current(requestId);
        if (r.state() != ReservationState.ACTIVE) {
            return r;
        }
        return tearDown(r, ReservationState.FINISHED, ReservationService.SCHEDULER, "ended at " + r.request().interval().end());
    }

    /**
     * Takes down an active reservation that was released (a release the releasing call did not
     * finish: its BAR stopped, or it raced the activation): RESERVED again.
     */
    private Reservation takeDownReleased(String requestId) {
        Reservation r = recorder.current(requestId);
        if (r.state() != ReservationState.ACTIVE || r.mayBeUp()) {
            return r;
        }
        return tearDown(r, ReservationState.RESERVED, ReservationService.SCHEDULER, "released; taking the circuit down");
    }

    /**
     * Takes an active (or activating) circuit down and ends the reservation in {@code end}
     * (FINISHED, CANCELLED, FAILED), or, for a release before its end, puts it back to RESERVED.
     */
    Reservation tearDown(Reservation r, ReservationState end, String actor, String reason) {
        Optional<Reservation> releasing = recorder.store().startWork(r.requestId(), recorder.transition(r.state(),
                ReservationState.RELEASING, actor, reason), r.segments(), lease(), end);
        if (releasing.isEmpty()) {
            return recorder.current(r.requestId());
        }
        return attemptTearDown(releasing.get());
    }

    /** One attempt at taking every part down that has not confirmed; the reservation holds its lease. */
    private Reservation attemptTearDown(Reservation r) {
        List<Segment> notYet = r.segments().stream().filter(s -> s.state() == null || !s.state().isFinal()).toList();
        List<Outcome> outcomes = negotiation.deactivateAll(notYet);
        List<Segment> segments = SegmentCalls.merge(r.segments(), outcomes);
        // Not reached, or still on its way down (its service restarted mid-tear-down and is finishing it).
        List<Outcome> missing = outcomes.stream().filter(o -> o.failure() != null ? !o.failure().answered()
                : o.segment().state() == SegmentState.DEACTIVATING).toList();
        if (!missing.isEmpty()) {
            return tryAgainLater(r, segments, "tear-down", missing.stream().map(Outcome::describe).toList(),
                    pauseFor(r, missing));
        }
        // Every part answered: what it answered is final for this BAR (a part that failed on its
        // routers says so, and its service repairs its routers).
        List<String> failed = outcomes.stream().filter(o -> !o.reached(SegmentState.RELEASED)).map(Outcome::describe).toList();
        ReservationState end = r.work() == null ? ReservationState.FINISHED : r.work().settlesAs();
        if (failed.isEmpty() && end == ReservationState.RESERVED) {
            return settleRelease(r, segments);
        }
        if (failed.isEmpty()) {
            LOG.info("reservation {} is down: {}", r.requestId(), end);
            String how = switch (end) {
                case FINISHED -> "ended at " + r.request().interval().end() + "; circuit torn down";
                case CANCELLED -> "cancelled; circuit torn down";
                default -> "circuit torn down (" + end + ")";
            };
            return recorder.moveOrCurrent(r, end, ReservationService.SCHEDULER, how + attemptsSaid(r), segments);
        }
        LOG.warn("tear-down of {} failed: {}", r.requestId(), failed);
        return recorder.moveOrCurrent(r, ReservationState.FAILED, ReservationService.SCHEDULER, "tear-down failed: "
                + String.join("; ", failed), segments);
    }

    /**
     * A released circuit is down at every part: its booking is kept by booking its interval again
     * ({@link Rebooking}), and it is RESERVED; a part that refuses FAILS it; one that does not
     * answer is asked again later. One whose end came meanwhile is FINISHED.
     */
    private Reservation settleRelease(Reservation r, List<Segment> down) {
        String requestId = r.requestId();
        if (!recorder.now().isBefore(r.request().interval().end())) {
            return recorder.moveOrCurrent(r, ReservationState.FINISHED, ReservationService.SCHEDULER, "ended at "
                    + r.request().interval().end() + " while being released; circuit torn down" + attemptsSaid(r), down);
        }
        Rebooking.Result result = rebooking.rebook(r);
        if (result instanceof Rebooking.Booked booked) {
            LOG.info("reservation {} is released: down, and booked again", requestId);
            return recorder.moveOrCurrent(r, ReservationState.RESERVED, ReservationService.SCHEDULER,
                    "released: circuit torn down, booking kept (booked again at every part as "
                            + booked.segments().stream().map(Segment::bookingId).toList() + ")" + attemptsSaid(r),
                    booked.segments());
        }
        if (result instanceof Rebooking.Refused refused) {
            String why = "released and torn down, but its booking could not be kept: " + refused.refusal().message();
            LOG.warn("reservation {}: {}", requestId, why);
            return recorder.moveOrCurrent(r, ReservationState.FAILED, ReservationService.SCHEDULER, why, down);
        }
        return tryAgainLater(r, down, "booking again after the release",
                List.of(((Rebooking.NotReached) result).why()), retries.pauseAfter(attemptsOf(r)));
    }

    // ---- work kept until done ----

    /** Takes the next attempt of an activation or tear-down that is due, unless another replica took it. */
    private void continueWork(Reservation due) {
        Optional<Reservation> leased = recorder.store().claimWork(due.requestId(), due.state(), due.work().nextAttemptAt(),
                lease());
        if (leased.isEmpty()) {
            return;
        }
        Reservation r = leased.get();
        LOG.info("reservation {}: {} attempt {}", r.requestId(), r.state() == ReservationState.ACTIVATING ? "activation"
                : "tear-down", r.work().attempts());
        if (r.state() == ReservationState.ACTIVATING) {
            attemptActivation(r);
        } else {
            attemptTearDown(r);
        }
    }

    /**
     * The pause before the next attempt: doubling with the attempts, unless every part that was
     * not reached answered that its database is restarting ({@link RefusalCode#STORE_UNAVAILABLE}).
     * Such a part answers at once and is back within seconds, so it is asked again after the
     * first pause: the circuit comes up or goes down at most that long after its database is back,
     * where a doubled pause would leave it up to half the outage late.
     */
    private Duration pauseFor(Reservation r, List<Outcome> notReached) {
        boolean restarting = !notReached.isEmpty() && notReached.stream().allMatch(DueWork::storeRestarting);
        return restarting ? retries.pause() : retries.pauseAfter(attemptsOf(r));
    }

    private static boolean storeRestarting(Outcome o) {
        return o.failure() != null && o.failure().refusal().code() == RefusalCode.STORE_UNAVAILABLE;
    }

    /** Records the attempt in the history and the log, and when it is tried next. */
    private Reservation tryAgainLater(Reservation r, List<Segment> segments, String what, List<String> notReached,
                                      Duration pause) {
        Instant next = recorder.now().plus(pause);
        String note = what + " attempt " + attemptsOf(r) + ": not reached: " + String.join("; ", notReached)
                + "; trying again at " + next;
        LOG.warn("reservation {}: {}", r.requestId(), note);
        ReservationTransition entry = recorder.transition(r.state(), r.state(), ReservationService.SCHEDULER, note);
        recorder.store().workLater(r.requestId(), next, entry, segments);
        return recorder.current(r.requestId());
    }

    /** Gives up a held reservation: aborts its segments and ends it in {@code end}. */
    Reservation releaseHeld(Reservation r, ReservationState end, String actor, String reason) {
        return recorder.moveOrCurrent(r, end, actor, reason, negotiation.abortAll(r.requestId(), r.segments(), reason));
    }

    /**
     * What a stopped BAR left: a negotiation is given up (REJECTED, every part aborted), and, by
     * a lone BAR (no age), every activation or tear-down under way is taken over at once; a
     * replica leaves the others' work to their leases.
     *
     * @param olderThan only negotiations unchanged for at least this long; zero for a lone BAR
     * @return how many reservations were given up or taken over
     */
    int reconcile(Duration olderThan) {
        int n = 0;
        for (Reservation r : abandonedNegotiations(olderThan)) {
            n++;
            giveUpNegotiation(r);
        }
        return olderThan.isZero() ? n + recorder.store().endLeases(recorder.now()) : n;
    }

    private List<Reservation> abandonedNegotiations(Duration olderThan) {
        return recorder.store().unchangedSince(EnumSet.of(ReservationState.REQUESTED), recorder.now().minus(olderThan), 10_000);
    }

    private void giveUpNegotiation(Reservation r) {
        LOG.info("reservation {} was left in negotiation since {}; giving it up", r.requestId(), r.updatedAt());
        // The negotiation never finished in time, whatever the parts would have answered.
        String why = "the BAR stopped during negotiation";
        recorder.reject(r, new Refusal(RefusalCode.TIMEOUT, "", why), ReservationService.SCHEDULER, why,
                negotiation.abortAll(r.requestId(), r.segments(), why));
    }

    private Instant lease() {
        return recorder.now().plus(retries.lease());
    }

    private static int attemptsOf(Reservation r) {
        return r.work() == null ? 1 : r.work().attempts();
    }

    private static String attemptsSaid(Reservation r) {
        return attemptsOf(r) > 1 ? " (attempt " + attemptsOf(r) + ")" : "";
    }

    private static String routersOf(List<Segment> segments) {
        return String.join("; ", segments.stream().map(s -> s.controller() + ": " + s.description()).toList());
    }
}
