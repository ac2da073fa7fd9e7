package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.emulator.EmulatedRouter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The drivers cope with what IOS releases answer besides {@code %} errors: a command refused
 * with {@code Command rejected: ...} or with nothing at all (caught by the prompt's mode, and
 * blamed on that command), confirmation questions on a save, {@code terminal length 0}
 * refused (answers in {@code --More--} pages), and a save slower than a configuration line
 * may be.
 */
class IosSessionAnswersTest {

    Lab lab;
    EmulatedRouter edge;
    EmulatedRouter core;
    Cisco7600CliDriver edgeDriver;
    Cisco12000CliDriver coreDriver;

    @BeforeEach
    void start() {
        lab = Lab.start();
        edge = lab.router(Lab.EDGE);
        core = lab.router(Lab.CORE);
        edgeDriver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), Cisco7600CliDriverTest.TEST_TIMEOUTS, lab.deviceLog());
        coreDriver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), Cisco7600CliDriverTest.TEST_TIMEOUTS, lab.deviceLog());
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    @Test
    void modeChangeIgnoredWithoutAnyAnswerIsBlamedOnThatCommandAndUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        // The router prints nothing and stays at edge-a(config)#; "class class-default" would
        // then be refused in the wrong mode and take the blame.
        edge.faults().ignoreCommand("policy-map LP-42-IN", 1);

        DriverException e = assertThrows(DriverException.class, () -> edgeDriver.setUp(Cisco7600CliDriverTest.LP42));

        assertEquals("policy-map LP-42-IN", e.step());
        assertTrue(e.deviceAnswer().contains("answered nothing but stayed at edge-a(config)#"
                + " where edge-a(config-pmap)# was expected"), e.deviceAnswer());
        assertFalse(lab.requests().contains("class class-default"), lab.requests().toString());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.outcome() == DeviceLogEntry.Outcome.ERROR
                && x.request().equals("policy-map LP-42-IN")));
    }

    @Test
    void aRefusedEndIsFollowedByExitsToThePrivilegedPrompt() throws Exception {
        edge.faults().rejectCommand("end", 1);
        try (CliSession session = CliSession.open(lab.endpoint(Lab.EDGE), Cisco7600CliDriverTest.TEST_TIMEOUTS,
                lab.deviceLog())) {
            session.send("configure terminal");
            session.send("interface GigabitEthernet1/1");
            lab.clearLog();

            CliAnswer end = session.send("end");

            assertTrue(end.failed(), end.text());
            assertEquals(CliModes.EXEC, session.mode());
            assertEquals(List.of("end", "exit", "exit"), lab.requests());
        }
    }

    @Test
    void aSetUpWhoseEndIsRefusedIsUndoneOnItsOwnSessionBackAtThePrivilegedPrompt() throws Exception {
        String before = lab.config(Lab.EDGE);
        // The set-up's end and the undo's end: without the exits, the undo's read-back would be
        // typed in configuration mode, refused, and the undo would log in again.
        edge.faults().ignoreCommand("end", 2);

        DriverException e = assertThrows(DriverException.class, () -> edgeDriver.setUp(Cisco7600CliDriverTest.LP42));

        assertEquals("end", e.step());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(1, lab.requests().stream().filter(r -> r.startsWith("ssh ")).count(), lab.requests().toString());
        assertTrue(lab.entries().stream().noneMatch(x -> x.request().equals("show running-config")
                && x.outcome() != DeviceLogEntry.Outcome.OK), lab.entries().toString());
    }

    @Test
    void aTearDownThatLeavesAnElementNamesItOnce() throws Exception {
        edgeDriver.setUp(Cisco7600CliDriverTest.LP42);
        edge.faults().ignoreCommand("no policy-map LP-42-IN", 1);

        DriverException e = assertThrows(DriverException.class, () -> edgeDriver.tearDown(Cisco7600CliDriverTest.LP42));

        assertEquals(DriverException.RouterLeft.CHANGED, e.routerLeft());
        assertEquals(List.of("policy-map LP-42-IN"), e.leftOnRouter());
        assertEquals(1, e.getMessage().split("policy-map LP-42-IN", -1).length - 1, e.getMessage());
    }

    @Test
    void explicitPathIgnoredOnThe12000IsBlamedOnTheExplicitPath() throws Exception {
        String before = lab.config(Lab.CORE);
        core.faults().ignoreCommand("ip explicit-path name LP-42 enable", 1);

        DriverException e = assertThrows(DriverException.class, () -> coreDriver.setUp(Cisco12000CliDriverTest.LP42));

        assertEquals("ip explicit-path name LP-42 enable", e.step());
        assertTrue(e.deviceAnswer().contains("core-a(cfg-ip-expl-path)# was expected"), e.deviceAnswer());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void lineIgnoredWithoutChangingModeIsCaughtByTheReadBackAndUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        // No prompt can show this one was ignored: the read-back after the save does.
        edge.faults().ignoreCommand("switchport access vlan 1234", 1);

        DriverException e = assertThrows(DriverException.class, () -> edgeDriver.setUp(Cisco7600CliDriverTest.LP42));

        assertEquals("verify LP-42", e.step());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void commandRejectedWithoutPercentIsBlamedOnThatCommandAndUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        edge.faults().rejectCommandWithoutPercent("interface TenGigabitEthernet2/1", 1);

        DriverException e = assertThrows(DriverException.class, () -> edgeDriver.setUp(Cisco7600CliDriverTest.LP42));

        assertEquals("interface TenGigabitEthernet2/1", e.step());
        assertTrue(e.deviceAnswer().startsWith("Command rejected: interface TenGigabitEthernet2/1"), e.deviceAnswer());
        assertFalse(lab.requests().contains("switchport trunk allowed vlan add 1234"), lab.requests().toString());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void saveThatAsksToOverwriteIsConfirmed() throws Exception {
        edge.faults().confirmSaves(1);

        edgeDriver.setUp(Cisco7600CliDriverTest.LP42);

        assertTrue(lab.requests().contains("<Enter> to: Overwrite the previous NVRAM configuration?[confirm]"),
                lab.requests().toString());
        assertTrue(edge.startupConfig().contains("vlan 1234"), edge.startupConfig());
        assertEquals(SegmentState.Status.PRESENT, edgeDriver.readState(Cisco7600CliDriverTest.LP42).status());
    }

    @Test
    void writeMemoryRefusedIsSavedByCopyAnsweringTheDestinationQuestion() throws Exception {
        core.faults().rejectCommand("write memory", 1);

        coreDriver.setUp(Cisco12000CliDriverTest.LP42);

        List<String> sent = lab.requests();
        int copy = sent.indexOf(CliSession.COPY_RUNNING_STARTUP);
        assertTrue(copy > sent.indexOf("write memory"), sent.toString());
        assertEquals("<Enter> to: Destination filename [startup-config]?", sent.get(copy + 1));
        assertTrue(core.startupConfig().contains("interface Tunnel42"), core.startupConfig());
    }

    @Test
    void copyThatAlsoAsksToOverwriteGetsBothQuestionsAnswered() throws Exception {
        core.faults().rejectCommand("write memory", 1).confirmSaves(1);

        coreDriver.setUp(Cisco12000CliDriverTest.LP42);

        List<String> sent = lab.requests();
        int copy = sent.indexOf(CliSession.COPY_RUNNING_STARTUP);
        assertEquals(List.of("<Enter> to: Destination filename [startup-config]?",
                "<Enter> to: Overwrite the previous NVRAM configuration?[confirm]"), sent.subList(copy + 1, copy + 3));
        assertTrue(core.startupConfig().contains("interface Tunnel42"), core.startupConfig());
    }

    @Test
    void terminalLengthRefusedLongAnswersAreReadPageByPage() throws Exception {
        edge.faults().refuseTerminalLength(100);
        String before = lab.config(Lab.EDGE);

        edgeDriver.setUp(Cisco7600CliDriverTest.LP42);
        assertEquals(SegmentState.Status.PRESENT, edgeDriver.readState(Cisco7600CliDriverTest.LP42).status());
        edgeDriver.tearDown(Cisco7600CliDriverTest.LP42);

        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.request().equals("terminal length 0")
                && x.outcome() == DeviceLogEntry.Outcome.ERROR));
        DeviceLogEntry paged = lab.entries().stream().filter(x -> x.request().equals("show running-config"))
                .findFirst().orElseThrow();
        assertTrue(paged.response().contains("turned at --More--"), paged.response());
        assertFalse(paged.response().contains("--More-- "), paged.response());
        assertFalse(paged.response().contains("\b"), paged.response());
        // The page breaks joined back: every line of the router's configuration is read whole.
        for (String line : lab.config(Lab.EDGE).split("\n")) {
            if (!line.isBlank()) {
                assertTrue(paged.response().contains(line), "missing line: [" + line + "] in " + paged.response());
            }
        }
    }

    @Test
    void slowSaveIsWaitedForWithinTheSaveTimeoutWhileConfigLinesStayImpatient() throws Exception {
        CliTimeouts timeouts = Cisco7600CliDriverTest.TEST_TIMEOUTS.withConfigLine(Duration.ofMillis(400))
                .withSave(Duration.ofSeconds(5));
        coreDriver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), timeouts, lab.deviceLog());
        core.faults().slowSaves(Duration.ofMillis(1500), 1);

        long started = System.nanoTime();
        coreDriver.setUp(Cisco12000CliDriverTest.LP42);

        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofMillis(1500)) >= 0);
        DeviceLogEntry save = lab.entries().stream().filter(x -> x.request().equals("write memory")).findFirst()
                .orElseThrow();
        assertTrue(save.elapsedMillis() >= 1500, save.toString());
        assertEquals(DeviceLogEntry.Outcome.OK, save.outcome());
        assertTrue(core.startupConfig().contains("interface Tunnel42"), core.startupConfig());
    }

    @Test
    void slowSaveBeyondTheSaveTimeoutFailsAtTheSave() throws Exception {
        CliTimeouts timeouts = Cisco7600CliDriverTest.TEST_TIMEOUTS.withSave(Duration.ofMillis(500));
        coreDriver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), timeouts, lab.deviceLog());
        core.faults().slowSaves(Duration.ofMillis(1500), 1);

        DriverException e = assertThrows(DriverException.class, () -> coreDriver.setUp(Cisco12000CliDriverTest.LP42));

        assertEquals("write memory", e.step());
        assertTrue(e.getMessage().contains("no prompt within 500 ms"), e.getMessage());
        assertTrue(e.getMessage().contains("Building configuration..."), e.getMessage());
    }
}
