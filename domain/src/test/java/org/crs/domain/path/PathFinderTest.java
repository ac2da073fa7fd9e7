package org.crs.domain.path;

import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.ToLongFunction;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.DemoNetwork;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;
import org.junit.jupiter.api.Test;

class PathFinderTest {

    static final TimeInterval BOOKED = hours(10, 12);
    static final ToLongFunction<Link> ALL_FREE = Link::capacityMbps;

    final WanTopology wan = DemoNetwork.wan();
    final PathFinder finder = new PathFinder(wan);
    final AccessPoint siteA = wan.accessPoint("site-a").orElseThrow();
    final AccessPoint siteB = wan.accessPoint("site-b").orElseThrow();

    static List<String> linkIds(Optional<Path> path) {
        return path.orElseThrow().links().stream().map(Link::id).toList();
    }

    @Test
    void theShortestPathIsTakenWhenItHasRoom() {
        Path path = finder.shortestPath(siteA, siteB, 1000, ALL_FREE).orElseThrow();
        assertEquals(List.of("core-1-core-3"), linkIds(Optional.of(path)));
        Hop hop = path.hops().get(0);
        assertEquals("core-1", hop.router());
        assertEquals("POS4/0", hop.outgoingInterface());
        assertEquals("core-3", hop.nextRouter());
        assertEquals(List.of("10.0.0.3"), path.explicitPathAddresses());
        assertEquals(10, path.metric());
    }

