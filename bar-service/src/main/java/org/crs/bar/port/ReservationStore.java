package org.crs.bar.port;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.Visibility;

/**
 * Where a BAR keeps its reservations, their segments and their append-only history. The
 * service owns this interface; the JDBC adapter implements it. Every write is one transaction.
 */
public interface ReservationStore {

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

    // ---- work kept until done: activations and tear-downs under way, follow-up calls ----

    /**
     * Moves a reservation into ACTIVATING or RELEASING as {@link #move(String, ReservationTransition, List)}
     * does, with its work leased to the caller until {@code leaseUntil}.
     *
     * @param settlesAs where the work ends once every part has answered (ACTIVE; FINISHED, CANCELLED, FAILED)
     * @return the reservation after the move, or empty when its state had changed meanwhile
     */
    Optional<Reservation> startWork(String requestId, ReservationTransition transition, List<Segment> segments,
                                    Instant leaseUntil, ReservationState settlesAs);

    /** Reservations in ACTIVATING or RELEASING whose next attempt is due at {@code now}, soonest first. */
    List<Reservation> dueWork(Instant now, int limit);

    /**
     * Takes the next attempt of a reservation's work, if it is still in {@code state} and its next
     * attempt is still {@code seen}: leases it until {@code leaseUntil} and counts the attempt. Of
     * replicas racing for the same attempt, one gets it.
     *
     * @return the reservation as leased, or empty when another took the attempt or it moved on
     */
    Optional<Reservation> claimWork(String requestId, ReservationState state, Instant seen, Instant leaseUntil);

    /**
     * Puts a reservation's work off until {@code next}, if it is still in the note's state:
     * records the note (an attempt and what came of it) in its history and the segments as
     * the controllers last answered.
     *
     * @return whether it was still in that state
     */
    boolean workLater(String requestId, Instant next, ReservationTransition note, List<Segment> segments);

    /**
     * Ends every lease at {@code now}: a lone BAR that starts takes over at once all work that
     * its previous run left under way.
     *
     * @return how many reservations had work under way
     */
    int endLeases(Instant now);

    /** Keeps follow-up calls; a follow-up of a booking id that is already kept replaces it. */
    void addFollowUps(List<FollowUp> followUps);

    /** The follow-ups due at {@code now}, soonest first. */
    List<FollowUp> dueFollowUps(Instant now, int limit);

    /** The follow-ups of a reservation still to be made. */
    List<FollowUp> followUps(String requestId);

    /**
     * Takes a follow-up's next attempt, if it is still due as {@code followUp} says: leases it
     * until {@code leaseUntil} and counts the attempt.
     *
     * @return whether this caller got it
     */
    boolean claimFollowUp(FollowUp followUp, Instant leaseUntil);

    /**
     * Ends a follow-up, or puts it off until {@code next}, recording {@code note} in its
     * reservation's history (in the reservation's current state).
     *
     * @param next when to try again; null when the controller answered and it is done
     */
    void followUpTried(FollowUp followUp, Instant next, String actor, String note, Instant at);

    /** Every history entry of a reservation, oldest first. */
    List<ReservationTransition> history(String requestId);

    // ---- approval and quotas ----

    /** Reservations in one of the states whose start is at or before {@code t}, by start, at most {@code limit}. */
    List<Reservation> startedBy(Collection<ReservationState> states, Instant t, int limit);

    /** The reservations booked for {@code group} in one of the states overlapping {@code window}. */
    List<Reservation> ofGroup(String group, Collection<ReservationState> states, TimeInterval window);
}
