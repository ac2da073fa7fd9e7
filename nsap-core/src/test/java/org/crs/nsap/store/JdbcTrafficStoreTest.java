package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficRetention;
import org.crs.domain.traffic.TrafficSample;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The traffic store on HSQLDB and PostgreSQL: polled rates read back by range, made coarser as
 * they age, dropped at the end, and a circuit's rows bounded whatever how long it runs.
 */
class JdbcTrafficStoreTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final Duration POLL = Duration.ofSeconds(30);

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:traffic-" + UUID.randomUUID(), "SA", "");
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }

        /**
         * What a circuit costs on disk: a day of polled rates for 10 circuits, measured with
         * pg_total_relation_size (table and indexes), printed per row and per circuit-day.
         */
        @Test
        void aDayOfPolledRatesCostsWhatIsMeasuredHere() throws Exception {
            long before = relationBytes();
            int circuits = 10;
            int polls = (int) (Duration.ofDays(1).toSeconds() / POLL.toSeconds());
            for (int p = 0; p < polls; p += 60) {
                Map<String, TrafficRate> rates = new HashMap<>();
                for (int k = p; k < Math.min(polls, p + 60); k++) {
                    for (int c = 0; c < circuits; c++) {
                        rates.put("site-a:R" + c + "-" + k + ":wan", rateAt(k));
                    }
                }
                store.addRates(rates, POLL);
            }
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
                s.execute("VACUUM ANALYZE segment_traffic");
            }
            long bytes = relationBytes() - before;
            long rows = store.rows();
            assertEquals((long) circuits * polls, rows);
            double perRow = (double) bytes / rows;
            long steadyRows = TrafficRetention.DEFAULT.rowsPerCircuit(POLL);
            System.out.printf("traffic storage (PostgreSQL): %d rows, %d bytes with indexes: %.0f bytes a row;"
                    + " a circuit's first day %d rows = %.0f KiB; a circuit active all year at most %d rows = %.1f MiB%n",
                    rows, bytes, perRow, polls, polls * perRow / 1024, steadyRows, steadyRows * perRow / 1024 / 1024);
            assertTrue(perRow < 400, "bytes a row: " + perRow);
        }

        private long relationBytes() throws Exception {
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT pg_total_relation_size('segment_traffic')")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static TrafficRate rateAt(int poll) {
        Instant from = T0.plus(POLL.multipliedBy(poll));
        return new TrafficRate(from, from.plus(POLL), 1_000_000 + poll, 2_000_000, 0.5, 0);
    }

    abstract static class Behaviour {

        Database db;
        JdbcTrafficStore store;

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("nsap");
            store = new JdbcTrafficStore(db.dataSource());
        }

        @AfterEach
        void stop() {
            db.close();
        }

        void poll(String bookingId, int from, int to) {
            for (int k = from; k < to; k++) {
                store.addRates(Map.of(bookingId, rateAt(k)), POLL);
            }
        }

        @Test
        void polledRatesAreReadBackByRangeAtTheirResolution() {
            poll("a:R1:wan", 0, 10);
            poll("a:R2:wan", 0, 10);
            List<TrafficSample> samples = store.samples("a:R1:wan",
                    new TimeInterval(T0.plusSeconds(45), T0.plusSeconds(120)));
            assertEquals(3, samples.size(), "the periods [30,60), [60,90), [90,120) overlap [45,120)");
            assertEquals(POLL, samples.get(0).resolution());
            assertEquals(rateAt(1), samples.get(0).rate());
        }

        @Test
        void ratesOlderThanADayBecomeFiveMinuteMeansAndThoseOlderThanAMonthHourlyMeans() {
            poll("a:R1:wan", 0, 20); // ten minutes
            Instant dayLater = T0.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(10));
            store.coarsen(TrafficRetention.DEFAULT, dayLater);
            List<TrafficSample> means = store.samples("a:R1:wan", new TimeInterval(T0, dayLater));
            assertEquals(2, means.size());
            assertEquals(TrafficRetention.MEDIUM, means.get(0).resolution());
            assertEquals(1_000_000 + 4.5, means.get(0).rate().inBitsPerSecond(), 1e-6, "mean of polls 0 to 9");
            assertEquals(T0.plus(Duration.ofMinutes(5)), means.get(0).rate().to());

            Instant monthLater = T0.plus(Duration.ofDays(30)).plus(Duration.ofHours(1));
            store.coarsen(TrafficRetention.DEFAULT, monthLater);
            List<TrafficSample> hourly = store.samples("a:R1:wan", new TimeInterval(T0, monthLater));
            assertEquals(1, hourly.size());
            assertEquals(TrafficRetention.COARSE, hourly.get(0).resolution());
            assertEquals(1_000_000 + 9.5, hourly.get(0).rate().inBitsPerSecond(), 1e-6, "mean of polls 0 to 19");

            store.coarsen(TrafficRetention.DEFAULT, T0.plus(Duration.ofDays(366)));
            assertEquals(0, store.rows(), "hourly means end after a year");
        }

        @Test
        void recentRatesStayAsPolled() {
            poll("a:R1:wan", 0, 20);
            assertEquals(0, store.coarsen(TrafficRetention.DEFAULT, T0.plus(Duration.ofHours(23))));
            assertEquals(20, store.rows());
        }

        @Test
        void theLatestRateOfEachSegmentIsItsNewest() {
            poll("a:R1:wan", 0, 5);
            poll("a:R2:wan", 0, 3);
            Map<String, TrafficRate> latest = store.latestRates(T0.plusSeconds(60));
            assertEquals(rateAt(4), latest.get("a:R1:wan"));
            assertEquals(rateAt(2), latest.get("a:R2:wan"));
        }
    }

    /**
     * Six hours of a circuit polled every 30 s, coarsened every 5 minutes as the polling
     * does, under a retention shrunk to minutes and hours: its rows reach the schedule's bound
     * and stay under it.
     */
    @Test
    void aCircuitsRowsStayBoundedHoweverLongItRuns() {
        try (Database db = Database.open("jdbc:hsqldb:mem:traffic-bound-" + UUID.randomUUID(), "SA", "")) {
            db.migrateService("nsap");
            JdbcTrafficStore store = new JdbcTrafficStore(db.dataSource());
            TrafficRetention shrunk = new TrafficRetention(Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(3));
            long bound = shrunk.rowsPerCircuit(POLL);
            long most = 0;
            int polls = (int) (Duration.ofHours(6).toSeconds() / POLL.toSeconds());
            for (int k = 0; k < polls; k++) {
                store.addRates(Map.of("a:R1:wan", rateAt(k)), POLL);
                if (k % 10 == 9) {
                    store.coarsen(shrunk, rateAt(k).to());
                    most = Math.max(most, store.rows());
                }
            }
            assertTrue(most <= bound, most + " rows, bound " + bound);
            assertTrue(most > bound / 2, "the schedule filled: " + most + " of " + bound);
            assertTrue(store.rows() < polls / 10, "6 h of polls kept in " + store.rows() + " rows");
        }
    }
}
