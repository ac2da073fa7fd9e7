package org.crs.nsap.campus;

import org.crs.domain.access.Caller;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.server.NsapServer;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The L-NSAP of site-a restarted over the same database (a file HSQLDB), driving the emulated
 * Cisco 7600 edge-a: a tear-down its store recorded but its router never saw is finished at start.
 */
class CampusRestartTest {

    @TempDir
    Path dir;
    RouterEmulator emulator;
    RouterDirectory routers;
    NsapServer server;
    DriverActivator activator;

    @BeforeEach
    void startRouters() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts());
        routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
    }

    @AfterEach
    void stop() throws Exception {
        stopService();
        emulator.close();
    }

    void startService() throws Exception {
        server = NsapServer.start(new ServerConfig("lnsap-restart", "jdbc:hsqldb:file:" + dir.resolve("db") + ";shutdown=true",
                        "SA", "", "127.0.0.1", 0, false),
                new CampusPlanner(CampusTopologyFile.load(Path.of("../deploy/topology/site-a-campus.yaml"))),
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

    @Test
    void aReleasedSegmentWhoseEdgeRouterStillCarriesItsVlanHasItRemovedAtStart() throws Exception {
        String before = emulator.router("edge-a").runningConfig();
        startService();
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Segment s = server.service().holdAndCommit(new SegmentRequest("c-left", "host-a1", "site-a", 200,
                new TimeInterval(start, start.plus(Duration.ofHours(1))), 0, 1234), new Caller.Process("bar-test"));
        assertEquals(SegmentState.ACTIVE, server.service().activate("c-left", new Caller.Process("bar-test")).state());
        // The store says released; the router never saw the tear-down.
        for (SegmentState[] move : new SegmentState[][] {{SegmentState.ACTIVE, SegmentState.DEACTIVATING},
                {SegmentState.DEACTIVATING, SegmentState.RELEASED}}) {
            assertTrue(server.store().move("c-left", new Transition(move[0], move[1], "bar-test", "moved by the test",
                    Instant.now())).isPresent());
        }
        stopService();
        assertTrue(emulator.router("edge-a").runningConfig().contains("vlan 1234\n name LP-" + s.circuitId() + "\n"));

        startService();

        assertFalse(emulator.router("edge-a").runningConfig().contains("vlan 1234\n"));
        assertEquals(before, emulator.router("edge-a").runningConfig());
        assertTrue(server.service().deviceLog("c-left", 1000, new Caller.Process("test")).stream().anyMatch(r -> r.entry().request().startsWith("repair ")
                && r.entry().response().equals("removed")));
    }
}
