package org.crs.nsap.wan;

import org.crs.domain.access.Caller;
import org.crs.nsap.contract.topology.WanTopologyFile;
import static org.crs.nsap.testing.RawSoap.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.crs.service.server.ServerConfig;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;

/**
 * The NSAP of the demo WAN over real HTTP and SOAP, driving emulated Cisco 12000s at
 * activation, on HSQLDB and on a real PostgreSQL.
 */
class WanNsapIntegrationTest {

    static RouterEmulator emulator;
    static RouterDirectory routers;
    NsapServer server;
    RawSoap soap;
    DriverActivator activator;

    @BeforeAll
    static void startRouters() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts());
        routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
    }

    @AfterAll
    static void stopRouters() throws Exception {
        emulator.close();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (activator != null) {
            activator.close();
        }
        emulator.routers().forEach(r -> r.faults().clear());
    }

    static Stream<Arguments> databases() {
        return Stream.of(Arguments.of("HSQLDB"), Arguments.of("PostgreSQL"));
    }

    NsapServer start(String database) throws Exception {
        String url = database.equals("HSQLDB") ? "jdbc:hsqldb:mem:wan-" + System.nanoTime()
                : EmbeddedPostgres.shared().createDatabase();
        String user = database.equals("HSQLDB") ? "SA" : EmbeddedPostgres.USER;
        server = NsapServer.start(new ServerConfig("nsap-it", url, user, "", "127.0.0.1", 0, false),
                new WanPlanner(WanTopologyFile.load(Path.of("../deploy/topology/wan.yaml"))),
                store -> activator = new DriverActivator(routers, store), Clock.systemUTC());
        soap = new RawSoap(server.serviceUrl());
        return server;
    }

    String call(String operation, String body) throws Exception {
        return soap.call(operation, body);
    }

    String hold(String id, long mbps) throws Exception {
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return call("hold", "<n:hold><n:request><n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:bookingId>" + id
                + "</n:bookingId><n:destination>site-b</n:destination><n:destinationVlan>0</n:destinationVlan><n:end>"
                + start.plus(Duration.ofHours(1)) + "</n:end><n:source>site-a</n:source><n:sourceVlan>0</n:sourceVlan>"
                + "<n:start>" + start + "</n:start></n:request><n:holdSeconds>60</n:holdSeconds></n:hold>");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void committedBookingIsConfiguredOnBothEndRoutersAndRemovedAgain(String database) throws Exception {
        start(database);
        String core1Before = emulator.router("core-1").runningConfig();
        String core3Before = emulator.router("core-3").runningConfig();
        String held = hold("w1", 400);
        assertEquals("HELD", field(held, "state"), held);
        String vlan = field(held, "sourceVlan");
        assertEquals("COMMITTED", field(call("commit", "<n:commit><n:bookingId>w1</n:bookingId></n:commit>"), "state"));
        String active = call("activate", "<n:activate><n:bookingId>w1</n:bookingId></n:activate>");
        assertEquals("ACTIVE", field(active, "state"), active);
        long circuit = Long.parseLong(field(active, "circuitId"));
        String core1 = emulator.router("core-1").runningConfig();
        assertTrue(core1.contains("interface GigabitEthernet3/0." + vlan + "\n encapsulation dot1Q " + vlan + "\n xconnect 10.0.0.3 "
                + circuit + " encapsulation mpls pw-class LP-" + circuit), core1);
        assertTrue(core1.contains(" tunnel mpls traffic-eng bandwidth 400000\n"), core1);
        assertTrue(emulator.router("core-3").runningConfig().contains(" xconnect 10.0.0.1 " + circuit), "core-3 end");
        String log = call("deviceLog", "<n:deviceLog><n:bookingId>w1</n:bookingId><n:limit>1000</n:limit></n:deviceLog>");
        assertTrue(log.contains("core-1") && log.contains("core-3") && log.contains("write memory"), log);

        assertEquals("RELEASED", field(call("deactivate", "<n:deactivate><n:bookingId>w1</n:bookingId></n:deactivate>"), "state"));
        assertEquals(core1Before, emulator.router("core-1").runningConfig());
        assertEquals(core3Before, emulator.router("core-3").runningConfig());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void activationFailingOnTheSecondRouterLeavesTheFirstAsItWas(String database) throws Exception {
        start(database);
        String core1Before = emulator.router("core-1").runningConfig();
        String core3Before = emulator.router("core-3").runningConfig();
        hold("w2", 100);
        call("commit", "<n:commit><n:bookingId>w2</n:bookingId></n:commit>");
        emulator.router("core-3").faults().rejectCommand("xconnect .*", 1);
        String failed = call("activate", "<n:activate><n:bookingId>w2</n:bookingId></n:activate>");
        assertEquals("FAILED", field(failed, "state"), failed);
        assertEquals(core1Before, emulator.router("core-1").runningConfig());
        assertEquals(core3Before, emulator.router("core-3").runningConfig());
        String history = server.service().history("w2", new Caller.Process("test")).get(3).reason();
        assertTrue(history.contains("core-3") && history.contains("Invalid input"), history);
    }

    String addMaintenance(String resourceId) throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return call("addMaintenance", "<n:addMaintenance><n:resourceId>" + resourceId + "</n:resourceId><n:start>" + now
                + "</n:start><n:end>" + now.plus(Duration.ofHours(3)) + "</n:end><n:reason>fibre work</n:reason>"
                + "</n:addMaintenance>");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void linkInMaintenanceIsRoutedAroundAndAnAccessPointInMaintenanceRefuses(String database) throws Exception {
        start(database);
        String link = addMaintenance("core-1-core-3");
        assertTrue(field(link, "id") != null, link);
        String held = hold("w1", 100);
        assertEquals("HELD", field(held, "state"), held);
        assertTrue(field(held, "plan").startsWith("path core-1 > core-2 > core-3"), held);

        String accessPoint = addMaintenance("core-3:GigabitEthernet3/0");
        assertEquals("w1", field(accessPoint, "affectedBookings"), accessPoint);
        String refused = hold("w2", 100);
        assertTrue(refused.contains("access point core-3:GigabitEthernet3/0 is down for maintenance"), refused);
    }

    @Test
    void zeepDrivesAWanBookingThroughItsLife() throws Exception {
        start("HSQLDB");
        Process p = new ProcessBuilder(System.getProperty("crs.python", "python3"),
                "../nsap-core/src/test/python/zeep_nsap_lifecycle.py", server.wsdlUrl().toString(), "site-a", "site-b", "100",
                "zeep-wan").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("activate ACTIVE ['core-1', 'core-3']"), out);
    }
}
