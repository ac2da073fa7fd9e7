package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.device.ConfigStyle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class Cisco7600CliDriverTest {

    static final VlanSegment LP42 = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1", "TenGigabitEthernet2/1");

    /** Circuit 43 between the hosts on GigabitEthernet1/1 and 1/2, both parked in the lab. */
    static final HostPairSegment PAIR43 = new HostPairSegment(43, 50_000_000L, 1000, "GigabitEthernet1/1",
            "GigabitEthernet1/2");

    static final CliTimeouts TEST_TIMEOUTS = new CliTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5),
            Duration.ofSeconds(5));
    /** Short command timeout for the slow-answer faults. */
    static final CliTimeouts IMPATIENT = TEST_TIMEOUTS.withCommand(Duration.ofMillis(400));

    Lab lab;
    EmulatedRouter edge;
    Cisco7600CliDriver driver;

    @BeforeEach
    void start() {
        lab = Lab.start();
        edge = lab.router(Lab.EDGE);
        driver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog());
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    @Test
    void setUpThenTearDownLeavesRouterAsBefore() throws Exception {
        String before = lab.config(Lab.EDGE);

        driver.setUp(LP42);
        assertFalse(before.equals(lab.config(Lab.EDGE)));
        driver.tearDown(LP42);

        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()),
                "tear-down saves the configuration");
    }

    @Test
    void setUpConfiguresVlanPolicerHostPortAndTrunkAndSavesThem() throws Exception {
        driver.setUp(LP42);

        String config = lab.config(Lab.EDGE);
        assertTrue(config.contains("vlan 1234\n name LP-42\n!"), config);
        assertTrue(config.contains("policy-map LP-42-IN\n class class-default\n"
                + "  police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop\n"), config);
        RunningConfig parsed = RunningConfig.parse(config);
        List<String> host = parsed.trimmedLines("interface GigabitEthernet1/1");
        assertTrue(host.containsAll(List.of("description LP-42 host", "switchport", "switchport mode access",
                "switchport access vlan 1234", "service-policy input LP-42-IN")), host.toString());
        assertFalse(host.contains("shutdown"), host.toString());
        assertTrue(parsed.trimmedLines("interface TenGigabitEthernet2/1")
                .contains("switchport trunk allowed vlan 10,20,1234"), config);
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()),
                "set-up saves the configuration");
    }

    @Test
    void setUpSendsTheDocumentedCommandsOneByOne() throws Exception {
        driver.setUp(LP42);

        List<String> sent = lab.requests();
        List<String> expected = Cisco7600CliDriver.setUpCommands(LP42);
        int from = sent.indexOf(AbstractCliDriver.CONFIGURE_TERMINAL);
        assertEquals(expected, sent.subList(from + 1, from + 1 + expected.size()));
        assertEquals(List.of(AbstractCliDriver.END, AbstractCliDriver.WRITE_MEMORY),
                sent.subList(from + 1 + expected.size(), from + 3 + expected.size()));
        assertTrue(expected.contains("police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop"));
    }

    @Test
    void tearDownSendsTheDocumentedCommandsOneByOne() throws Exception {
        for (CampusSegment segment : List.of(LP42, PAIR43)) {
            driver.setUp(segment);
            lab.clearLog();

            driver.tearDown(segment);

            List<String> sent = lab.requests();
            List<String> expected = Cisco7600CliDriver.tearDownCommands(segment);
            int from = sent.indexOf(AbstractCliDriver.CONFIGURE_TERMINAL);
            assertEquals(expected, sent.subList(from + 1, sent.indexOf(AbstractCliDriver.END)));
        }
    }

    @Test
    void setUpTwiceChangesNothingTheSecondTime() throws Exception {
        driver.setUp(LP42);
        String once = lab.config(Lab.EDGE);
        lab.clearLog();

        driver.setUp(LP42);

        assertEquals(once, lab.config(Lab.EDGE));
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL), lab.requests().toString());
    }

    @Test
    void readStateTellsAbsentPartialAndPresent() throws Exception {
        String before = lab.config(Lab.EDGE);
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());

        driver.setUp(LP42);
        SegmentState present = driver.readState(LP42);
        assertEquals(SegmentState.Status.PRESENT, present.status());
        assertEquals(List.of("vlan 1234", "policy-map LP-42-IN", "host port GigabitEthernet1/1 on vlan 1234",
                "trunk TenGigabitEthernet2/1 allows vlan 1234"), present.present());

        // Someone removes the VLAN from the trunk by hand.
        try (CliSession cli = CliSession.open(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog())) {
            for (String line : List.of("configure terminal", "interface TenGigabitEthernet2/1",
                    "switchport trunk allowed vlan remove 1234", "end")) {
                assertFalse(cli.send(line).failed(), line);
            }
        }
        SegmentState partial = driver.readState(LP42);
        assertEquals(SegmentState.Status.PARTIAL, partial.status());
        assertEquals(List.of("trunk TenGigabitEthernet2/1 allows vlan 1234"), partial.missing());

        driver.tearDown(LP42);
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void tearDownOfAnAbsentSegmentSucceedsAndChangesNothing() throws Exception {
        String before = lab.config(Lab.EDGE);

        driver.tearDown(LP42);

        assertEquals(before, lab.config(Lab.EDGE));
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL));
    }

    @Test
    void setUpOnAHostPortInUseFailsWithoutChangingAnything() throws Exception {
        String before = lab.config(Lab.EDGE);
        VlanSegment onBusyPort = new VlanSegment(43, 10_000_000L, 1300, "GigabitEthernet1/3", "TenGigabitEthernet2/1");

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(onBusyPort));

        assertTrue(e.getMessage().contains("GigabitEthernet1/3 is not parked"), e.getMessage());
        assertTrue(e.restored());
        assertEquals(before, lab.config(Lab.EDGE));
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL));
    }

    @Test
    void setUpOnAVlanInUseFailsWithoutChangingAnything() throws Exception {
        String before = lab.config(Lab.EDGE);
        VlanSegment onVlan10 = new VlanSegment(44, 10_000_000L, 10, "GigabitEthernet1/2", "TenGigabitEthernet2/1");

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(onVlan10));

        assertTrue(e.getMessage().contains("vlan 10 already exists as campus-10"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    // --- two hosts of the router -------------------------------------------------------------

    @Test
    void hostPairSetUpPutsBothPortsInOneVlanPolicedAndSaved() throws Exception {
        String before = lab.config(Lab.EDGE);

        driver.setUp(PAIR43);

        String config = lab.config(Lab.EDGE);
        assertTrue(config.contains("vlan 1000\n name LP-43\n!"), config);
        assertTrue(config.contains("policy-map LP-43-IN\n class class-default\n"
                + "  police 50000000 1562500 conform-action set-dscp-transmit 46 exceed-action drop\n"), config);
        RunningConfig parsed = RunningConfig.parse(config);
        for (String port : List.of("GigabitEthernet1/1", "GigabitEthernet1/2")) {
            List<String> lines = parsed.trimmedLines("interface " + port);
            assertTrue(lines.containsAll(List.of("description LP-43 host", "switchport", "switchport mode access",
                    "switchport access vlan 1000", "service-policy input LP-43-IN")), port + ": " + lines);
            assertFalse(lines.contains("shutdown"), port + ": " + lines);
        }
        assertEquals(RunningConfig.parse(before).trimmedLines("interface TenGigabitEthernet2/1"),
                parsed.trimmedLines("interface TenGigabitEthernet2/1"), "the trunk is not touched");
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()),
                "set-up saves the configuration");
        List<String> sent = lab.requests();
        List<String> expected = Cisco7600CliDriver.setUpCommands(PAIR43);
        int from = sent.indexOf(AbstractCliDriver.CONFIGURE_TERMINAL);
        assertEquals(expected, sent.subList(from + 1, from + 1 + expected.size()));
    }

    @Test
    void hostPairReadStateShowsTheVlanThePolicyAndBothPorts() throws Exception {
        assertEquals(SegmentState.Status.ABSENT, driver.readState(PAIR43).status());

        driver.setUp(PAIR43);

        SegmentState present = driver.readState(PAIR43);
        assertEquals(SegmentState.Status.PRESENT, present.status());
        assertEquals(List.of("vlan 1000", "policy-map LP-43-IN", "host port GigabitEthernet1/1 on vlan 1000",
                "host port GigabitEthernet1/2 on vlan 1000"), present.present());
    }

    @Test
    void hostPairTearDownRestoresTheRunningConfigExactly() throws Exception {
        String before = lab.config(Lab.EDGE);
        driver.setUp(PAIR43);

        driver.tearDown(PAIR43);

        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()),
                "tear-down saves the configuration");
        assertEquals(SegmentState.Status.ABSENT, driver.readState(PAIR43).status());
    }

    @Test
    void hostPairWithASecondPortInUseFailsWithoutChangingAnything() {
        String before = lab.config(Lab.EDGE);
        HostPairSegment toBusyPort = new HostPairSegment(44, 10_000_000L, 1000, "GigabitEthernet1/1",
                "GigabitEthernet1/3");

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(toBusyPort));

        assertTrue(e.getMessage().contains("GigabitEthernet1/3 is not parked"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL));
    }

    @Test
    void hostPairOnAVlanAllowedOnATrunkFailsWithoutChangingAnything() throws Exception {
        // VLAN 1000 is not in the database but the trunk would carry it: the pair would leak onto it.
        try (CliSession cli = CliSession.open(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog())) {
            for (String line : List.of("configure terminal", "interface TenGigabitEthernet2/1",
                    "switchport trunk allowed vlan add 1000", "end")) {
                assertFalse(cli.send(line).failed(), line);
            }
        }
        String before = lab.config(Lab.EDGE);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(PAIR43));

        assertTrue(e.getMessage().contains("vlan 1000 is allowed on trunk TenGigabitEthernet2/1"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void hostPairFailureOnTheSecondPortUndoesTheFirst() throws Exception {
        String before = lab.config(Lab.EDGE);
        // The first port is configured; the second port's access VLAN line is refused.
        lab.after("interface GigabitEthernet1/2",
                () -> edge.faults().rejectCommand("switchport access vlan 1000", 1));

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(PAIR43));

        assertEquals("switchport access vlan 1000", e.step());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        List<String> sent = lab.requests();
        List<String> afterFailure = sent.subList(sent.lastIndexOf(e.step()), sent.size());
        assertTrue(afterFailure.containsAll(List.of("interface GigabitEthernet1/1", "no service-policy input LP-43-IN",
                "no policy-map LP-43-IN", "no vlan 1000")), afterFailure.toString());
    }

    // --- faults -----------------------------------------------------------------------------

    @Test
    void refusedLoginFailsClearlyAndChangesNothing() {
        String before = lab.config(Lab.EDGE);
        edge.faults().refuseLogin(1);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.getMessage().contains("login refused"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        Lab.assertNoSecretIn(e);
        lab.assertNoSecretInLog();
    }

    @Test
    void wrongEnableSecretIsReportedAsEnableRefusedWithoutTheSecret() {
        lab.close();
        lab = Lab.startWithEnableSecret("another-enable-secret");
        edge = lab.router(Lab.EDGE);
        driver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog());
        String before = lab.config(Lab.EDGE);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.getMessage().contains("enable refused"), e.getMessage());
        assertEquals("enable", e.step());
        assertFalse(e.getMessage().contains("another-enable-secret"));
        Lab.assertNoSecretIn(e);
        lab.assertNoSecretInLog();
        assertTrue(lab.requests().contains(CliSession.SECRET), "the secret is logged as <secret>");
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void unreachableRouterFailsFastWithAClearError() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        RouterEndpoint nowhere = new RouterEndpoint("edge-gone", "127.0.0.1", closedPort, 0, Lab.USERNAME,
                Lab.PASSWORD, Lab.ENABLE_SECRET, null);
        Cisco7600CliDriver gone = new Cisco7600CliDriver(nowhere, TEST_TIMEOUTS, lab.deviceLog());

        long started = System.nanoTime();
        DriverException e = assertThrows(DriverException.class, () -> gone.readState(LP42));

        assertTrue(e.getMessage().contains("connection failed"), e.getMessage());
        assertEquals(DriverException.RouterLeft.UNCHANGED, e.routerLeft());
        assertFalse(e.getMessage().contains("restored"), e.getMessage());
        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofSeconds(3)) < 0);
        assertEquals(DeviceLogEntry.Outcome.DISCONNECTED, lab.entries().get(0).outcome());
    }

    @Test
    void connectionDroppedMidSetUpIsUndoneOnAFreshSession() throws Exception {
        String before = lab.config(Lab.EDGE);
        // The line after "class class-default" (the police line) cuts the connection.
        lab.after("class class-default", () -> edge.faults().dropConnectionAfterCommands(0, 1));

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.getMessage().contains("connection dropped"), e.getMessage());
        assertTrue(e.step().startsWith("police "), e.step());
        assertTrue(e.restored(), e.getMessage());
        assertTrue(e.getMessage().contains("restored"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.outcome() == DeviceLogEntry.Outcome.DISCONNECTED));
        // The undo logged in again and removed the VLAN and the half-made policy-map.
        List<String> sent = lab.requests();
        List<String> afterDrop = sent.subList(sent.lastIndexOf(e.step()), sent.size());
        assertTrue(afterDrop.contains("no policy-map LP-42-IN"), afterDrop.toString());
        assertTrue(afterDrop.contains("no vlan 1234"), afterDrop.toString());
    }

    @Test
    void anUndoThatCannotLogInAgainLeavesTheRouterStateUnknown() throws Exception {
        // The police line cuts the connection, and both fresh sessions of the undo are refused.
        lab.after("class class-default", () -> edge.faults().dropConnectionAfterCommands(0, 1).refuseLogin(2));

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals(DriverException.RouterLeft.UNKNOWN, e.routerLeft());
        assertEquals(List.of(), e.leftOnRouter());
        assertTrue(e.step().startsWith("police "), e.step());
    }

    @Test
    void answerSlowerThanTheCommandTimeoutFailsAndIsUndone() throws Exception {
        driver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), IMPATIENT, lab.deviceLog());
        String before = lab.config(Lab.EDGE);
        lab.after("switchport mode access", () -> edge.faults().slowResponses(Duration.ofSeconds(3), 1));

        long started = System.nanoTime();
        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofSeconds(3)) < 0,
                "the driver does not wait for the slow answer");
        assertTrue(e.getMessage().contains("no prompt within 400 ms"), e.getMessage());
        assertEquals("switchport access vlan 1234", e.step());
        assertTrue(e.restored() || !e.leftOnRouter().isEmpty(), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.outcome() == DeviceLogEntry.Outcome.TIMEOUT));
    }

    @Test
    void slowAnswersWithinTheTimeoutAreWaitedFor() throws Exception {
        edge.faults().slowResponses(Duration.ofMillis(150), 5);

        driver.setUp(LP42);

        assertEquals(SegmentState.Status.PRESENT, driver.readState(LP42).status());
    }

    @Test
    void rejectedCommandMidSetUpIsReportedWithIosTextAndUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        edge.faults().rejectCommand("switchport access vlan 1234", 1);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals("switchport access vlan 1234", e.step());
        assertTrue(e.deviceAnswer().contains("% Invalid input detected at '^' marker."), e.deviceAnswer());
        assertTrue(e.getMessage().contains("% Invalid input detected"), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.outcome() == DeviceLogEntry.Outcome.ERROR
                && x.request().equals("switchport access vlan 1234")));
    }

    @Test
    void undoThatCannotRemoveEverythingSaysWhatIsLeftOnTheRouter() throws Exception {
        // The set-up fails at the access VLAN, and the undo's "no vlan 1234" is refused too.
        edge.faults().rejectCommand("switchport access vlan 1234|no vlan 1234", 2);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals("switchport access vlan 1234", e.step());
        assertFalse(e.restored(), e.getMessage());
        assertEquals(List.of("vlan 1234"), e.leftOnRouter());
        assertTrue(e.getMessage().contains("left on router: vlan 1234"), e.getMessage());
        assertEquals(SegmentState.Status.PARTIAL, driver.readState(LP42).status());

        // A tear-down clears what the failed set-up left.
        driver.tearDown(LP42);
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
    }

    @Test
    void deviceLogReceivesEveryCommandAndNeverASecret() throws Exception {
        driver.setUp(LP42);
        driver.readCounters("GigabitEthernet1/1");
        driver.tearDown(LP42);

        List<String> sent = lab.requests();
        assertTrue(sent.containsAll(List.of("enable", CliSession.SECRET, "terminal length 0", "show running-config",
                "configure terminal", "end", "write memory", "show interfaces GigabitEthernet1/1")), sent.toString());
        assertTrue(sent.containsAll(Cisco7600CliDriver.setUpCommands(LP42)), sent.toString());
        assertTrue(sent.containsAll(List.of("no service-policy input LP-42-IN", "no switchport access vlan",
                "no description", "shutdown", "switchport trunk allowed vlan remove 1234", "no policy-map LP-42-IN",
                "no vlan 1234")), sent.toString());
        for (DeviceLogEntry entry : lab.entries()) {
            assertEquals(Lab.EDGE, entry.router());
            assertEquals(DeviceLogEntry.Protocol.CLI, entry.protocol());
            assertEquals(DeviceLogEntry.Outcome.OK, entry.outcome(), entry.toString());
            assertTrue(entry.elapsedMillis() >= 0);
        }
        lab.assertNoSecretInLog();
    }

    @Test
    void countersAdvanceAtAboutThePolicedRateOnACircuitThatIsUp() throws Exception {
        driver.setUp(LP42);

        InterfaceCounters first = driver.readCounters("GigabitEthernet1/1");
        Thread.sleep(1000);
        InterfaceCounters second = driver.readCounters("GigabitEthernet1/1");

        assertTrue(second.inOctets() > first.inOctets(), first + " -> " + second);
        assertTrue(second.outOctets() > first.outOctets(), first + " -> " + second);
        double rate = second.inBitsPerSecondSince(first);
        // The emulated host offers 1 Gbit/s; the policer cuts it to 100 Mbit/s.
        assertTrue(rate > 30e6 && rate < 200e6, "rate " + rate);
    }

    // --- the forms in which IOS shows configuration --------------------------------------------

    /** Closes the literal lab of {@link #start()} and boots one that shows configuration in {@code style}. */
    private void restartIn(ConfigStyle style) {
        lab.close();
        lab = Lab.start(style);
        edge = lab.router(Lab.EDGE);
        driver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog());
    }

    private void type(String... lines) throws DriverException {
        try (CliSession cli = CliSession.open(lab.endpoint(Lab.EDGE), TEST_TIMEOUTS, lab.deviceLog())) {
            for (String line : lines) {
                assertFalse(cli.send(line).failed(), line);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ConfigStyle.class)
    void setUpVerifiesReadsAndTearsDownWhateverFormIosShowsTheConfigurationIn(ConfigStyle style) throws Exception {
        restartIn(style);
        // A trunk list long enough for IOS to wrap it onto "add" lines.
        type("configure terminal", "interface TenGigabitEthernet2/1",
                "switchport trunk allowed vlan add 100,102,104,106,108,110,112,114,116,118,120,122,124,126,128", "end");
        String before = lab.config(Lab.EDGE);

        driver.setUp(LP42);

        String shown = edge.runningConfig();
        String policer = switch (style) {
            case LITERAL -> "  police 100000000 3125000 conform-action set-dscp-transmit 46 exceed-action drop\n";
            case NORMALISED -> "  police cir 100000000 bc 3125000 be 3125000 conform-action set-dscp-transmit ef"
                    + " exceed-action drop\n";
            case MULTILINE -> "  police cir 100000000 bc 3125000 be 3125000\n   conform-action set-dscp-transmit ef\n"
                    + "   exceed-action drop\n";
        };
        assertTrue(shown.contains(policer), shown);
        assertEquals(style != ConfigStyle.LITERAL, shown.contains(" switchport trunk allowed vlan add "), shown);
        SegmentState present = driver.readState(LP42);
        assertEquals(SegmentState.Status.PRESENT, present.status(), present.toString());
        lab.clearLog();
        driver.setUp(LP42);
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL),
                "a second set-up finds every part in place: " + lab.requests());

        driver.tearDown(LP42);

        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @ParameterizedTest
    @EnumSource(ConfigStyle.class)
    void hostPairSetUpAndTearDownWorkInEveryForm(ConfigStyle style) throws Exception {
        restartIn(style);
        String before = lab.config(Lab.EDGE);

        driver.setUp(PAIR43);
        assertEquals(SegmentState.Status.PRESENT, driver.readState(PAIR43).status());
        driver.tearDown(PAIR43);

        assertEquals(before, lab.config(Lab.EDGE));
    }

    @ParameterizedTest
    @EnumSource(ConfigStyle.class)
    void aVlanInsideACompressedRangeIsRefusedAsTakenAndNothingChanges(ConfigStyle style) throws Exception {
        restartIn(style);
        type("configure terminal", "vlan 1230-1240", "exit", "end");
        lab.clearLog();
        String before = lab.config(Lab.EDGE);
        if (style != ConfigStyle.LITERAL) {
            assertTrue(before.contains("\nvlan 20,1230-1240\n"), before);
        }

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals(DriverException.RouterLeft.UNCHANGED, e.routerLeft(), e.getMessage());
        assertTrue(e.getMessage().contains("vlan 1234 already exists as VLAN1234"), e.getMessage());
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL), lab.requests().toString());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @ParameterizedTest
    @EnumSource(value = ConfigStyle.class, names = {"NORMALISED", "MULTILINE"})
    void aRestoreIsJudgedCorrectAlthoughTheVolatileLinesMoved(ConfigStyle style) throws Exception {
        restartIn(style);
        String snapshot = edge.runningConfig();
        edge.faults().rejectCommand("switchport access vlan 1234", 1);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        String after = edge.runningConfig();
        assertEquals(DriverException.RouterLeft.RESTORED, e.routerLeft(), e.getMessage());
        assertTrue(e.restored());
        assertFalse(volatileLine(snapshot, "ntp clock-period ").equals(volatileLine(after, "ntp clock-period ")),
                "ntp clock-period moved: " + volatileLine(after, "ntp clock-period "));
        assertFalse(volatileLine(snapshot, "! Last configuration change at ").isEmpty(), snapshot);
        assertTrue(after.contains("crypto pki certificate chain "), after);
        assertEquals(Lab.comparable(snapshot), Lab.comparable(after));
    }

    private static String volatileLine(String config, String prefix) {
        return config.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse("");
    }

    // --- what a failure says -------------------------------------------------------------------

    @Test
    void aFailedSaveAfterACompleteTearDownSaysTheConfigurationIsRemovedButNotSaved() throws Exception {
        driver.setUp(LP42);
        // Both saves refused: the session falls back from write memory to copy.
        edge.faults().rejectCommand("write memory|copy running-config startup-config", 2);

        DriverException e = assertThrows(DriverException.class, () -> driver.tearDown(LP42));

        assertEquals(CliSession.COPY_RUNNING_STARTUP, e.step());
        assertEquals(DriverException.RouterLeft.REMOVED_NOT_SAVED, e.routerLeft(), e.getMessage());
        assertFalse(e.restored());
        assertEquals(List.of(), e.leftOnRouter());
        assertTrue(e.getMessage().contains("removed from the router but not saved"), e.getMessage());
        assertFalse(e.getMessage().contains("restored"), e.getMessage());
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
    }

    @Test
    void aFailedReadNeverSaysTheRouterWasRestored() {
        edge.faults().rejectCommand("show running-config", 1);

        DriverException e = assertThrows(DriverException.class, () -> driver.readState(LP42));

        assertEquals(DriverException.RouterLeft.UNCHANGED, e.routerLeft(), e.getMessage());
        assertFalse(e.getMessage().contains("restored"), e.getMessage());
    }
}
