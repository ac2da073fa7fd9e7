package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
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
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A circuit to another network booked over NSI: the far network's part is held first, on the
 * hand-off's whole VLAN range, and the local campus on the VLAN the far network chose; all or
 * nothing, as with the WAN. The controllers are the scripted ones the reservation service's
 * tests use; the service, its negotiation and its store are real.
 */
class FarNetworkNegotiationTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "to-domain-c", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ScriptedController far = new ScriptedController("nsi-domain-c", List.of());
    final ExecutorService calls = Executors.newCachedThreadPool();
    Database db;
    ReservationStore store;
    ReservationService service;

    @BeforeEach
    void start() {
        far.sourceVlan = 3007;
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcReservationStore(db.dataSource(), clock);
        Site site = new Site("site-a", campus, wan, Map.of("site-b", peer),
                Map.of("domain-c", new Site.FarNetwork(far, "to-domain-c")));
        service = new ReservationService(store, site, BarSettings.defaults(), calls, clock);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static ReservationRequest request(String id, boolean holdOnly) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("domain-c:host-c1"), 500,
                new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "test", holdOnly);
    }

    private Reservation create(String id, boolean holdOnly) throws Exception {
        return service.create(TestCallers.user("alice"), request(id, holdOnly));
    }

    @Test
    void theFarNetworkIsHeldFirstOnTheHandOffsRangeAndTheCampusOnTheVlanItChose() throws Exception {
        Reservation r = create("r1", false);

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(List.of(SegmentRole.FAR_NETWORK, SegmentRole.LOCAL_CAMPUS),
                r.segments().stream().map(Segment::role).toList());
        r.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, s.state(), s.toString()));
        TimeInterval configured = BarSettings.defaults().configured(request("r1", false).interval());
        assertEquals(new SegmentOrder("site-a:r1:far", "to-domain-c", "host-c1", 500, configured, 0, 0),
                r.segment(SegmentRole.FAR_NETWORK).order(), "the far network chooses from the hand-off's range");
        assertEquals(new SegmentOrder("site-a:r1:campus", "host-a1", "to-domain-c", 500, configured, 0, 3007),
                r.segment(SegmentRole.LOCAL_CAMPUS).order(), "the campus takes the VLAN the far network confirmed");
        assertEquals(List.of("hold site-a:r1:far", "commit site-a:r1:far"), far.calls);
        assertEquals(List.of("holdAndCommit site-a:r1:campus"), campus.calls, "the campus is the last part");
        assertTrue(wan.calls.isEmpty() && peer.calls.isEmpty(), "neither the WAN nor a peer BAR is asked");
    }

    @Test
    void aHoldOnlyRequestHoldsBothPartsAndCommitsThemOnCommit() throws Exception {
        Reservation r = create("r1", true);
        assertEquals(ReservationState.HELD, r.state(), r.reason());
        assertEquals(List.of("hold site-a:r1:campus"), campus.calls);

        Reservation committed = service.commit(TestCallers.user("alice"), "r1");

        assertEquals(ReservationState.RESERVED, committed.state(), committed.reason());
        assertEquals(SegmentState.COMMITTED, far.segments.get("site-a:r1:far"));
        assertEquals(SegmentState.COMMITTED, campus.segments.get("site-a:r1:campus"));
    }

    @Test
    void aFarNetworkThatRefusesRejectsTheReservationWithItsCodeAndAsksNothingElse() throws Exception {
        far.refuseHolds = new Refusal(RefusalCode.FAR_NETWORK_REFUSED, "domain-c",
                "NSI 00704: STP unavailable: to-site-a?vlan=3000-3099");

        Reservation r = create("r1", false);

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, r.refusalCode());
        assertTrue(r.reason().contains("00704"), r.reason());
        assertTrue(campus.calls.stream().noneMatch(c -> c.startsWith("hold")), "the campus is not held: " + campus.calls);
    }

    @Test
    void aSilentFarNetworkRejectsTheReservationAndItsHoldIsAborted() throws Exception {
        far.silent = true;

        Reservation r = create("r1", false);

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.PROVIDER_SILENT, r.refusalCode());
        assertTrue(far.calls.contains("abort site-a:r1:far"), far.calls.toString());
        assertTrue(campus.calls.stream().noneMatch(c -> c.startsWith("hold")), "the campus is not held: " + campus.calls);
    }

    @Test
    void aCampusThatRefusesAbortsTheFarNetworksHold() throws Exception {
        campus.refuseHolds = new Refusal(RefusalCode.VLAN_UNAVAILABLE, "to-domain-c", "VLAN 3007 is taken on to-domain-c");

        Reservation r = create("r1", false);

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.VLAN_UNAVAILABLE, r.refusalCode());
        assertEquals(SegmentState.ABORTED, far.segments.get("site-a:r1:far"));
        assertFalse(far.holdsAnything() || campus.holdsAnything(), "nothing stays booked anywhere");
    }

    @Test
    void aCircuitToTheFarNetworkIsActivatedAndReleasedOnBothParts() throws Exception {
        create("r1", false);

        clock.set(T0.plus(Duration.ofHours(1)));
        service.runDueWork().get();
        assertEquals(ReservationState.ACTIVE, service.get(ITSELF, "r1").state());
        clock.set(T0.plus(Duration.ofHours(2)));
        service.runDueWork().get();

        assertEquals(ReservationState.FINISHED, service.get(ITSELF, "r1").state());
        assertEquals(SegmentState.RELEASED, far.segments.get("site-a:r1:far"));
        assertEquals(SegmentState.RELEASED, campus.segments.get("site-a:r1:campus"));
    }
}
