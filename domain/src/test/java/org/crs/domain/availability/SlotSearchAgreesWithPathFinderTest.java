package org.crs.domain.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.crs.domain.Times;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;
import org.junit.jupiter.api.Test;

/**
 * Small random WANs with random bookings at minute granularity, where {@link SlotSearch} must
 * find exactly the whole-minute starts at which {@link org.crs.domain.path.PathFinder} finds a
 * path ({@link NaiveSlotSearch}). Bookings and queries are on whole minutes, so every bound
 * of the answer is too, and no start between minutes can be missed or invented unseen.
 */
class SlotSearchAgreesWithPathFinderTest {

    static final long[] CAPACITIES = {1000, 2500, 4000};

    @Test
    void everyStartFoundHasAPathAndEveryMinuteWithAPathIsFound() {
        for (long seed = 0; seed < 500; seed++) {
            Random random = new Random(seed);
            WanTopology wan = randomWan(random);
            Map<String, BookingCalendar> calendars = randomCalendars(random, wan);
            List<String> routers = wan.coreRouters().stream().map(CoreRouter::name).toList();
            String from = routers.get(random.nextInt(routers.size()));
            // Another router: one router at both ends needs no link, and has its own test.
            String to = routers.get((routers.indexOf(from) + 1 + random.nextInt(routers.size() - 1)) % routers.size());
            Instant earliest = minute(random.nextInt(120));
            SlotQuery query = new SlotQuery(100 * (1 + random.nextInt(10)), Duration.ofMinutes(1 + random.nextInt(120)),
                    earliest, earliest.plus(Duration.ofMinutes(random.nextInt(300))));

            StartTimes found = new SlotSearch(wan).startTimes(from, to, calendars, query);

            String what = "seed " + seed + ": " + query + " from " + from + " to " + to;
            assertEquals(new NaiveSlotSearch(wan).feasibleMinuteStarts(from, to, calendars, query),
                    NaiveSlotSearch.minuteStartsIn(found, query), what);
            assertEquals(found, found.intersect(query.allStarts()), what + ": starts outside the query's window");
        }
    }

    @Test
    void theWidestFitsSomewhereAndOneMoreFitsNowhere() {
        for (long seed = 0; seed < 100; seed++) {
            Random random = new Random(seed);
            WanTopology wan = randomWan(random);
            Map<String, BookingCalendar> calendars = randomCalendars(random, wan);
            String from = wan.coreRouters().get(0).name();
            String to = wan.coreRouters().get(wan.coreRouters().size() - 1).name();
            Duration duration = Duration.ofMinutes(1 + random.nextInt(120));
            Instant earliest = minute(random.nextInt(120));
            Instant latest = earliest.plus(Duration.ofMinutes(random.nextInt(300)));

            long widest = new SlotSearch(wan).widest(from, to, calendars, duration, earliest, latest);

            NaiveSlotSearch naive = new NaiveSlotSearch(wan);
            String what = "seed " + seed + ": widest " + widest;
            if (widest > 0) {
                assertTrue(!naive.feasibleMinuteStarts(from, to, calendars,
                        new SlotQuery(widest, duration, earliest, latest)).isEmpty(), what);
            }
            assertEquals(List.of(), naive.feasibleMinuteStarts(from, to, calendars,
                    new SlotQuery(widest + 1, duration, earliest, latest)), what);
        }
    }

    /** Two to seven routers joined in a random tree, plus a few more links, some of them parallel. */
    static WanTopology randomWan(Random random) {
        int size = 2 + random.nextInt(6);
        List<CoreRouter> routers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            routers.add(new CoreRouter("r" + i, "10.0.0." + (i + 1)));
        }
        List<Link> links = new ArrayList<>();
        for (int i = 1; i < size; i++) {
            links.add(link(random, links.size(), "r" + random.nextInt(i), "r" + i));
        }
        for (int extra = random.nextInt(size + 1); extra > 0; extra--) {
            int a = random.nextInt(size);
            int b = random.nextInt(size);
            if (a != b) {
                links.add(link(random, links.size(), "r" + a, "r" + b));
            }
        }
        return new WanTopology(routers, links, List.of());
    }

    /** 10 to 60 bookings of whole minutes within the first eight hours, and now and then maintenance. */
    static Map<String, BookingCalendar> randomCalendars(Random random, WanTopology wan) {
        Map<String, BookingCalendar> calendars = new HashMap<>();
        // Some links get no calendar at all: they have nothing booked.
        for (Link link : wan.links()) {
            if (random.nextInt(4) > 0) {
                calendars.put(link.id(), new BookingCalendar());
            }
        }
        List<BookingCalendar> all = new ArrayList<>(calendars.values());
        if (all.isEmpty()) {
            return calendars;
        }
        for (int i = 10 + random.nextInt(51); i > 0; i--) {
            all.get(random.nextInt(all.size())).add(
                    TimeInterval.of(minute(random.nextInt(480)), Duration.ofMinutes(1 + random.nextInt(180))),
                    100 * (1 + random.nextInt(25)));
        }
        if (random.nextInt(3) == 0) {
            all.get(random.nextInt(all.size())).addMaintenance(
                    TimeInterval.of(minute(random.nextInt(480)), Duration.ofMinutes(1 + random.nextInt(120))));
        }
        return calendars;
    }

    private static Link link(Random random, int number, String a, String b) {
        return new Link("l" + number, a, "if" + number, b, "if" + number,
                CAPACITIES[random.nextInt(CAPACITIES.length)], 1 + random.nextInt(20));
    }

    private static Instant minute(int m) {
        return Times.T0.plus(Duration.ofMinutes(m));
    }
}
