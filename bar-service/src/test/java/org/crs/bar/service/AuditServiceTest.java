package org.crs.bar.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcAuditLog;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.audit.AuditTrail;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/**
 * The BAR's audit search by reservation: its own entries and the router commands its L-NSAP and
 * NSAP logged for the reservation's segments, newest first (the trail on a real HSQLDB, the
 * controllers scripted).
 */
class AuditServiceTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    Database db;
    AuditTrail trail;
    AuditService audit;

    @BeforeEach
    void start() throws Exception {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        JdbcReservationStore store = new JdbcReservationStore(db.dataSource(), clock);
        Site site = new Site("site-a", campus, wan, Map.of("site-b", peer));
        ReservationService reservations = new ReservationService(store, site, BarSettings.defaults(), calls, clock);
        reservations.create(TestCallers.user("alice"), new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"),
                500, new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "test", false));
        trail = new AuditTrail(db.dataSource(), clock);
        audit = new AuditService(new JdbcAuditLog(trail), store, site);

        trail.recordCall("ReservationService", "createReservation", "alice", "192.0.2.1", "", Map.of("requestId", "r1"), "OK");
        clock.set(T0.plus(Duration.ofMinutes(60)));
        trail.recordCall("ReservationService", "cancelReservation", "alice", "192.0.2.1", "", Map.of("requestId", "r1"), "OK");
        campus.deviceLogs.put("site-a:r1:campus", List.of(
                command("lnsap-site-a", "site-a:r1:campus", "rt-campus", T0.plus(Duration.ofMinutes(55)), "vlan 1200")));
        wan.deviceLogs.put("site-a:r1:wan", List.of(
                command("nsap", "site-a:r1:wan", "rt-wan", T0.plus(Duration.ofMinutes(56)), "interface Gi0/1.1200")));
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static AuditRecord command(String controller, String bookingId, String router, Instant at, String request) {
        return new AuditRecord(at, controller, "", "", AuditRecord.ROUTER_COMMAND, Map.of("request", request), "OK",
                AuditRecord.reservationOfBooking(bookingId), bookingId, router, "");
    }

    private static List<String> operations(List<AuditEntry> entries) {
        return entries.stream().map(e -> e.record().operation() + " " + e.record().router()).toList();
    }

    @Test
    void aReservationsEntriesComeWithTheRouterCommandsOfItsSegmentsNewestFirst() throws Exception {
        List<AuditEntry> entries = audit.search(TestCallers.operator("oscar"), AuditQuery.all().withReservation("r1"));
        assertEquals(List.of("ReservationService.cancelReservation ", "router-command rt-wan", "router-command rt-campus",
                "ReservationService.createReservation "), operations(entries));
        assertEquals(0, entries.get(1).sequence(), "a controller's command is chained in the controller's trail");
    }

    @Test
    void theRemoteCampusIsNotAskedForItsDeviceLog() throws Exception {
        audit.search(TestCallers.operator("oscar"), AuditQuery.all().withReservation("r1"));
        assertFalse(peer.calls.stream().anyMatch(c -> c.startsWith("deviceLog")), peer.calls.toString());
    }

    @Test
    void aSearchByRouterKeepsOnlyThatRoutersCommands() throws Exception {
        assertEquals(List.of("router-command rt-campus"),
                operations(audit.search(TestCallers.operator("oscar"), AuditQuery.all().withReservation("r1").withRouter("rt-campus"))));
    }

    @Test
    void pagesCountOverTheMergedEntries() throws Exception {
        assertEquals(List.of("router-command rt-wan", "router-command rt-campus"),
                operations(audit.search(TestCallers.operator("oscar"), AuditQuery.all().withReservation("r1").page(1, 2))));
    }

    @Test
    void aSearchWithoutAReservationAsksNoController() throws Exception {
        assertEquals(2, audit.search(TestCallers.operator("oscar"), AuditQuery.all()).size());
        assertFalse(campus.calls.stream().anyMatch(c -> c.startsWith("deviceLog")), campus.calls.toString());
    }

    @Test
    void aSilentControllerFailsTheSearchByReservation() {
        campus.silent = true;
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> audit.search(TestCallers.operator("oscar"), AuditQuery.all().withReservation("r1")));
        assertEquals(RefusalCode.PROVIDER_SILENT, f.refusal().code());
    }
}
