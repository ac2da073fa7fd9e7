package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeSet;
import java.util.function.Function;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;

/**
 * Every start time at which a booking fits over some WAN path: the all-slots question of
 * UltraScience Net's scheduler, answered for the same rule as {@link
 * org.crs.domain.path.PathFinder}. A start {@code t} is in the answer exactly when {@code
 * PathFinder.shortestPath(from, to, mbps, PathFinder.freeOver(calendars, query.at(t)))}
 * finds a path.
 *
 * <p>Sets of start times form a closed semiring: union ({@code ⊕}) joins the starts of two
 * ways to a router, intersection ({@code ⊗}) keeps the starts at which a way to a router
 * and the next link both admit the booking. The answer is the least fixpoint of
 * <pre>
 *   R(from) = every start of the query
 *   R(v)    = ∪ over links (u, v) of R(u) ∩ S(link)
 * </pre>
 * where {@code S(link)} is the link's {@link ResourceStarts#fitting} set. USN computes it for
 * all pairs, Floyd-Warshall style; one pair needs only a label-correcting walk from
 * {@code from}: a router whose set grew passes the new starts on over its links, until no
 * set grows. Sets only grow and every window bound is a bound of some link's set or of the
 * query's, so the walk ends. Each link's set is computed the first time a walk crosses it,
 * so links far from any path at any start are never read.
 */
public final class SlotSearch {

    private final Map<String, List<Link>> linksByRouter = new HashMap<>();
    private final List<Link> links;

