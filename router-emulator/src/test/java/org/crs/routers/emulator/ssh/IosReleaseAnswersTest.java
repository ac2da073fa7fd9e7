package org.crs.routers.emulator.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over SSH, the emulator can answer as IOS releases other than the well-behaved one do, each
 * switched on by a fault ({@code Faults}): {@code terminal length} refused and long answers
 * paged with {@code --More--}, a command refused with {@code Command rejected: ...} or with
 * nothing, a save that asks for confirmation, a slow save; and {@code copy running-config
 * startup-config} asks for the destination as IOS always does.
 */
class IosReleaseAnswersTest {

    static final String INVENTORY = """
            defaults:
              username: op
              password: op-password
              enableSecret: op-enable
              privilege: 15
            routers:
              - hostname: edge-r
                profile: 7600
                loopback: 10.9.9.8
                snmpPort: -1
                interfaces: [GigabitEthernet1/1-48]
            """;

    static RouterEmulator emulator;
    static EmulatedRouter router;
    static SshClient client;

    @BeforeAll
    static void start() throws Exception {
        emulator = RouterEmulator.start(Inventory.parse(INVENTORY));
        router = emulator.router("edge-r");
        client = SshClient.setUpDefaultClient();
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        client.stop();
        emulator.close();
    }

    @BeforeEach
    void clearFaults() {
        router.faults().clear();
    }

    /** Types the keystrokes as they are (lines end in \r), then logs out; returns all output. */
    private String type(String keystrokes) throws IOException {
        try (ClientSession session = client.connect("op", "127.0.0.1", router.sshPort())
                .verify(Duration.ofSeconds(5)).getSession()) {
            session.addPasswordIdentity("op-password");
            session.auth().verify(Duration.ofSeconds(5));
            try (ChannelShell shell = session.createShellChannel()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                shell.setOut(out);
                shell.setErr(out);
                shell.open().verify(Duration.ofSeconds(5));
                OutputStream in = shell.getInvertedIn();
                in.write((keystrokes + "end\rexit\r").getBytes(StandardCharsets.UTF_8));
                in.flush();
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), Duration.ofSeconds(10));
                return out.toString(StandardCharsets.UTF_8);
            }
        }
    }

    @Test
    void refusedTerminalLengthLeavesLongAnswersPagedAtTwentyFourLines() throws IOException {
        router.faults().refuseTerminalLength(1);

        // Two spaces: the two pages after the first of the 48 ports' running configuration.
        String out = type("terminal length 0\rshow running-config | include ^interface\r  ");

        assertTrue(out.contains("terminal length 0\r\n" + " ".repeat("edge-r#".length())
                + "^\r\n% Invalid input detected at '^' marker."), out);
        String more = " --More-- ";
        String erase = "\b".repeat(more.length()) + " ".repeat(more.length()) + "\b".repeat(more.length());
        assertEquals(2, out.split(more, -1).length - 1, out);
        assertTrue(out.contains("interface GigabitEthernet1/22\r\n" + more + erase + "interface GigabitEthernet1/23\r\n"), out);
        assertTrue(out.contains("interface GigabitEthernet1/48\r\nedge-r#"), out);
    }

    @Test
    void terminalLengthZeroTurnsPagingOff() throws IOException {
        String out = type("terminal length 0\rshow running-config | include ^interface\r");

        assertFalse(out.contains("--More--"), out);
        assertTrue(out.contains("interface GigabitEthernet1/48\r\nedge-r#"), out);
    }

    @Test
    void aKeyOtherThanSpaceOrEnterEndsThePagedAnswer() throws IOException {
        String out = type("show running-config | include ^interface\rq");

        assertTrue(out.contains(" --More-- "), out);
        assertFalse(out.contains("interface GigabitEthernet1/24"), out);
    }

    @Test
    void commandRejectedWithoutPercentChangesNothingAndKeepsTheMode() throws IOException {
        router.faults().rejectCommandWithoutPercent("vlan 77", 1);

        String out = type("terminal length 0\rconfigure terminal\rvlan 77\r");

        assertTrue(out.contains("vlan 77\r\nCommand rejected: vlan 77 is not supported on this image.\r\nedge-r(config)#"), out);
        assertFalse(router.runningConfig().contains("vlan 77"));
    }

    @Test
    void anIgnoredCommandPrintsNothingAndStaysInThePreviousMode() throws IOException {
        router.faults().ignoreCommand("policy-map P", 1);

        String out = type("terminal length 0\rconfigure terminal\rpolicy-map P\r");

        assertTrue(out.contains("edge-r(config)#policy-map P\r\nedge-r(config)#"), out);
        assertFalse(router.runningConfig().contains("policy-map P"));
    }

    @Test
    void copyAsksForTheDestinationAndEnterTakesTheDefault() throws IOException {
        String out = type("terminal length 0\rcopy running-config startup-config\r\r");

        assertTrue(out.contains("copy running-config startup-config\r\nDestination filename [startup-config]? \r\n"
                + "Building configuration...\r\n[OK]\r\nedge-r#"), out);
        assertTrue(router.startupConfig().contains("hostname edge-r"), router.startupConfig());
    }

    @Test
    void aSaveThatMustOverwriteAnotherImagesConfigurationAsksToConfirm() throws IOException {
        router.faults().confirmSaves(1);

        String out = type("terminal length 0\rwrite memory\r\r");

        assertTrue(out.contains("write memory\r\nWarning: Attempting to overwrite an NVRAM configuration previously written\r\n"
                + "by a different version of the system image.\r\nOverwrite the previous NVRAM configuration?[confirm]\r\n"
                + "Building configuration...\r\n[OK]\r\nedge-r#"), out);
    }

    @Test
    void aSaveConfirmationAnsweredNoSavesNothing() throws IOException {
        router.faults().confirmSaves(1);
        String saved = router.startupConfig();
        type("terminal length 0\rconfigure terminal\rvlan 88\rend\rwrite memory\rn\r");

        assertEquals(saved, router.startupConfig());
        type("configure terminal\rno vlan 88\r");
    }

    @Test
    void aSlowSavePausesBetweenBuildingAndOk() throws IOException {
        router.faults().slowSaves(Duration.ofMillis(700), 1);

        long started = System.nanoTime();
        String out = type("terminal length 0\rwrite memory\r");

        assertTrue(Duration.ofNanos(System.nanoTime() - started).toMillis() >= 700);
        assertTrue(out.contains("Building configuration...\r\n[OK]\r\n"), out);
    }
}
