package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.DeviceLogStore;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Each BAR is confined to its own bookings at an L-NSAP or the NSAP, by the owner stored with
 * each booking, and no booking is configured before its start: the service's decisions, over
 * the JDBC store on HSQLDB.
 */
class SegmentConfinementTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval HOUR = new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(7200));
    static final Duration HOLD = Duration.ofMinutes(5);

    static final Caller SITE_A = new Caller.ServedBar("site-a", "CN=bar-site-a");
    static final Caller SITE_B = new Caller.ServedBar("site-b", "CN=bar-site-b");
    static final Caller PROCESS = new Caller.Process("test");

    Database db;
    MutableClock clock;
    JdbcSegmentStore store;
    CountingRouters routers;
    SegmentService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:confine-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        clock = new MutableClock(T0);
        store = new JdbcSegmentStore(db.dataSource());
        routers = new CountingRouters();
        service = new SegmentService(store, new OneLinkPlanner(), routers, clock);
    }

    @AfterEach
    void stop() {
        db.close();
    }

    static SegmentRequest request(String id, long mbps) {
        return new SegmentRequest(id, "x", "y", mbps, HOUR, 0, 0);
    }

    Segment committed(String id, Caller bar) throws RequestRejected {
        service.hold(request(id, 100), HOLD, bar);
        return service.commit(id, bar);
    }

    /** Asserts that {@code call} is refused NOT_ALLOWED naming bookingId. */
    static void assertNotAllowed(Executable call) {
        RequestRejected e = assertThrows(RequestRejected.class, call);
        assertEquals(RefusalCode.NOT_ALLOWED, e.refusal().code(), e.getMessage());
        assertEquals("bookingId", e.field());
    }

    @Test
    void theBarThatHeldABookingIsStoredAsItsOwner() throws Exception {
        Segment held = service.hold(request("site-a:r1:wan", 100), HOLD, SITE_A);
        assertEquals(new SegmentOwner.Bar("site-a"), held.owner());
        assertEquals(new SegmentOwner.Bar("site-a"), store.find("site-a:r1:wan").orElseThrow().owner());
        assertEquals("bar-site-a", service.history("site-a:r1:wan", SITE_A).get(0).actor());
    }

    @Test
    void whereSeveralSitesBarsBookABarHoldsOnlyUnderItsOwnSitesIds() throws Exception {
        SegmentService wan = new SegmentService(store, new OneLinkPlanner(), routers, clock,
                BookingIdScope.forServedSites(2));

        assertNotAllowed(() -> wan.hold(request("site-a:r1:wan", 100), HOLD, SITE_B));
        assertNotAllowed(() -> wan.holdAndCommit(request("site-a:r1:wan", 100), SITE_B));

        assertEquals(SegmentState.HELD, wan.hold(request("site-a:r1:wan", 100), HOLD, SITE_A).state());
    }

    @Test
    void whereSeveralSitesBarsBookABarCannotTakeAnotherSitesIdByAbortingItFirst() throws Exception {
        SegmentService wan = new SegmentService(store, new OneLinkPlanner(), routers, clock,
                BookingIdScope.forServedSites(2));

        assertNotAllowed(() -> wan.abort("site-a:r1:wan", SITE_B, "squatting"));

        assertEquals(SegmentState.HELD, wan.hold(request("site-a:r1:wan", 100), HOLD, SITE_A).state());
    }

    @Test
    void whereOneSitesBarBooksItHoldsItsPeersIdsForTheRemoteCampus() throws Exception {
        SegmentService campus = new SegmentService(store, new OneLinkPlanner(), routers, clock,
                BookingIdScope.forServedSites(1));

        assertEquals(SegmentState.HELD, campus.hold(request("site-a:r1:remote", 100), HOLD, SITE_B).state());
    }

    @Test
    void theOwnerIsTheCallerNotTheSiteTheBookingIdNames() throws Exception {
        // site-b's L-NSAP: its BAR books the campus part of site-a's reservation under site-a's id.
        committed("site-a:r1:campus", SITE_B);
        assertEquals(SegmentState.COMMITTED, service.status("site-a:r1:campus", SITE_B).state());
        assertNotAllowed(() -> service.status("site-a:r1:campus", SITE_A));
    }

    @Test
    void everyOperationNamingAnotherBarsBookingIsRefusedAndChangesNothing() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        service.hold(request("site-a:r2:wan", 100), HOLD, SITE_A);
        List<Transition> history = service.history("site-a:r1:wan", PROCESS);
        clock.set(HOUR.start());

        assertNotAllowed(() -> service.commit("site-a:r2:wan", SITE_B));
        assertNotAllowed(() -> service.abort("site-a:r1:wan", SITE_B, "not mine"));
        assertNotAllowed(() -> service.activate("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.deactivate("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.modify("site-a:r1:wan", HOUR.end().plusSeconds(600), 200, HOLD, SITE_B));
        assertNotAllowed(() -> service.commitModify("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.abortModify("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.status("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.history("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.changes("site-a:r1:wan", SITE_B));
        assertNotAllowed(() -> service.deviceLog("site-a:r1:wan", 100, SITE_B));

        assertEquals(SegmentState.COMMITTED, service.status("site-a:r1:wan", SITE_A).state());
        assertEquals(history, service.history("site-a:r1:wan", SITE_A));
        assertTrue(service.changes("site-a:r1:wan", SITE_A).isEmpty());
        assertEquals(SegmentState.HELD, service.status("site-a:r2:wan", SITE_A).state());
        assertEquals(1, service.history("site-a:r2:wan", SITE_A).size());
        assertEquals(0, routers.calls, "nothing was sent to a router");
    }

    @Test
    void aHoldReusingAnotherBarsBookingIdIsRefusedWhateverItAsks() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        assertNotAllowed(() -> service.hold(request("site-a:r1:wan", 100), HOLD, SITE_B));
        assertNotAllowed(() -> service.hold(request("site-a:r1:wan", 300), HOLD, SITE_B));
        assertNotAllowed(() -> service.holdAndCommit(request("site-a:r1:wan", 100), SITE_B));
        assertEquals(2, service.history("site-a:r1:wan", SITE_A).size(), "held, committed: nothing more");
    }

    @Test
    void aRepeatedHoldOfTheOwnersOwnBookingAnswersIt() throws Exception {
        Segment first = service.hold(request("site-a:r1:wan", 100), HOLD, SITE_A);
        assertEquals(first.circuitId(), service.hold(request("site-a:r1:wan", 100), HOLD, SITE_A).circuitId());
    }

    @Test
    void anAbortBeforeTheHoldTakesTheIdForItsBarOnly() throws Exception {
        RequestRejected mine = assertThrows(RequestRejected.class, () -> service.abort("site-a:r1:wan", SITE_A, "timed out"));
        assertEquals(RefusalCode.POLICY, mine.refusal().code());
        assertNotAllowed(() -> service.hold(request("site-a:r1:wan", 100), HOLD, SITE_B));
        assertNotAllowed(() -> service.abort("site-a:r1:wan", SITE_B, "again"));
        RequestRejected owner = assertThrows(RequestRejected.class, () -> service.hold(request("site-a:r1:wan", 100), HOLD, SITE_A));
        assertEquals(RefusalCode.POLICY, owner.refusal().code(), "its own BAR is told the id was aborted");
    }

    @Test
    void everyReplicaAndCertificateOfASiteActsAsItsBar() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        Caller rotated = new Caller.ServedBar("site-a", "CN=bar-site-a-2027");
        clock.set(HOUR.start());
        assertEquals(SegmentState.ACTIVE, service.activate("site-a:r1:wan", rotated).state());
    }

    @Test
    void queryListsOnlyTheCallersBookingsAndTheProcessSeesAll() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        committed("site-b:r1:wan", SITE_B);
        assertEquals(List.of("site-a:r1:wan"), ids(service.query(List.of(), null, SITE_A)));
        assertEquals(List.of("site-b:r1:wan"), ids(service.query(List.of(SegmentState.COMMITTED), HOUR, SITE_B)));
        assertEquals(List.of("site-a:r1:wan", "site-b:r1:wan"), ids(service.query(List.of(), null, PROCESS)));
        assertTrue(service.query(List.of(), null, new Caller.Anonymous()).isEmpty());
    }

    @Test
    void theDeviceLogOfAllSegmentsListsOnlyTheCallersOwn() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        committed("site-b:r1:wan", SITE_B);
        store.logDevice("site-a:r1:wan", List.of(entry("interface Tunnel1")));
        store.logDevice("site-b:r1:wan", List.of(entry("interface Tunnel2")));
        assertEquals(List.of("site-b:r1:wan"), service.deviceLog(null, 100, SITE_B).stream()
                .map(DeviceLogStore.DeviceLogRecord::bookingId).toList());
        assertEquals(2, service.deviceLog(null, 100, PROCESS).size());
        assertEquals(1, service.deviceLog("site-a:r1:wan", 100, SITE_A).size());
    }

    @Test
    void theDeviceLogOfABookingIdNoSegmentHasIsEmptyForABar() throws Exception {
        store.logDevice("site-a:r9:wan", List.of(entry("interface Tunnel9")));
        assertTrue(service.deviceLog("site-a:r9:wan", 100, SITE_B).isEmpty());
        assertEquals(1, service.deviceLog("site-a:r9:wan", 100, PROCESS).size());
    }

    @Test
    void theOwnerHoldsForAnotherServiceOnTheSameDatabaseAndAfterARestart() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        SegmentService replica = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), routers,
                clock);
        assertNotAllowed(() -> replica.abort("site-a:r1:wan", SITE_B, "not mine"));
        assertEquals(SegmentState.ABORTED, replica.abort("site-a:r1:wan", SITE_A, "done").state());
    }

    @Test
    void utilisationOfAnotherBarsSegmentIsRefused() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        SegmentTraffic traffic = new SegmentTraffic(store, new org.crs.nsap.store.JdbcTrafficStore(db.dataSource()), clock);
        assertNotAllowed(() -> traffic.utilisation("site-a:r1:wan", HOUR, SITE_B));
        assertTrue(traffic.utilisation("site-a:r1:wan", HOUR, SITE_A).isEmpty());
    }

    @Test
    void bookingsWithNoOwnerRecordedAreGivenToTheBarOfTheSiteTheirIdNames() throws Exception {
        committed("site-a:r1:wan", PROCESS);
        committed("site-c:r1:wan", PROCESS);
        assertNotAllowed(() -> service.status("site-a:r1:wan", SITE_A));
        assertEquals(1, service.adoptUnowned(Set.of("site-a", "site-b")));
        assertEquals(new SegmentOwner.Bar("site-a"), service.status("site-a:r1:wan", SITE_A).owner());
        assertEquals(new SegmentOwner.Unrecorded(), service.status("site-c:r1:wan", PROCESS).owner(),
                "no served BAR's site: the process's alone");
        assertEquals(0, service.adoptUnowned(Set.of("site-b", "site-a")), "an owner once recorded stays");
    }

    @Test
    void aServiceServingOneBarGivesItEveryBookingWithNoOwnerRecorded() throws Exception {
        committed("site-a:r1:campus", PROCESS); // booked by site-b's BAR for site-a's reservation
        assertEquals(1, service.adoptUnowned(Set.of("site-b")));
        assertEquals(SegmentState.COMMITTED, service.status("site-a:r1:campus", SITE_B).state());
    }

    // ---- activation time ----

    @Test
    void anActivationBeforeTheBookingsStartLessTheSkewIsRefusedAndConfiguresNothing() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        List<Transition> history = service.history("site-a:r1:wan", SITE_A);
        clock.set(HOUR.start().minus(SegmentService.ACTIVATION_SKEW).minusMillis(1));
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.activate("site-a:r1:wan", SITE_A));
        assertEquals(RefusalCode.ACTIVATION_TOO_EARLY, e.refusal().code());
        assertEquals("bookingId", e.field());
        assertEquals(SegmentState.COMMITTED, service.status("site-a:r1:wan", SITE_A).state());
        assertEquals(history, service.history("site-a:r1:wan", SITE_A));
        assertEquals(0, routers.calls, "nothing was sent to a router");
    }

    @Test
    void anActivationDaysBeforeTheStartIsRefusedEvenForTheProcess() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        clock.set(HOUR.start().minus(Duration.ofDays(3)));
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.activate("site-a:r1:wan", PROCESS));
        assertEquals(RefusalCode.ACTIVATION_TOO_EARLY, e.refusal().code());
        assertEquals(0, routers.calls);
    }

    @Test
    void anActivationWithinTheSkewBeforeTheStartConfiguresTheSegment() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        clock.set(HOUR.start().minus(SegmentService.ACTIVATION_SKEW));
        assertEquals(SegmentState.ACTIVE, service.activate("site-a:r1:wan", SITE_A).state());
        assertEquals(1, routers.calls);
    }

    @Test
    void anActiveSegmentActivatedAgainIsAnsweredAsItIs() throws Exception {
        committed("site-a:r1:wan", SITE_A);
        clock.set(HOUR.start());
        service.activate("site-a:r1:wan", SITE_A);
        assertEquals(SegmentState.ACTIVE, service.activate("site-a:r1:wan", SITE_A).state());
        assertEquals(1, routers.calls);
    }

    private static List<String> ids(List<Segment> segments) {
        return segments.stream().map(Segment::bookingId).sorted().toList();
    }

    private static DeviceLogEntry entry(String request) {
        return new DeviceLogEntry("pe1", DeviceLogEntry.Protocol.CLI, request, "ok", DeviceLogEntry.Outcome.OK, T0, 3);
    }

    /** Routers that count what they are asked to configure and remove, and do nothing else. */
    static final class CountingRouters implements SegmentActivator {
        int calls;
        final List<String> configured = new ArrayList<>();

        @Override
        public synchronized void activate(Segment segment) {
            calls++;
            configured.add(segment.bookingId());
        }

        @Override
        public synchronized void deactivate(Segment segment) {
            calls++;
        }

        @Override
        public List<RouterRepair> repair(Segment segment, RouterRepair.Wanted wanted) {
            return List.of();
        }
    }
}
