package org.crs.domain.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.Resource;
import org.crs.domain.availability.NaiveSlotSearch;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.SlotSearch;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.path.Path;
import org.crs.domain.path.PathFinder;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;

/**
 * Measures "when can I have it?" on generated WANs of 50, 200 and 1,000 core routers loaded
 * with 1,000, 10,000 and 100,000 bookings over a month: (a) every start of a 7-day window at
 * which a booking has a path ({@link SlotSearch#startTimes}), (b) booking at the earliest of
 * them (search, then {@link PathFinder} and {@link Admission#check} at that start, then adding
 * the booking to the calendars), (c) a plain admission at a given time ({@link PathFinder}
 * and {@link Admission#check}). In the same run it answers a few of the (a) queries the
 * naive way, {@link PathFinder} at each of the window's 10,081 whole-minute starts, and
 * compares both the time and the answers. Prints figures; asserts nothing.
 *
 * <p>Run it pinned to one core, so that the garbage collector and the JIT compiler do not lend
 * the search a second one (it prints how many cores the JVM sees); it takes about ten minutes:
 * <pre>
 * taskset -c 0 mvn -o -q -pl domain test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.crs.domain.bench.SlotSearchBenchmark [-Dexec.args="1000"]
 * </pre>
 * Arguments, if any, are the WAN sizes to run.
 *
 * <p>The WAN: routers spread over a 4,000 by 2,000 km area; one in ten is a hub, and the hubs
 * form a connected backbone of 40G and 100G links, each hub linked to the nearest hub before
 * it and to its two nearest hubs; every other router has a 10G or 40G link to its nearest
 * hub and, for one in two, a second link to another router nearby, so that most pairs have
 * an alternative path. Metrics are the distance in km.
 *
 * <p>The bookings: random router pairs, a random whole minute of the month to start, 30
 * minutes to 3 days long (log-uniform: as many under 5 hours as over 7), 1 to 10 Gbit/s (more
 * small than large). Each takes the shortest path by metric or, where a link of it is full
 * at its time, the shortest path around that link, up to three times; then {@link
 * Admission#check} must admit it. A request that fits nowhere is dropped and another drawn,
 * up to three per booking wanted, so the network fills up for real; where it is full the
 * load stays below what was wanted, and the line says so. (Loading with {@link PathFinder}
 * itself would take most of the ten minutes at 1,000 routers.)
 *
 * <p>Each size's WAN is loaded step by step and measured at each of the three loads, on
 * calendars built with {@link BookingCalendar#of} from each link's bookings, as the services
 * build them for each request. Calendars grown by adding the bookings one by one hold the
 * same steps but are slower to walk, their tree nodes scattered over the heap; the (a) search
 * is timed on those too.
 */
public final class SlotSearchBenchmark {

    private static final long SEED = 20300101L;
    private static final Instant MONTH_START = Instant.parse("2030-01-01T00:00:00Z");
    private static final Duration MONTH = Duration.ofDays(30);
    private static final Duration WINDOW = Duration.ofDays(7);
    private static final int[] SIZES = {50, 200, 1000};
    private static final int[] LOADS = {1_000, 10_000, 100_000};
    // Requests drawn per booking wanted before the load is called full.
    private static final int ATTEMPTS_PER_BOOKING = 3;
    private static final long[] GBPS = {1, 1, 1, 1, 2, 2, 2, 5, 5, 10};
    // Paths tried around full links when loading, after the shortest.
    private static final int DETOURS = 3;

    private SlotSearchBenchmark() {
    }

    public static void main(String[] args) {
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("SlotSearchBenchmark: seed %d, %d core(s) available to the JVM%s, Java %s%n", SEED, cores,
                cores == 1 ? " (pinned)" : " (NOT pinned to one core)", System.getProperty("java.version"));
        long started = System.nanoTime();
        int[] sizes = args.length > 0 ? Arrays.stream(args).mapToInt(Integer::parseInt).toArray() : SIZES;
        for (int size : sizes) {
            benchSize(size);
        }
        System.out.printf("whole run: %.0f s%n", (System.nanoTime() - started) / 1e9);
    }