    /**
     * @param topology a WAN without {@linkplain WanTopology#problems() problems}
     * @throws IllegalArgumentException if the topology has problems
     */
    public SlotSearch(WanTopology topology) {
        List<String> problems = topology.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("WAN topology has problems: " + String.join("; ", problems));
        }
        Map<String, List<Link>> building = new HashMap<>();
        for (CoreRouter router : topology.coreRouters()) {
            building.put(router.name(), new ArrayList<>());
        }
        for (Link link : topology.links()) {
            building.get(link.routerA()).add(link);
            building.get(link.routerB()).add(link);
        }
        building.forEach((router, at) -> linksByRouter.put(router, List.copyOf(at)));
        links = topology.links();
    }

    /**
     * Every start at which some path of links joins the two routers with every link of the
     * path admitting the booking at that start.
     *
     * @param linkStarts the starts each link admits the booking at, for example {@link
     *     ResourceStarts#fitting} of the link's calendar; asked at most once per link
     * @return the starts found; when both routers are the same the booking needs no link,
     *     so {@linkplain StartTimes#always() every instant}
     */
    public StartTimes startTimes(String fromRouter, String toRouter, Function<Link, StartTimes> linkStarts) {
        return search(fromRouter, toRouter, StartTimes.always(), linkStarts, false);
    }

    /**
     * Every start of {@code query} at which some path joins the two routers with room for the
     * booking on every link; all of the query's starts when both routers are the same.
     *
     * @param calendarsByLinkId each link's calendar by link id; a link without one has
     *     nothing booked and no maintenance, as for {@link org.crs.domain.path.PathFinder#freeOver}
     */
    public StartTimes startTimes(String fromRouter, String toRouter, Map<String, BookingCalendar> calendarsByLinkId,
            SlotQuery query) {
        return search(fromRouter, toRouter, query.allStarts(),
                link -> ResourceStarts.fitting(calendarOf(link, calendarsByLinkId), link.capacityMbps(), query), false);
    }

    /**
     * The most bandwidth, in Mbit/s, that some path joins the two routers with for
     * {@code duration} at some start from {@code earliestStart} to {@code latestStart}: what
     * to tell a client who asks how much could be had in the window. Zero when not even
     * 1 Mbit/s fits anywhere (say every path is in maintenance); {@link Long#MAX_VALUE} when
     * both routers are the same, as no link limits the booking then.
     *
     * <p>Exact: the bandwidth free on a link for a booking is its capacity less a booked level
     * of its calendar, so the answer is one of those values; a binary search over them asks
     * {@link #startTimes} whether any start fits, reading each calendar only once.
     */
    public long widest(String fromRouter, String toRouter, Map<String, BookingCalendar> calendarsByLinkId,
            Duration duration, Instant earliestStart, Instant latestStart) {
        SlotQuery anyBandwidth = new SlotQuery(1, duration, earliestStart, latestStart);
        requireRouter(fromRouter);
        requireRouter(toRouter);
        if (fromRouter.equals(toRouter)) {
            return Long.MAX_VALUE;
        }
        Map<String, Occupancy> occupancies = new HashMap<>();
        TreeSet<Long> freeLevels = new TreeSet<>();
        for (Link link : links) {
            Occupancy occupancy = Occupancy.of(calendarOf(link, calendarsByLinkId), anyBandwidth);
            occupancies.put(link.id(), occupancy);
            for (long booked : occupancy.bookedLevels()) {
                if (link.capacityMbps() - booked > 0) {
                    freeLevels.add(link.capacityMbps() - booked);
                }
            }
        }
        long[] candidates = freeLevels.stream().mapToLong(Long::longValue).toArray();
        // Fitting is monotone in the bandwidth: find the last candidate that fits somewhere.
        int fits = -1;
        int fitsNot = candidates.length;
        while (fitsNot - fits > 1) {
            int middle = (fits + fitsNot) >>> 1;
            long mbps = candidates[middle];
            StartTimes found = search(fromRouter, toRouter, anyBandwidth.allStarts(),
                    link -> occupancies.get(link.id()).fitting(link.capacityMbps(), mbps), true);
            if (found.isEmpty()) {
                fitsNot = middle;
            } else {
                fits = middle;
            }
        }
        return fits < 0 ? 0 : candidates[fits];
    }

    /**
     * The least fixpoint of the class comment, walked from {@code fromRouter}.
     *
     * @param anyWillDo stop at the first start found, for a yes-or-no question
     */
    private StartTimes search(String fromRouter, String toRouter, StartTimes allStarts,
            Function<Link, StartTimes> linkStarts, boolean anyWillDo) {
        requireRouter(fromRouter);
        requireRouter(toRouter);
        if (fromRouter.equals(toRouter)) {
            return allStarts;
        }
        Map<String, StartTimes> startsByLink = new HashMap<>();
        Map<String, StartTimes> reached = new HashMap<>();
        // Starts that reached a router and that it has not yet passed on; a router is queued
        // exactly while it has some.
        Map<String, StartTimes> toPassOn = new HashMap<>();
        Queue<String> queue = new ArrayDeque<>();
        reached.put(fromRouter, allStarts);
        toPassOn.put(fromRouter, allStarts);
        queue.add(fromRouter);

        while (!queue.isEmpty()) {
            String router = queue.poll();
            StartTimes passing = toPassOn.remove(router);
            for (Link link : linksByRouter.get(router)) {
                String next = link.otherEnd(router);
                if (next.equals(fromRouter)) {
                    continue;
                }
                StartTimes arriving = passing.intersect(
                        startsByLink.computeIfAbsent(link.id(), id -> linkStarts.apply(link)));
                StartTimes known = reached.getOrDefault(next, StartTimes.none());
                StartTimes grown = known.union(arriving);
                if (grown.equals(known)) {
                    continue;
                }
                reached.put(next, grown);
                if (next.equals(toRouter)) {
                    // A path through the destination and back adds nothing a shorter one did not.
                    if (anyWillDo || grown.equals(allStarts)) {
                        return grown;
                    }
                    continue;
                }
                if (toPassOn.containsKey(next)) {
                    toPassOn.put(next, toPassOn.get(next).union(arriving));
                } else {
                    toPassOn.put(next, arriving);
                    queue.add(next);
                }
            }
        }
        return reached.getOrDefault(toRouter, StartTimes.none());
    }

    private static BookingCalendar calendarOf(Link link, Map<String, BookingCalendar> calendarsByLinkId) {
        BookingCalendar calendar = calendarsByLinkId.get(link.id());
        return calendar == null ? new BookingCalendar() : calendar;
    }

    private void requireRouter(String name) {
        if (!linksByRouter.containsKey(name)) {
            throw new IllegalArgumentException("unknown core router " + name);
        }
    }
}
