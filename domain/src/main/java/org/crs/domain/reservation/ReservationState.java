package org.crs.domain.reservation;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The state of a reservation held by a BAR: a circuit from a host at one site to a host at
 * another, made of segments held by L-NSAPs, the NSAP and peer BARs.
 *
 * <pre>
 *   REQUESTED -> HELD -> (PENDING_APPROVAL) -> RESERVED -> ACTIVATING -> ACTIVE -> RELEASING -> FINISHED
 *   REQUESTED -> REJECTED (a segment refused)      HELD -> ABORTED (client abort, hold lapsed, a commit failed)
 *   ACTIVATING -> FAILED (rolled back)              RESERVED, HELD, PENDING_APPROVAL -> CANCELLED
 *   ACTIVE -> RELEASING -> CANCELLED (cancelled while active: torn down first)
 *
 *   A reservation that comes up only while provisioned (ON_PROVISION):
 *   ACTIVE -> RELEASING -> RESERVED        (released before its end: torn down, booking kept)
 *   ACTIVATING -> RELEASING -> RESERVED    (released while its activation was under way)
 *   RESERVED -> FINISHED                   (not provisioned at its end: it never came up, or was released)
 * </pre>
 *
 * <p>{@link #ALLOWED} is the one table of moves. Staying in a state (a modify of a RESERVED
 * reservation) is not a move.
 */
public enum ReservationState {
    /** Accepted for negotiation; its segments are being held. */
    REQUESTED,
    /** Every segment is held; waits for commit (a hold-only request) or approval. */
    HELD,
    /** Held, waiting for an operator's approval. */
    PENDING_APPROVAL,
    /**
     * Every segment committed; waits for its start time (or, for a reservation that comes up
     * only while provisioned, for its provision), or was released before its end.
     */
    RESERVED,
    /** Segments are being configured on the routers. */
    ACTIVATING,
    /** The circuit is up. */
    ACTIVE,
    /** Segments are being taken off the routers, at the end time, on cancel, or on release. */
    RELEASING,
    /** Ran to its end and was torn down (or was not up at its end: not provisioned then). Final. */
    FINISHED,
    /** A segment refused (no capacity, policy) or did not answer; nothing stays held. Final. */
    REJECTED,
    /** Given up after holding: by the client, because the hold lapsed, or a commit failed. Final. */
    ABORTED,
    /** Activation or tear-down failed; what could be was rolled back. Final. */
    FAILED,
    /** Cancelled by its owner or an operator; its segments released (torn down first if active). Final. */
    CANCELLED;

    private static final Map<ReservationState, Set<ReservationState>> ALLOWED = new EnumMap<>(ReservationState.class);

    static {
        ALLOWED.put(REQUESTED, EnumSet.of(HELD, REJECTED));
        ALLOWED.put(HELD, EnumSet.of(PENDING_APPROVAL, RESERVED, ABORTED, CANCELLED));
        ALLOWED.put(PENDING_APPROVAL, EnumSet.of(RESERVED, REJECTED, ABORTED, CANCELLED));
        // FINISHED: a reservation that comes up only while provisioned and was not provisioned at its end.
        ALLOWED.put(RESERVED, EnumSet.of(ACTIVATING, CANCELLED, FAILED, FINISHED));
        // RELEASING: released while its activation was under way; what was configured is taken off again.
        ALLOWED.put(ACTIVATING, EnumSet.of(ACTIVE, FAILED, RELEASING));
        ALLOWED.put(ACTIVE, EnumSet.of(RELEASING));
        // RESERVED: released before its end; down, and booked for the rest of its schedule.
        ALLOWED.put(RELEASING, EnumSet.of(FINISHED, CANCELLED, FAILED, RESERVED));
        for (ReservationState end : EnumSet.of(FINISHED, REJECTED, ABORTED, FAILED, CANCELLED)) {
            ALLOWED.put(end, EnumSet.noneOf(ReservationState.class));
        }
    }

    /** Whether the table allows moving from this state to {@code next}. */
    public boolean canMoveTo(ReservationState next) {
        return ALLOWED.get(this).contains(next);
    }

    /**
     * Returns normally when the move to {@code next} is allowed.
     *
     * @throws IllegalStateException naming both states and the moves that are allowed
     */
    public void checkMoveTo(ReservationState next) {
        if (!canMoveTo(next)) {
            String allowed = isFinal() ? "none, it is final"
                    : ALLOWED.get(this).stream().map(Enum::name).collect(Collectors.joining(", "));
            throw new IllegalStateException("a reservation cannot move from " + this + " to " + next
                    + " (allowed from " + this + ": " + allowed + ")");
        }
    }

    /** Whether no move leaves this state. */
    public boolean isFinal() {
        return ALLOWED.get(this).isEmpty();
    }

    /** Whether the reservation's segments are booked in this state (held, committed or configured). */
    public boolean holdsSegments() {
        return switch (this) {
            case HELD, PENDING_APPROVAL, RESERVED, ACTIVATING, ACTIVE, RELEASING -> true;
            case REQUESTED, FINISHED, REJECTED, ABORTED, FAILED, CANCELLED -> false;
        };
    }
}