    private static void benchSize(int size) {
        Random random = new Random(SEED + size);
        WanTopology wan = generateWan(size, random);
        Network network = new Network(wan);
        System.out.printf("%nWAN of %d routers, %d links (%s), mean degree %.1f%n", size, wan.links().size(),
                capacityMix(wan), 2.0 * wan.links().size() / size);
        int queries = size >= 1000 ? 100 : 200;
        int naiveQueries = size >= 1000 ? 3 : size >= 200 ? 5 : 10;
        for (int load : LOADS) {
            long loading = System.nanoTime();
            int drawn = network.loadUpTo(load, ATTEMPTS_PER_BOOKING * load, random);
            System.out.printf("  %,d bookings wanted: %,d admitted of %,d drawn%s (loaded in %.0f s); mean %.1f hops,"
                            + " %.0f steps per link over a 9-day span%n",
                    load, network.booked.size(), drawn, network.booked.size() < load ? ", network full" : "",
                    (System.nanoTime() - loading) / 1e9, network.meanHops(), network.meanSteps());
            measure(network, random, queries, naiveQueries);
        }
    }

    private static void measure(Network network, Random random, int queries, int naiveQueries) {
        SlotSearch search = new SlotSearch(network.wan);
        Map<String, BookingCalendar> calendars = network.calendarsAsServicesBuildThem();
        // The JIT compiles the search and PathFinder before anything is timed.
        for (int i = 0; i < 30; i++) {
            Query q = network.randomQuery(random);
            search.startTimes(q.from, q.to, calendars, q.query);
            network.admitAt(calendars, q.from, q.to, q.query.mbps(), q.query.at(q.query.earliestStart()));
        }

        // (a) all-slots over a 7-day window
        List<Query> asked = new ArrayList<>();
        List<StartTimes> answers = new ArrayList<>();
        long[] slots = new long[queries];
        long feasibleMinutes = 0;
        long linksRead = 0;
        for (int i = 0; i < queries; i++) {
            Query q = network.randomQuery(random);
            long t0 = System.nanoTime();
            StartTimes found = search.startTimes(q.from, q.to, calendars, q.query);
            slots[i] = System.nanoTime() - t0;
            asked.add(q);
            answers.add(found);
            feasibleMinutes += NaiveSlotSearch.minuteStartsIn(found, q.query).size();
            linksRead += linksRead(search, calendars, q);
        }
        report("(a) all-slots, 7-day window", slots, String.format("%d queries; %.0f%% of minute starts have a path;"
                + " %.0f of %d links read", queries, 100.0 * feasibleMinutes / (queries * (WINDOW.toMinutes() + 1)),
                (double) linksRead / queries, network.wan.links().size()));
        long[] onGrown = new long[queries];
        for (int i = 0; i < queries; i++) {
            Query q = asked.get(i);
            long t0 = System.nanoTime();
            search.startTimes(q.from, q.to, network.grownCalendars, q.query);
            onGrown[i] = System.nanoTime() - t0;
        }
        report("    same, calendars grown by adds", onGrown, "the same queries");

        // (b) earliest-slot booking
        long[] earliest = new long[queries];
        int booked = 0;
        int refusedAtEarliest = 0;
        List<Booked> added = new ArrayList<>();
        for (int i = 0; i < queries; i++) {
            Query q = network.randomQuery(random);
            long t0 = System.nanoTime();
            Optional<Instant> first = search.startTimes(q.from, q.to, calendars, q.query).earliest();
            Optional<Booked> done = first.flatMap(start -> network.book(calendars, q.from, q.to, q.query.mbps(),
                    q.query.at(start)));
            earliest[i] = System.nanoTime() - t0;
            booked += done.isPresent() ? 1 : 0;
            refusedAtEarliest += first.isPresent() && done.isEmpty() ? 1 : 0;
            done.ifPresent(added::add);
        }
        // Given back, so that the naive check below sees the calendars the (a) answers came from.
        added.forEach(done -> done.links().forEach(link -> calendars.get(link.id()).remove(done.booking())));
        report("(b) earliest-slot booking", earliest, String.format("%d queries; %d booked, %d refused at the start found",
                queries, booked, refusedAtEarliest));

        // (c) plain admission at a given time
        int admissions = 1000;
        long[] fixed = new long[admissions];
        int admitted = 0;
        for (int i = 0; i < admissions; i++) {
            Query q = network.randomQuery(random);
            long t0 = System.nanoTime();
            boolean ok = network.admitAt(calendars, q.from, q.to, q.query.mbps(), q.query.at(q.query.earliestStart()));
            fixed[i] = System.nanoTime() - t0;
            admitted += ok ? 1 : 0;
        }
        report("(c) fixed-time admission", fixed, String.format("%d requests; %d admitted", admissions, admitted));

        // The naive way, on the first few (a) queries.
        NaiveSlotSearch naive = new NaiveSlotSearch(network.wan);
        long[] naiveTimes = new long[naiveQueries];
        int identical = 0;
        for (int i = 0; i < naiveQueries; i++) {
            Query q = asked.get(i);
            long t0 = System.nanoTime();
            List<Instant> expected = naive.feasibleMinuteStarts(q.from, q.to, calendars, q.query);
            naiveTimes[i] = System.nanoTime() - t0;
            List<Instant> got = NaiveSlotSearch.minuteStartsIn(answers.get(i), q.query);
            if (got.equals(expected)) {
                identical++;
            } else {
                System.out.printf("      MISMATCH %s: naive %d minute starts, all-slots %d; %s%n", q, expected.size(),
                        got.size(), differences(expected, got));
            }
        }
        double speedUp = median(naiveTimes) / median(Arrays.copyOf(slots, naiveQueries));
        System.out.printf("    %-34s median %8.0f ms                  (%d of the (a) queries, 10,081 starts each;"
                + " x%.0f the all-slots time; identical answers %d/%d)%n", "naive, PathFinder at every minute",
                median(naiveTimes), naiveQueries, speedUp, identical, naiveQueries);
    }

