package org.crs.domain.availability;

import static org.crs.domain.Times.hour;
import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.path.PathFinder;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.DemoNetwork;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;
import org.junit.jupiter.api.Test;

/**
 * The demo WAN: core-1 and core-3 joined directly (2.5G, the shorter path) and through
 * core-2 (10G each way).
 */
class SlotSearchTest {

    static final String DIRECT = "core-1-core-3";
    static final String VIA_CORE_2 = "core-1-core-2";

    final WanTopology wan = DemoNetwork.wan();
    final SlotSearch search = new SlotSearch(wan);

    /** Two hours of {@code mbps}, to start from hour 0 to hour 10. */
    static SlotQuery twoHours(long mbps) {
        return new SlotQuery(mbps, Duration.ofHours(2), hour(0), hour(10));
    }

    static StartTimes starts(int... hourBounds) {
        StartTimes starts = StartTimes.none();
        for (int i = 0; i < hourBounds.length; i += 2) {
            starts = starts.union(StartTimes.between(hour(hourBounds[i]), hour(hourBounds[i + 1])));
        }
        return starts;
    }

    static BookingCalendar booked(long mbps, int fromHour, int toHour) {
        return BookingCalendar.of(List.of(new Booking(hours(fromHour, toHour), mbps)));
    }

    @Test
    void onAnEmptyWanEveryStartHasAPath() {
        assertEquals(starts(0, 10), search.startTimes("core-1", "core-3", Map.of(), twoHours(1000)));
    }

    @Test
    void whileTheShortPathIsBusyTheLongerOneGivesTheSlots() {
        Map<String, BookingCalendar> calendars = Map.of(DIRECT, booked(2500, 2, 6));
        StartTimes found = search.startTimes("core-1", "core-3", calendars, twoHours(1000));
        assertEquals(starts(0, 10), found);
        // At hour 1 only the path through core-2 has room.
        assertEquals(List.of("core-1", "core-2", "core-3"), new PathFinder(wan)
                .shortestPath("core-1", "core-3", 1000, PathFinder.freeOver(calendars, twoHours(1000).at(hour(1))))
                .orElseThrow().routers());
    }

    @Test
    void startsAreLostOnlyWhereEveryPathIsBusy() {
        Map<String, BookingCalendar> calendars = Map.of(DIRECT, booked(2500, 2, 6), VIA_CORE_2, booked(9500, 5, 9));
        // Direct: [0, 0] and [6, 10]; through core-2: [0, 3] and [9, 10].
        assertEquals(starts(0, 3, 6, 10), search.startTimes("core-1", "core-3", calendars, twoHours(1000)));
    }

    @Test
    void aBookingTooBigForTheShortPathHasOnlyTheLongerPathsStarts() {
        Map<String, BookingCalendar> calendars = Map.of(VIA_CORE_2, booked(5000, 4, 7));
        assertEquals(starts(0, 2, 7, 10), search.startTimes("core-1", "core-3", calendars, twoHours(6000)));
    }

    @Test
    void linksAreBookedBothWaysSoTheSearchIsSymmetric() {
        Map<String, BookingCalendar> calendars = Map.of(DIRECT, booked(2500, 2, 6), VIA_CORE_2, booked(9500, 5, 9));
        assertEquals(search.startTimes("core-1", "core-3", calendars, twoHours(1000)),
                search.startTimes("core-3", "core-1", calendars, twoHours(1000)));
    }

    @Test
    void maintenanceOnEveryPathLeavesNoStart() {
        BookingCalendar direct = new BookingCalendar();
        direct.addMaintenance(hours(0, 12));
        BookingCalendar viaCore2 = new BookingCalendar();
        viaCore2.addMaintenance(hours(0, 12));
        assertEquals(StartTimes.none(), search.startTimes("core-1", "core-3",
                Map.of(DIRECT, direct, VIA_CORE_2, viaCore2), twoHours(1)));
    }

    @Test
    void bothEndsOnOneRouterFitEveryStart() {
        assertEquals(starts(0, 10), search.startTimes("core-2", "core-2", Map.of(), twoHours(1_000_000)));
        assertEquals(StartTimes.always(), search.startTimes("core-2", "core-2", link -> StartTimes.none()));
    }