    @Test
    void whenTheShortPathIsFullOverTheIntervalTheLongerOneIsTaken() {
        Map<String, BookingCalendar> calendars = Map.of(
                "core-1-core-3", BookingCalendar.of(List.of(new Booking(hours(11, 13), 2000))));
        Path path = finder.shortestPath(siteA, siteB, 1000, PathFinder.freeOver(calendars, BOOKED)).orElseThrow();
        assertEquals(List.of("core-1-core-2", "core-2-core-3"), linkIds(Optional.of(path)));
        assertEquals(List.of("core-1", "core-2", "core-3"), path.routers());
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), path.explicitPathAddresses());
        assertEquals(List.of("POS4/1", "POS4/1"), path.hops().stream().map(Hop::outgoingInterface).toList());
        assertEquals(20, path.metric());
    }

    @Test
    void aBookingEndingWhenTheIntervalStartsDoesNotPushThePathAside() {
        Map<String, BookingCalendar> calendars = Map.of(
                "core-1-core-3", BookingCalendar.of(List.of(new Booking(hours(8, 10), 2500))));
        assertEquals(List.of("core-1-core-3"),
                linkIds(finder.shortestPath(siteA, siteB, 1000, PathFinder.freeOver(calendars, BOOKED))));
    }

    @Test
    void thereIsNoPathWhenNeitherFits() {
        Map<String, BookingCalendar> calendars = Map.of(
                "core-1-core-3", BookingCalendar.of(List.of(new Booking(hours(0, 24), 2000))),
                "core-2-core-3", BookingCalendar.of(List.of(new Booking(hours(11, 12), 9500))));
        assertEquals(Optional.empty(), finder.shortestPath(siteA, siteB, 1000, PathFinder.freeOver(calendars, BOOKED)));
    }

    @Test
    void aRequestLargerThanEveryLinkHasNoPath() {
        assertEquals(Optional.empty(), finder.shortestPath(siteA, siteB, 10001, ALL_FREE));
    }

    @Test
    void aLinkInMaintenanceIsPruned() {
        BookingCalendar direct = new BookingCalendar();
        direct.addMaintenance(hours(11, 12));
        assertEquals(List.of("core-1-core-2", "core-2-core-3"), linkIds(finder.shortestPath(siteA, siteB, 10,
                PathFinder.freeOver(Map.of("core-1-core-3", direct), BOOKED))));
    }

    @Test
    void aPathIsWalkedBackwardsFromTheOtherSite() {
        Path path = finder.shortestPath(siteB, siteA, 5000, ALL_FREE).orElseThrow();
        assertEquals(List.of("core-3", "core-2", "core-1"), path.routers());
        assertEquals(List.of("POS4/1", "POS4/0"), path.hops().stream().map(Hop::outgoingInterface).toList());
        assertEquals(List.of("10.0.0.2", "10.0.0.1"), path.explicitPathAddresses());
    }

    @Test
    void accessPointsOnOneRouterNeedNoLink() {
        Path path = finder.shortestPath("core-2", "core-2", 10000, link -> 0).orElseThrow();
        assertEquals(List.of(), path.hops());
        assertEquals(List.of(), path.links());
        assertEquals(List.of("core-2"), path.routers());
        assertEquals(0, path.metric());
    }

    /** A square: a to d through b or through c, every link of metric 5. */
    static WanTopology square(List<String> ids) {
        List<Link> links = new ArrayList<>(List.of(
                new Link(ids.get(0), "a", "if-ab", "b", "if-ba", 1000, 5),
                new Link(ids.get(1), "b", "if-bd", "d", "if-db", 1000, 5),
                new Link(ids.get(2), "a", "if-ac", "c", "if-ca", 1000, 5),
                new Link(ids.get(3), "c", "if-cd", "d", "if-dc", 1000, 5)));
        return new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2"),
                        new CoreRouter("c", "10.1.0.3"), new CoreRouter("d", "10.1.0.4")),
                links, List.of());
    }

    @Test
    void equalPathsAreSettledByTheLowestLinkIdNearestTheDestination() {
        WanTopology viaB = square(List.of("a-b", "b-d", "a-c", "c-d"));
        assertEquals(List.of("a-b", "b-d"), linkIds(new PathFinder(viaB).shortestPath("a", "d", 10, ALL_FREE)));

        WanTopology viaC = square(List.of("a-b", "x-b-d", "a-c", "c-d"));
        assertEquals(List.of("a-c", "c-d"), linkIds(new PathFinder(viaC).shortestPath("a", "d", 10, ALL_FREE)));
    }

    @Test
    void theTieBreakDoesNotDependOnTheOrderOfTheTopologyFile() {
        WanTopology ordered = square(List.of("a-b", "b-d", "a-c", "c-d"));
        for (int seed = 0; seed < 10; seed++) {
            List<Link> shuffled = new ArrayList<>(ordered.links());
            Collections.shuffle(shuffled, new Random(seed));
            List<CoreRouter> routers = new ArrayList<>(ordered.coreRouters());
            Collections.shuffle(routers, new Random(seed));
            WanTopology wanInAnotherOrder = new WanTopology(routers, shuffled, List.of());
            assertEquals(List.of("a-b", "b-d"),
                    linkIds(new PathFinder(wanInAnotherOrder).shortestPath("a", "d", 10, ALL_FREE)));
        }
    }

    @Test
    void ofTwoParallelLinksTheLowerIdIsTakenUnlessItIsFull() {
        WanTopology parallel = new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2")),
                List.of(new Link("a-b-2", "a", "POS1/0", "b", "POS1/0", 1000, 5),
                        new Link("a-b-1", "a", "POS0/0", "b", "POS0/0", 1000, 5)),
                List.of());
        PathFinder parallelFinder = new PathFinder(parallel);
        assertEquals(List.of("a-b-1"), linkIds(parallelFinder.shortestPath("a", "b", 10, ALL_FREE)));
        assertEquals(List.of("a-b-2"), linkIds(parallelFinder.shortestPath("a", "b", 10,
                link -> link.id().equals("a-b-1") ? 0 : 1000)));
    }

    @Test
    void aCheaperLongerPathBeatsAFewerHopPath() {
        WanTopology wan = new WanTopology(
                List.of(new CoreRouter("a", "10.1.0.1"), new CoreRouter("b", "10.1.0.2"), new CoreRouter("c", "10.1.0.3")),
                List.of(new Link("a-c", "a", "POS0/0", "c", "POS0/0", 1000, 30),
                        new Link("a-b", "a", "POS1/0", "b", "POS1/0", 1000, 10),
                        new Link("b-c", "b", "POS2/0", "c", "POS2/0", 1000, 10)),
                List.of());
        assertEquals(List.of("a-b", "b-c"), linkIds(new PathFinder(wan).shortestPath("a", "c", 10, ALL_FREE)));
    }

    @Test
    void eachLinkIsAskedForItsFreeBandwidthAtMostOnce() {
        Map<String, Integer> asked = new HashMap<>();
        finder.shortestPath(siteA, siteB, 5000, link -> {
            asked.merge(link.id(), 1, Integer::sum);
            return link.capacityMbps();
        });
        assertTrue(asked.values().stream().allMatch(times -> times == 1), asked.toString());
    }

    @Test
    void unknownRoutersAreRefusedByName() {
        assertEquals("unknown core router core-9", assertThrows(IllegalArgumentException.class,
                () -> finder.shortestPath("core-1", "core-9", 10, ALL_FREE)).getMessage());
    }

    @Test
    void aTopologyWithProblemsIsRefused() {
        WanTopology broken = new WanTopology(List.of(new CoreRouter("a", "10.1.0.1")),
                List.of(new Link("a-b", "a", "POS0/0", "b", "POS0/0", 1000, 5)), List.of());
        assertEquals("WAN topology has problems: link a-b: unknown core router b",
                assertThrows(IllegalArgumentException.class, () -> new PathFinder(broken)).getMessage());
    }

    @Test
    void hopsMustChainFromSourceToDestination() {
        Link link = wan.link("core-1-core-2").orElseThrow();
        Hop hop = new Hop("core-1", link, "core-2", "10.0.0.2");
        assertThrows(IllegalArgumentException.class, () -> new Path("core-1", "core-3", List.of(hop)));
        assertThrows(IllegalArgumentException.class, () -> new Path("core-2", "core-2", List.of(hop)));
        assertThrows(IllegalArgumentException.class, () -> new Hop("core-1", link, "core-3", "10.0.0.3"));
    }
}
