package org.crs.nsap.campus;

import org.crs.domain.access.Caller;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import static org.crs.nsap.testing.RawSoap.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.crs.service.server.ServerConfig;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;

/**
 * The L-NSAP of site-a over real HTTP and SOAP, driving the emulated Cisco 7600 edge-a at
 * activation (CLI, policer included), on HSQLDB and on a real PostgreSQL.
 */
class CampusLnsapIntegrationTest {

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
    }

    void start(String database) throws Exception {
        String url = database.equals("HSQLDB") ? "jdbc:hsqldb:mem:campus-" + System.nanoTime()
                : EmbeddedPostgres.shared().createDatabase();
        String user = database.equals("HSQLDB") ? "SA" : EmbeddedPostgres.USER;
        server = NsapServer.start(new ServerConfig("lnsap-it", url, user, "", "127.0.0.1", 0, false),
                new CampusPlanner(CampusTopologyFile.load(Path.of("../deploy/topology/site-a-campus.yaml"))),
                store -> activator = new DriverActivator(routers, store), Clock.systemUTC());
        soap = new RawSoap(server.serviceUrl());
    }

    String call(String operation, String body) throws Exception {
        return soap.call(operation, body);
    }

    String hold(String id, String host, long mbps, int vlan) throws Exception {
        return hold(id, host, "site-a", mbps, vlan);
    }

    String hold(String id, String source, String destination, long mbps, int vlan) throws Exception {
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return call("hold", "<n:hold><n:request><n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:bookingId>" + id
                + "</n:bookingId><n:destination>" + destination + "</n:destination><n:destinationVlan>" + vlan + "</n:destinationVlan>"
                + "<n:end>" + start.plus(Duration.ofHours(1)) + "</n:end><n:source>" + source + "</n:source>"
                + "<n:sourceVlan>0</n:sourceVlan><n:start>" + start + "</n:start></n:request>"
                + "<n:holdSeconds>60</n:holdSeconds></n:hold>");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HSQLDB", "PostgreSQL"})
    void bookingOnTheHandOffVlanIsConfiguredOnTheEdgeRouterAndRemovedAgain(String database) throws Exception {
        start(database);
        String before = emulator.router("edge-a").runningConfig();
        String held = hold("c1", "host-a1", 200, 1234);
        assertEquals("HELD", field(held, "state"), held);
        assertEquals("1234", field(held, "destinationVlan"), "the VLAN the NSAP handed off is used");
        call("commit", "<n:commit><n:bookingId>c1</n:bookingId></n:commit>");
        String active = call("activate", "<n:activate><n:bookingId>c1</n:bookingId></n:activate>");
        assertEquals("ACTIVE", field(active, "state"), active);
        String circuit = field(active, "circuitId");
        String config = emulator.router("edge-a").runningConfig();
        assertTrue(config.contains("vlan 1234\n name LP-" + circuit + "\n"), config);
        assertTrue(config.contains("  police 200000000 6250000 conform-action set-dscp-transmit 46 exceed-action drop\n"), config);
        assertTrue(config.contains(" switchport access vlan 1234\n"), config);

        assertEquals("RELEASED", field(call("deactivate", "<n:deactivate><n:bookingId>c1</n:bookingId></n:deactivate>"), "state"));
        assertEquals(before, emulator.router("edge-a").runningConfig());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HSQLDB", "PostgreSQL"})
    void bookingBetweenTwoHostsJoinsBothPortsInOneVlanAndIsRemovedAgain(String database) throws Exception {
        start(database);
        String before = emulator.router("edge-a").runningConfig();
        String held = hold("p1", "host-a3", "host-a4", 150, 0);
        assertEquals("HELD", field(held, "state"), held);
        assertEquals("1000", field(held, "sourceVlan"), held);
        assertEquals("1000", field(held, "destinationVlan"), held);
        call("commit", "<n:commit><n:bookingId>p1</n:bookingId></n:commit>");
        String active = call("activate", "<n:activate><n:bookingId>p1</n:bookingId></n:activate>");
        assertEquals("ACTIVE", field(active, "state"), active);
        String circuit = field(active, "circuitId");
        String config = emulator.router("edge-a").runningConfig();
        assertTrue(config.contains("vlan 1000\n name LP-" + circuit + "\n"), config);
        assertTrue(config.contains("  police 150000000 4687500 conform-action set-dscp-transmit 46 exceed-action drop\n"),
                config);
        for (String port : java.util.List.of("GigabitEthernet1/3", "GigabitEthernet1/4")) {
            assertTrue(config.contains("interface " + port + "\n description LP-" + circuit + " host\n switchport\n"
                    + " switchport access vlan 1000\n switchport mode access\n service-policy input LP-" + circuit
                    + "-IN\n"), config);
        }
        assertTrue(config.contains(" switchport trunk allowed vlan none\n"), "the uplink is not touched: " + config);

        // A circuit to the site in the same hour does not take the pair's VLAN: numbers are global on the 7600.
        String toSite = hold("p2", "host-a1", 100, 0);
        assertEquals("1001", field(toSite, "destinationVlan"), toSite);
        call("abort", "<n:abort><n:bookingId>p2</n:bookingId><n:reason>test over</n:reason></n:abort>");

        assertEquals("RELEASED", field(call("deactivate", "<n:deactivate><n:bookingId>p1</n:bookingId></n:deactivate>"), "state"));
        assertEquals(before, emulator.router("edge-a").runningConfig());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HSQLDB", "PostgreSQL"})
    void hostPortInMaintenanceRefusesHoldsUntilTheWindowIsLifted(String database) throws Exception {
        start(database);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String added = call("addMaintenance", "<n:addMaintenance><n:resourceId>edge-a:GigabitEthernet1/2</n:resourceId>"
                + "<n:start>" + now + "</n:start><n:end>" + now.plus(Duration.ofHours(3)) + "</n:end>"
                + "<n:reason>replace the patch cable</n:reason></n:addMaintenance>");
        String refused = hold("c1", "host-a2", 100, 0);
        assertTrue(refused.contains("host port edge-a:GigabitEthernet1/2 is down for maintenance"), refused);
        assertEquals("HELD", field(hold("c2", "host-a1", 100, 0), "state"), "other ports are not in maintenance");
        call("liftMaintenance", "<n:liftMaintenance><n:windowId>" + field(added, "id") + "</n:windowId>"
                + "<n:reason>cable replaced early</n:reason></n:liftMaintenance>");
        assertEquals("HELD", field(hold("c1", "host-a2", 100, 0), "state"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HSQLDB", "PostgreSQL"})
    void vlanOutsideTheCampusRangeIsAFaultNamingTheFieldAndBooksNothing(String database) throws Exception {
        start(database);
        String refused = hold("c2", "host-a2", 100, 3000);
        assertTrue(refused.contains("Fault") && refused.contains("destinationVlan"), refused);
        String unknownHost = hold("c3", "host-zz", 100, 0);
        assertTrue(unknownHost.contains("Fault") && unknownHost.contains("source"), unknownHost);
        assertTrue(server.service().query(java.util.List.of(), null, new Caller.Process("test")).isEmpty());
    }
}
