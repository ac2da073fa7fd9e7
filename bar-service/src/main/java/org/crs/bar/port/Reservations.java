package org.crs.bar.port;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.Visibility;

/**
 * Where a BAR keeps its reservations, their segments and their append-only history. Every
 * write is one transaction; a move or a modify changes a reservation only while it is still
 * in the state the caller saw, so of two concurrent changes one wins.
 */
public interface Reservations {


    /**
     * Stores a new reservation in state REQUESTED with its first history entry.
     *
     * @return the stored reservation, or empty when one with the same request id exists (nothing changed)
     */
    Optional<Reservation> create(ReservationRequest request, String owner, List<Segment> segments,
                                 ReservationTransition created);

    Optional<Reservation> find(String requestId);

    /** The reservation one of whose segments is booked under {@code bookingId} now. */
    Optional<Reservation> findByBookingId(String bookingId);

    /**
     * Reservations in one of the states (all when empty) overlapping the window (any time when
     * null), by start time then request id, at most {@code limit}.
     */
    default List<Reservation> list(Collection<ReservationState> states, TimeInterval window, int limit) {
        return list(states, window, Visibility.ALL, limit);
    }

    /** As {@link #list(Collection, TimeInterval, int)}, only those {@code visibility} lets through. */
    List<Reservation> list(Collection<ReservationState> states, TimeInterval window, Visibility visibility, int limit);

    /** Reservations in one of the states whose end is at or before {@code t}, at most {@code limit}. */
    List<Reservation> endedBy(Collection<ReservationState> states, Instant t, int limit);

    /** Reservations in one of the states unchanged since {@code t} or before, at most {@code limit}. */
    List<Reservation> unchangedSince(Collection<ReservationState> states, Instant t, int limit);

    /** Reservations changed at or after {@code t}, the least recently changed first (a live feed's next page). */
    List<Reservation> changedSince(Instant t, int limit);

    /**
     * Moves a reservation to a new state if it is still in the state the transition starts
     * from, records the transition, and stores its segments as given.
     *
     * @return the reservation after the move, or empty when its state had changed meanwhile
     */
    default Optional<Reservation> move(String requestId, ReservationTransition transition, List<Segment> segments) {
        return move(requestId, List.of(transition), segments);
    }

    /**
     * Moves a reservation through consecutive transitions in one write (each starting where the
     * one before ended), if it is still in the state the first starts from; records every one
     * of them and stores the segments as given. The BAR records HELD and RESERVED together this
     * way when it commits the segments straight after holding them.
     *
     * @return the reservation after the last move, or empty when its state had changed meanwhile
     * @throws IllegalArgumentException if the steps are empty or not consecutive
     */
    Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments);

    /**
     * Moves a reservation to REJECTED as {@link #move(String, ReservationTransition, List)} does,
     * and keeps why for programs: the reservation answers {@code code} from then on.
     *
     * @return the reservation after the move, or empty when its state had changed meanwhile
     * @throws IllegalArgumentException if the transition does not end in REJECTED
     */
    Optional<Reservation> reject(String requestId, ReservationTransition rejection, RefusalCode code,
                                 List<Segment> segments);

    /** Stores what the controllers last answered about the segments; the state stays. */
    void updateSegments(String requestId, List<Segment> segments);

    /**
     * Replaces the request (a modify: new end, new bandwidth) and segments of a reservation that
     * is still in {@code state}, recording a history entry that keeps the state.
     *
     * @return the reservation after the change, or empty when its state had changed meanwhile
     */
    Optional<Reservation> modify(String requestId, ReservationState state, ReservationRequest modified,
                                 List<Segment> segments, String actor, String reason, Instant at);

    /**
     * Provisions or releases a reservation booked {@link org.crs.bar.reservation.Provisioning#ON_PROVISION}:
     * sets whether it is provisioned, if it is still in the note's state and is not so already,
     * and records the note (which keeps the state) in its history.
     *
     * @param provisioned true to provision, false to release
     * @param note from and to the state the caller saw, with who and why
     * @return the reservation after the change, or empty when nothing changed: its state had
     *     changed meanwhile, it is AUTOMATIC, or it was provisioned (or released) already
     * @throws IllegalArgumentException if the note changes the state
     */
    Optional<Reservation> provision(String requestId, boolean provisioned, ReservationTransition note);

    /**
     * Reservations booked ON_PROVISION in one of the states that are not provisioned (released,
     * or never provisioned), by start, at most {@code limit}: an ACTIVE one among them is to be
     * taken down.
     */
    List<Reservation> released(Collection<ReservationState> states, int limit);

    /** Every history entry of a reservation, oldest first. */
    List<ReservationTransition> history(String requestId);

    // ---- approval and quotas ----

    /** Reservations in one of the states whose start is at or before {@code t}, by start, at most {@code limit}. */
    List<Reservation> startedBy(Collection<ReservationState> states, Instant t, int limit);

    /** The reservations booked for {@code group} in one of the states overlapping {@code window}. */
    List<Reservation> ofGroup(String group, Collection<ReservationState> states, TimeInterval window);
}
