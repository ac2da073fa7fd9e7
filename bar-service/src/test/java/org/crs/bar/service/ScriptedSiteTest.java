package org.crs.bar.service;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.testing.ScriptedController;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;

/**
 * What the reservation service's tests start from: site-a's service with the default settings, on
 * its own migrated HSQLDB in memory and a clock the test sets (at {@link #T0}), booking with
 * scripted parts: its L-NSAP with host-a1 and host-a2, the NSAP between site-a and site-b, and
 * site-b's BAR with host-b1. Made anew for each test, closed after it.
 */
abstract class ScriptedSiteTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final Database db = migrated(Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null));
    final ReservationStore store = new JdbcReservationStore(db.dataSource(), clock);
    final ReservationService service = new ReservationService(store, new Site("site-a", campus, wan,
            Map.of("site-b", peer)), BarSettings.defaults(), calls, clock);

    private static Database migrated(Database db) {
        db.migrateService("bar");
        return db;
    }

    @AfterEach
    void closeSite() {
        calls.shutdownNow();
        db.close();
    }
}
