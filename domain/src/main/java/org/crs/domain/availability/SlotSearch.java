package org.crs.domain.availability;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.crs.domain.calendar.BookingCalendar;
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
 * taken at {@code to}, where {@code S(link)} is the link's {@link ResourceStarts#fitting}
 * set. USN computes it for all pairs, Floyd-Warshall style; one pair needs only a
 * label-correcting walk from {@code from}: a router whose set grew passes the new starts on
 * over its links, until no set grows. Sets only grow and every window bound is a bound of
 * some link's set or of the query's, so the walk ends.
 *
 * <p>Reading a link's calendar costs far more than merging sets, so the walk reads each link
 * at most once, the first time it crosses it, and tries to cross few: it starts only from
 * the starts at which some link at {@code from} and some link at {@code to} admit the
 * booking, as every path uses one of each; it never passes on a start already found at
 * {@code to}, as that cannot add anything there; and it walks first the routers on the
 * shorter ways from {@code from} to {@code to} by metric, as A* does, so that starts reach
 * {@code to}, and stop travelling, early. None of this changes the answer.
 */
public final class SlotSearch {

    private static final long UNREACHABLE = Long.MAX_VALUE;

    private final List<Link> links;
    private final Map<String, Integer> routerNumbers = new HashMap<>();
    // The numbers of the links at each router, and of the routers at each link's two ends.
    private final int[][] linksAt;
    private final int[] endA;
    private final int[] endB;

    /**
     * @param topology a WAN without {@linkplain WanTopology#problems() problems}
     * @throws IllegalArgumentException if the topology has problems
     */
    public SlotSearch(WanTopology topology) {
        List<String> problems = topology.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("WAN topology has problems: " + String.join("; ", problems));
        }
        for (int r = 0; r < topology.coreRouters().size(); r++) {
            routerNumbers.put(topology.coreRouters().get(r).name(), r);
        }
        links = topology.links();
        endA = new int[links.size()];
        endB = new int[links.size()];
        int[] degree = new int[routerNumbers.size()];
        for (int l = 0; l < links.size(); l++) {
            endA[l] = routerNumbers.get(links.get(l).routerA());
            endB[l] = routerNumbers.get(links.get(l).routerB());
            degree[endA[l]]++;
            degree[endB[l]]++;
        }
        linksAt = new int[routerNumbers.size()][];
        for (int r = 0; r < linksAt.length; r++) {
            linksAt[r] = new int[degree[r]];
            degree[r] = 0;
        }
        for (int l = 0; l < links.size(); l++) {
            linksAt[endA[l]][degree[endA[l]]++] = l;
            linksAt[endB[l]][degree[endB[l]]++] = l;
        }
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
        return search(fromRouter, toRouter, StartTimes.always(), l -> linkStarts.apply(links.get(l)), false);
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
        return search(fromRouter, toRouter, query.allStarts(), l -> ResourceStarts.fitting(
                calendarOf(links.get(l), calendarsByLinkId), links.get(l).capacityMbps(), query), false);
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
     * the search whether any start fits, reading each calendar only once.
     */
    public long widest(String fromRouter, String toRouter, Map<String, BookingCalendar> calendarsByLinkId,
            Duration duration, Instant earliestStart, Instant latestStart) {
        SlotQuery anyBandwidth = new SlotQuery(1, duration, earliestStart, latestStart);
        requireRouter(fromRouter);
        requireRouter(toRouter);
        if (fromRouter.equals(toRouter)) {
            return Long.MAX_VALUE;
        }
        Occupancy[] occupancies = new Occupancy[links.size()];
        TreeSet<Long> freeLevels = new TreeSet<>();
        for (int l = 0; l < links.size(); l++) {
            Link link = links.get(l);
            occupancies[l] = Occupancy.of(calendarOf(link, calendarsByLinkId), anyBandwidth);
            for (long booked : occupancies[l].bookedLevels()) {
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
                    l -> occupancies[l].fitting(links.get(l).capacityMbps(), mbps), true);
            if (found.isEmpty()) {
                fitsNot = middle;
            } else {
                fits = middle;
            }
        }
        return fits < 0 ? 0 : candidates[fits];
    }

