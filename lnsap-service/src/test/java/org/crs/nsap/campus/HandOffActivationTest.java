package org.crs.nsap.campus;

import static org.crs.nsap.testing.RawSoap.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A circuit from a host to a hand-off port, booked at the L-NSAP over SOAP and configured on the
 * emulated Cisco 7600 edge-a over its SSH CLI: the same driver segment as a circuit to the uplink,
 * on the hand-off's trunk. edge-a is the demo's, with TenGigabitEthernet2/2 made a trunk like
 * the uplink (the driver only adds its VLAN to a trunk that exists).
 */
class HandOffActivationTest {

    static final String HAND_OFF_TRUNK = """
                  interface TenGigabitEthernet2/2
                   description hand-off to domain-c
                   switchport
                   switchport trunk encapsulation dot1q
                   switchport trunk allowed vlan none
                   switchport mode trunk
                   no shutdown
            """;

    RouterEmulator emulator;
    NsapServer server;
    DriverActivator activator;
    RawSoap soap;

    @BeforeEach
    void start() throws Exception {
        String routers = Files.readString(Path.of("../deploy/emulator/demo-routers.yaml"));
        assertTrue(routers.contains(HAND_OFF_TRUNK), "the demo's edge-a has the hand-off trunk");
        emulator = RouterEmulator.start(Inventory.parse(routers).withAnyPorts());
        RouterDirectory directory = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        server = NsapServer.start(new ServerConfig("lnsap-hand-off", "jdbc:hsqldb:mem:hand-off-" + System.nanoTime(), "SA", "",
                        "127.0.0.1", 0, false),
                new CampusPlanner(CampusTopologyFile.parse(HandOffPlanningTest.siteAWithHandOff())),
                store -> activator = new DriverActivator(directory, store), Clock.systemUTC());
        soap = new RawSoap(server.serviceUrl());
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (activator != null) {
            activator.close();
        }
        if (emulator != null) {
            emulator.close();
        }
    }

    @Test
    void aHostToHandOffCircuitIsConfiguredOnTheHandOffTrunkAndRemovedAgain() throws Exception {
        String before = emulator.router("edge-a").runningConfig();
        assertTrue(before.contains("interface TenGigabitEthernet2/2\n description hand-off to domain-c\n"), before);
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String held = soap.call("hold", "<n:hold><n:request><n:bandwidthMbps>200</n:bandwidthMbps><n:bookingId>h1</n:bookingId>"
                + "<n:destination>to-domain-c</n:destination><n:destinationVlan>3004</n:destinationVlan>"
                + "<n:end>" + start.plus(Duration.ofHours(1)) + "</n:end><n:source>host-a2</n:source>"
                + "<n:sourceVlan>0</n:sourceVlan><n:start>" + start + "</n:start></n:request>"
                + "<n:holdSeconds>60</n:holdSeconds></n:hold>");
        assertEquals("HELD", field(held, "state"), held);
        assertEquals("3004", field(held, "destinationVlan"), held);
        soap.call("commit", "<n:commit><n:bookingId>h1</n:bookingId></n:commit>");

        String active = soap.call("activate", "<n:activate><n:bookingId>h1</n:bookingId></n:activate>");

        assertEquals("ACTIVE", field(active, "state"), active);
        String circuit = field(active, "circuitId");
        String config = emulator.router("edge-a").runningConfig();
        assertTrue(config.contains("vlan 3004\n name LP-" + circuit + "\n"), config);
        assertTrue(config.contains("interface GigabitEthernet1/2\n description LP-" + circuit + " host\n switchport\n"
                + " switchport access vlan 3004\n"), config);
        assertTrue(config.contains("interface TenGigabitEthernet2/2\n description hand-off to domain-c\n switchport\n"
                + " switchport trunk encapsulation dot1q\n switchport trunk allowed vlan 3004\n"), config);
        assertTrue(config.contains("interface TenGigabitEthernet2/1\n description uplink to WAN access point\n switchport\n"
                + " switchport trunk encapsulation dot1q\n switchport trunk allowed vlan none\n"), "the uplink is not touched: "
                + config);

        String released = soap.call("deactivate", "<n:deactivate><n:bookingId>h1</n:bookingId></n:deactivate>");
        assertEquals("RELEASED", field(released, "state"), released);
        assertEquals(before, emulator.router("edge-a").runningConfig());
    }
}
