package org.crs.routers.emulator.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.routers.emulator.sessions.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The SSH front end behaves like an IOS terminal: echo, CRLF, prompts, enable, faults. */
class SshTerminalTest {

    static final String INVENTORY = """
            defaults:
              username: op
              password: op-password
              enableSecret: op-enable
            routers:
              - hostname: edge-t
                profile: 7600
                loopback: 10.9.9.9
                snmpPort: -1
                interfaces: [GigabitEthernet1/1-2]
            """;

    static RouterEmulator emulator;
    static EmulatedRouter router;
    static SshClient client;

    @BeforeAll
    static void start() throws Exception {
        emulator = RouterEmulator.start(Inventory.parse(INVENTORY));
        router = emulator.router("edge-t");
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

    /** Runs a shell session that types the lines and returns everything the router printed. */
    private String converse(String password, String... lines) throws IOException {
        try (ClientSession session = client.connect("op", "127.0.0.1", router.sshPort())
                .verify(Duration.ofSeconds(5)).getSession()) {
            session.addPasswordIdentity(password);
            session.auth().verify(Duration.ofSeconds(5));
            try (ChannelShell shell = session.createShellChannel()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                shell.setOut(out);
                shell.setErr(out);
                shell.open().verify(Duration.ofSeconds(5));
                OutputStream in = shell.getInvertedIn();
                for (String line : lines) {
                    in.write((line + "\r").getBytes(StandardCharsets.UTF_8));
                    in.flush();
                }
                // Back to EXEC mode (a harmless error if already there), then log out.
                in.write("end\rexit\r".getBytes(StandardCharsets.UTF_8));
                in.flush();
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), Duration.ofSeconds(5));
                return out.toString(StandardCharsets.UTF_8);
            }
        }
    }

    @Test
    void loginShowsTheUserPromptAndEnableAsksForTheSecretWithoutEchoingIt() throws IOException {
        String out = converse("op-password", "enable", "op-enable", "show vlan id 1");
        assertTrue(out.startsWith("\r\nedge-t>enable\r\nPassword: \r\nedge-t#show vlan id 1\r\n"), out);
        assertTrue(!out.contains("op-enable"), out);
        assertTrue(out.contains("1    default"), out);
    }

    @Test
    void answersUseCrLfAndEndWithThePrompt() throws IOException {
        String out = converse("op-password", "enable", "op-enable", "configure terminal", "interface gi1/1", "switchport acess");
        assertTrue(out.contains("edge-t(config-if)#switchport acess\r\n" + " ".repeat(29) + "^\r\n"
                + "% Invalid input detected at '^' marker.\r\n\r\nedge-t(config-if)#"), out);
    }

    @Test
    void wrongPasswordIsRefused() {
        assertThrows(Exception.class, () -> converse("not-the-password"));
    }

    @Test
    void injectedLoginRefusalRefusesTheRightPasswordOnce() throws IOException {
        router.faults().refuseLogin(1);
        assertThrows(Exception.class, () -> converse("op-password"));
        assertTrue(converse("op-password").contains("edge-t>"));
    }

    @Test
    void injectedDropClosesTheConnectionAfterNLines() throws IOException {
        router.faults().dropConnectionAfterCommands(2, 1);
        String out = converse("op-password", "enable", "op-enable", "configure terminal", "vlan 55");
        // The third line gets no answer: the connection closes (whatever of the echo was still
        // in flight may be lost with it), and the router never entered configuration mode.
        assertTrue(!out.contains("(config)#"), out);
        assertTrue(!router.runningConfig().contains("vlan 55"));
    }

    @Test
    void injectedRejectionAnswersInvalidInputAndChangesNothing() throws IOException {
        router.faults().rejectCommand("vlan 66", 1);
        String out = converse("op-password", "enable", "op-enable", "configure terminal", "vlan 66");
        assertTrue(out.contains("edge-t(config)#vlan 66\r\n" + " ".repeat(15) + "^\r\n% Invalid input detected at '^' marker."), out);
        assertTrue(!router.runningConfig().contains("vlan 66"));
    }

    @Test
    void injectedSlownessDelaysTheAnswer() throws IOException {
        router.faults().slowResponses(Duration.ofMillis(400), 1);
        long start = System.nanoTime();
        converse("op-password", "show version");
        assertTrue(System.nanoTime() - start >= 400_000_000L);
    }

    @Test
    void ctrlZReturnsToPrivilegedMode() throws IOException {
        String out = converse("op-password", "enable", "op-enable", "configure terminal", "interface gi1/2\u001a");
        assertTrue(out.contains("^Z\r\nedge-t#"), out);
        assertEquals(-1, router.snmpPort());
    }

    @Test
    void eachShellIsRecordedFromItsStartToItsEndWithItsOwnId() throws IOException {
        int before = router.sessions().size();
        converse("op-password", "show version");
        converse("op-password", "show version");
        List<Session> mine = router.sessions().subList(before, before + 2);
        assertEquals(mine.get(0).id() + 1, mine.get(1).id());
        for (Session s : mine) {
            assertEquals(Session.Kind.SSH, s.kind());
            assertTrue(s.isClosed(), "logged out: " + s);
        }
        assertFalse(mine.get(0).overlaps(mine.get(1)), "the second shell started after the first ended");
    }

    @Test
    void eachShellRecordsTheLinesTypedInItButNeverTheEnableSecret() throws IOException {
        int before = router.sessions().size();
        converse("op-password", "enable", "op-enable", "show clock");
        Session mine = router.sessions().get(before);
        assertEquals(List.of("enable", "show clock", "end", "exit"), mine.commands());
    }

    @Test
    void aRefusedLoginIsNoSession() {
        int before = router.sessions().size();
        assertThrows(Exception.class, () -> converse("not-the-password"));
        assertEquals(before, router.sessions().size());
    }
}
