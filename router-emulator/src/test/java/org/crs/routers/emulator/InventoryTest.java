package org.crs.routers.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The inventory file: what it accepts, and clear errors for what it does not. */
class InventoryTest {

    private static final String ROUTER = """
            defaults: {username: u, password: p, enableSecret: e}
            routers:
              - hostname: edge-x
                profile: 7600
                loopback: 10.1.1.1
                snmpPort: -1
                interfaces: [GigabitEthernet1/1-3, TenGigabitEthernet2/1]
            """;

    @Test
    void demoInventoryBootsEveryRouterWithItsConfigurationSaved() throws IOException {
        Inventory inventory = Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")).withAnyPorts();
        try (RouterEmulator emulator = RouterEmulator.start(inventory)) {
            assertEquals(5, emulator.routers().size());
            for (EmulatedRouter r : emulator.routers()) {
                assertTrue(r.sshPort() > 0 && r.snmpPort() > 0, r.hostname());
                assertEquals(r.runningConfig(), r.startupConfig(), r.hostname());
            }
            assertTrue(emulator.router("edge-a").runningConfig().contains(
                    "interface TenGigabitEthernet2/1\n description uplink to WAN access point\n switchport\n"
                            + " switchport trunk encapsulation dot1q\n switchport trunk allowed vlan none\n switchport mode trunk\n!\n"));
        }
    }

    @Test
    void portRangesExpandToEachPort() throws IOException {
        try (RouterEmulator emulator = RouterEmulator.start(Inventory.parse(ROUTER))) {
            String config = emulator.router("edge-x").runningConfig();
            assertTrue(config.contains("interface GigabitEthernet1/3\n"));
            assertTrue(!config.contains("interface GigabitEthernet1/4\n"));
        }
    }

    @Test
    void trafficLoadsOfRouterAndPortsAreRead() throws IOException {
        String yaml = ROUTER + """
                    traffic:
                      load: 0.5
                      burstOnSeconds: 10
                      burstOffSeconds: 20
                      errorsPerSecond: 1
                      ports:
                        GigabitEthernet1/2: {load: 0}
                """;
        try (RouterEmulator emulator = RouterEmulator.start(Inventory.parse(yaml))) {
            var device = emulator.router("edge-x").device();
            synchronized (device) {
                var routerLoad = device.trafficLoad(org.crs.routers.emulator.device.InterfaceName.parse("GigabitEthernet1/1"));
                assertEquals(0.5, routerLoad.fraction());
                assertEquals(java.time.Duration.ofSeconds(20), routerLoad.burstOff());
                assertEquals(1.0, routerLoad.errorsPerSecond());
                assertEquals(0.0, device.trafficLoad(
                        org.crs.routers.emulator.device.InterfaceName.parse("GigabitEthernet1/2")).fraction());
            }
        }
    }

    @Test
    void aLoadAboveOneIsRefusedWithItsRouter() {
        Exception e = assertThrows(IllegalArgumentException.class,
                () -> Inventory.parse(ROUTER + "    traffic: {load: 2}\n"));
        assertTrue(e.getMessage().contains("edge-x") && e.getMessage().contains("load"), e.getMessage());
    }

    @Test
    void unknownKeyIsRefusedByName() {
        Exception e = assertThrows(IOException.class, () -> Inventory.parse(ROUTER + "    colour: blue\n"));
        assertTrue(e.getMessage().contains("colour"), e.getMessage());
    }

    @Test
    void duplicateHostnameIsRefused() {
        String twice = ROUTER + """
                  - hostname: edge-x
                    profile: 12000
                    loopback: 10.1.1.2
                """;
        Exception e = assertThrows(IllegalArgumentException.class, () -> Inventory.parse(twice));
        assertEquals("router edge-x appears twice", e.getMessage());
    }

    @Test
    void unknownProfileIsRefused() {
        Exception e = assertThrows(IllegalArgumentException.class, () -> Inventory.parse(ROUTER.replace("7600", "2960")));
        assertEquals("router edge-x: unknown profile '2960': expected 7600 or 12000", e.getMessage());
    }

    @Test
    void bootConfigurationLineTheRouterRefusesStopsTheBootWithItsAnswer() throws IOException {
        Inventory bad = Inventory.parse(ROUTER + "    config: |\n      vlan 10\n      vlan 5000\n");
        Exception e = assertThrows(IllegalArgumentException.class, () -> RouterEmulator.start(bad).close());
        assertTrue(e.getMessage().startsWith("router edge-x: boot config line 2 'vlan 5000' was refused:\n"
                + "Command rejected: Bad VLAN list"), e.getMessage());
    }

    @Test
    void secretsStayOutOfToString() throws IOException {
        Inventory inventory = Inventory.parse(ROUTER);
        assertTrue(!inventory.toString().contains("enableSecret=e"), inventory.toString());
        assertTrue(!inventory.defaults().toString().contains("p"), inventory.defaults().toString());
    }
}
