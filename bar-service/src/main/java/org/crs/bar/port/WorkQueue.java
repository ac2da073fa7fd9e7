package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;

/**
 * The activations and tear-downs under way (a reservation in ACTIVATING or RELEASING), kept
 * until done: each is leased to one BAR replica at a time, tried, and put off when a part did
 * not answer. Replicas racing for the same attempt get it once.
 */
public interface WorkQueue {

    /**
     * Moves a reservation into ACTIVATING or RELEASING as {@link Reservations#move(String, ReservationTransition, List)}
     * does, with its work leased to the caller until {@code leaseUntil}. A move into ACTIVATING
     * takes place only while the reservation may be up ({@link Reservation#mayBeUp()}: AUTOMATIC,
     * or ON_PROVISION and provisioned), in the same conditional write, so that a release racing
     * an activation either stops it from starting or finds it ACTIVATING.
     *
     * @param settlesAs where the work ends once every part has answered (ACTIVE; FINISHED, CANCELLED, FAILED,
     *     or RESERVED for a release before the end)
     * @return the reservation after the move, or empty when its state had changed meanwhile (or, for
     *     an activation, it may not be up)
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
}
