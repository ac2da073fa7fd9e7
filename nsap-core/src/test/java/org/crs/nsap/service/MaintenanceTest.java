package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Maintenance windows through the segment service, over the JDBC store on HSQLDB. */
class MaintenanceTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final String LINK = OneLinkPlanner.LINK.id();
    static final Duration HOLD = Duration.ofMinutes(5);

    /** Hours after T0: {@code hours(2, 4)} is [12:00, 14:00). */
    static TimeInterval hours(int from, int to) {
        return new TimeInterval(T0.plus(Duration.ofHours(from)), T0.plus(Duration.ofHours(to)));
    }

    static final TimeInterval WINDOW = hours(2, 4);

    Database db;
    MutableClock clock;
    SegmentService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:maintenance-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        clock = new MutableClock(T0);
        service = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), NoRouters.INSTANCE, clock);
    }

    @AfterEach
    void stop() {
        db.close();
    }

    Segment hold(String id, TimeInterval interval) throws RequestRejected {
        return service.hold(new SegmentRequest(id, "x", "y", 100, interval, 0, 0), HOLD, new Caller.Process("bar-a"));
    }

    MaintenanceImpact addWindow() throws RequestRejected {
        return service.addMaintenance(LINK, WINDOW, "ops-alice", "replace the optics");
    }

    @Test
    void holdOverlappingAMaintenanceWindowIsRefusedNamingTheResource() throws Exception {
        addWindow();
        RequestRejected e = assertThrows(RequestRejected.class, () -> hold("b1", hours(3, 5)));
        assertEquals(RefusalCode.MAINTENANCE, e.refusal().code());
        assertEquals(LINK, e.resource());
        assertNull(e.field());
        assertEquals("link x-y is down for maintenance over " + WINDOW + ", 100 Mbit/s requested over " + hours(3, 5),
                e.getMessage());
        assertThrows(RequestRejected.class, () -> service.status("b1", new Caller.Process("test")), "nothing was booked");
    }

    @Test
    void holdEndingWhereTheWindowStartsIsAdmitted() throws Exception {
        addWindow();
        assertEquals(SegmentState.HELD, hold("b1", hours(1, 2)).state());
    }

    @Test
    void holdStartingWhereTheWindowEndsIsAdmitted() throws Exception {
        addWindow();
        assertEquals(SegmentState.HELD, hold("b1", hours(4, 5)).state());
    }

    @Test
    void checkDuringMaintenanceDoesNotFitAndNamesTheResource() throws Exception {
        addWindow();
        CheckResult check = service.check(new SegmentRequest("b1", "x", "y", 1, WINDOW, 0, 0));
        assertFalse(check.fits());
        assertEquals(LINK, check.resource());
    }

    @Test
    void liftingTheWindowAdmitsHoldsOverItAgain() throws Exception {
        long id = addWindow().window().id();
        assertThrows(RequestRejected.class, () -> hold("b1", WINDOW));
        clock.advance(Duration.ofMinutes(1));
        MaintenanceWindow lifted = service.liftMaintenance(id, "ops-bob", "the optics arrive next week");
        assertEquals(new MaintenanceWindow.Lift("ops-bob", "the optics arrive next week", T0.plusSeconds(60)),
                lifted.lifted());
        assertEquals(SegmentState.HELD, hold("b1", WINDOW).state());
    }

    @Test
    void windowRecordsTheCallerAndTheOperatorItNamesForDeclaringAndLifting() throws Exception {
        MaintenanceWindow added = service.addMaintenance(LINK, WINDOW, "bar-site-b", Optional.of(" oscar "),
                "replace the optics").window();
        assertEquals("bar-site-b", added.createdBy());
        assertEquals(Optional.of("oscar"), added.declaredByOperator());
        assertEquals("replace the optics", added.reason());
        clock.advance(Duration.ofMinutes(1));
        MaintenanceWindow lifted = service.liftMaintenance(added.id(), "bar-site-b", Optional.of("olga"), "done early");
        assertEquals(new MaintenanceWindow.Lift("bar-site-b", "done early", T0.plusSeconds(60), Optional.of("olga")),
                lifted.lifted());
        assertEquals(Optional.of("oscar"), service.listMaintenance(LINK, WINDOW).get(0).window().declaredByOperator());
    }

    @Test
    void windowFromACallerNamingNoOperatorRecordsTheOperatorAsNotKnown() throws Exception {
        MaintenanceWindow added = addWindow().window();
        assertEquals(Optional.empty(), added.declaredByOperator());
        assertEquals(Optional.empty(), service.liftMaintenance(added.id(), "ops-bob", "done").lifted().operator());
    }

    @Test
    void blankOrOverlongOperatorIsRefusedNamingOperatorAndRecordsNothing() throws Exception {
        assertEquals("operator", assertThrows(RequestRejected.class,
                () -> service.addMaintenance(LINK, WINDOW, "bar-site-b", Optional.of(" "), "optics")).field());
        assertEquals("operator", assertThrows(RequestRejected.class,
                () -> service.addMaintenance(LINK, WINDOW, "bar-site-b", Optional.of("o".repeat(201)), "optics")).field());
        assertNothingRecorded();
        long id = addWindow().window().id();
        assertEquals("operator", assertThrows(RequestRejected.class,
                () -> service.liftMaintenance(id, "bar-site-b", Optional.of(""), "done")).field());
        assertTrue(service.listMaintenance(LINK, WINDOW).get(0).window().live());
    }

    @Test
    void modifyExtendingIntoAMaintenanceWindowIsRefusedNamingTheResource() throws Exception {
        hold("b1", hours(1, 2));
        service.commit("b1", new Caller.Process("bar-a"));
        addWindow();
        RequestRejected e = assertThrows(RequestRejected.class,
                () -> service.modify("b1", hours(1, 3).end(), 100, HOLD, new Caller.Process("bar-a")));
        assertEquals(RefusalCode.MAINTENANCE, e.refusal().code());
        assertEquals(LINK, e.resource());
        assertNull(service.status("b1", new Caller.Process("test")).pending());
    }

    @Test
    void addingAWindowAnswersTheLiveBookingsItOverlapsAndRecordsItAnyway() throws Exception {
        hold("before", hours(1, 2));
        hold("aborted", WINDOW);
        service.abort("aborted", new Caller.Process("bar-a"), "peer refused");
        hold("held", hours(1, 3));
        hold("committed", hours(3, 5));
        service.commit("committed", new Caller.Process("bar-a"));
        clock.set(hours(3, 4).start());
        hold("active", hours(3, 4));
        service.commit("active", new Caller.Process("bar-a"));
        service.activate("active", new Caller.Process("bar-a"));
        MaintenanceImpact impact = service.addMaintenance(LINK, WINDOW, "ops-alice", "fibre cut");
        assertEquals(List.of("active", "committed", "held"), impact.affectedBookings());
        assertEquals(SegmentState.ACTIVE, service.status("active", new Caller.Process("test")).state(), "bookings made before stand");
        assertEquals(List.of(impact), service.listMaintenance(LINK, WINDOW));
    }

    @Test
    void listingGivesLiveWindowsWithTheirBookingsAndLiftedOnesWithout() throws Exception {
        hold("b1", hours(3, 5));
        MaintenanceWindow early = service.addMaintenance(LINK, hours(2, 4), "ops-alice", "optics").window();
        MaintenanceWindow late = service.addMaintenance(LINK, hours(4, 6), "ops-alice", "firmware").window();
        MaintenanceWindow lifted = service.liftMaintenance(early.id(), "ops-bob", "postponed");
        assertEquals(List.of(new MaintenanceImpact(lifted, List.of()), new MaintenanceImpact(late, List.of("b1"))),
                service.listMaintenance(null, hours(0, 8)));
        assertEquals(List.of(), service.listMaintenance(LINK, hours(6, 8)));
    }

    @Test
    void liftingALiftedWindowAnswersItAsLiftedFirst() throws Exception {
        long id = addWindow().window().id();
        MaintenanceWindow first = service.liftMaintenance(id, "ops-bob", "done early");
        clock.advance(Duration.ofMinutes(1));
        assertEquals(first, service.liftMaintenance(id, "ops-carol", "done"));
    }

    @Test
    void addingTheSameWindowAgainAnswersTheFirst() throws Exception {
        MaintenanceImpact first = addWindow();
        assertEquals(first, addWindow());
        assertEquals(1, service.listMaintenance(LINK, WINDOW).size());
    }

    @Test
    void unknownResourceIsRefusedNamingResourceIdAndRecordsNothing() {
        RequestRejected e = assertThrows(RequestRejected.class,
                () -> service.addMaintenance("x-z", WINDOW, "ops-alice", "optics"));
        assertEquals("resourceId", e.field());
        assertTrue(e.getMessage().contains("'x-z'") && e.getMessage().contains("x-y"), e.getMessage());
        assertEquals("resourceId", assertThrows(RequestRejected.class,
                () -> service.addMaintenance(null, WINDOW, "ops-alice", "optics")).field());
        assertEquals("resourceId", assertThrows(RequestRejected.class,
                () -> service.listMaintenance("x-z", WINDOW)).field());
        assertNothingRecorded();
    }

    @Test
    void missingReasonIsRefusedNamingReasonAndRecordsNothing() throws Exception {
        assertEquals("reason", assertThrows(RequestRejected.class,
                () -> service.addMaintenance(LINK, WINDOW, "ops-alice", " ")).field());
        assertEquals("reason", assertThrows(RequestRejected.class,
                () -> service.addMaintenance(LINK, WINDOW, "ops-alice", null)).field());
        assertNothingRecorded();
        long id = addWindow().window().id();
        assertEquals("reason", assertThrows(RequestRejected.class,
                () -> service.liftMaintenance(id, "ops-bob", "")).field());
        assertTrue(service.listMaintenance(LINK, WINDOW).get(0).window().live());
    }

    @Test
    void windowThatHasEndedIsRefusedNamingEnd() {
        clock.set(WINDOW.end());
        assertEquals("end", assertThrows(RequestRejected.class, this::addWindow).field());
        assertNothingRecorded();
    }

    @Test
    void unknownWindowIsRefusedNamingWindowId() {
        assertEquals("windowId", assertThrows(RequestRejected.class,
                () -> service.liftMaintenance(99, "ops-bob", "done")).field());
        assertEquals("windowId", assertThrows(RequestRejected.class,
                () -> service.liftMaintenance(0, "ops-bob", "done")).field());
    }

    void assertNothingRecorded() {
        try {
            assertEquals(List.of(), service.listMaintenance(null, hours(-100, 100)));
        } catch (RequestRejected e) {
            throw new AssertionError(e);
        }
    }
}
