package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.MaintenanceNotices;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.MaintenanceScope;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.service.MaintenanceService.WindowHits;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/**
 * The maintenance service over a real reservation store and scripted controllers that keep
 * windows as the L-NSAP and the NSAP do (a window hits every live segment of its controller):
 * which controller keeps a window, what an answer lists, how a move chooses, when the owner is
 * told. The federation's {@code MaintenanceFederationTest} does the same against the real services.
 */
class MaintenanceServiceTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final String PORT = "edge-a:GigabitEthernet1/1";
    static final String LINK = "core-1-core-3";

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final List<String> told = new CopyOnWriteArrayList<>();
    volatile boolean noticesFail;
    Database db;
    ReservationStore store;
    ReservationService reservations;
    MaintenanceService maintenance;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcReservationStore(db.dataSource(), clock);
        reservations = new ReservationService(store, new Site("site-a", campus, wan, Map.of("site-b", peer)),
                BarSettings.defaults(), calls, clock);
        campus.resources.add(PORT);
        wan.resources.add(LINK);
        maintenance = new MaintenanceService(reservations, store, new MaintenanceNotices() {
            @Override
            public void moved(Reservation before, Reservation after, String reason) {
                tell("MOVED_BY_MAINTENANCE " + after.requestId() + " " + after.request().interval());
            }

            @Override
            public void cancelled(Reservation reservation, String reason) {
                tell("CANCELLED_BY_MAINTENANCE " + reservation.requestId());
            }
        });
    }

    private void tell(String notice) {
        if (noticesFail) {
            throw new IllegalStateException("the mail server is down");
        }
        told.add(notice);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static TimeInterval hours(double from, double to) {
        return new TimeInterval(T0.plus(Duration.ofMinutes((long) (from * 60))), T0.plus(Duration.ofMinutes((long) (to * 60))));
    }

    private Reservation reserve(String id) throws BadRequest {
        Reservation r = reservations.create(TestCallers.user("alice"), new ReservationRequest(id, Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("site-b:host-b1"), 500, hours(2, 3), "test", false));
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        return r;
    }

    @Test
    void aResourceOfTheCampusIsDeclaredAtTheLnsap() throws Exception {
        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");

        assertEquals(MaintenanceScope.CAMPUS, hits.scope());
        assertEquals(List.of(), wan.calls);
    }

    @Test
    void aResourceTheCampusDoesNotKnowIsDeclaredAtTheNsap() throws Exception {
        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), LINK, hours(2.5, 4), "fibre work");

        assertEquals(MaintenanceScope.WAN, hits.scope());
        assertEquals(List.of("addMaintenance " + LINK), campus.calls);
        assertEquals(List.of("addMaintenance " + LINK), wan.calls);
    }

    @Test
    void aResourceNeitherKnowsIsABadRequestNamingResourceId() {
        BadRequest e = assertThrows(BadRequest.class, () -> maintenance.declare(TestCallers.operator("oscar"), "edge-z:Gi9/9", hours(2.5, 4), "x"));

        assertEquals(RefusalCode.BAD_FIELD, e.refusal().code());
        assertEquals("resourceId", e.field());
    }

    @Test
    void aWindowWithoutAReasonIsABadRequestNamingReason() {
        assertEquals("reason", assertThrows(BadRequest.class,
                () -> maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), " ")).field());
    }

    @Test
    void theAnswerListsThisBarsReservationsAndOtherSitesBookingsApart() throws Exception {
        reserve("r1");
        campus.foreignBookings.add("site-b:their-7:remote");

        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");

        assertEquals(List.of("r1"), hits.reservations().stream().map(Reservation::requestId).toList());
        assertEquals(List.of("site-b:their-7:remote"), hits.otherBookings());
    }

    @Test
    void theDeclaredReasonNamesTheOperator() throws Exception {
        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");

        assertEquals("optics (declared by oscar)", hits.window().reason());
    }

    @Test
    void theControllerIsToldTheOperatorWhoDeclaresAndWhoLifts() throws Exception {
        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        maintenance.lift(TestCallers.operator("olga"), hits.scope(), hits.window().id(), "postponed");

        assertEquals(List.of("add oscar", "lift olga"), campus.maintenanceOperators);
    }

    @Test
    void aMoveGoesToTheFirstFreeStartAfterTheLastWindowThatHitsItAndTellsTheOwner() throws Exception {
        Reservation before = reserve("r1");
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        maintenance.declare(TestCallers.operator("oscar"), LINK, hours(1, 5), "fibre work");

        Reservation after = maintenance.move(TestCallers.operator("oscar"), "r1", "optics");

        assertEquals(hours(5, 6), after.request().interval(), "the same length, from where the later window ends");
        assertEquals(ReservationState.RESERVED, after.state());
        assertEquals(List.of("MOVED_BY_MAINTENANCE r1 " + hours(5, 6)), told);
        for (Segment s : before.segments()) {
            ScriptedController c = List.of(campus, wan, peer).stream().filter(x -> x.name().equals(s.controller()))
                    .findFirst().orElseThrow();
            assertEquals(org.crs.domain.booking.SegmentState.RELEASED, c.segments.get(s.bookingId()), s.bookingId());
        }
    }

    @Test
    void aMoveOfAReservationNoLiveWindowHitsIsRefusedAndChangesNothing() throws Exception {
        Reservation before = reserve("r1");
        WindowHits w = maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        maintenance.lift(TestCallers.operator("oscar"), w.scope(), w.window().id(), "postponed");

        BadRequest e = assertThrows(BadRequest.class, () -> maintenance.move(TestCallers.operator("oscar"), "r1", "optics"));

        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("requestId", e.field());
        assertEquals(before.request(), reservations.get(ITSELF, "r1").request());
        assertEquals(List.of(), told);
    }

    @Test
    void aMoveWithNoFreeStartIsRefusedWithNoCapacityAndChangesNothing() throws Exception {
        Reservation before = reserve("r1");
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        peer.capacityMbps = 100;

        ChangeRefused e = assertThrows(ChangeRefused.class, () -> maintenance.move(TestCallers.operator("oscar"), "r1", "optics"));

        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        Reservation now = reservations.get(ITSELF, "r1");
        assertEquals(before.request(), now.request());
        assertEquals(before.segments(), now.segments());
        assertEquals(List.of(), told);
    }

    @Test
    void aMoveThatEveryTryFindsTakenIsRefusedWithThePartsCode() throws Exception {
        Reservation before = reserve("r1");
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        peer.refuseNextHolds.set(MaintenanceService.MOVE_ATTEMPTS);

        ChangeRefused e = assertThrows(ChangeRefused.class, () -> maintenance.move(TestCallers.operator("oscar"), "r1", "optics"));

        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertEquals(before.segments().stream().map(Segment::bookingId).toList(),
                reservations.get(ITSELF, "r1").segments().stream().map(Segment::bookingId).toList());
        assertTrue(wan.segments.entrySet().stream().filter(x -> !x.getKey().equals(before.segments().get(0).bookingId()))
                .noneMatch(x -> x.getValue().holdsResources()), "every new hold was aborted: " + wan.segments);
    }

    @Test
    void aSlotTakenBeforeItIsHeldMakesTheMoveTryTheNext() throws Exception {
        reserve("r1");
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        peer.refuseNextHolds.set(1);

        Reservation after = maintenance.move(TestCallers.operator("oscar"), "r1", "optics");

        assertEquals(hours(4, 5), after.request().interval());
    }

    @Test
    void aNoticeThatFailsDoesNotUndoTheMove() throws Exception {
        reserve("r1");
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(2.5, 4), "optics");
        noticesFail = true;

        Reservation after = maintenance.move(TestCallers.operator("oscar"), "r1", "optics");

        assertEquals(hours(4, 5), after.request().interval());
        assertEquals(hours(4, 5), reservations.get(ITSELF, "r1").request().interval());
    }

    @Test
    void aCancelForMaintenanceTellsTheOwnerOnce() throws Exception {
        reserve("r1");

        Reservation cancelled = maintenance.cancel(TestCallers.operator("oscar"), "r1", "power work");
        maintenance.cancel(TestCallers.operator("oscar"), "r1", "power work");

        assertEquals(ReservationState.CANCELLED, cancelled.state());
        assertEquals("oscar", store.history("r1").get(store.history("r1").size() - 1).actor());
        assertEquals(List.of("CANCELLED_BY_MAINTENANCE r1"), told);
    }

    @Test
    void listGivesTheWindowsOfTheCampusAndTheWanByStart() throws Exception {
        maintenance.declare(TestCallers.operator("oscar"), PORT, hours(3, 4), "optics");
        maintenance.declare(TestCallers.operator("oscar"), LINK, hours(1, 2), "fibre work");

        List<WindowHits> listed = maintenance.list(TestCallers.operator("oscar"), hours(0, 24));

        assertEquals(List.of(MaintenanceScope.WAN, MaintenanceScope.CAMPUS), listed.stream().map(WindowHits::scope).toList());
    }

    @Test
    void liftingAWindowTheControllerDoesNotHaveIsABadRequestNamingWindowId() {
        assertEquals("windowId", assertThrows(BadRequest.class,
                () -> maintenance.lift(TestCallers.operator("oscar"), MaintenanceScope.CAMPUS, 42, "done")).field());
    }
}
