package org.crs.routers.emulator.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SSH clients written elsewhere agree with the emulator: netmiko (the de facto Python library
 * for Cisco CLIs) configures a VLAN with its own prompt detection, enable and config-mode
 * handling, and bare paramiko sees IOS's prompts and error text.
 */
class IndependentSshClientsTest {

    private static final Path SCRIPTS = Path.of("src/test/python");
    private static RouterEmulator emulator;
    private static EmulatedRouter edge;

    @BeforeAll
    static void start() throws Exception {
        emulator = RouterEmulator.start(Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml")
                .toAbsolutePath().normalize()).withAnyPorts());
        edge = emulator.router("edge-a");
    }

    @AfterAll
    static void stop() throws Exception {
        emulator.close();
    }

    private static Map<String, String> credentials() {
        Inventory.Credentials c = edge.credentials();
        return Map.of("CRS_SSH_USER", c.username(), "CRS_SSH_PASSWORD", c.password(),
                "CRS_ENABLE_SECRET", c.enableSecret());
    }

    @Test
    void netmikoConfiguresAVlan() {
        ExternalTool.Result r = ExternalTool.run(List.of(ExternalTool.python(),
                SCRIPTS.resolve("netmiko_configure_vlan.py").toString(), String.valueOf(edge.sshPort()), "777", "NETMIKO-777"),
                credentials());
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("PROMPT edge-a#"), r.output());
        assertTrue(r.output().contains("777  NETMIKO-777"), r.output());
        assertTrue(r.output().contains("Command rejected: Bad VLAN list - character #5 (EOL)"), r.output());
        assertTrue(edge.runningConfig().contains("vlan 777\n name NETMIKO-777\n!\n"), edge.runningConfig());
        assertTrue(edge.startupConfig().contains("vlan 777\n name NETMIKO-777\n"), "netmiko's save_config wrote memory");
    }

    @Test
    void paramikoSeesIosPromptsAndErrors() {
        List<String> cmd = new ArrayList<>(List.of(ExternalTool.python(), SCRIPTS.resolve("paramiko_shell.py").toString(),
                String.valueOf(edge.sshPort()), "enable", edge.credentials().enableSecret(), "configure terminal",
                "interface GigabitEthernet1/9", "end", "show running-config interface Gi1/1"));
        ExternalTool.Result r = ExternalTool.run(cmd, credentials());
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("edge-a>enable\r\nPassword: "), r.output());
        assertTrue(r.output().contains("edge-a(config)#interface GigabitEthernet1/9\r\n" + " ".repeat(40) + "^\r\n"
                + "% Invalid input detected at '^' marker."), r.output());
        assertTrue(r.output().contains("interface GigabitEthernet1/1\r\n switchport\r\n switchport mode access\r\n shutdown\r\nend"),
                r.output());
    }
}