    /**
     * The least fixpoint of the class comment at {@code toRouter}, walked from
     * {@code fromRouter} with the short cuts listed there.
     *
     * <p>Dropping the starts already found is safe: a start is dropped only once it is in the
     * answer, and any other start travels exactly as it would without the short cut.
     *
     * @param linkStarts the starts each link admits, by link number; asked at most once per
     *     link, the first time the walk needs it
     * @param anyWillDo stop at the first start found, for a yes-or-no question
     */
    private StartTimes search(String fromRouter, String toRouter, StartTimes allStarts, IntFunction<StartTimes> linkStarts,
            boolean anyWillDo) {
        int source = requireRouter(fromRouter);
        int target = requireRouter(toRouter);
        if (source == target) {
            return allStarts;
        }
        long[] fromSource = metricDistancesTo(source);
        long[] toTarget = metricDistancesTo(target);
        if (toTarget[source] == UNREACHABLE) {
            return StartTimes.none();
        }
        StartTimes[] startsByLink = new StartTimes[links.size()];
        IntFunction<StartTimes> starts = l -> {
            if (startsByLink[l] == null) {
                startsByLink[l] = linkStarts.apply(l);
            }
            return startsByLink[l];
        };
        StartTimes wanted = allStarts.intersect(anyLinkAt(source, starts)).intersect(anyLinkAt(target, starts));
        if (wanted.isEmpty()) {
            return wanted;
        }

        StartTimes[] reached = new StartTimes[linksAt.length];
        Arrays.fill(reached, StartTimes.none());
        // Starts that reached a router and that it has not yet passed on; a router is queued
        // exactly while it has some.
        StartTimes[] toPassOn = new StartTimes[linksAt.length];
        // Routers on shorter ways from source to target first, like A*: starts tend to reach
        // the target, and stop travelling, before they spread elsewhere.
        PriorityQueue<Integer> queue = new PriorityQueue<>(
                Comparator.<Integer>comparingLong(r -> fromSource[r] + toTarget[r])
                        .thenComparingLong(r -> toTarget[r]).thenComparingInt(r -> r));
        reached[source] = wanted;
        toPassOn[source] = wanted;
        queue.add(source);
        StartTimes found = StartTimes.none();

        while (!queue.isEmpty()) {
            int router = queue.poll();
            StartTimes passing = toPassOn[router].minus(found);
            toPassOn[router] = null;
            if (passing.isEmpty()) {
                continue;
            }
            for (int l : linksAt[router]) {
                int next = endA[l] == router ? endB[l] : endA[l];
                if (next == source) {
                    continue;
                }
                StartTimes arriving = passing.intersect(starts.apply(l)).minus(reached[next]);
                if (arriving.isEmpty()) {
                    continue;
                }
                reached[next] = reached[next].union(arriving);
                if (next == target) {
                    found = reached[next];
                    // A path through the target and back adds nothing a shorter one did not.
                    if (anyWillDo || found.equals(wanted)) {
                        return found;
                    }
                } else if (toPassOn[next] == null) {
                    toPassOn[next] = arriving;
                    queue.add(next);
                } else {
                    toPassOn[next] = toPassOn[next].union(arriving);
                }
            }
        }
        return found;
    }

    /** The starts at which at least one link at {@code router} admits the booking. */
    private StartTimes anyLinkAt(int router, IntFunction<StartTimes> starts) {
        StartTimes any = StartTimes.none();
        for (int l : linksAt[router]) {
            any = any.union(starts.apply(l));
        }
        return any;
    }

    /**
     * Each router's distance by metric to {@code target} over every link, busy or not, or
     * {@link #UNREACHABLE}; Dijkstra.
     */
    private long[] metricDistancesTo(int target) {
        long[] distance = new long[linksAt.length];
        Arrays.fill(distance, UNREACHABLE);
        distance[target] = 0;
        PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        queue.add(new long[] {0, target});
        while (!queue.isEmpty()) {
            long[] nearest = queue.poll();
            int router = (int) nearest[1];
            if (nearest[0] > distance[router]) {
                continue;
            }
            for (int l : linksAt[router]) {
                int next = endA[l] == router ? endB[l] : endA[l];
                long viaLink = distance[router] + links.get(l).metric();
                if (viaLink < distance[next]) {
                    distance[next] = viaLink;
                    queue.add(new long[] {viaLink, next});
                }
            }
        }
        return distance;
    }

    private static BookingCalendar calendarOf(Link link, Map<String, BookingCalendar> calendarsByLinkId) {
        BookingCalendar calendar = calendarsByLinkId.get(link.id());
        return calendar == null ? new BookingCalendar() : calendar;
    }

    private int requireRouter(String name) {
        Integer number = routerNumbers.get(name);
        if (number == null) {
            throw new IllegalArgumentException("unknown core router " + name);
        }
        return number;
    }
}
