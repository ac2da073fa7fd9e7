package org.crs.domain.reservation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The moves a reservation that comes up only while provisioned adds to the table. */
class ReservationStateTest {

    @Test
    void aReleaseBeforeTheEndTakesTheCircuitDownBackToReserved() {
        assertTrue(ReservationState.ACTIVE.canMoveTo(ReservationState.RELEASING));
        assertTrue(ReservationState.RELEASING.canMoveTo(ReservationState.RESERVED));
    }

    @Test
    void aReleaseDuringTheActivationTakesDownWhatCameUp() {
        assertTrue(ReservationState.ACTIVATING.canMoveTo(ReservationState.RELEASING));
    }

    @Test
    void aReservationNeverProvisionedEndsFinishedWithoutComingUp() {
        assertTrue(ReservationState.RESERVED.canMoveTo(ReservationState.FINISHED));
    }

    @Test
    void aReservedReservationStillCannotSkipItsActivation() {
        assertFalse(ReservationState.RESERVED.canMoveTo(ReservationState.ACTIVE));
        assertFalse(ReservationState.RESERVED.canMoveTo(ReservationState.RELEASING));
        assertThrows(IllegalStateException.class, () -> ReservationState.RESERVED.checkMoveTo(ReservationState.ACTIVE));
    }

    @Test
    void finalStatesStayFinal() {
        for (ReservationState s : ReservationState.values()) {
            if (s.isFinal()) {
                for (ReservationState next : ReservationState.values()) {
                    assertFalse(s.canMoveTo(next), s + " -> " + next);
                }
            }
        }
        assertFalse(ReservationState.RESERVED.isFinal());
    }
}
