package org.crs.domain.availability;

import static org.crs.domain.Times.hour;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StartTimesTest {

    static StartWindow window(int fromHour, int toHour) {
        return new StartWindow(hour(fromHour), hour(toHour));
    }

    static StartTimes hours(int... bounds) {
        List<StartWindow> windows = new ArrayList<>();
        for (int i = 0; i < bounds.length; i += 2) {
            windows.add(window(bounds[i], bounds[i + 1]));
        }
        return StartTimes.of(windows);
    }

    @Test
    void aWindowMayNotEndBeforeItStarts() {
        var refused = assertThrows(IllegalArgumentException.class, () -> window(5, 4));
        assertEquals("latest start (2030-01-01T04:00:00Z) must not be before earliest start (2030-01-01T05:00:00Z)",
                refused.getMessage());
    }

    @Test
    void aWindowOfOneInstantIsAllowed() {
        assertEquals(List.of(window(3, 3)), StartTimes.between(hour(3), hour(3)).windows());
    }

    @Test
    void windowsAreSortedAndOverlappingOnesMerged() {
        StartTimes starts = StartTimes.of(List.of(window(8, 9), window(1, 3), window(2, 5)));
        assertEquals(List.of(window(1, 5), window(8, 9)), starts.windows());
    }

    @Test
    void windowsOneNanosecondApartAreOneWindow() {
        StartTimes starts = StartTimes.of(List.of(window(1, 2),
                new StartWindow(hour(2).plusNanos(1), hour(3))));
        assertEquals(List.of(window(1, 3)), starts.windows());
    }

    @Test
    void windowsTwoNanosecondsApartStayApart() {
        StartTimes starts = StartTimes.of(List.of(window(1, 2),
                new StartWindow(hour(2).plusNanos(2), hour(3))));
        assertEquals(2, starts.windows().size());
        assertFalse(starts.contains(hour(2).plusNanos(1)));
    }

    @Test
    void noneIsEmptyAndHasNoEarliest() {
        assertTrue(StartTimes.none().isEmpty());
        assertEquals(Optional.empty(), StartTimes.none().earliest());
        assertEquals(List.of(), StartTimes.of(List.of()).windows());
    }

    @Test
    void intersectKeepsWhatBothSetsHold() {
        assertEquals(hours(2, 3, 5, 6, 8, 9), hours(1, 3, 5, 9).intersect(hours(2, 6, 8, 10)));
    }

    @Test
    void windowsThatMeetAtOneInstantIntersectInThatInstant() {
        assertEquals(hours(4, 4), hours(1, 4).intersect(hours(4, 7)));
    }

    @Test
    void intersectWithNoneIsNone() {
        assertEquals(StartTimes.none(), hours(1, 4).intersect(StartTimes.none()));
    }

    @Test
    void unionJoinsWindowsThatOverlapOrTouch() {
        assertEquals(hours(1, 6, 8, 9), hours(1, 3, 8, 9).union(hours(3, 6)));
    }

    @Test
    void unionWithNoneIsTheSameSet() {
        assertEquals(hours(1, 3), hours(1, 3).union(StartTimes.none()));
        assertEquals(hours(1, 3), StartTimes.none().union(hours(1, 3)));
    }

    @Test
    void minusLeavesEverythingUpToTheNanosecondsNextToWhatIsRemoved() {
        assertEquals(List.of(new StartWindow(hour(1), hour(3).minusNanos(1)),
                        new StartWindow(hour(4).plusNanos(1), hour(6).minusNanos(1)),
                        new StartWindow(hour(6).plusNanos(1), hour(8))),
                hours(1, 8).minus(hours(3, 4, 6, 6)).windows());
    }

    @Test
    void minusASetThatCoversEverythingIsNone() {
        assertEquals(StartTimes.none(), hours(2, 3, 5, 6).minus(hours(1, 7)));
    }

    @Test
    void minusNoneIsTheSameSet() {
        assertEquals(hours(1, 3), hours(1, 3).minus(StartTimes.none()));
    }

    @Test
    void shiftMovesEveryWindow() {
        assertEquals(hours(3, 5, 9, 9), hours(1, 3, 7, 7).shift(Duration.ofHours(2)));
        assertEquals(hours(0, 2), hours(1, 3).shift(Duration.ofHours(-1)));
    }

    @Test
    void earliestIsTheFirstStart() {
        assertEquals(Optional.of(hour(4)), hours(9, 10, 4, 5).earliest());
    }

    @Test
    void containsTakesBothEndsOfAWindowAndNothingBetweenWindows() {
        StartTimes starts = hours(1, 3, 5, 5);
        assertTrue(starts.contains(hour(1)));
        assertTrue(starts.contains(hour(2)));
        assertTrue(starts.contains(hour(3)));
        assertTrue(starts.contains(hour(5)));
        assertFalse(starts.contains(hour(3).plusNanos(1)));
        assertFalse(starts.contains(hour(4)));
        assertFalse(starts.contains(hour(0)));
        assertFalse(starts.contains(hour(6)));
    }

    @Test
    void onOrAfterCutsTheWindowTheInstantFallsIn() {
        assertEquals(hours(2, 3, 5, 6), hours(1, 3, 5, 6).onOrAfter(hour(2)));
        assertEquals(hours(5, 6), hours(1, 3, 5, 6).onOrAfter(hour(4)));
        assertEquals(StartTimes.none(), hours(1, 3).onOrAfter(hour(4)));
    }

    @Test
    void setsWithTheSameInstantsAreEqualHowEverTheyWereBuilt() {
        StartTimes built = hours(1, 2).union(hours(2, 4)).union(hours(7, 8));
        StartTimes given = hours(7, 8, 1, 4);
        assertEquals(given, built);
        assertEquals(given.hashCode(), built.hashCode());
    }

    @Test
    void aSetReadsAsItsWindows() {
        assertEquals("{[2030-01-01T01:00:00Z, 2030-01-01T02:00:00Z], [2030-01-01T05:00:00Z, 2030-01-01T05:00:00Z]}",
                hours(1, 2, 5, 5).toString());
    }

    @Test
    void instantsBeyondWhatALongOfNanosecondsHoldsAreRefused() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> StartTimes.between(Instant.parse("2030-01-01T00:00:00Z"), Instant.parse("2300-01-01T00:00:00Z")));
        assertEquals("2300-01-01T00:00:00Z is outside what StartTimes can hold (1677-09-21 to 2262-04-11)",
                refused.getMessage());
    }

    @Test
    void alwaysHoldsEveryInstantBetween1677And2262() {
        assertTrue(StartTimes.always().contains(Instant.parse("1700-01-01T00:00:00Z")));
        assertTrue(StartTimes.always().contains(Instant.parse("2262-01-01T00:00:00Z")));
        assertEquals(hours(1, 3), StartTimes.always().intersect(hours(1, 3)));
    }

    /** Random sets of whole hours, checked instant by instant against their definitions. */
    @Test
    void unionIntersectAndMinusAgreeWithMembershipHourByHour() {
        Random random = new Random(7);
        for (int round = 0; round < 500; round++) {
            StartTimes a = randomSet(random);
            StartTimes b = randomSet(random);
            StartTimes union = a.union(b);
            StartTimes intersection = a.intersect(b);
            StartTimes difference = a.minus(b);
            for (int h = -1; h <= 41; h++) {
                for (Instant at : List.of(hour(h), hour(h).plusNanos(1), hour(h).minusNanos(1))) {
                    assertEquals(a.contains(at) || b.contains(at), union.contains(at), () -> a + " ∪ " + b + " at " + at);
                    assertEquals(a.contains(at) && b.contains(at), intersection.contains(at),
                            () -> a + " ∩ " + b + " at " + at);
                    assertEquals(a.contains(at) && !b.contains(at), difference.contains(at),
                            () -> a + " − " + b + " at " + at);
                }
            }
            assertEquals(union, b.union(a));
            assertEquals(intersection, b.intersect(a));
        }
    }

    private static StartTimes randomSet(Random random) {
        List<StartWindow> windows = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            int from = random.nextInt(40);
            windows.add(window(from, from + random.nextInt(6)));
        }
        return StartTimes.of(windows);
    }
}
