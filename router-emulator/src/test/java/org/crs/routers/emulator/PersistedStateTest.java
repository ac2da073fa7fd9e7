package org.crs.routers.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.device.ConfigStyle;
import org.crs.routers.emulator.device.RunningConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Routers with a state folder save every change and come back from it at the next start. */
class PersistedStateTest {

    static final String INVENTORY = """
            defaults:
              username: op
              password: op-password
              enableSecret: op-enable
              snmp:
                writeCommunity: private
            routers:
              - hostname: edge-p
                profile: 7600
                loopback: 10.9.1.1
                interfaces: [GigabitEthernet1/1-4, TenGigabitEthernet2/1]
                config: |
                  interface GigabitEthernet1/1
                   switchport
                   switchport mode access
                   shutdown
                  interface TenGigabitEthernet2/1
                   switchport
                   switchport trunk encapsulation dot1q
                   switchport trunk allowed vlan none
                   switchport mode trunk
                   no shutdown
              - hostname: core-p
                profile: 12000
                loopback: 10.9.0.1
                interfaces: [GigabitEthernet3/0, POS4/0]
                config: |
                  interface GigabitEthernet3/0
                   no shutdown
            """;

    @TempDir
    Path state;

    static RouterEmulator start(Path state) throws Exception {
        return RouterEmulator.start(Inventory.parse(INVENTORY), Clock.systemUTC(), state);
    }

    /** Types the lines on the router's console, each one step as from a terminal. */
    static void type(EmulatedRouter router, String... lines) {
        IosSession console = new IosSession(router.device(), "op-enable", true);
        for (String line : lines) {
            String answer = console.execute(line).text();
            assertFalse(answer.contains("%"), line + " -> " + answer);
        }
    }

    static final String[] EDGE_CIRCUIT = {"configure terminal", "vlan 1234", " name LP-42",
        "policy-map LP-42-IN", " class class-default", "  police cir 100000000 conform-action transmit exceed-action drop",
        "interface GigabitEthernet1/1", " description LP-42 host", " switchport access vlan 1234", " no shutdown",
        " service-policy input LP-42-IN", "interface TenGigabitEthernet2/1", " switchport trunk allowed vlan add 1234",
        "end"};

    static final String[] CORE_CIRCUIT = {"configure terminal", "policy-map LP-42-IN", " class class-default",
        "  police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop",
        "pseudowire-class LP-42", " encapsulation mpls", " preferred-path interface Tunnel42 disable-fallback",
        "interface Tunnel42", " ip unnumbered Loopback0", " tunnel destination 10.9.0.9", " tunnel mode mpls traffic-eng",
        " tunnel mpls traffic-eng bandwidth 100000", "ip explicit-path name LP-42 enable", " next-address 10.9.0.5",
        " next-address 10.9.0.9", "interface Tunnel42", " tunnel mpls traffic-eng path-option 1 explicit name LP-42",
        "interface GigabitEthernet3/0.1234", " encapsulation dot1Q 1234",
        " xconnect 10.9.0.9 42 encapsulation mpls pw-class LP-42", " service-policy input LP-42-IN", "end"};

    @Test
    void aRouterComesBackWithTheRunningAndStartupConfigurationItHadWhenStopped() throws Exception {
        String edgeRunning;
        String edgeStartup;
        String coreRunning;
        String coreStartup;
        try (RouterEmulator emulator = start(state)) {
            type(emulator.router("edge-p"), EDGE_CIRCUIT);
            type(emulator.router("edge-p"), "write memory", "configure terminal", "vlan 1300", "end");
            type(emulator.router("core-p"), CORE_CIRCUIT);
            edgeRunning = emulator.router("edge-p").runningConfig();
            edgeStartup = emulator.router("edge-p").startupConfig();
            coreRunning = emulator.router("core-p").runningConfig();
            coreStartup = emulator.router("core-p").startupConfig();
        }
        assertNotEquals(RunningConfig.withoutLength(edgeRunning), RunningConfig.withoutLength(edgeStartup),
                "a change after write memory is in the running configuration only");

        try (RouterEmulator again = start(state)) {
            assertEquals(edgeRunning, again.router("edge-p").runningConfig());
            assertEquals(edgeStartup, again.router("edge-p").startupConfig());
            assertEquals(coreRunning, again.router("core-p").runningConfig());
            assertEquals(coreStartup, again.router("core-p").startupConfig());
        }
    }

