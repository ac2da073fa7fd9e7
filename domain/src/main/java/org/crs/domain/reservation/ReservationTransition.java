package org.crs.domain.reservation;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of a reservation's append-only history: a move from a state to the next, or a
 * change that keeps the state (a modify: {@code from == to}); who made it, why, when. Only
 * moves that {@link ReservationState} allows can be built.
 *
 * @param from the state before; null only for the creation, which enters {@link ReservationState#REQUESTED}
 * @param to the state after
 * @param actor who made the move: a user, a peer BAR, an operator, or the BAR itself ({@code scheduler})
 * @param reason why, for whoever reads the history
 * @param at when, UTC
 */
public record ReservationTransition(ReservationState from, ReservationState to, String actor, String reason,
                                    Instant at) {

    public ReservationTransition {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        requireText(actor, "actor");
        requireText(reason, "reason");
        if (from == null) {
            if (to != ReservationState.REQUESTED) {
                throw new IllegalStateException("a reservation is created REQUESTED, not " + to);
            }
        } else if (from != to) {
            from.checkMoveTo(to);
        }
    }

    /** The first entry of a reservation's history. */
    public static ReservationTransition created(String actor, String reason, Instant at) {
        return new ReservationTransition(null, ReservationState.REQUESTED, actor, reason, at);
    }

    private static void requireText(String value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
    }
}