    /**
     * Router b is reached early straight from a and late through c; both must be passed on
     * over b-d, so a router's starts must be passed on again when they grow.
     */
    @Test
    void aRouterReachedAtDifferentTimesOverDifferentLinksPassesOnAllOfThem() {
        WanTopology kite = new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2"),
                        new CoreRouter("c", "10.1.0.3"), new CoreRouter("d", "10.1.0.4")),
                List.of(new Link("a-b", "a", "if-ab", "b", "if-ba", 1000, 1),
                        new Link("a-c", "a", "if-ac", "c", "if-ca", 1000, 1),
                        new Link("c-b", "c", "if-cb", "b", "if-bc", 1000, 1),
                        new Link("b-d", "b", "if-bd", "d", "if-db", 1000, 1)),
                List.of());
        Map<String, StartTimes> linkStarts = Map.of(
                "a-b", starts(0, 2), "a-c", starts(6, 9), "c-b", starts(7, 10), "b-d", starts(0, 10));
        assertEquals(starts(0, 2, 7, 9), new SlotSearch(kite).startTimes("a", "d", link -> linkStarts.get(link.id())));
    }

    @Test
    void eachLinkIsAskedForItsStartsAtMostOnce() {
        Map<String, Integer> asked = new HashMap<>();
        search.startTimes("core-1", "core-3", link -> {
            asked.merge(link.id(), 1, Integer::sum);
            return link.id().equals(DIRECT) ? starts(0, 2) : starts(1, 5);
        });
        assertTrue(asked.values().stream().allMatch(times -> times == 1), asked.toString());
    }

    @Test
    void linksBeyondTheDestinationAreNotReadOnceEveryStartHasAPath() {
        WanTopology chain = new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2"),
                        new CoreRouter("c", "10.1.0.3"), new CoreRouter("d", "10.1.0.4")),
                List.of(new Link("a-b", "a", "if-ab", "b", "if-ba", 1000, 1),
                        new Link("b-c", "b", "if-bc", "c", "if-cb", 1000, 1),
                        new Link("c-d", "c", "if-cd", "d", "if-dc", 1000, 1)),
                List.of());
        List<String> asked = new ArrayList<>();
        new SlotSearch(chain).startTimes("a", "b", link -> {
            asked.add(link.id());
            return starts(0, 10);
        });
        assertFalse(asked.contains("c-d"), asked.toString());
    }

    @Test
    void aRouterCutOffFromTheOtherHasNoStart() {
        WanTopology split = new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2"), new CoreRouter("c", "10.1.0.3")),
                List.of(new Link("a-b", "a", "if-ab", "b", "if-ba", 1000, 1)),
                List.of());
        assertEquals(StartTimes.none(), new SlotSearch(split).startTimes("a", "c", Map.of(), twoHours(1)));
    }

    @Test
    void unknownRoutersAreRefusedByName() {
        assertEquals("unknown core router core-9", assertThrows(IllegalArgumentException.class,
                () -> search.startTimes("core-1", "core-9", Map.of(), twoHours(1))).getMessage());
    }

    @Test
    void aTopologyWithProblemsIsRefused() {
        WanTopology broken = new WanTopology(List.of(new CoreRouter("a", "10.1.0.1")),
                List.of(new Link("a-b", "a", "POS0/0", "b", "POS0/0", 1000, 5)), List.of());
        assertEquals("WAN topology has problems: link a-b: unknown core router b",
                assertThrows(IllegalArgumentException.class, () -> new SlotSearch(broken)).getMessage());
    }

    @Test
    void theWidestOnAnEmptyWanIsTheWidestPath() {
        assertEquals(10000, search.widest("core-1", "core-3", Map.of(), Duration.ofHours(2), hour(0), hour(10)));
    }

    @Test
    void theWidestIsTakenAtTheBestStartOfTheWindow() {
        Map<String, BookingCalendar> calendars = Map.of(VIA_CORE_2, booked(9000, 0, 5));
        assertEquals(10000, search.widest("core-1", "core-3", calendars, Duration.ofHours(2), hour(0), hour(10)));
    }

    @Test
    void theWidestCountsOnlyStartsInsideTheWindow() {
        Map<String, BookingCalendar> calendars = Map.of(VIA_CORE_2, booked(9000, 0, 5));
        // Every booking starting by hour 3 overlaps the 9G on core-1-core-2, so the 2.5G direct link is best.
        assertEquals(2500, search.widest("core-1", "core-3", calendars, Duration.ofHours(2), hour(0), hour(3)));
    }

    @Test
    void theWidestIsLimitedByTheNarrowestLinkOfThePath() {
        Map<String, BookingCalendar> calendars = Map.of(DIRECT, booked(2500, 0, 12),
                "core-2-core-3", booked(6800, 0, 12));
        assertEquals(3200, search.widest("core-1", "core-3", calendars, Duration.ofHours(2), hour(0), hour(10)));
    }

    @Test
    void theWidestIsZeroWhenEveryPathIsInMaintenance() {
        BookingCalendar down = new BookingCalendar();
        down.addMaintenance(hours(0, 12));
        assertEquals(0, search.widest("core-1", "core-3", Map.of(DIRECT, down, VIA_CORE_2, down),
                Duration.ofHours(2), hour(0), hour(10)));
    }

    @Test
    void theWidestOnOneRouterIsUnlimited() {
        assertEquals(Long.MAX_VALUE, search.widest("core-2", "core-2", Map.of(), Duration.ofHours(2), hour(0), hour(10)));
    }
}
