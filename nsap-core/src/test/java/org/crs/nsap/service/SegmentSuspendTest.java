package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.crs.domain.access.Caller;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.DeviceLogStore.DeviceLogRecord;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Suspending a segment: an ACTIVE segment is taken off its routers and stays booked (COMMITTED),
 * so a later activation brings the same booking up again, and nobody can take its capacity in
 * between. Over the JDBC store on HSQLDB and an emulated Cisco 7600 driven over SSH by the real
 * drivers.
 */
class SegmentSuspendTest {

    /** The one link every booking crosses: a 1000 Mbit/s booking fills it. */
    static final Resource LINK = new Resource("x-y", Resource.LINK, 1000);
    static final String EDGE = "edge-a";
    static final int VLAN = 1000;
    static final Caller SITE_A = new Caller.ServedBar("site-a", "CN=bar-site-a");
    static final Caller SITE_B = new Caller.ServedBar("site-b", "CN=bar-site-b");

    RouterEmulator emulator;
    Database db;
    JdbcSegmentStore store;
    DriverActivator activator;
    SegmentService service;
    String edgeBefore;
    TimeInterval window;

    @BeforeEach
    void start() throws Exception {
        try (InputStream in = SegmentSuspendTest.class.getResourceAsStream("/activation/routers.yaml")) {
            emulator = RouterEmulator.start(Inventory.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
        RouterDirectory routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        db = Database.open("jdbc:hsqldb:mem:suspend-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        store = new JdbcSegmentStore(db.dataSource());
        activator = new DriverActivator(routers, store);
        service = new SegmentService(store, new EdgePlanner(), activator, Clock.systemUTC());
        edgeBefore = emulator.router(EDGE).runningConfig();
        // due now: no booking is configured before its start
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        window = new TimeInterval(now, now.plus(Duration.ofHours(1)));
    }

    @AfterEach
    void stop() throws Exception {
        try {
            activator.close();
            db.close();
        } finally {
            emulator.close();
        }
    }

    SegmentRequest request(String id, long mbps) {
        return new SegmentRequest(id, "x", "y", mbps, window, 0, 0);
    }

    Segment active(String id) throws Exception {
        service.holdAndCommit(request(id, 400), SITE_A);
        Segment active = service.activate(id, SITE_A);
        assertEquals(SegmentState.ACTIVE, active.state(), active.toString());
        return active;
    }

    boolean carriesTheCircuit() {
        return emulator.router(EDGE).runningConfig().contains("switchport access vlan " + VLAN);
    }

    /** Asserts that a booking of the whole link over the window is refused for want of capacity, and books nothing. */
    void assertTheCapacityIsTaken(String competitor) {
        RequestRejected refused = assertThrows(RequestRejected.class,
                () -> service.holdAndCommit(request(competitor, 1000), SITE_B));
        assertEquals(RefusalCode.NO_CAPACITY, refused.refusal().code(), refused.getMessage());
        assertEquals(LINK.id(), refused.resource());
    }

    List<SegmentState> course(String id) throws Exception {
        return service.history(id, SITE_A).stream().map(Transition::to).toList();
    }

    List<DeviceLogRecord> deviceLog(String id) throws Exception {
        return service.deviceLog(id, 1000, SITE_A);
    }

    @Test
    void aSuspendedSegmentIsOffItsRoutersStillBookedAndAnotherActivationBringsTheSameBookingUp() throws Exception {
        Segment first = active("site-a:R1:campus");
        assertTrue(carriesTheCircuit(), emulator.router(EDGE).runningConfig());
        assertTheCapacityIsTaken("site-b:C1:campus");
        int loggedWhenUp = deviceLog("site-a:R1:campus").size();

        Segment suspended = service.suspend("site-a:R1:campus", SITE_A);

        assertEquals(SegmentState.COMMITTED, suspended.state());
        assertEquals(edgeBefore, emulator.router(EDGE).runningConfig(), "the router is as it was before the activation");
        assertEquals(first.circuitId(), suspended.circuitId());
        assertEquals(first.plan().sourceVlan(), suspended.plan().sourceVlan());
        assertEquals(first.request().interval(), suspended.request().interval());
        assertTheCapacityIsTaken("site-b:C2:campus");
        List<DeviceLogRecord> afterSuspension = deviceLog("site-a:R1:campus");
        assertTrue(afterSuspension.size() > loggedWhenUp, "the tear-down's exchanges are in the device log");
        assertTrue(afterSuspension.subList(loggedWhenUp, afterSuspension.size()).stream()
                .allMatch(r -> r.entry().router().equals(EDGE)));

        Segment again = service.activate("site-a:R1:campus", SITE_A);

        assertEquals(SegmentState.ACTIVE, again.state());
        assertTrue(carriesTheCircuit(), "configured a second time");
        assertEquals(first.circuitId(), again.circuitId());
        assertTheCapacityIsTaken("site-b:C3:campus");
        assertEquals(List.of(SegmentState.HELD, SegmentState.COMMITTED, SegmentState.ACTIVATING, SegmentState.ACTIVE,
                SegmentState.SUSPENDING, SegmentState.COMMITTED, SegmentState.ACTIVATING, SegmentState.ACTIVE),
                course("site-a:R1:campus"));
        // the booking is the same one: what is left of the link is what it was with one booking of 400
        assertEquals(SegmentState.COMMITTED, service.holdAndCommit(request("site-b:C4:campus", 600), SITE_B).state());
    }

    @Test
    void suspendingAnotherBarsBookingIsRefusedNotAllowedAndChangesNothing() throws Exception {
        active("site-a:R2:campus");

        RequestRejected refused = assertThrows(RequestRejected.class, () -> service.suspend("site-a:R2:campus", SITE_B));

        assertEquals(RefusalCode.NOT_ALLOWED, refused.refusal().code());
        assertEquals("bookingId", refused.field());
        assertEquals(SegmentState.ACTIVE, service.status("site-a:R2:campus", SITE_A).state());
        assertTrue(carriesTheCircuit());
    }

    @Test
    void suspendingACommittedSegmentAnswersItAsItIsAndTouchesNoRouter() throws Exception {
        service.holdAndCommit(request("site-a:R3:campus", 400), SITE_A);

        Segment answered = service.suspend("site-a:R3:campus", SITE_A);

        assertEquals(SegmentState.COMMITTED, answered.state());
        assertEquals(List.of(SegmentState.HELD, SegmentState.COMMITTED), course("site-a:R3:campus"));
        assertEquals(List.of(), deviceLog("site-a:R3:campus"));
    }

    @Test
    void suspendingASegmentThatIsHeldOrReleasedIsRefusedNamingTheBookingAndChangesNothing() throws Exception {
        service.hold(request("site-a:R4:campus", 100), Duration.ofMinutes(5), SITE_A);
        service.holdAndCommit(request("site-a:R5:campus", 100), SITE_A);
        service.deactivate("site-a:R5:campus", SITE_A);

        for (String id : List.of("site-a:R4:campus", "site-a:R5:campus")) {
            SegmentState before = service.status(id, SITE_A).state();
            RequestRejected refused = assertThrows(RequestRejected.class, () -> service.suspend(id, SITE_A));
            assertEquals(RefusalCode.POLICY, refused.refusal().code(), id);
            assertEquals("bookingId", refused.field(), id);
            assertEquals(before, service.status(id, SITE_A).state(), id);
        }
    }

    @Test
    void aSuspensionInterruptedByAStopIsFinishedByRecoveryToCommittedWithItsRoutersClean() throws Exception {
        Segment s = active("site-a:R6:campus");
        // a service killed after the move, before its routers were cleaned
        assertTrue(store.move(s.bookingId(), new Transition(SegmentState.ACTIVE, SegmentState.SUSPENDING, "site-a",
                "suspending", Instant.now())).isPresent());
        assertTrue(carriesTheCircuit());

        SegmentService.Recovery recovery = service.recoverInterrupted(Duration.ZERO);

        assertEquals(1, recovery.committed());
        assertEquals(0, recovery.released());
        Segment after = service.status(s.bookingId(), SITE_A);
        assertEquals(SegmentState.COMMITTED, after.state(), "not mistaken for a tear-down");
        assertEquals(edgeBefore, emulator.router(EDGE).runningConfig());
        List<Transition> history = service.history(s.bookingId(), SITE_A);
        Transition last = history.get(history.size() - 1);
        assertEquals(SegmentState.SUSPENDING, last.from());
        assertEquals(SegmentService.RECOVERY_ACTOR, last.actor());
        assertTheCapacityIsTaken("site-b:C6:campus");
        assertEquals(SegmentState.ACTIVE, service.activate(s.bookingId(), SITE_A).state(), "the BAR's next provision");
        assertTrue(carriesTheCircuit());
    }

    @Test
    void aReleaseOfASuspendedSegmentFreesItsCapacity() throws Exception {
        active("site-a:R7:campus");
        service.suspend("site-a:R7:campus", SITE_A);

        Segment released = service.deactivate("site-a:R7:campus", SITE_A);

        assertEquals(SegmentState.RELEASED, released.state());
        assertEquals(SegmentState.COMMITTED, service.holdAndCommit(request("site-b:C7:campus", 1000), SITE_B).state());
    }

    @Test
    void aReleaseWhileTheRoutersAreBeingCleanedIsAcceptedAndTheSuspensionEndsTheSegmentReleased() throws Exception {
        active("site-a:R8:campus");
        // the tear-down's save takes two seconds: the suspension is under way that long
        emulator.router(EDGE).faults().slowSaves(Duration.ofSeconds(2), 1);
        CompletableFuture<Segment> suspension = CompletableFuture.supplyAsync(() -> {
            try {
                return service.suspend("site-a:R8:campus", SITE_A);
            } catch (RequestRejected e) {
                throw new IllegalStateException(e);
            }
        });
        Instant until = Instant.now().plusSeconds(10);
        while (service.status("site-a:R8:campus", SITE_A).state() != SegmentState.SUSPENDING
                && Instant.now().isBefore(until)) {
            Thread.sleep(10);
        }

        Segment released = service.deactivate("site-a:R8:campus", SITE_A);

        assertEquals(SegmentState.DEACTIVATING, released.state(), "answered at once, finished by the suspension");
        assertEquals(SegmentState.RELEASED, suspension.get(20, TimeUnit.SECONDS).state());
        assertEquals(SegmentState.RELEASED, service.status("site-a:R8:campus", SITE_A).state());
        assertEquals(edgeBefore, emulator.router(EDGE).runningConfig());
        assertEquals(SegmentState.COMMITTED, service.holdAndCommit(request("site-b:C8:campus", 1000), SITE_B).state(),
                "its capacity is free");
    }

    /**
     * Every booking crosses {@link #LINK} and is one VLAN on edge-a, host port GigabitEthernet1/1
     * to the uplink: admission over the link's calendar, configuration by the 7600 driver.
     */
    static final class EdgePlanner implements ResourcePlanner {
        @Override
        public List<Resource> resources() {
            return List.of(LINK);
        }

        @Override
        public List<String> endpoints() {
            return List.of("x", "y");
        }

        @Override
        public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
            AdmissionResult result = Admission.check(List.of(LINK),
                    Map.of(LINK.id(), calendars.calendar(LINK.id(), request.interval())),
                    request.interval(), request.bandwidthMbps());
            if (!result.admitted()) {
                throw new PlanRefused(result.refusal());
            }
            RouterPart part = new RouterPart.Vlan(EDGE, VLAN, "GigabitEthernet1/1", "TenGigabitEthernet2/1");
            return new Plan(List.of(new ResourceUse(LINK, request.bandwidthMbps(), 0)), VLAN, VLAN, List.of(part),
                    "edge-a GigabitEthernet1/1 VLAN " + VLAN);
        }

        @Override
        public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars) {
            return ResourceStarts.fitting(calendars.calendar(LINK.id(), query.span()), LINK.capacityMbps(), query);
        }
    }
}