    @Test
    void aChangeIsInTheStateFileBeforeTheRouterAnswersIt() throws Exception {
        try (RouterEmulator emulator = start(state)) {
            EmulatedRouter edge = emulator.router("edge-p");
            type(edge, "configure terminal", "vlan 1500", " name LP-7");
            String file = Files.readString(state.resolve("edge-p.yaml"));
            assertTrue(file.contains("\n  vlan 1500\n   name LP-7\n"), file);
        }
    }

    @Test
    void aRouterWithoutAStateFileBootsFromTheInventoryAndSavesIt() throws Exception {
        String booted;
        try (RouterEmulator emulator = start(state)) {
            booted = emulator.router("core-p").runningConfig();
            assertTrue(Files.exists(state.resolve("core-p.yaml")));
        }
        try (RouterEmulator plain = RouterEmulator.start(Inventory.parse(INVENTORY))) {
            assertEquals(RunningConfig.withoutLength(plain.router("core-p").runningConfig()),
                    RunningConfig.withoutLength(booted));
        }
    }

    @Test
    void aStateFileOfAnotherRouterIsRefusedNamingTheFile() throws Exception {
        try (RouterEmulator emulator = start(state)) {
            type(emulator.router("edge-p"), "configure terminal", "vlan 1600", "end");
        }
        Files.move(state.resolve("edge-p.yaml"), state.resolve("core-p.yaml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> start(state).close());
        assertTrue(e.getMessage().startsWith(state.resolve("core-p.yaml").toString()), e.getMessage());
    }

    @Test
    void aStateFileThatDoesNotRebuildAsSavedIsRefused() throws Exception {
        try (RouterEmulator emulator = start(state)) {
            type(emulator.router("edge-p"), "configure terminal", "vlan 1700", "end");
        }
        Path file = state.resolve("edge-p.yaml");
        Files.writeString(file, Files.readString(file).replace("  vlan 1700\n", "  vlan 1700\n   bogus line\n"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> start(state).close());
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }

    @Test
    void aRouterThatShowsItsConfigurationNormalisedComesBackFromTheLiteralFormItsFileHolds() throws Exception {
        Inventory normalised = Inventory.parse(INVENTORY.replace("    profile: 7600",
                "    profile: 7600\n    configStyle: normalised"));
        String literal;
        String startup;
        try (RouterEmulator emulator = RouterEmulator.start(normalised, Clock.systemUTC(), state)) {
            type(emulator.router("edge-p"), EDGE_CIRCUIT);
            type(emulator.router("edge-p"), "write memory");
            literal = RunningConfig.render(emulator.router("edge-p").device(), ConfigStyle.LITERAL);
            startup = emulator.router("edge-p").startupConfig();
            String file = Files.readString(state.resolve("edge-p.yaml"));
            String running = file.substring(0, file.indexOf("startupConfig:"));
            assertFalse(running.contains("ntp clock-period"), file);
            assertTrue(running.contains("  police 100000000 conform-action transmit exceed-action drop\n")
                    || running.contains("  police cir 100000000 conform-action transmit exceed-action drop\n"), file);
        }

        try (RouterEmulator again = RouterEmulator.start(normalised, Clock.systemUTC(), state)) {
            EmulatedRouter edge = again.router("edge-p");
            assertEquals(RunningConfig.withoutLength(literal),
                    RunningConfig.withoutLength(RunningConfig.render(edge.device(), ConfigStyle.LITERAL)));
            assertEquals(startup, edge.startupConfig());
            assertTrue(edge.runningConfig().contains("\n  police cir 100000000 bc 3125000 be 3125000"
                    + " conform-action transmit exceed-action drop\n"), edge.runningConfig());
        }
    }
}