    /** How many links' calendars the search reads for {@code q}, counted through the search's other door. */
    private static int linksRead(SlotSearch search, Map<String, BookingCalendar> calendars, Query q) {
        int[] read = {0};
        search.startTimes(q.from, q.to, link -> {
            read[0]++;
            return ResourceStarts.fitting(calendars.get(link.id()), link.capacityMbps(), q.query);
        });
        return read[0];
    }

    private static String differences(List<Instant> expected, List<Instant> got) {
        Set<Instant> onlyNaive = new HashSet<>(expected);
        got.forEach(onlyNaive::remove);
        Set<Instant> onlySearch = new HashSet<>(got);
        expected.forEach(onlySearch::remove);
        return "only naive " + onlyNaive.stream().sorted().limit(3).toList()
                + ", only all-slots " + onlySearch.stream().sorted().limit(3).toList();
    }

    private static void report(String what, long[] nanos, String note) {
        System.out.printf("    %-34s median %8.2f ms   p99 %8.2f ms   (%s)%n", what, median(nanos), p99(nanos), note);
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static double p99(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1] / 1e6;
    }

    private static String capacityMix(WanTopology wan) {
        Map<Long, Integer> byCapacity = new TreeMap<>();
        wan.links().forEach(link -> byCapacity.merge(link.capacityMbps() / 1000, 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        byCapacity.forEach((gbps, count) -> parts.add(count + " of " + gbps + "G"));
        return String.join(", ", parts);
    }

    /** See the class comment. */
    static WanTopology generateWan(int size, Random random) {
        double[] x = new double[size];
        double[] y = new double[size];
        List<CoreRouter> routers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            x[i] = random.nextDouble() * 4000;
            y[i] = random.nextDouble() * 2000;
            routers.add(new CoreRouter(name(i), "10." + (i / 65536) + "." + (i / 256 % 256) + "." + (i % 256)));
        }
        int hubs = Math.max(4, size / 10);
        List<Link> links = new ArrayList<>();
        Set<String> joined = new HashSet<>();
        // The backbone: each hub joins the nearest hub before it (so the hubs are connected),
        // and its two nearest hubs overall, for alternative paths.
        for (int h = 1; h < hubs; h++) {
            int nearest = nearest(h, 0, h, x, y, joined, false);
            addLink(links, joined, h, nearest, x, y, random.nextBoolean() ? 100_000 : 40_000);
        }
        for (int h = 0; h < hubs; h++) {
            for (int k = 0; k < 2; k++) {
                int other = nearest(h, 0, hubs, x, y, joined, true);
                if (other >= 0) {
                    addLink(links, joined, h, other, x, y, random.nextInt(3) > 0 ? 100_000 : 40_000);
                }
            }
        }
        // Other routers: a link to the nearest hub, and for one in two a second to a router nearby.
        for (int r = hubs; r < size; r++) {
            addLink(links, joined, r, nearest(r, 0, hubs, x, y, joined, true), x, y,
                    random.nextInt(5) < 3 ? 10_000 : 40_000);
        }
        for (int r = hubs; r < size; r++) {
            if (random.nextBoolean()) {
                int other = nearest(r, 0, size, x, y, joined, true);
                addLink(links, joined, r, other, x, y, random.nextInt(5) < 3 ? 10_000 : 40_000);
            }
        }
        return new WanTopology(routers, links, List.of());
    }

    private static String name(int router) {
        return "core-" + router;
    }

    /** The router of [from, to) nearest to {@code router}, other than itself; if asked, not yet linked to it. */
    private static int nearest(int router, int from, int to, double[] x, double[] y, Set<String> joined,
            boolean notLinked) {
        int best = -1;
        double bestDistance = Double.MAX_VALUE;
        for (int other = from; other < to; other++) {
            if (other == router || (notLinked && joined.contains(pair(router, other)))) {
                continue;
            }
            double distance = Math.hypot(x[router] - x[other], y[router] - y[other]);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = other;
            }
        }
        return best;
    }

