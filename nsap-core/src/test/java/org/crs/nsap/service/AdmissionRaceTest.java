package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.domain.access.Caller;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

/**
 * Many clients race for one link: the capacity booked, read back from the database, never
 * exceeds the link's at any instant; on HSQLDB, and on PostgreSQL with two service instances
 * (two pools, two stores) sharing the database.
 */
class AdmissionRaceTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final int THREADS = 12;
    static final int HOLDS_PER_THREAD = 25;

    @Test
    void racingHoldsNeverOverbookOnHsqldb() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:race-" + UUID.randomUUID(), "SA", "")) {
            db.migrateService("nsap");
            race(List.of(service(db), service(db)), db);
        }
    }

    @Test
    void racingHoldsFromTwoInstancesSharingPostgresqlNeverOverbook() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        String url = pg.createDatabase();
        try (Database one = Database.open(url, EmbeddedPostgres.USER, "");
             Database two = Database.open(url, EmbeddedPostgres.USER, "")) {
            one.migrateService("nsap");
            race(List.of(service(one), service(two)), one);
        }
    }

    @Test
    void aHoldWhoseLinkIsBookedBetweenItsReadAndItsLockReadsAgainAndIsRefused() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:race-" + UUID.randomUUID(), "SA", "")) {
            db.migrateService("nsap");
            SegmentService other = service(db);
            TimeInterval interval = new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2)));
            // The planner of the late hold lets another admission book the whole link once it has read the calendar.
            ResourcePlanner bookedMeanwhile = new OneLinkPlanner() {
                boolean first = true;

                @Override
                public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
                    Plan plan = super.plan(request, calendars);
                    if (first) {
                        first = false;
                        CompletableFuture.runAsync(() -> {
                            try {
                                other.hold(new SegmentRequest("early", "x", "y", 1000, interval, 0, 0), Duration.ofMinutes(5),
                                        new Caller.Process("racer"));
                            } catch (RequestRejected e) {
                                throw new IllegalStateException(e);
                            }
                        }).join();
                    }
                    return plan;
                }
            };
            SegmentService late = new SegmentService(new JdbcSegmentStore(db.dataSource()), bookedMeanwhile, null,
                    new MutableClock(T0));

            RequestRejected refused = assertThrows(RequestRejected.class, () -> late.hold(
                    new SegmentRequest("late", "x", "y", 100, interval, 0, 0), Duration.ofMinutes(5), new Caller.Process("racer")));

            assertEquals(RefusalCode.NO_CAPACITY, refused.refusal().code());
            assertEquals(OneLinkPlanner.LINK.id(), refused.resource());
            assertEquals(1000, peakBooked(db));
        }
    }

    private static SegmentService service(Database db) {
        return new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), null, new MutableClock(T0));
    }

    private static void race(List<SegmentService> instances, Database db) throws Exception {
        AtomicInteger admitted = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                Random random = new Random(thread);
                SegmentService service = instances.get(thread % instances.size());
                for (int i = 0; i < HOLDS_PER_THREAD; i++) {
                    Instant start = T0.plus(Duration.ofMinutes(60 + random.nextInt(24 * 60)));
                    TimeInterval interval = new TimeInterval(start, start.plus(Duration.ofMinutes(10 + random.nextInt(120))));
                    long mbps = 50 + random.nextInt(400);
                    try {
                        service.hold(new SegmentRequest("t" + thread + "-" + i, "x", "y", mbps, interval, 0, 0),
                                Duration.ofMinutes(5), new Caller.Process("racer"));
                        admitted.incrementAndGet();
                    } catch (RequestRejected e) {
                        refused.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(2, TimeUnit.MINUTES); // a database that leaves a session waiting fails here instead of hanging
        }
        pool.shutdown();
        long peak = peakBooked(db);
        System.out.printf("%s: %d holds admitted, %d refused, peak booked %d of 1000 Mbit/s%n",
                db.vendor(), admitted.get(), refused.get(), peak);
        assertTrue(admitted.get() > 0 && refused.get() > 0, "the race must both admit and refuse");
        assertTrue(peak <= OneLinkPlanner.LINK.capacityMbps(), "overbooked: " + peak);
    }

    /** The highest total booked on the link at any instant, computed from the rows themselves. */
    private static long peakBooked(Database db) throws Exception {
        TreeMap<Instant, Long> delta = new TreeMap<>();
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT bandwidth_mbps, start_at, end_at FROM segment_resource "
                     + "WHERE resource_id = ?")) {
            ps.setString(1, OneLinkPlanner.LINK.id());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long mbps = rs.getLong(1);
                    delta.merge(rs.getObject(2, OffsetDateTime.class).toInstant(), mbps, Long::sum);
                    delta.merge(rs.getObject(3, OffsetDateTime.class).toInstant(), -mbps, Long::sum);
                }
            }
        }
        long level = 0;
        long peak = 0;
        for (long d : delta.values()) {
            level += d;
            peak = Math.max(peak, level);
        }
        return peak;
    }
}
