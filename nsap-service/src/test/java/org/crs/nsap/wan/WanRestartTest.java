package org.crs.nsap.wan;

import org.crs.domain.access.Caller;
import org.crs.nsap.contract.topology.WanTopologyFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.port.DeviceLogStore.DeviceLogRecord;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.service.SegmentService;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NSAP of the demo WAN restarted over the same database (a file HSQLDB), driving emulated
 * Cisco 12000s: what a stopped service left on its routers and in its segments is put right
 * once it serves again. Each test stops the service with the segment and the routers in the
 * state a kill -9 or a lost router configuration leaves, and starts it again.
 */
class WanRestartTest {

    // Routers of their own per test: each test's database numbers its circuits from 1 again.
    static RouterEmulator emulator;
    static RouterDirectory routers;

    @TempDir
    Path dir;
    NsapServer server;
    DriverActivator activator;
    String core1Before;
    String core3Before;

    @BeforeEach
    void startRouters() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts());
        routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        core1Before = emulator.router("core-1").runningConfig();
        core3Before = emulator.router("core-3").runningConfig();
    }

    @AfterEach
    void stop() throws Exception {
        stopService();
        emulator.close();
    }

    /** Starts the service on the test's database, and waits for its start-up upkeep. */
    void startService() throws Exception {
        server = NsapServer.start(new ServerConfig("nsap-restart", "jdbc:hsqldb:file:" + dir.resolve("db") + ";shutdown=true",
                        "SA", "", "127.0.0.1", 0, false),
                new WanPlanner(WanTopologyFile.load(Path.of("../deploy/topology/wan.yaml"))),
                store -> activator = new DriverActivator(routers, store), Clock.systemUTC());
        server.startUpkeep().get(60, TimeUnit.SECONDS);
    }

    void stopService() {
        if (server != null) {
            server.close();
            server = null;
        }
        if (activator != null) {
            activator.close();
            activator = null;
        }
    }

    void restart() throws Exception {
        stopService();
        startService();
    }

    SegmentService service() {
        return server.service();
    }

    Segment committed(String id) throws Exception {
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return service().holdAndCommit(new SegmentRequest(id, "site-a", "site-b", 300,
                new TimeInterval(start, start.plus(Duration.ofHours(1))), 0, 0), new Caller.Process("bar-test"));
    }

    Segment active(String id) throws Exception {
        committed(id);
        Segment active = service().activate(id, new Caller.Process("bar-test"));
        assertEquals(SegmentState.ACTIVE, active.state());
        return active;
    }

    /** Moves the segment in the store alone, as a service killed between the move and the routers leaves it. */
    void moveInStoreOnly(String id, SegmentState from, SegmentState to) {
        assertTrue(server.store().move(id, new Transition(from, to, "bar-test", "moved by the test", Instant.now()))
                .isPresent());
    }

    /** The driver of one router part, as the activator would use it. */
    static RouterDriver<PseudowireSegment> driver(RouterPart part) {
        return routers.pseudowireDriverFor(part.router(), entry -> { });
    }

    static PseudowireSegment onRouter(Segment s, RouterPart part) {
        return ((RouterPart.Pseudowire) part).toSegment(s.circuitId(), s.request().bandwidthMbps() * 1_000_000L);
    }

    static boolean carries(String router, Segment s) {
        return emulator.router(router).runningConfig().contains("interface Tunnel" + s.circuitId() + "\n");
    }

    List<DeviceLogRecord> repairsIn(String id) throws Exception {
        return service().deviceLog(id, 1000, new Caller.Process("test")).stream().filter(r -> r.entry().request().startsWith("repair ")).toList();
    }

    void assertRoutersClean() {
        assertEquals(core1Before, emulator.router("core-1").runningConfig());
        assertEquals(core3Before, emulator.router("core-3").runningConfig());
    }

    @Test
    void anActiveSegmentWhoseRouterLostItsConfigurationIsConfiguredAgainAtStart() throws Exception {
        startService();
        Segment s = active("w-lost");
        RouterPart core1 = s.plan().routerParts().stream().filter(p -> p.router().equals("core-1")).findFirst().orElseThrow();
        stopService();
        driver(core1).tearDown(onRouter(s, core1)); // the router lost it: a reload without the saved configuration
        assertFalse(carries("core-1", s));

        startService();

        assertTrue(carries("core-1", s), emulator.router("core-1").runningConfig());
        assertTrue(carries("core-3", s));
        assertEquals(SegmentState.ACTIVE, service().status("w-lost", new Caller.Process("test")).state());
        List<DeviceLogRecord> repairs = repairsIn("w-lost");
        assertEquals(1, repairs.size(), repairs.toString());
        assertEquals("core-1", repairs.get(0).entry().router());
        assertEquals("configured", repairs.get(0).entry().response());
    }

    @Test
    void aReleasedSegmentWhoseRouterStillCarriesItsVlanHasItRemovedAtStart() throws Exception {
        startService();
        Segment s = active("w-left");
        String vlanInterface = "interface GigabitEthernet3/0." + s.plan().sourceVlan() + "\n";
        moveInStoreOnly("w-left", SegmentState.ACTIVE, SegmentState.DEACTIVATING);
        moveInStoreOnly("w-left", SegmentState.DEACTIVATING, SegmentState.RELEASED);
        stopService();
        assertTrue(emulator.router("core-1").runningConfig().contains(vlanInterface));

        startService();

        assertFalse(emulator.router("core-1").runningConfig().contains(vlanInterface));
        assertRoutersClean();
        assertEquals(SegmentState.RELEASED, service().status("w-left", new Caller.Process("test")).state());
        assertEquals(List.of("removed", "removed"), repairsIn("w-left").stream().map(r -> r.entry().response()).toList());
    }

    @Test
    void aSegmentLeftActivatingWithHalfItsRoutersConfiguredIsCommittedAfterStartAndItsRoutersAreClean() throws Exception {
        startService();
        Segment s = committed("w-half");
        moveInStoreOnly("w-half", SegmentState.COMMITTED, SegmentState.ACTIVATING);
        RouterPart first = s.plan().routerParts().get(0);
        driver(first).setUp(onRouter(s, first)); // killed after the first router
        stopService();
        assertTrue(carries(first.router(), s));

        startService();

        Segment after = service().status("w-half", new Caller.Process("test"));
        assertEquals(SegmentState.COMMITTED, after.state());
        Transition last = lastMove("w-half");
        assertEquals(SegmentState.ACTIVATING, last.from());
        assertEquals(SegmentService.RECOVERY_ACTOR, last.actor());
        assertRoutersClean();
        assertEquals(SegmentState.ACTIVE, service().activate("w-half", new Caller.Process("bar-test")).state(), "the BAR's retry activates it");
    }

    @Test
    void aSegmentLeftDeactivatingIsReleasedAfterStartAndItsRoutersAreClean() throws Exception {
        startService();
        Segment s = active("w-down");
        moveInStoreOnly("w-down", SegmentState.ACTIVE, SegmentState.DEACTIVATING);
        RouterPart first = s.plan().routerParts().get(0);
        driver(first).tearDown(onRouter(s, first)); // killed after the first router
        stopService();
        assertTrue(carries("core-3", s) || carries("core-1", s));

        startService();

        assertEquals(SegmentState.RELEASED, service().status("w-down", new Caller.Process("test")).state());
        assertEquals(SegmentService.RECOVERY_ACTOR, lastMove("w-down").actor());
        assertRoutersClean();
    }

    @Test
    void aSegmentActivatingForLessThanStuckAfterIsLeftToWhoeverIsActivatingIt() throws Exception {
        startService();
        committed("w-young");
        moveInStoreOnly("w-young", SegmentState.COMMITTED, SegmentState.ACTIVATING);

        SegmentService.Recovery recovery = service().recoverInterrupted(Duration.ofMinutes(2));

        assertEquals(0, recovery.total());
        assertEquals(SegmentState.ACTIVATING, service().status("w-young", new Caller.Process("test")).state());
        assertEquals(SegmentState.ACTIVATING, service().activate("w-young", new Caller.Process("bar-test")).state(),
                "a BAR's activate answers it as it is, to be tried again");
    }

    Transition lastMove(String id) throws Exception {
        List<Transition> history = service().history(id, new Caller.Process("test"));
        return history.get(history.size() - 1);
    }
}
