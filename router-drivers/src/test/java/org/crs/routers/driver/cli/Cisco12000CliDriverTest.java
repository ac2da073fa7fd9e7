package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.snmp.SnmpInterfaceCounters;
import org.crs.routers.driver.snmp.SnmpTimeouts;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.device.ConfigStyle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class Cisco12000CliDriverTest {

    static final PseudowireSegment LP42 = new PseudowireSegment(42, 100_000_000L, 1234, "GigabitEthernet3/0",
            "10.0.0.9", List.of("10.0.0.5", "10.0.0.9"));

    Lab lab;
    EmulatedRouter core;
    Cisco12000CliDriver driver;

    @BeforeEach
    void start() {
        lab = Lab.start();
        core = lab.router(Lab.CORE);
        driver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), Cisco7600CliDriverTest.TEST_TIMEOUTS, lab.deviceLog());
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void refusesAHostPairSegmentClearlyWithoutTalkingToTheRouter() {
        String before = lab.config(Lab.CORE);
        RouterDriver untyped = driver; // as a caller that lost the type parameter would hold it
        HostPairSegment pair = new HostPairSegment(43, 10_000_000L, 1000, "GigabitEthernet3/0", "GigabitEthernet3/1");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> untyped.setUp(pair));

        assertEquals("router core-a is a Cisco 12000: it carries PseudowireSegments, not a HostPairSegment (LP-43);"
                + " nothing was sent to it", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> untyped.tearDown(pair));
        assertThrows(IllegalArgumentException.class, () -> untyped.readState(pair));
        assertTrue(lab.requests().isEmpty(), lab.requests().toString());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void tearDownSendsTheDocumentedCommandsOneByOne() throws Exception {
        driver.setUp(LP42);
        lab.clearLog();

        driver.tearDown(LP42);

        List<String> sent = lab.requests();
        int from = sent.indexOf(AbstractCliDriver.CONFIGURE_TERMINAL);
        assertEquals(Cisco12000CliDriver.tearDownCommands(LP42), sent.subList(from + 1, sent.indexOf(AbstractCliDriver.END)));
    }

    @Test
    void setUpThenTearDownLeavesRouterAsBefore() throws Exception {
        String before = lab.config(Lab.CORE);

        driver.setUp(LP42);
        assertFalse(before.equals(lab.config(Lab.CORE)));
        driver.tearDown(LP42);

        assertEquals(before, lab.config(Lab.CORE));
        assertEquals(Lab.comparable(core.runningConfig()), Lab.comparable(core.startupConfig()));
    }

    @Test
    void setUpConfiguresPolicerPseudowireTunnelPathAndSubinterface() throws Exception {
        driver.setUp(LP42);

        RunningConfig config = RunningConfig.parse(core.runningConfig());
        assertEquals(List.of("class class-default",
                "police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop"),
                config.trimmedLines("policy-map LP-42-IN"));
        assertEquals(List.of("encapsulation mpls", "preferred-path interface Tunnel42 disable-fallback"),
                config.trimmedLines("pseudowire-class LP-42"));
        assertEquals(List.of("next-address 10.0.0.5", "next-address 10.0.0.9"),
                config.trimmedLines("ip explicit-path name LP-42 enable"));
        assertTrue(config.trimmedLines("interface Tunnel42").containsAll(List.of("ip unnumbered Loopback0",
                "tunnel destination 10.0.0.9", "tunnel mode mpls traffic-eng",
                "tunnel mpls traffic-eng bandwidth 100000",
                "tunnel mpls traffic-eng path-option 1 explicit name LP-42")), config.text());
        assertTrue(config.trimmedLines("interface GigabitEthernet3/0.1234").containsAll(List.of(
                "encapsulation dot1Q 1234", "xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42",
                "service-policy input LP-42-IN")), config.text());
    }

    @Test
    void setUpTwiceChangesNothingTheSecondTime() throws Exception {
        driver.setUp(LP42);
        String once = lab.config(Lab.CORE);
        lab.clearLog();

        driver.setUp(LP42);

        assertEquals(once, lab.config(Lab.CORE));
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL));
    }

    @Test
    void readStateTellsAbsentPartialAndPresent() throws Exception {
        String before = lab.config(Lab.CORE);
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());

        driver.setUp(LP42);
        assertEquals(SegmentState.Status.PRESENT, driver.readState(LP42).status());

        try (CliSession cli = CliSession.open(lab.endpoint(Lab.CORE), Cisco7600CliDriverTest.TEST_TIMEOUTS,
                lab.deviceLog())) {
            for (String line : List.of("configure terminal", "no interface GigabitEthernet3/0.1234", "end")) {
                assertFalse(cli.send(line).failed(), line);
            }
        }
        SegmentState partial = driver.readState(LP42);
        assertEquals(SegmentState.Status.PARTIAL, partial.status());
        assertEquals(List.of("subinterface GigabitEthernet3/0.1234"), partial.missing());

        // Tear-down removes what is left, and only that.
        lab.clearLog();
        driver.tearDown(LP42);
        assertFalse(lab.requests().contains("no interface GigabitEthernet3/0.1234"));
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void rejectedCommandMidSetUpIsReportedWithIosTextAndUndone() throws Exception {
        String before = lab.config(Lab.CORE);
        core.faults().rejectCommand("tunnel mpls traffic-eng bandwidth .*", 1);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals("tunnel mpls traffic-eng bandwidth 100000", e.step());
        assertTrue(e.getMessage().contains("% Invalid input detected at '^' marker."), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void connectionDroppedMidSetUpIsUndoneOnAFreshSession() throws Exception {
        String before = lab.config(Lab.CORE);
        lab.after("encapsulation dot1Q 1234", () -> core.faults().dropConnectionAfterCommands(0, 1));

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.getMessage().contains("connection dropped"), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void answerSlowerThanTheCommandTimeoutFailsAndIsUndone() throws Exception {
        driver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), Cisco7600CliDriverTest.IMPATIENT, lab.deviceLog());
        String before = lab.config(Lab.CORE);
        lab.after("tunnel destination 10.0.0.9", () -> core.faults().slowResponses(Duration.ofSeconds(3), 1));

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.getMessage().contains("no prompt within"), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.CORE));
    }

    @Test
    void countersAdvanceOnACircuitThatIsUpReadByCliAndBySnmp() throws Exception {
        driver.setUp(LP42);
        SnmpInterfaceCounters snmp = new SnmpInterfaceCounters(lab.endpoint(Lab.CORE), SnmpTimeouts.DEFAULTS,
                lab.deviceLog());

        InterfaceCounters cli1 = driver.readCounters("GigabitEthernet3/0.1234");
        InterfaceCounters snmp1 = snmp.read("GigabitEthernet3/0.1234");
        Thread.sleep(500);
        InterfaceCounters cli2 = driver.readCounters("GigabitEthernet3/0.1234");
        InterfaceCounters snmp2 = snmp.read("GigabitEthernet3/0.1234");

        assertTrue(cli2.inOctets() > cli1.inOctets(), cli1 + " -> " + cli2);
        assertTrue(snmp2.inOctets() > snmp1.inOctets(), snmp1 + " -> " + snmp2);
        assertTrue(snmp2.outOctets() > snmp1.outOctets(), snmp1 + " -> " + snmp2);
        lab.assertNoSecretInLog();
    }

    // --- the forms in which IOS shows configuration --------------------------------------------

    /** Closes the literal lab of {@link #start()} and boots one that shows configuration in {@code style}. */
    private void restartIn(ConfigStyle style) {
        lab.close();
        lab = Lab.start(style);
        core = lab.router(Lab.CORE);
        driver = new Cisco12000CliDriver(lab.endpoint(Lab.CORE), Cisco7600CliDriverTest.TEST_TIMEOUTS, lab.deviceLog());
    }

    @ParameterizedTest
    @EnumSource(ConfigStyle.class)
    void aSetUpRefusedHalfWayIsUndoneAndJudgedRestoredInEveryForm(ConfigStyle style) throws Exception {
        restartIn(style);
        String before = lab.config(Lab.CORE);
        core.faults().rejectCommand("encapsulation dot1Q 1234", 1);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertEquals("encapsulation dot1Q 1234", e.step());
        assertEquals(DriverException.RouterLeft.RESTORED, e.routerLeft(), e.getMessage());
        assertEquals(before, lab.config(Lab.CORE));
        List<String> sent = lab.requests();
        List<String> undo = sent.subList(sent.lastIndexOf(e.step()), sent.size());
        assertTrue(undo.containsAll(List.of("no interface Tunnel42", "no pseudowire-class LP-42",
                "no policy-map LP-42-IN", "no ip explicit-path name LP-42")), undo.toString());
    }

    @ParameterizedTest
    @EnumSource(ConfigStyle.class)
    void setUpVerifiesReadsAndTearsDownWhateverFormIosShowsTheConfigurationIn(ConfigStyle style) throws Exception {
        restartIn(style);
        String before = lab.config(Lab.CORE);

        driver.setUp(LP42);

        String shown = core.runningConfig();
        List<String> forms = switch (style) {
            case LITERAL -> List.of(
                    "  police cir 100000000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop\n",
                    "\n next-address 10.0.0.5\n", "\n tunnel mpls traffic-eng bandwidth 100000\n");
            case NORMALISED -> List.of(
                    "  police cir 100000000 bc 3125000 conform-action set-mpls-exp-topmost-transmit 4 exceed-action drop\n",
                    "\n index 1 next-address 10.0.0.5\n index 2 next-address 10.0.0.9\n",
                    "\n tunnel mpls traffic-eng bandwidth  100000\n");
            case MULTILINE -> List.of("  police cir 100000000 bc 3125000\n   conform-action set-mpls-exp-topmost-transmit 4\n",
                    "\n index 1 next-address 10.0.0.5\n", "\n tunnel mpls traffic-eng bandwidth global 100000\n");
        };
        for (String form : forms) {
            assertTrue(shown.contains(form), form + " in " + shown);
        }
        assertEquals(SegmentState.Status.PRESENT, driver.readState(LP42).status());
        lab.clearLog();
        driver.setUp(LP42);
        assertFalse(lab.requests().contains(AbstractCliDriver.CONFIGURE_TERMINAL),
                "a second set-up finds every part in place: " + lab.requests());

        driver.tearDown(LP42);

        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());
        assertEquals(before, lab.config(Lab.CORE));
        assertEquals(Lab.comparable(core.runningConfig()), Lab.comparable(core.startupConfig()));
    }
}