    private static void addLink(List<Link> links, Set<String> joined, int a, int b, double[] x, double[] y,
            long capacityMbps) {
        joined.add(pair(a, b));
        int number = links.size();
        int metric = Math.max(1, (int) Math.round(Math.hypot(x[a] - x[b], y[a] - y[b])));
        links.add(new Link("link-" + number, name(a), "if-" + number, name(b), "if-" + number, capacityMbps, metric));
    }

    private static String pair(int a, int b) {
        return Math.min(a, b) + "-" + Math.max(a, b);
    }

    /** 30 minutes to {@code longest} in whole minutes, log-uniform: short bookings are more common than long ones. */
    private static Duration randomDuration(Random random, Duration longest) {
        double logShortest = Math.log(30);
        double logLongest = Math.log(longest.toMinutes());
        return Duration.ofMinutes(Math.round(Math.exp(logShortest + random.nextDouble() * (logLongest - logShortest))));
    }

    private static long randomMbps(Random random) {
        return GBPS[random.nextInt(GBPS.length)] * 1000;
    }

    private record Query(String from, String to, SlotQuery query) {
        @Override
        public String toString() {
            return from + " to " + to + ", " + query.mbps() + " Mbit/s for " + query.duration() + " from "
                    + query.earliestStart();
        }
    }

    private record Booked(List<Link> links, Booking booking) {
    }

    /** The WAN, its links' calendars as the loader grew them, and the bookings in them. */
    private static final class Network {

        final WanTopology wan;
        final PathFinder finder;
        final Map<String, BookingCalendar> grownCalendars = new HashMap<>();
        final List<Booked> booked = new ArrayList<>();
        private final StaticRoutes routes;
        private int drawn;

        Network(WanTopology wan) {
            this.wan = wan;
            this.finder = new PathFinder(wan);
            this.routes = new StaticRoutes(wan);
            wan.links().forEach(link -> grownCalendars.put(link.id(), new BookingCalendar()));
        }

        /** Draws requests until {@code load} are booked or {@code attempts} were drawn in all; returns how many were drawn. */
        int loadUpTo(int load, int attempts, Random random) {
            while (booked.size() < load && drawn < attempts) {
                drawn++;
                String[] pair = randomPair(random);
                Instant start = MONTH_START.plus(Duration.ofMinutes(random.nextInt((int) MONTH.toMinutes())));
                TimeInterval interval = TimeInterval.of(start, randomDuration(random, Duration.ofDays(3)));
                routeAround(pair[0], pair[1], randomMbps(random), interval).ifPresent(booked::add);
            }
            return drawn;
        }

