package org.crs.bar.reservation;

import java.util.Optional;

import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;

/**
 * What a reservation's owner is told about (docs/security.md): by mail, when the
 * BAR knows the owner's address, and by each webhook the owner registered.
 *
 * <p>Most events follow from a recorded state change ({@link #of(ReservationTransition)}); the
 * operator's actions that are not one (a maintenance window moving a booking) and the mail
 * before a circuit ends are told explicitly.
 */
public enum NotificationEvent {
    /** An operator approved a booking that waited for approval; it is RESERVED now. */
    APPROVED,
    /** An operator rejected a booking that waited for approval. */
    REJECTED,
    /** A booking that waited for approval was released: its start came before an operator approved it. */
    APPROVAL_LAPSED,
    /** Booked: every segment committed, waiting for its start. The mail carries an iCalendar event. */
    RESERVED,
    /** The circuit is up. */
    ACTIVE,
    /** The circuit ran to its end and is down. */
    FINISHED,
    /** Activation or tear-down failed. */
    FAILED,
    /** A maintenance window moved the booking to another interval. */
    MOVED_BY_MAINTENANCE,
    /** A maintenance window cancelled the booking. */
    CANCELLED_BY_MAINTENANCE,
    /** An active circuit ends soon (a day before, by default); the mail offers to extend it. */
    ENDING_SOON,
    /** The circuit carried nothing in its first minutes of ACTIVE (docs/bar-services.md, "Utilisation"). */
    IDLE,
    /** The circuit's routers counted errors or discards on it. */
    ERRORS;

    /**
     * Whether a reservation has this event at most once: all but a move by maintenance, which
     * may happen again with the next window. The BAR keeps one of each, whoever tells it.
     */
    public boolean once() {
        return this != MOVED_BY_MAINTENANCE;
    }

    /**
     * The event a recorded move is, if any. A refusal at booking time is answered to the caller
     * and is not one. The end of a booking waiting for approval (rejected by an operator, or
     * released at its deadline) is told by the approvals themselves, which know which of the two
     * it was (REJECTED, APPROVAL_LAPSED); an approval is told by both, and kept once. A release
     * (RELEASING -> RESERVED) is the owner's own act and is not told, as a cancel is not.
     */
    public static Optional<NotificationEvent> of(ReservationTransition t) {
        ReservationState from = t.from();
        if (from == null || from == t.to()) {
            return Optional.empty();
        }
        return Optional.ofNullable(switch (t.to()) {
            // RELEASING -> RESERVED: released by its owner (or the owner's NSI requester), who knows
            case RESERVED -> from == ReservationState.PENDING_APPROVAL ? APPROVED
                    : from == ReservationState.RELEASING ? null : RESERVED;
            case ACTIVE -> ACTIVE;
            case FINISHED -> FINISHED;
            case FAILED -> FAILED;
            default -> null;
        });
    }
}
