package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.notify.Notifications;
import org.crs.bar.port.BookingMeasurements;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records a reservation's moves in the store: each move is conditional on the state it starts
 * from, so two sweeps (or two BAR replicas) never act twice; the loser reads what the winner did.
 * It also keeps the calls that did not reach their parts, as follow-ups to be tried again.
 */
final class Recorder {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);

    /** The longest reason a history keeps. */
    static final int MAX_REASON = 2000;

    private final ReservationStore store;
    private final Clock clock;
    /** Set once at start-up, before the first move; read by every thread that moves. */
    private volatile Notifications notifications = Notifications.NONE;
    /** Set once at start-up, as the notifications are. */
    private volatile BookingMeasurements measurements = BookingMeasurements.NONE;

    Recorder(ReservationStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Tells owners, from now on, about the moves this recorder writes. */
    void notifyWith(Notifications notifications) {
        this.notifications = Objects.requireNonNull(notifications, "notifications");
    }

    Notifications notifications() {
        return notifications;
    }

    /** Measures, from now on, how late the circuits this recorder moves to ACTIVE come up. */
    void measureWith(BookingMeasurements measurements) {
        this.measurements = Objects.requireNonNull(measurements, "measurements");
    }

    BookingMeasurements measurements() {
        return measurements;
    }

    ReservationStore store() {
        return store;
    }

    Instant now() {
        return clock.instant();
    }

    /** The move from {@code from} to {@code next}, as of now, its reason clipped. */
    ReservationTransition transition(ReservationState from, ReservationState next, String actor, String reason) {
        return new ReservationTransition(from, next, actor, clip(reason), now());
    }

    /** Moves it on, if it is still in the state it was read in. */
    Optional<Reservation> move(Reservation r, ReservationState next, String actor, String reason, List<Segment> segments) {
        ReservationTransition t = transition(r.state(), next, actor, reason);
        return told(store.move(r.requestId(), t, segments), List.of(t));
    }

    /**
     * Moves it to REJECTED keeping the refusal's code, or answers it as another move left it.
     *
     * @param reason for the history: the refusal's message and whatever the BAR adds to it
     */
    Reservation reject(Reservation r, Refusal refusal, String actor, String reason, List<Segment> segments) {
        ReservationTransition t = transition(r.state(), ReservationState.REJECTED, actor, reason);
        return told(store.reject(r.requestId(), t, refusal.code(), segments), List.of(t))
                .orElseGet(() -> current(r.requestId()));
    }

    /** Moves it on, or answers it as another move left it. */
    Reservation moveOrCurrent(Reservation r, ReservationState next, String actor, String reason, List<Segment> segments) {
        return move(r, next, actor, reason, segments).orElseGet(() -> current(r.requestId()));
    }

    /** Several moves in one write, or the reservation as another move left it. */
    Reservation moveOrCurrent(Reservation r, List<ReservationTransition> steps, List<Segment> segments) {
        return told(store.move(r.requestId(), steps, segments), steps).orElseGet(() -> current(r.requestId()));
    }

    /** The reservation as it is now; it exists. */
    Reservation current(String requestId) {
        return store.find(requestId).orElseThrow();
    }

    /** Tells the owner about a move this recorder wrote; a move another made is told by it. */
    private Optional<Reservation> told(Optional<Reservation> moved, List<ReservationTransition> steps) {
        moved.ifPresent(after -> {
            notifications.recorded(after, steps);
            for (ReservationTransition t : steps) {
                // a circuit brought up by a provision after its start was not late for it
                boolean forItsStart = after.request().provisioning() == Provisioning.AUTOMATIC
                        || !after.provision().changedAt().isAfter(after.request().interval().start());
                if (t.from() == ReservationState.ACTIVATING && t.to() == ReservationState.ACTIVE && forItsStart) {
                    measurements.circuitUp(Duration.between(after.request().interval().start(), t.at()));
                }
            }
        });
        return moved;
    }

    static String clip(String reason) {
        return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON - 1) + "…";
    }

    /** Keeps calls that did not reach their parts, to be tried again (see {@link org.crs.bar.negotiation.Negotiation.FollowUps}). */
    void keepFollowUps(String requestId, List<Segment> segments, FollowUp.Action action, String reason,
                       Duration after) {
        Instant at = clock.instant().plus(after);
        LOG.warn("reservation {}: {} of {} did not reach its part, or it is still under way there; trying again at {}",
                requestId, action, segments.stream().map(Segment::bookingId).toList(), at);
        store.addFollowUps(segments.stream().map(s -> FollowUp.of(requestId, s, action, reason, at)).toList());
    }
}
