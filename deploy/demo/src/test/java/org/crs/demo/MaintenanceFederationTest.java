package org.crs.demo;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.bar.port.MaintenanceNotices;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.MaintenanceScope;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.server.BarServer;
import org.crs.bar.service.MaintenanceService;
import org.crs.bar.service.MaintenanceService.WindowHits;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/**
 * Maintenance for operators against the real federation (both sites' BARs and L-NSAPs, the
 * NSAP, the emulated routers, over SOAP): a window declared through site-a's BAR on a resource a
 * reserved booking uses lists the booking; a move takes it to the next free slot of the same
 * length at every part, or leaves it as it was; a cancel releases it; the owner is told. Each
 * test books on a day and host port of its own.
 */
class MaintenanceFederationTest {

    static final Duration LEAD = Duration.ofMillis(1500);
    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2))
            .withSetUpLead(LEAD);
    private static final AtomicInteger DAYS = new AtomicInteger(3);

    static Federation federation;
    /** What the owners were told, in order. */
    final List<String> told = Collections.synchronizedList(new ArrayList<>());
    final List<Reservation[]> moves = Collections.synchronizedList(new ArrayList<>());
    MaintenanceService maintenance;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-maintenance");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, SETTINGS, Duration.ofSeconds(3), Clock.systemUTC()));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    @BeforeEach
    void operatorsDesk() {
        BarServer bar = federation.bar("site-a");
        maintenance = new MaintenanceService(bar.service(), bar.store(), new MaintenanceNotices() {
            @Override
            public void moved(Reservation before, Reservation after, String reason) {
                told.add("MOVED_BY_MAINTENANCE " + after.requestId() + " to " + after.owner());
                moves.add(new Reservation[] {before, after});
            }

            @Override
            public void cancelled(Reservation reservation, String reason) {
                told.add("CANCELLED_BY_MAINTENANCE " + reservation.requestId() + " to " + reservation.owner());
            }
        });
    }

    /** Midnight of a day no other test of this class books on. */
    static Instant day() {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(DAYS.getAndAdd(10)));
    }

    static Instant at(Instant day, int hours, int minutes) {
        return day.plus(Duration.ofHours(hours)).plus(Duration.ofMinutes(minutes));
    }

    static Reservation book(String id, String host, Instant start, Instant end) throws Exception {
        Reservation r = federation.bar("site-a").service().create(TestCallers.user("alice"), new ReservationRequest(id,
                Endpoint.parse("site-a:" + host), Endpoint.parse("site-b:host-b1"), 200, new TimeInterval(start, end),
                "maintenance test", false));
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        return r;
    }

    /** The segment booked under an id at every service, as that service holds it. */
    static List<org.crs.nsap.segment.Segment> atTheParts(String bookingId) {
        List<NsapServer> servers = List.of(federation.lnsap("site-a"), federation.lnsap("site-b"), federation.nsap());
        return servers.stream().flatMap(s -> s.service().query(List.of(), null, new Caller.Process("test")).stream())
                .filter(seg -> seg.bookingId().equals(bookingId)).toList();
    }

    static org.crs.nsap.segment.Segment atItsPart(Segment s) {
        List<org.crs.nsap.segment.Segment> found = atTheParts(s.bookingId());
        assertEquals(1, found.size(), "segment " + s.bookingId() + " at the parts: " + found);
        return found.get(0);
    }

    @Test
    void aWindowOnTheHostPortOfAReservedBookingListsIt() throws Exception {
        Instant d = day();
        Reservation r = book("mt-list", "host-a1", at(d, 10, 0), at(d, 11, 0));

        WindowHits hits = maintenance.declare(TestCallers.operator("oscar"), "edge-a:GigabitEthernet1/1", new TimeInterval(at(d, 10, 30), at(d, 12, 0)),
                "replace the optics");

        assertEquals(MaintenanceScope.CAMPUS, hits.scope());
        assertEquals(List.of("mt-list"), hits.reservations().stream().map(Reservation::requestId).toList());
        assertEquals(List.of(), hits.otherBookings());
        assertTrue(hits.window().live());
        assertEquals(List.of(r.segment(org.crs.bar.reservation.SegmentRole.LOCAL_CAMPUS).bookingId()),
                hits.window().affectedBookings());
    }

    @Test
    void aMoveTakesTheReservationToTheNextFreeSlotOfTheSameLengthAtEveryPartAndTellsTheOwner() throws Exception {
        Instant d = day();
        Reservation before = book("mt-move", "host-a2", at(d, 10, 0), at(d, 11, 0));
        maintenance.declare(TestCallers.operator("oscar"), "edge-a:GigabitEthernet1/2", new TimeInterval(at(d, 10, 30), at(d, 12, 0)),
                "replace the line card");

        Reservation after = maintenance.move(TestCallers.operator("oscar"), "mt-move", "line card");

        // The port is free again where the window ends; the routers carry a circuit from the set-up lead before its start.
        TimeInterval expected = new TimeInterval(at(d, 12, 0).plus(LEAD), at(d, 13, 0).plus(LEAD));
        assertEquals(ReservationState.RESERVED, after.state());
        assertEquals(expected, after.request().interval());
        assertEquals(before.request().bandwidthMbps(), after.request().bandwidthMbps());
        assertEquals(SETTINGS.configured(expected), after.segments().get(0).order().interval());
        for (Segment s : after.segments()) {
            org.crs.nsap.segment.Segment there = atItsPart(s);
            assertEquals(SegmentState.COMMITTED, there.state(), s.bookingId());
            assertEquals(SETTINGS.configured(expected), there.request().interval(), s.bookingId());
        }
        for (Segment old : before.segments()) {
            assertFalse(atItsPart(old).state().holdsResources(), old.bookingId() + " is still held");
        }
        assertEquals(List.of("MOVED_BY_MAINTENANCE mt-move to alice"), told);
        assertEquals(before.request().interval(), moves.get(0)[0].request().interval());
        assertEquals(expected, moves.get(0)[1].request().interval());
        List<ReservationTransition> history = federation.bar("site-a").service().history(ITSELF, "mt-move");
        ReservationTransition last = history.get(history.size() - 1);
        assertEquals(ReservationState.RESERVED, last.from());
        assertEquals(ReservationState.RESERVED, last.to());
        assertEquals("oscar", last.actor());
    }

    @Test
    void aMoveWithNoFreeSlotAfterTheWindowLeavesTheReservationAsItWas() throws Exception {
        Instant d = day();
        Reservation before = book("mt-stuck", "host-a3", at(d, 10, 0), at(d, 11, 0));
        maintenance.declare(TestCallers.operator("oscar"), "edge-a:GigabitEthernet1/3", new TimeInterval(at(d, 10, 30), at(d, 12, 0)), "rewiring");
        // The port stays out of service for longer than a move looks ahead.
        maintenance.declare(TestCallers.operator("oscar"), "edge-a:GigabitEthernet1/3", new TimeInterval(at(d, 12, 0),
                at(d, 12, 0).plus(MaintenanceService.MOVE_HORIZON).plus(Duration.ofDays(1))), "the router is moved");
        int historyBefore = federation.bar("site-a").service().history(ITSELF, "mt-stuck").size();

        ChangeRefused refused = assertThrows(ChangeRefused.class, () -> maintenance.move(TestCallers.operator("oscar"), "mt-stuck", "rewiring"));

        assertEquals(RefusalCode.NO_CAPACITY, refused.refusal().code());
        Reservation now = federation.bar("site-a").service().get(ITSELF, "mt-stuck");
        assertEquals(ReservationState.RESERVED, now.state());
        assertEquals(before.request().interval(), now.request().interval());
        assertEquals(before.segments().stream().map(Segment::bookingId).toList(),
                now.segments().stream().map(Segment::bookingId).toList());
        for (Segment s : before.segments()) {
            assertEquals(SegmentState.COMMITTED, atItsPart(s).state(), s.bookingId());
        }
        assertEquals(historyBefore, federation.bar("site-a").service().history(ITSELF, "mt-stuck").size());
        assertEquals(List.of(), told);
    }

    @Test
    void aCancelForMaintenanceReleasesEveryPartAndTellsTheOwner() throws Exception {
        Instant d = day();
        Reservation before = book("mt-cancel", "host-a4", at(d, 10, 0), at(d, 11, 0));
        maintenance.declare(TestCallers.operator("oscar"), "edge-a:GigabitEthernet1/4", new TimeInterval(at(d, 9, 0), at(d, 18, 0)), "power work");

        Reservation after = maintenance.cancel(TestCallers.operator("oscar"), "mt-cancel", "power work all day");

        assertEquals(ReservationState.CANCELLED, after.state());
        for (Segment s : before.segments()) {
            assertFalse(atItsPart(s).state().holdsResources(), s.bookingId() + " is still held");
        }
        assertEquals(List.of("CANCELLED_BY_MAINTENANCE mt-cancel to alice"), told);
    }

    @Test
    void aWanResourceIsDeclaredAtTheNsapAndLiftedThere() throws Exception {
        Instant d = day();
        Reservation r = book("mt-wan", "host-a1", at(d, 10, 0), at(d, 11, 0));

        WindowHits declared = maintenance.declare(TestCallers.operator("oscar"), "core-1:GigabitEthernet3/0", new TimeInterval(at(d, 10, 0),
                at(d, 10, 15)), "access point firmware");
        WindowHits lifted = maintenance.lift(TestCallers.operator("oscar"), declared.scope(), declared.window().id(), "firmware postponed");

        assertEquals(MaintenanceScope.WAN, declared.scope());
        assertEquals(List.of("mt-wan"), declared.reservations().stream().map(Reservation::requestId).toList());
        assertFalse(lifted.window().live());
        assertEquals(declared.window().id(), lifted.window().id());
        assertTrue(maintenance.list(TestCallers.operator("oscar"), new TimeInterval(at(d, 0, 0), at(d, 23, 0))).stream()
                .anyMatch(h -> h.scope() == MaintenanceScope.WAN && h.window().id() == declared.window().id()
                        && !h.window().live()));
        assertEquals(r.request().interval(), federation.bar("site-a").service().get(ITSELF, "mt-wan").request().interval());
        org.crs.nsap.segment.MaintenanceWindow atTheNsap = federation.nsap().service()
                .listMaintenance("core-1:GigabitEthernet3/0", declared.window().interval()).stream().map(h -> h.window())
                .filter(w -> w.id() == declared.window().id()).findFirst().orElseThrow();
        assertEquals(java.util.Optional.of("oscar"), atTheNsap.declaredByOperator());
        assertEquals(java.util.Optional.of("oscar"), atTheNsap.lifted().operator());
    }

    @Test
    void anOperatorDeclaresOverSoapAndTheAnswerListsTheHitReservation() throws Exception {
        Instant d = day();
        book("mt-soap", "host-a2", at(d, 10, 0), at(d, 11, 0));
        RawSoap soap = new RawSoap(federation.bar("site-a").maintenanceUrl(), BarServer.MAINTENANCE_NAMESPACE)
                .as("oscar", DemoAccounts.password("oscar"));

        String answer = soap.call("declareMaintenance", "<n:declareMaintenance>"
                + "<n:resourceId>edge-a:GigabitEthernet1/2</n:resourceId><n:start>" + at(d, 10, 45) + "</n:start>"
                + "<n:end>" + at(d, 11, 30) + "</n:end><n:reason>fibre cut repair</n:reason></n:declareMaintenance>");

        assertEquals("CAMPUS", RawSoap.field(answer, "scope"), answer);
        assertEquals("mt-soap", RawSoap.field(answer, "requestId"), answer);
    }

    @Test
    void theLnsapRecordsTheBarAndTheOperatorWhoDeclaredAndLiftedAWindowOverSoap() throws Exception {
        Instant d = day();
        RawSoap soap = new RawSoap(federation.bar("site-a").maintenanceUrl(), BarServer.MAINTENANCE_NAMESPACE)
                .as("oscar", DemoAccounts.password("oscar"));
        TimeInterval window = new TimeInterval(at(d, 14, 0), at(d, 15, 0));

        String declared = soap.call("declareMaintenance", "<n:declareMaintenance>"
                + "<n:resourceId>edge-a:GigabitEthernet1/3</n:resourceId><n:start>" + window.start() + "</n:start>"
                + "<n:end>" + window.end() + "</n:end><n:reason>patch panel</n:reason></n:declareMaintenance>");
        long id = Long.parseLong(RawSoap.field(declared, "id"));
        soap.call("liftMaintenance", "<n:liftMaintenance><n:scope>CAMPUS</n:scope><n:windowId>" + id
                + "</n:windowId><n:reason>done early</n:reason></n:liftMaintenance>");

        org.crs.nsap.segment.MaintenanceWindow there = federation.lnsap("site-a").service()
                .listMaintenance("edge-a:GigabitEthernet1/3", window).stream().map(h -> h.window())
                .filter(w -> w.id() == id).findFirst().orElseThrow();
        String bar = RawSoap.field(declared, "createdBy");
        assertTrue(bar != null && !bar.isBlank() && !bar.equals("oscar"), "the author is the BAR: " + declared);
        assertEquals(bar, there.createdBy());
        assertEquals(java.util.Optional.of("oscar"), there.declaredByOperator());
        assertEquals(bar, there.lifted().by());
        assertEquals(java.util.Optional.of("oscar"), there.lifted().operator());
    }

    @Test
    void aResourceNeitherTheCampusNorTheWanKnowsIsAClientFaultNamingResourceId() throws Exception {
        Instant d = day();
        RawSoap soap = new RawSoap(federation.bar("site-a").maintenanceUrl(), BarServer.MAINTENANCE_NAMESPACE)
                .as("oscar", DemoAccounts.password("oscar"));

        String answer = soap.call("declareMaintenance", "<n:declareMaintenance><n:resourceId>edge-z:Gi9/9</n:resourceId>"
                + "<n:start>" + at(d, 10, 0) + "</n:start><n:end>" + at(d, 11, 0) + "</n:end>"
                + "<n:reason>nothing</n:reason></n:declareMaintenance>");

        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("BAD_FIELD", MalformedRequests.text(answer, "code"), answer);
        assertEquals("resourceId", MalformedRequests.text(answer, "field"), answer);
    }
}
