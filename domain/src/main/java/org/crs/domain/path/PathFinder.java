package org.crs.domain.path;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;

/**
 * Finds the WAN path for a circuit: drops every link with less free bandwidth than the
 * request over the booked interval, then runs Dijkstra on the metrics of the links left.
 *
 * <p>Ties are broken by link id, so the same request on the same bookings always gets the
 * same path, whatever the order of the topology file: among the shortest paths, walking
 * back from the destination, each router is reached over the link with the lowest id that
 * lies on a shortest path.
 */
public final class PathFinder {

    private final Map<String, CoreRouter> routers = new HashMap<>();
    private final Map<String, List<Link>> linksByRouter = new HashMap<>();

    /**
     * @param topology a WAN without {@linkplain WanTopology#problems() problems}
     * @throws IllegalArgumentException if the topology has problems
     */
    public PathFinder(WanTopology topology) {
        List<String> problems = topology.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("WAN topology has problems: " + String.join("; ", problems));
        }
        for (CoreRouter router : topology.coreRouters()) {
            routers.put(router.name(), router);
            linksByRouter.put(router.name(), new ArrayList<>());
        }
        for (Link link : topology.links()) {
            linksByRouter.get(link.routerA()).add(link);
            linksByRouter.get(link.routerB()).add(link);
        }
        linksByRouter.values().forEach(links -> links.sort(Comparator.comparing(Link::id)));
    }

    /**
     * The free bandwidth of each link over {@code interval}, from the links' calendars by link
     * id (a link without a calendar has all its capacity free).
     */
    public static ToLongFunction<Link> freeOver(Map<String, BookingCalendar> calendars, TimeInterval interval) {
        return link -> {
            BookingCalendar calendar = calendars.get(link.id());
            return calendar == null ? link.capacityMbps() : calendar.free(interval, link.capacityMbps());
        };
    }

    /** The shortest path between two access points' routers; see {@link #shortestPath(String, String, long, ToLongFunction)}. */
    public Optional<Path> shortestPath(AccessPoint from, AccessPoint to, long mbps, ToLongFunction<Link> freeMbps) {
        return shortestPath(from.router(), to.router(), mbps, freeMbps);
    }

    /**
     * The shortest path from {@code fromRouter} to {@code toRouter} over links with at least
     * {@code mbps} free, or empty when none joins them. The same router at both ends gives a
     * path without hops.
     *
     * @param freeMbps the free bandwidth of a link over the booked interval, for example
     *     {@link #freeOver}; asked at most once per link
     */
    public Optional<Path> shortestPath(String fromRouter, String toRouter, long mbps, ToLongFunction<Link> freeMbps) {
        requireRouter(fromRouter);
        requireRouter(toRouter);
        if (mbps <= 0) {
            throw new IllegalArgumentException("mbps must be positive, was " + mbps);
        }
        Map<String, Boolean> fits = new HashMap<>();
        Map<String, Long> distance = new HashMap<>();
        Map<String, Link> reachedOver = new HashMap<>();
        Set<String> settled = new HashSet<>();
        PriorityQueue<Candidate> queue = new PriorityQueue<>(
                Comparator.comparingLong(Candidate::distance).thenComparing(Candidate::router));
        distance.put(fromRouter, 0L);
        queue.add(new Candidate(fromRouter, 0));

        while (!queue.isEmpty()) {
            Candidate nearest = queue.poll();
            String router = nearest.router();
            if (!settled.add(router)) {
                continue;
            }
            if (router.equals(toRouter)) {
                break;
            }
            for (Link link : linksByRouter.get(router)) {
                String next = link.otherEnd(router);
                if (settled.contains(next)
                        || !fits.computeIfAbsent(link.id(), id -> freeMbps.applyAsLong(link) >= mbps)) {
                    continue;
                }
                long viaLink = nearest.distance() + link.metric();
                Long known = distance.get(next);
                // Metrics are positive, so every equal-cost way into `next` is seen before it is
                // settled, and keeping the lowest link id among them is the whole tie-break.
                if (known == null || viaLink < known
                        || (viaLink == known && link.id().compareTo(reachedOver.get(next).id()) < 0)) {
                    distance.put(next, viaLink);
                    reachedOver.put(next, link);
                    queue.add(new Candidate(next, viaLink));
                }
            }
        }
        if (!settled.contains(toRouter)) {
            return Optional.empty();
        }
        return Optional.of(new Path(fromRouter, toRouter, hopsTo(toRouter, fromRouter, reachedOver)));
    }

    private List<Hop> hopsTo(String toRouter, String fromRouter, Map<String, Link> reachedOver) {
        List<Hop> hops = new ArrayList<>();
        for (String at = toRouter; !at.equals(fromRouter); ) {
            Link link = reachedOver.get(at);
            String previous = link.otherEnd(at);
            hops.add(0, new Hop(previous, link, at, routers.get(at).loopback()));
            at = previous;
        }
        return hops;
    }

    private void requireRouter(String name) {
        if (!routers.containsKey(name)) {
            throw new IllegalArgumentException("unknown core router " + name);
        }
    }

    private record Candidate(String router, long distance) {
    }
}
