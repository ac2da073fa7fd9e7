package org.crs.nsap.activation;

import static org.crs.nsap.activation.ActivationLab.CORE_1;
import static org.crs.nsap.activation.ActivationLab.CORE_2;
import static org.crs.nsap.activation.ActivationLab.EDGE_A;
import static org.crs.nsap.activation.ActivationLab.EDGE_B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.RouterLocks;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.emulator.sessions.Session;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;

/** DriverActivator against emulated routers, through the real drivers. */
class DriverActivatorTest {

    ActivationLab lab;
    DriverActivator activator;

    @BeforeEach
    void start() throws Exception {
        lab = new ActivationLab();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of())), lab.store);
    }

    @AfterEach
    void stop() {
        activator.close();
        lab.close();
    }

    // --- WAN ---------------------------------------------------------------------------------------

    @Test
    void wanSegmentConfiguresBothCoreRoutersAndDeactivationRestoresThemExactly() throws Exception {
        String core1Before = lab.config(CORE_1);
        String core2Before = lab.config(CORE_2);
        Segment wan = ActivationLab.wan("wan-1", 42, 1234);

        activator.activate(wan);

        String core1 = lab.config(CORE_1);
        assertTrue(core1.contains("interface GigabitEthernet3/0.1234\n encapsulation dot1Q 1234\n"
                + " xconnect 10.0.0.2 42 encapsulation mpls pw-class LP-42\n"), core1);
        assertTrue(core1.contains("interface Tunnel42\n"), core1);
        assertTrue(core1.contains(" tunnel destination 10.0.0.2\n"), core1);
        assertTrue(core1.contains(" tunnel mpls traffic-eng bandwidth 100000\n"), core1); // 100 Mbit/s in kbit/s
        assertTrue(core1.contains("  police cir 100000000 "), core1);                      // and in bit/s
        String core2 = lab.config(CORE_2);
        assertTrue(core2.contains("interface GigabitEthernet3/0.1234\n encapsulation dot1Q 1234\n"
                + " xconnect 10.0.0.1 42 encapsulation mpls pw-class LP-42\n"), core2);
        assertTrue(core2.contains("interface Tunnel42\n"), core2);
        assertTrue(core2.contains(" tunnel destination 10.0.0.1\n"), core2);

        activator.deactivate(wan);

        assertEquals(core1Before, lab.config(CORE_1));
        assertEquals(core2Before, lab.config(CORE_2));
    }

    @Test
    void partsOnDifferentRoutersAreConfiguredAtTheSameTime() throws Exception {
        // Slow answers make each router's set-up last long enough to see the overlap.
        lab.router(CORE_1).faults().slowResponses(Duration.ofMillis(150), 4);
        lab.router(CORE_2).faults().slowResponses(Duration.ofMillis(150), 4);

        activator.activate(ActivationLab.wan("wan-parallel", 43, 1243));

        Span core1 = span(lab.store.entries("wan-parallel"), CORE_1);
        Span core2 = span(lab.store.entries("wan-parallel"), CORE_2);
        assertTrue(core1.overlaps(core2), core1 + " / " + core2);
    }

    // --- campus ------------------------------------------------------------------------------------

    @Test
    void campusSegmentOverCli() throws Exception {
        String before = lab.config(EDGE_A);
        Segment campus = ActivationLab.campus("campus-cli", 61, EDGE_A, 2061, "GigabitEthernet1/1");

        activator.activate(campus);

        String config = lab.config(EDGE_A);
        assertTrue(config.contains("vlan 2061\n name LP-61\n"), config);
        assertTrue(config.contains("policy-map LP-61-IN\n"), config);
        assertTrue(config.contains("  police 200000000 "), config); // 200 Mbit/s
        assertTrue(config.contains("interface GigabitEthernet1/1\n description LP-61 host\n"), config);
        assertTrue(config.contains(" switchport access vlan 2061\n"), config);
        assertTrue(config.contains(" service-policy input LP-61-IN\n"), config);
        assertTrue(config.contains(" switchport trunk allowed vlan 2061\n"), config);
        assertTrue(lab.store.entries("campus-cli").stream()
                .allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.CLI && e.router().equals(EDGE_A)));

        activator.deactivate(campus);

        assertEquals(before, lab.config(EDGE_A));
    }

    @Test
    void hostPairSegmentJoinsTwoHostPortsAndDeactivationRestoresTheRouterExactly() throws Exception {
        String before = lab.config(EDGE_A);
        Segment pair = ActivationLab.segment("pair-cli", 63, 300, 2063,
                List.of(new RouterPart.HostPair(EDGE_A, 2063, "GigabitEthernet1/3", "GigabitEthernet1/4")));

        activator.activate(pair);

        String config = lab.config(EDGE_A);
        assertTrue(config.contains("vlan 2063\n name LP-63\n"), config);
        assertTrue(config.contains("  police 300000000 "), config); // 300 Mbit/s
        for (String port : List.of("GigabitEthernet1/3", "GigabitEthernet1/4")) {
            assertTrue(config.contains("interface " + port + "\n description LP-63 host\n switchport\n"
                    + " switchport access vlan 2063\n switchport mode access\n service-policy input LP-63-IN\n"), config);
        }
        assertFalse(config.contains("allowed vlan 2063"), "no trunk carries a host pair: " + config);

        activator.deactivate(pair);

        assertEquals(before, lab.config(EDGE_A));
    }

    @Test
    void hostPairOnACoreRouterFailsBeforeAnyRouterIsTouched() {
        String core1Before = lab.config(CORE_1);
        Segment pair = ActivationLab.segment("pair-core", 64, 100, 2064,
                List.of(new RouterPart.HostPair(CORE_1, 2064, "GigabitEthernet3/0", "GigabitEthernet3/1")));

        ActivationFailed e = assertThrows(ActivationFailed.class, () -> activator.activate(pair));

        assertEquals(CORE_1, e.router());
        assertTrue(e.routersRestored());
        assertTrue(e.getMessage().contains("cisco-12000-cli"), e.getMessage());
        assertEquals(core1Before, lab.config(CORE_1));
        assertTrue(lab.store.calls.isEmpty(), "nothing was sent, nothing logged");
    }

    @Test
    void campusSegmentOverSnmp() throws Exception {
        activator.close();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of(EDGE_B))),
                lab.store);
        String before = lab.config(EDGE_B);
        Segment campus = ActivationLab.campus("campus-snmp", 62, EDGE_B, 2062, "GigabitEthernet1/2");

        activator.activate(campus);

        String config = lab.config(EDGE_B);
        assertTrue(config.contains("vlan 2062\n name LP-62\n"), config);
        assertTrue(config.contains(" switchport access vlan 2062\n"), config);
        assertTrue(config.contains(" switchport trunk allowed vlan 2062\n"), config);
        assertFalse(config.contains("policy-map LP-62-IN"), "the SNMP driver cannot police: " + config);
        List<DeviceLogEntry> entries = lab.store.entries("campus-snmp");
        assertFalse(entries.isEmpty());
        assertTrue(entries.stream().allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.SNMP), entries::toString);

        activator.deactivate(campus);

        assertEquals(before, lab.config(EDGE_B));
        entries.forEach(e -> ActivationLab.assertNoSecretIn(e.request() + " " + e.response()));
    }

    // --- failure and rollback ---------------------------------------------------------------------

    @Test
    void failureOnTheSecondRouterLeavesTheFirstAsItWasAndNamesTheSecond() throws Exception {
        String core1Before = lab.config(CORE_1);
        String core1StartupBefore = lab.router(CORE_1).startupConfig();
        String core2Before = lab.config(CORE_2);
        lab.router(CORE_2).faults().rejectCommand("xconnect.*", 1);
        Segment wan = ActivationLab.wan("wan-fail", 44, 1244);

        ActivationFailed e = assertThrows(ActivationFailed.class, () -> activator.activate(wan));

        assertEquals(CORE_2, e.router());
        assertTrue(e.getMessage().contains("% Invalid input detected at '^' marker."), e.getMessage());
        assertTrue(e.getMessage().contains("xconnect 10.0.0.1 44 encapsulation mpls pw-class LP-44"), e.getMessage());
        assertTrue(e.routersRestored(), e.getMessage());
        DriverException cause = assertInstanceOf(DriverException.class, e.getCause());
        assertEquals(CORE_2, cause.router());
        assertEquals(core1Before, lab.config(CORE_1));
        assertEquals(core1StartupBefore, lab.router(CORE_1).startupConfig());
        assertEquals(core2Before, lab.config(CORE_2));
        ActivationLab.assertNoSecretIn(e);

        // The device log got every command, for both routers: core-1's set-up and its
        // rollback, core-2's set-up up to the refused line, which is logged as an error.
        PseudowireSegment onCore1 = new PseudowireSegment(44, 100_000_000L, 1244, ActivationLab.ACCESS,
                ActivationLab.LOOPBACK_2, List.of(ActivationLab.LOOPBACK_2));
        PseudowireSegment onCore2 = new PseudowireSegment(44, 100_000_000L, 1244, ActivationLab.ACCESS,
                ActivationLab.LOOPBACK_1, List.of(ActivationLab.LOOPBACK_1));
        List<String> core1Requests = lab.store.requests("wan-fail", CORE_1);
        assertInOrder(Cisco12000CliDriver.setUpCommands(onCore1), core1Requests);
        assertInOrder(List.of("no interface GigabitEthernet3/0.1244", "no interface Tunnel44",
                "no pseudowire-class LP-44", "no policy-map LP-44-IN", "no ip explicit-path name LP-44"), core1Requests);
        List<String> core2SetUp = Cisco12000CliDriver.setUpCommands(onCore2);
        String xconnect = "xconnect 10.0.0.1 44 encapsulation mpls pw-class LP-44";
        assertInOrder(core2SetUp.subList(0, core2SetUp.indexOf(xconnect) + 1), lab.store.requests("wan-fail", CORE_2));
        DeviceLogEntry refused = lab.store.entries("wan-fail").stream()
                .filter(x -> x.router().equals(CORE_2) && x.request().equals(xconnect)).findFirst().orElseThrow();
        assertEquals(DeviceLogEntry.Outcome.ERROR, refused.outcome());
        assertTrue(refused.response().contains("% Invalid input detected"), refused.response());
        lab.store.entries("wan-fail").forEach(x -> ActivationLab.assertNoSecretIn(x.request() + " " + x.response()));
    }

    @Test
    void aRouterTheDriverCouldNotRestoreIsTornDownByTheActivator() throws Exception {
        String core1Before = lab.config(CORE_1);
        String core2Before = lab.config(CORE_2);
        // The xconnect line and the driver's five undo lines are refused: the driver reports
        // the router not restored. The activator's own tear-down then finds the router willing.
        lab.router(CORE_2).faults().rejectCommand("(xconnect|no) .*", 6);

        ActivationFailed e = assertThrows(ActivationFailed.class,
                () -> activator.activate(ActivationLab.wan("wan-unrestored", 45, 1245)));

        assertEquals(CORE_2, e.router());
        DriverException cause = assertInstanceOf(DriverException.class, e.getCause());
        assertFalse(cause.restored(), cause.getMessage());
        assertTrue(e.routersRestored(), e.getMessage());
        assertEquals(core1Before, lab.config(CORE_1));
        assertEquals(core2Before, lab.config(CORE_2));
    }

    @Test
    void aRollbackThatFailsSaysTheRoutersAreNotRestored() throws Exception {
        // Every removal on core-2 is refused, the driver's and the activator's alike.
        lab.router(CORE_2).faults().rejectCommand("(xconnect|no) .*", 1000);

        ActivationFailed e = assertThrows(ActivationFailed.class,
                () -> activator.activate(ActivationLab.wan("wan-stuck", 46, 1246)));

        assertEquals(CORE_2, e.router());
        assertFalse(e.routersRestored(), e.getMessage());
        assertTrue(e.getMessage().contains("still on " + CORE_2), e.getMessage());
        assertTrue(e.getSuppressed().length > 0, "the failed tear-down is attached");
        lab.router(CORE_2).faults().clear();
    }

    @Test
    void aPartTheDirectoryCannotDriveFailsBeforeAnyRouterIsTouched() {
        String core1Before = lab.config(CORE_1);
        Segment unknown = ActivationLab.segment("unknown", 47, 100, 1247, List.of(
                new RouterPart.Pseudowire(CORE_1, 1247, ActivationLab.ACCESS, "10.0.0.9", List.of("10.0.0.9")),
                new RouterPart.Pseudowire("core-9", 1247, ActivationLab.ACCESS, "10.0.0.1", List.of("10.0.0.1"))));
        Segment wrongProfile = ActivationLab.segment("wrong", 48, 100, 1248, List.of(
                new RouterPart.Vlan(CORE_1, 1248, "GigabitEthernet3/1", ActivationLab.TRUNK)));

        ActivationFailed e1 = assertThrows(ActivationFailed.class, () -> activator.activate(unknown));
        ActivationFailed e2 = assertThrows(ActivationFailed.class, () -> activator.activate(wrongProfile));

        assertEquals("core-9", e1.router());
        assertTrue(e1.routersRestored());
        assertEquals(CORE_1, e2.router());
        assertTrue(e2.getMessage().contains("cisco-12000-cli"), e2.getMessage());
        assertEquals(core1Before, lab.config(CORE_1));
        assertTrue(lab.store.calls.isEmpty(), "nothing was sent, nothing logged");
    }

    @Test
    void aRouterWhoseLockCannotBeTakenFailsTheActivationWithNothingSentToIt() throws Exception {
        activator.close();
        org.crs.nsap.port.RouterLocks locks = new InProcessRouterLocks();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of())),
                lab.store, 2, router -> {
                    if (router.equals(EDGE_A)) {
                        throw new IllegalStateException("the lock's database is down");
                    }
                    return locks.lock(router);
                });
        String before = lab.config(EDGE_A);
        int sessionsBefore = lab.emulator.router(EDGE_A).sessions().size();

        ActivationFailed e = assertThrows(ActivationFailed.class,
                () -> activator.activate(ActivationLab.campus("campus-unlocked", 62, EDGE_A, 2062, "GigabitEthernet1/1")));

        assertEquals(EDGE_A, e.router());
        assertEquals("take the router's lock", ((DriverException) e.getCause()).step());
        assertEquals(before, lab.config(EDGE_A));
        assertEquals(sessionsBefore, lab.emulator.router(EDGE_A).sessions().size(), "no session was opened");
    }

    // --- deactivation ----------------------------------------------------------------------------

    @Test
    void deactivatingWhatIsAbsentSucceedsAndAFailureNamesTheRouter() throws Exception {
        Segment wan = ActivationLab.wan("wan-off", 49, 1249);
        activator.deactivate(wan); // nothing there: fine

        activator.activate(wan);
        lab.router(CORE_1).faults().rejectCommand("no interface Tunnel49", 1);

        ActivationFailed e = assertThrows(ActivationFailed.class, () -> activator.deactivate(wan));

        assertEquals(CORE_1, e.router());
        assertTrue(e.getMessage().contains("tear-down failed on " + CORE_1), e.getMessage());
        assertFalse(e.routersRestored());
        assertFalse(lab.config(CORE_2).contains("Tunnel49"), "the other router's part is removed");

        activator.deactivate(wan); // a retry finishes the job
        assertFalse(lab.config(CORE_1).contains("Tunnel49"));
    }

    // --- repair ------------------------------------------------------------------------------------

    /** The segment cut down to its part on one router, to change that router alone. */
    static Segment onlyOn(Segment s, String router) {
        return ActivationLab.segment(s.bookingId(), s.circuitId(), s.request().bandwidthMbps(), s.plan().sourceVlan(),
                s.plan().routerParts().stream().filter(p -> p.router().equals(router)).toList());
    }

    @Test
    void repairConfiguresWhatOneRouterLostAndLeavesTheOtherAsItIs() throws Exception {
        Segment wan = ActivationLab.wan("wan-repair", 51, 1251);
        activator.activate(wan);
        String core2 = lab.config(CORE_2);
        activator.deactivate(onlyOn(wan, CORE_1)); // core-1 lost it

        List<RouterRepair> repairs = activator.repair(wan, RouterRepair.Wanted.PRESENT);

        assertEquals(List.of(RouterRepair.Action.CONFIGURED, RouterRepair.Action.NONE),
                repairs.stream().map(RouterRepair::action).toList());
        assertEquals("absent", repairs.get(0).found());
        assertTrue(lab.config(CORE_1).contains("interface Tunnel51\n"), lab.config(CORE_1));
        assertEquals(core2, lab.config(CORE_2));
        List<DeviceLogEntry> logged = lab.store.entries("wan-repair").stream()
                .filter(e -> e.request().startsWith("repair ")).toList();
        assertEquals(1, logged.size(), logged::toString);
        assertEquals(CORE_1, logged.get(0).router());
        assertEquals(DeviceLogEntry.Outcome.OK, logged.get(0).outcome());
    }

    @Test
    void repairingASegmentThatIsAsWantedSendsNoChange() throws Exception {
        Segment wan = ActivationLab.wan("wan-fine", 52, 1252);
        activator.activate(wan);
        String core1 = lab.config(CORE_1);
        int logged = lab.store.entries("wan-fine").size();

        List<RouterRepair> repairs = activator.repair(wan, RouterRepair.Wanted.PRESENT);

        assertTrue(repairs.stream().noneMatch(RouterRepair::changed), repairs::toString);
        assertEquals(core1, lab.config(CORE_1));
        List<DeviceLogEntry> after = lab.store.entries("wan-fine").subList(logged, lab.store.entries("wan-fine").size());
        assertTrue(after.stream().noneMatch(e -> e.request().startsWith("repair ") || e.request().startsWith("configure")),
                after::toString);
    }

    @Test
    void aPartlyConfiguredPartIsRemovedAndConfiguredAgain() throws Exception {
        Segment wan = ActivationLab.wan("wan-partial", 53, 1253);
        activator.activate(wan);
        var device = lab.router(CORE_1).device();
        synchronized (device) {
            device.pseudowireClasses().remove("LP-53");
        }

        List<RouterRepair> repairs = activator.repair(wan, RouterRepair.Wanted.PRESENT);

        assertEquals(RouterRepair.Action.RECONFIGURED, repairs.get(0).action());
        assertTrue(repairs.get(0).found().startsWith("partial"), repairs.get(0).found());
        assertTrue(lab.config(CORE_1).contains("pseudowire-class LP-53\n"), lab.config(CORE_1));
        assertTrue(activator.repair(wan, RouterRepair.Wanted.PRESENT).stream().noneMatch(RouterRepair::changed));
    }

    @Test
    void repairRemovesWhatAnEndedSegmentLeftOverSnmpAndOverCli() throws Exception {
        activator.close();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of(EDGE_B))),
                lab.store);
        String edgeA = lab.config(EDGE_A);
        String edgeB = lab.config(EDGE_B);
        Segment overCli = ActivationLab.campus("left-cli", 54, EDGE_A, 2054, "GigabitEthernet1/2");
        Segment overSnmp = ActivationLab.campus("left-snmp", 55, EDGE_B, 2055, "GigabitEthernet1/2");
        activator.activate(overCli);
        activator.activate(overSnmp);

        assertEquals(RouterRepair.Action.REMOVED, activator.repair(overCli, RouterRepair.Wanted.ABSENT).get(0).action());
        assertEquals(RouterRepair.Action.REMOVED, activator.repair(overSnmp, RouterRepair.Wanted.ABSENT).get(0).action());

        assertEquals(edgeA, lab.config(EDGE_A));
        assertEquals(edgeB, lab.config(EDGE_B));
        assertEquals(RouterRepair.Action.NONE, activator.repair(overSnmp, RouterRepair.Wanted.ABSENT).get(0).action());
        DeviceLogEntry snmpRepair = lab.store.entries("left-snmp").stream().filter(e -> e.request().startsWith("repair "))
                .findFirst().orElseThrow();
        assertEquals(DeviceLogEntry.Protocol.SNMP, snmpRepair.protocol());
    }

    @Test
    void aRepairThatFailsNamesTheRouterAndIsInTheDeviceLog() throws Exception {
        Segment wan = ActivationLab.wan("wan-stuck", 56, 1256);
        activator.activate(wan);
        lab.router(CORE_1).faults().rejectCommand("no interface Tunnel56", 1);

        ActivationFailed e = assertThrows(ActivationFailed.class, () -> activator.repair(wan, RouterRepair.Wanted.ABSENT));

        assertEquals(CORE_1, e.router());
        assertFalse(lab.config(CORE_2).contains("Tunnel56"), "the other router's part is removed");
        assertTrue(lab.store.entries("wan-stuck").stream().anyMatch(x -> x.request().startsWith("repair ")
                && x.outcome() == DeviceLogEntry.Outcome.ERROR && x.router().equals(CORE_1)));
    }

    // --- one change at a time per router -----------------------------------------------------------

    @Test
    void twoSegmentsOnTheSameRouterActivatedAtOnceBothSucceedOneAfterTheOther() throws Exception {
        String before = lab.config(EDGE_A);
        Segment first = ActivationLab.campus("same-router-1", 71, EDGE_A, 2071, "GigabitEthernet1/3");
        Segment second = ActivationLab.campus("same-router-2", 72, EDGE_A, 2072, "GigabitEthernet1/4");

        runAtOnce(() -> {
            activator.activate(first);
            return null;
        }, () -> {
            activator.activate(second);
            return null;
        });

        String config = lab.config(EDGE_A);
        assertTrue(config.contains(" switchport access vlan 2071\n"), config);
        assertTrue(config.contains(" switchport access vlan 2072\n"), config);
        assertTrue(config.contains(" switchport trunk allowed vlan 2071,2072\n"), config);
        // One after the other, or both in one session (batched): never two sessions at once.
        List<Session> sessions = lab.router(EDGE_A).sessions();
        for (Session x : sessions) {
            for (Session y : sessions) {
                assertFalse(x != y && x.overlaps(y), "two sessions on " + EDGE_A + " interleaved: " + x + " / " + y);
            }
        }
        VlanSegment s1 = new VlanSegment(71, 200_000_000L, 2071, "GigabitEthernet1/3", ActivationLab.TRUNK);
        List<String> both = new ArrayList<>(lab.store.requests("same-router-1", EDGE_A));
        both.addAll(lab.store.requests("same-router-2", EDGE_A));
        assertInOrder(Cisco7600CliDriver.setUpCommands(s1), both);

        runAtOnce(() -> {
            activator.deactivate(first);
            return null;
        }, () -> {
            activator.deactivate(second);
            return null;
        });

        assertEquals(before, lab.config(EDGE_A));
    }

    // --- set-ups queued for one router go together ---------------------------------------------------

    @Test
    void setUpsQueuedForABusyRouterGoInOneSessionWithOneSave() throws Exception {
        String before = lab.config(EDGE_A);
        RouterLocks locks = new InProcessRouterLocks();
        activator.close();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of())),
                lab.store, DriverActivator.DEFAULT_THREADS, locks);
        List<Segment> segments = List.of(
                ActivationLab.campus("queued-1", 91, EDGE_A, 2091, "GigabitEthernet1/1"),
                ActivationLab.campus("queued-2", 92, EDGE_A, 2092, "GigabitEthernet1/2"),
                ActivationLab.campus("queued-3", 93, EDGE_A, 2093, "GigabitEthernet1/3"));

        // The router is busy (its lock held) while the three set-ups arrive.
        try (RouterLocks.Held busy = locks.lock(EDGE_A)) {
            ExecutorService callers = Executors.newFixedThreadPool(3);
            try {
                List<Future<?>> calls = new ArrayList<>();
                for (Segment s : segments) {
                    calls.add(callers.submit(() -> {
                        activator.activate(s);
                        return null;
                    }));
                    Thread.sleep(100);
                }
                busy.close();
                for (Future<?> f : calls) {
                    f.get(60, TimeUnit.SECONDS);
                }
            } finally {
                callers.shutdownNow();
            }
        }

        String config = lab.config(EDGE_A);
        assertTrue(config.contains(" switchport trunk allowed vlan 2091-2093\n")
                || config.contains(" switchport trunk allowed vlan 2091,2092,2093\n"), config);
        long saves = segments.stream()
                .flatMap(s -> lab.store.requests(s.bookingId(), EDGE_A).stream())
                .filter("write memory"::equals).count();
        assertEquals(2, saves, "the first set-up alone, the two queued behind it together");
        assertEquals(Set.of(SegmentState.Status.PRESENT), segments.stream().map(s -> readState(s)).collect(Collectors.toSet()));
        for (Segment s : segments) {
            activator.deactivate(s);
        }
        assertEquals(before, lab.config(EDGE_A));
    }

    @Test
    void aFailureInABatchFailsOnlyItsSegmentRestoredWhileTheOthersAreActive() throws Exception {
        RouterLocks locks = new InProcessRouterLocks();
        activator.close();
        activator = new DriverActivator(RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of())),
                lab.store, DriverActivator.DEFAULT_THREADS, locks);
        Segment first = ActivationLab.campus("batch-1", 94, EDGE_A, 2094, "GigabitEthernet1/1");
        Segment refused = ActivationLab.campus("batch-2", 95, EDGE_A, 2095, "GigabitEthernet1/2");
        Segment third = ActivationLab.campus("batch-3", 96, EDGE_A, 2096, "GigabitEthernet1/3");
        lab.router(EDGE_A).faults().rejectCommand("switchport access vlan 2095", 1);

        List<Future<?>> calls = new ArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try (RouterLocks.Held busy = locks.lock(EDGE_A)) {
            // batch-1 takes the router alone once it is free; the other two wait behind it, together.
            for (Segment s : List.of(first, refused, third)) {
                calls.add(callers.submit(() -> {
                    activator.activate(s);
                    return null;
                }));
                Thread.sleep(100);
            }
        }
        try {
            calls.get(0).get(60, TimeUnit.SECONDS);
            ExecutionException e = assertThrows(ExecutionException.class, () -> calls.get(1).get(60, TimeUnit.SECONDS));
            ActivationFailed failed = (ActivationFailed) e.getCause();
            assertTrue(failed.routersRestored(), failed.getMessage());
            assertTrue(failed.getMessage().contains("switchport access vlan 2095"), failed.getMessage());
            calls.get(2).get(60, TimeUnit.SECONDS);
        } finally {
            callers.shutdownNow();
        }

        assertEquals(SegmentState.Status.PRESENT, readState(third));
        assertEquals(SegmentState.Status.ABSENT, readState(refused));
        assertTrue(lab.store.requests("batch-2", EDGE_A).contains("switchport access vlan 2096"),
                "the batch's first segment holds the batch's session");
        assertTrue(lab.store.requests("batch-3", EDGE_A).stream().anyMatch(r -> r.contains("in one batch with batch-2, batch-3")),
                "the other segment's device log points at the batch");
        String saved = lab.router(EDGE_A).startupConfig();
        assertTrue(saved.contains("vlan 2094\n") && saved.contains("vlan 2096\n") && !saved.contains("vlan 2095\n"),
                "the others are saved: " + saved);
    }

    private SegmentState.Status readState(Segment s) {
        try {
            RouterPart.Vlan v = (RouterPart.Vlan) s.plan().routerParts().get(0);
            return RouterDirectory.load(RouterAccessFile.writeTemporary(lab.emulator, Set.of()))
                    .vlanDriverFor(v.router(), e -> { }).readState(v.toSegment(s.circuitId(), 200_000_000L)).status();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aDirectoryReadFromARouterAccessFileDrivesTheRouters() throws Exception {
        activator.close();
        String yaml = """
                defaults:
                  host: 127.0.0.1
                  username: crs
                  password: ${ACT_ROUTER_PASSWORD}
                  enableSecret: ${ACT_ROUTER_ENABLE}
                cliTimeouts: { connect: 5s, login: 10s, command: 10s }
                routers:
                  - name: edge-b
                    profile: 7600
                    sshPort: %d
                  - name: core-1
                    profile: 12000
                    sshPort: %d
                """.formatted(lab.router(EDGE_B).sshPort(), lab.router(CORE_1).sshPort());
        Map<String, String> env = Map.of("ACT_ROUTER_PASSWORD", "activation-login-password",
                "ACT_ROUTER_ENABLE", "activation-enable-secret");
        activator = new DriverActivator(RouterDirectory.parse(yaml, env::get), lab.store, 2);
        String before = lab.config(EDGE_B);
        Segment campus = ActivationLab.campus("from-file", 81, EDGE_B, 2081, "GigabitEthernet1/1");

        activator.activate(campus);
        assertTrue(lab.config(EDGE_B).contains(" switchport access vlan 2081\n"));
        activator.deactivate(campus);

        assertEquals(before, lab.config(EDGE_B));
    }

    // --- helpers -------------------------------------------------------------------------------------

    /** Fails unless {@code expected} appears in {@code actual} in this order (other lines between allowed). */
    static void assertInOrder(List<String> expected, List<String> actual) {
        int i = 0;
        for (String line : actual) {
            if (i < expected.size() && line.equals(expected.get(i))) {
                i++;
            }
        }
        if (i < expected.size()) {
            throw new AssertionError("missing '" + expected.get(i) + "' (in order) from the device log:\n"
                    + String.join("\n", actual));
        }
    }

    /** From the first request to one router until its last answer. */
    record Span(Instant from, Instant to) {
        boolean overlaps(Span other) {
            return from.isBefore(other.to) && other.from.isBefore(to);
        }
    }

    static Span span(List<DeviceLogEntry> entries, String router) {
        List<DeviceLogEntry> mine = entries.stream().filter(e -> e.router().equals(router)).collect(Collectors.toList());
        assertFalse(mine.isEmpty(), "no entries for " + router);
        Instant from = mine.stream().map(DeviceLogEntry::at).min(Instant::compareTo).orElseThrow();
        Instant to = mine.stream().map(e -> e.at().plusMillis(e.elapsedMillis())).max(Instant::compareTo).orElseThrow();
        return new Span(from, to);
    }

    @SafeVarargs
    static void runAtOnce(Callable<Void>... calls) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(calls.length);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Void>> futures = new ArrayList<>();
            for (Callable<Void> c : calls) {
                futures.add(threads.submit(() -> {
                    go.await();
                    return c.call();
                }));
            }
            go.countDown();
            for (Future<Void> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
