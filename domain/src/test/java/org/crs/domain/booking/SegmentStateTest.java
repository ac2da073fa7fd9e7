package org.crs.domain.booking;

import static org.crs.domain.Times.hour;
import static org.crs.domain.booking.SegmentState.ABORTED;
import static org.crs.domain.booking.SegmentState.ACTIVATING;
import static org.crs.domain.booking.SegmentState.ACTIVE;
import static org.crs.domain.booking.SegmentState.COMMITTED;
import static org.crs.domain.booking.SegmentState.DEACTIVATING;
import static org.crs.domain.booking.SegmentState.EXPIRED;
import static org.crs.domain.booking.SegmentState.FAILED;
import static org.crs.domain.booking.SegmentState.HELD;
import static org.crs.domain.booking.SegmentState.RELEASED;
import static org.crs.domain.booking.SegmentState.SUSPENDING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SegmentStateTest {

    /** The table of SegmentState, written out again here so a change to it is a deliberate one. */
    static final List<List<SegmentState>> ALLOWED = List.of(
            List.of(HELD, COMMITTED), List.of(HELD, ABORTED), List.of(HELD, EXPIRED),
            List.of(COMMITTED, ACTIVATING), List.of(COMMITTED, ABORTED), List.of(COMMITTED, RELEASED),
            List.of(ACTIVATING, COMMITTED), List.of(ACTIVATING, ACTIVE), List.of(ACTIVATING, FAILED),
            List.of(ACTIVATING, DEACTIVATING),
            List.of(ACTIVE, DEACTIVATING), List.of(ACTIVE, SUSPENDING),
            List.of(DEACTIVATING, RELEASED), List.of(DEACTIVATING, FAILED),
            List.of(SUSPENDING, COMMITTED), List.of(SUSPENDING, DEACTIVATING), List.of(SUSPENDING, FAILED));

    @Test
    void exactlyTheMovesOfTheTableAreAllowed() {
        for (SegmentState from : SegmentState.values()) {
            for (SegmentState to : SegmentState.values()) {
                assertEquals(ALLOWED.contains(List.of(from, to)), from.canMoveTo(to), from + " -> " + to);
            }
        }
    }

    @Test
    void aBookingThatRunsItsCourseGoesFromHeldToReleased() {
        List<SegmentState> course = List.of(HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING, RELEASED);
        for (int i = 1; i < course.size(); i++) {
            course.get(i - 1).checkMoveTo(course.get(i));
        }
    }

    @Test
    void aRefusedMoveNamesBothStatesAndWhatIsAllowed() {
        var refused = assertThrows(IllegalStateException.class, () -> HELD.checkMoveTo(ACTIVE));
        assertEquals("a segment cannot move from HELD to ACTIVE (allowed from HELD: COMMITTED, ABORTED, EXPIRED)",
                refused.getMessage());
    }

    @Test
    void nothingLeavesAFinalState() {
        var refused = assertThrows(IllegalStateException.class, () -> RELEASED.checkMoveTo(ACTIVE));
        assertEquals("a segment cannot move from RELEASED to ACTIVE (allowed from RELEASED: none, it is final)",
                refused.getMessage());
        for (SegmentState state : EnumSet.of(RELEASED, ABORTED, EXPIRED, FAILED)) {
            assertTrue(state.isFinal(), state.name());
            assertEquals(Set.of(), state.next());
        }
    }

    @Test
    void stayingInTheSameStateIsNotAMove() {
        for (SegmentState state : SegmentState.values()) {
            assertFalse(state.canMoveTo(state), state.name());
        }
    }

    @Test
    void anActiveCircuitIsAlwaysTakenOffItsRoutersBeforeItEndsOrWaitsAgain() {
        assertEquals(EnumSet.of(DEACTIVATING, SUSPENDING), ACTIVE.next());
    }

    @Test
    void aSuspendedCircuitIsCommittedAgainKeepingItsBookingAndMayBeActivatedOnceMore() {
        List<SegmentState> course = List.of(ACTIVE, SUSPENDING, COMMITTED, ACTIVATING, ACTIVE);
        for (int i = 1; i < course.size(); i++) {
            course.get(i - 1).checkMoveTo(course.get(i));
        }
        assertTrue(SUSPENDING.holdsResources());
        assertFalse(SUSPENDING.canMoveTo(RELEASED), "a suspension never ends the booking by itself");
    }

    @Test
    void anInterruptedActivationGoesBackToCommittedButAnActiveCircuitDoesNot() {
        ACTIVATING.checkMoveTo(COMMITTED);
        assertFalse(ACTIVE.canMoveTo(COMMITTED));
        assertFalse(DEACTIVATING.canMoveTo(COMMITTED));
    }

    @Test
    void everyStateUntilTheEndHoldsItsResources() {
        for (SegmentState state : SegmentState.values()) {
            boolean holds = EnumSet.of(HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING, SUSPENDING).contains(state);
            assertEquals(holds, state.holdsResources(), state.name());
            assertEquals(!holds, state.isFinal(), state.name());
        }
    }

    @Test
    void aTransitionRecordsWhoMovedTheSegmentWhyAndWhen() {
        Transition transition = new Transition(HELD, COMMITTED, "bar-site-a", "all segments held", hour(1));
        assertEquals(HELD, transition.from());
        assertEquals(COMMITTED, transition.to());
        assertEquals("bar-site-a", transition.actor());
        assertEquals("all segments held", transition.reason());
        assertEquals(hour(1), transition.at());
    }

    @Test
    void anIllegalTransitionCannotBeRecorded() {
        var refused = assertThrows(IllegalStateException.class,
                () -> new Transition(COMMITTED, ACTIVE, "scheduler", "start time", hour(1)));
        assertTrue(refused.getMessage().startsWith("a segment cannot move from COMMITTED to ACTIVE"), refused.getMessage());
    }

    @Test
    void aSegmentIsCreatedHeld() {
        Transition created = Transition.created("bar-site-a", "hold requested", hour(1));
        assertEquals(null, created.from());
        assertEquals(HELD, created.to());
        assertThrows(IllegalStateException.class, () -> new Transition(null, COMMITTED, "bar-site-a", "commit", hour(1)));
    }

    @Test
    void aTransitionNeedsAnActorAndAReason() {
        assertEquals("actor must not be blank", assertThrows(IllegalArgumentException.class,
                () -> new Transition(HELD, EXPIRED, " ", "hold expired", hour(1))).getMessage());
        assertEquals("reason", assertThrows(NullPointerException.class,
                () -> new Transition(HELD, EXPIRED, "scheduler", null, hour(1))).getMessage());
    }
}