        /** See the class comment. */
        private Optional<Booked> routeAround(String from, String to, long mbps, TimeInterval interval) {
            Set<Integer> avoided = new HashSet<>();
            for (int detour = 0; detour <= DETOURS; detour++) {
                int[] path = routes.shortest(routes.index(from), routes.index(to), avoided);
                if (path == null) {
                    return Optional.empty();
                }
                Link full = null;
                for (int linkIndex : path) {
                    Link link = wan.links().get(linkIndex);
                    if (grownCalendars.get(link.id()).free(interval, link.capacityMbps()) < mbps) {
                        full = link;
                        avoided.add(linkIndex);
                        break;
                    }
                }
                if (full == null) {
                    List<Link> links = Arrays.stream(path).mapToObj(wan.links()::get).toList();
                    return admitted(grownCalendars, links, mbps, interval);
                }
            }
            return Optional.empty();
        }

        /** Each link's calendar built from its bookings, as a service reads them. */
        Map<String, BookingCalendar> calendarsAsServicesBuildThem() {
            Map<String, List<Booking>> bookingsByLink = new HashMap<>();
            for (Booked done : booked) {
                done.links().forEach(link -> bookingsByLink.computeIfAbsent(link.id(), id -> new ArrayList<>())
                        .add(done.booking()));
            }
            Map<String, BookingCalendar> calendars = new HashMap<>();
            wan.links().forEach(link -> calendars.put(link.id(),
                    BookingCalendar.of(bookingsByLink.getOrDefault(link.id(), List.of()))));
            return calendars;
        }

        /** A 7-day window starting in the month's loaded middle, for a booking like the ones in the calendars. */
        Query randomQuery(Random random) {
            String[] pair = randomPair(random);
            Instant earliest = MONTH_START.plus(Duration.ofDays(3))
                    .plus(Duration.ofMinutes(random.nextInt((int) Duration.ofDays(17).toMinutes())));
            return new Query(pair[0], pair[1], new SlotQuery(randomMbps(random), randomDuration(random, Duration.ofDays(2)),
                    earliest, earliest.plus(WINDOW)));
        }

        /** PathFinder, then Admission.check, then the booking added to each link of the path. */
        Optional<Booked> book(Map<String, BookingCalendar> calendars, String from, String to, long mbps,
                TimeInterval interval) {
            Optional<Path> path = finder.shortestPath(from, to, mbps, PathFinder.freeOver(calendars, interval));
            return path.flatMap(found -> admitted(calendars, found.links(), mbps, interval));
        }

        /** PathFinder, then Admission.check; books nothing. */
        boolean admitAt(Map<String, BookingCalendar> calendars, String from, String to, long mbps, TimeInterval interval) {
            Optional<Path> path = finder.shortestPath(from, to, mbps, PathFinder.freeOver(calendars, interval));
            return path.isPresent() && Admission.check(path.get().links().stream().map(Link::resource).toList(),
                    calendars, interval, mbps).admitted();
        }

        private static Optional<Booked> admitted(Map<String, BookingCalendar> calendars, List<Link> links, long mbps,
                TimeInterval interval) {
            List<Resource> resources = links.stream().map(Link::resource).toList();
            if (!Admission.check(resources, calendars, interval, mbps).admitted()) {
                return Optional.empty();
            }
            Booking booking = new Booking(interval, mbps);
            links.forEach(link -> calendars.get(link.id()).add(booking));
            return Optional.of(new Booked(links, booking));
        }

        double meanHops() {
            return booked.stream().mapToInt(done -> done.links().size()).average().orElse(0);
        }

        /** Over the longest span a query reads: 7 days of starts and 2 days of booking. */
        double meanSteps() {
            TimeInterval span = new TimeInterval(MONTH_START.plus(Duration.ofDays(10)), MONTH_START.plus(Duration.ofDays(19)));
            return grownCalendars.values().stream().mapToInt(calendar -> calendar.steps(span).size()).average().orElse(0);
        }

        private String[] randomPair(Random random) {
            List<CoreRouter> routers = wan.coreRouters();
            int a = random.nextInt(routers.size());
            int b = (a + 1 + random.nextInt(routers.size() - 1)) % routers.size();
            return new String[] {routers.get(a).name(), routers.get(b).name()};
        }
    }

    /** Shortest paths by metric alone, on router and link numbers: the loader's routing. */
    private static final class StaticRoutes {

