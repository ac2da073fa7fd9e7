package org.crs.bar.reservation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;

/** Which recorded moves tell the owner, and as what. */
class NotificationEventTest {

    static Optional<NotificationEvent> of(ReservationState from, ReservationState to) {
        return NotificationEvent.of(new ReservationTransition(from, to, "someone", "why", Instant.EPOCH));
    }

    @Test
    void aCommittedBookingIsReservedAndAnApprovedOneApproved() {
        assertEquals(Optional.of(NotificationEvent.RESERVED), of(ReservationState.HELD, ReservationState.RESERVED));
        assertEquals(Optional.of(NotificationEvent.APPROVED), of(ReservationState.PENDING_APPROVAL, ReservationState.RESERVED));
    }

    @Test
    void aCircuitThatComesUpEndsOrFailsIsTold() {
        assertEquals(Optional.of(NotificationEvent.ACTIVE), of(ReservationState.ACTIVATING, ReservationState.ACTIVE));
        assertEquals(Optional.of(NotificationEvent.FINISHED), of(ReservationState.RELEASING, ReservationState.FINISHED));
        assertEquals(Optional.of(NotificationEvent.FAILED), of(ReservationState.ACTIVATING, ReservationState.FAILED));
        assertEquals(Optional.of(NotificationEvent.FAILED), of(ReservationState.RELEASING, ReservationState.FAILED));
    }

    @Test
    void aReleaseIsTheOwnersOwnActAndIsNotToldButAnEndWithoutComingUpIs() {
        assertEquals(Optional.empty(), of(ReservationState.RELEASING, ReservationState.RESERVED));
        assertEquals(Optional.of(NotificationEvent.FINISHED), of(ReservationState.RESERVED, ReservationState.FINISHED));
    }

    @Test
    void theEndOfABookingWaitingForApprovalIsLeftToTheApprovalsWhichKnowWhyItEnded() {
        assertEquals(Optional.empty(), of(ReservationState.PENDING_APPROVAL, ReservationState.REJECTED),
                "rejected or lapsed: the approvals tell which");
        assertEquals(Optional.empty(), of(ReservationState.REQUESTED, ReservationState.REJECTED),
                "a refusal at booking time is the caller's answer");
        assertEquals(Optional.empty(), of(ReservationState.HELD, ReservationState.ABORTED));
    }

    @Test
    void stepsOnTheWayAndTheOwnersOwnCancelAreNotTold() {
        for (ReservationState to : EnumSet.of(ReservationState.HELD, ReservationState.PENDING_APPROVAL,
                ReservationState.ACTIVATING, ReservationState.RELEASING, ReservationState.CANCELLED)) {
            for (ReservationState from : ReservationState.values()) {
                if (!from.canMoveTo(to)) {
                    continue;
                }
                assertEquals(Optional.empty(), of(from, to), from + " -> " + to);
            }
        }
        assertEquals(Optional.empty(), of(ReservationState.RESERVED, ReservationState.RESERVED), "a modify");
        assertEquals(Optional.empty(), of(null, ReservationState.REQUESTED), "the creation");
    }

    @Test
    void everyEventButAMoveByMaintenanceHappensOnce() {
        for (NotificationEvent e : NotificationEvent.values()) {
            assertEquals(e != NotificationEvent.MOVED_BY_MAINTENANCE, e.once(), e.name());
        }
        assertTrue(NotificationEvent.ENDING_SOON.once());
        assertFalse(NotificationEvent.MOVED_BY_MAINTENANCE.once());
    }
}