        private final Map<String, Integer> indexByName = new HashMap<>();
        private final int[][] linksAt;
        private final int[] endA;
        private final int[] endB;
        private final long[] metric;
        // Each source's shortest-path tree over all links (the link each router is reached
        // over), computed when first asked: most requests take the shortest path.
        private final int[][] treeFrom;

        StaticRoutes(WanTopology wan) {
            List<CoreRouter> routers = wan.coreRouters();
            for (int i = 0; i < routers.size(); i++) {
                indexByName.put(routers.get(i).name(), i);
            }
            List<Link> links = wan.links();
            endA = new int[links.size()];
            endB = new int[links.size()];
            metric = new long[links.size()];
            List<List<Integer>> at = new ArrayList<>();
            routers.forEach(router -> at.add(new ArrayList<>()));
            for (int l = 0; l < links.size(); l++) {
                endA[l] = indexByName.get(links.get(l).routerA());
                endB[l] = indexByName.get(links.get(l).routerB());
                metric[l] = links.get(l).metric();
                at.get(endA[l]).add(l);
                at.get(endB[l]).add(l);
            }
            linksAt = at.stream().map(list -> list.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
            treeFrom = new int[routers.size()][];
        }

        int index(String router) {
            return indexByName.get(router);
        }

        /** The links of the shortest path from {@code from} to {@code to} without the avoided links, or null. */
        int[] shortest(int from, int to, Set<Integer> avoided) {
            int[] reachedOver;
            if (avoided.isEmpty()) {
                if (treeFrom[from] == null) {
                    treeFrom[from] = tree(from, -1, avoided);
                }
                reachedOver = treeFrom[from];
            } else {
                reachedOver = tree(from, to, avoided);
            }
            if (reachedOver[to] < 0 && to != from) {
                return null;
            }
            List<Integer> path = new ArrayList<>();
            for (int at = to; at != from; ) {
                int l = reachedOver[at];
                path.add(0, l);
                at = endA[l] == at ? endB[l] : endA[l];
            }
            return path.stream().mapToInt(Integer::intValue).toArray();
        }

        /** Dijkstra from {@code from}, until {@code to} is settled (all routers when -1): the link each router is reached over, -1 if none. */
        private int[] tree(int from, int to, Set<Integer> avoided) {
            long[] distance = new long[linksAt.length];
            int[] reachedOver = new int[linksAt.length];
            Arrays.fill(distance, Long.MAX_VALUE);
            Arrays.fill(reachedOver, -1);
            distance[from] = 0;
            // Entries are distance << 20 | router, so the heap needs no objects.
            long[] heap = new long[16];
            int size = 0;
            heap[size++] = from;
            while (size > 0) {
                long nearest = heap[0];
                heap[0] = heap[--size];
                siftDown(heap, size);
                int router = (int) (nearest & 0xFFFFF);
                if (nearest >>> 20 > distance[router]) {
                    continue;
                }
                if (router == to) {
                    break;
                }
                for (int l : linksAt[router]) {
                    int next = endA[l] == router ? endB[l] : endA[l];
                    if (!avoided.contains(l) && distance[router] + metric[l] < distance[next]) {
                        distance[next] = distance[router] + metric[l];
                        reachedOver[next] = l;
                        if (size == heap.length) {
                            heap = Arrays.copyOf(heap, size * 2);
                        }
                        heap[size] = distance[next] << 20 | next;
                        siftUp(heap, size++);
                    }
                }
            }
            return reachedOver;
        }

        private static void siftUp(long[] heap, int i) {
            while (i > 0 && heap[(i - 1) / 2] > heap[i]) {
                swap(heap, i, (i - 1) / 2);
                i = (i - 1) / 2;
            }
        }

        private static void siftDown(long[] heap, int size) {
            int i = 0;
            while (2 * i + 1 < size) {
                int child = 2 * i + 2 < size && heap[2 * i + 2] < heap[2 * i + 1] ? 2 * i + 2 : 2 * i + 1;
                if (heap[i] <= heap[child]) {
                    return;
                }
                swap(heap, i, child);
                i = child;
            }
        }

        private static void swap(long[] heap, int i, int j) {
            long kept = heap[i];
            heap[i] = heap[j];
            heap[j] = kept;
        }
    }
}
