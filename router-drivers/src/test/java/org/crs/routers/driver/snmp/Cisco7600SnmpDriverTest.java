package org.crs.routers.driver.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.HostPairSegment;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.SnmpCredentials;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.driver.cli.CliSession;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.cli.RunningConfig;
import org.crs.routers.emulator.EmulatedRouter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class Cisco7600SnmpDriverTest {

    static final VlanSegment LP42 = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1", "TenGigabitEthernet2/1");

    static final HostPairSegment PAIR43 = new HostPairSegment(43, 50_000_000L, 1000, "GigabitEthernet1/1",
            "GigabitEthernet1/2");

    static final SnmpTimeouts TEST_TIMEOUTS = new SnmpTimeouts(Duration.ofMillis(500), 1, Duration.ofSeconds(5));
    /** No retry and a short wait, for the lost-request faults. */
    static final SnmpTimeouts NO_RETRY = new SnmpTimeouts(Duration.ofMillis(300), 0, Duration.ofSeconds(5));

    Lab lab;
    EmulatedRouter edge;

    @BeforeEach
    void start() {
        lab = Lab.start();
        edge = lab.router(Lab.EDGE);
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    Cisco7600SnmpDriver v2c(SnmpTimeouts timeouts) {
        return new Cisco7600SnmpDriver(lab.endpoint(Lab.EDGE), timeouts, lab.deviceLog());
    }

    Cisco7600SnmpDriver v3(SnmpTimeouts timeouts) {
        return new Cisco7600SnmpDriver(lab.endpointV3(Lab.EDGE), timeouts, lab.deviceLog());
    }

    @Test
    void setUpThenTearDownOverSnmpV2cLeavesRouterAsBefore() throws Exception {
        roundTrip(v2c(TEST_TIMEOUTS));
    }

    @Test
    void setUpThenTearDownOverSnmpV3LeavesRouterAsBefore() throws Exception {
        roundTrip(v3(TEST_TIMEOUTS));
        assertTrue(lab.requests().contains("discover SNMPv3 engine id"));
    }

    private void roundTrip(Cisco7600SnmpDriver driver) throws Exception {
        String before = lab.config(Lab.EDGE);

        driver.setUp(LP42);
        assertFalse(before.equals(lab.config(Lab.EDGE)));
        assertEquals(edge.runningConfig(), edge.startupConfig(), "set-up saved the configuration");
        driver.tearDown(LP42);

        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(edge.runningConfig(), edge.startupConfig(), "tear-down saved the configuration");
        lab.assertNoSecretInLog();
        assertTrue(lab.entries().stream().allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.SNMP));
    }

    @Test
    void setUpOverSnmpConfiguresVlanHostPortAndTrunkButNoPolicer() throws Exception {
        v2c(TEST_TIMEOUTS).setUp(LP42);

        RunningConfig config = RunningConfig.parse(edge.runningConfig());
        assertEquals(List.of("name LP-42"), config.trimmedLines("vlan 1234"));
        List<String> host = config.trimmedLines("interface GigabitEthernet1/1");
        assertTrue(host.containsAll(List.of("description LP-42 host", "switchport access vlan 1234",
                "switchport mode access")), host.toString());
        assertFalse(host.contains("shutdown"), host.toString());
        assertFalse(host.stream().anyMatch(l -> l.startsWith("service-policy")), "SNMP cannot attach a policer");
        assertFalse(config.has("policy-map LP-42-IN"));
        assertTrue(config.trimmedLines("interface TenGigabitEthernet2/1")
                .contains("switchport trunk allowed vlan 10,20,1234"), config.text());
    }

    @Test
    void setUpCreatesTheVlanRowWithItsColumnsInOneSetAndSendsTheRestOneSetPerObject() throws Exception {
        v2c(TEST_TIMEOUTS).setUp(LP42);

        List<String> sets = lab.requests().stream().filter(r -> r.startsWith("set ")).toList();
        assertEquals(List.of(
                "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 2, 1.3.6.1.4.1.9.9.46.1.4.1.1.3.1 = \"crs\"",
                "set 1.3.6.1.4.1.9.9.46.1.4.2.1.11.1.1234 = 4, 1.3.6.1.4.1.9.9.46.1.4.2.1.3.1.1234 = 1, "
                        + "1.3.6.1.4.1.9.9.46.1.4.2.1.4.1.1234 = \"LP-42\", 1.3.6.1.4.1.9.9.46.1.4.2.1.6.1.1234 = 00:01:8b:72",
                "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 3",
                "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 4"), sets.subList(0, 4));
        assertTrue(sets.get(4).startsWith("set 1.3.6.1.4.1.9.9.68.1.2.2.1.2."), sets.get(4));
        assertTrue(sets.get(4).endsWith(" = 1234"), sets.get(4));
        assertTrue(sets.get(5).startsWith("set 1.3.6.1.4.1.9.9.46.1.6.1.1.17."), "VLAN 1234 is in the 2k bitmap: " + sets.get(5));
        assertTrue(sets.get(6).startsWith("set 1.3.6.1.2.1.31.1.1.1.18.") && sets.get(6).endsWith(" = \"LP-42 host\""));
        assertTrue(sets.get(7).startsWith("set 1.3.6.1.2.1.2.2.1.7.") && sets.get(7).endsWith(" = 1"));
        assertTrue(sets.get(8).startsWith("set 1.3.6.1.4.1.9.9.96.1.1.1.1.14.") && sets.get(8).contains(" = 4, "),
                "the configuration is saved through ccCopyTable: " + sets.get(8));
        assertTrue(sets.get(9).startsWith("set 1.3.6.1.4.1.9.9.96.1.1.1.1.14.") && sets.get(9).endsWith(" = 6"), sets.get(9));
        assertEquals(10, sets.size());
    }

    @Test
    void setUpTwiceChangesNothingTheSecondTime() throws Exception {
        Cisco7600SnmpDriver driver = v2c(TEST_TIMEOUTS);
        driver.setUp(LP42);
        String once = lab.config(Lab.EDGE);
        lab.clearLog();

        driver.setUp(LP42);

        assertEquals(once, lab.config(Lab.EDGE));
        assertTrue(lab.requests().stream().noneMatch(r -> r.startsWith("set ")), lab.requests().toString());
    }

    @Test
    void readStateTellsAbsentPartialAndPresent() throws Exception {
        Cisco7600SnmpDriver driver = v3(TEST_TIMEOUTS);
        String before = lab.config(Lab.EDGE);
        assertEquals(SegmentState.Status.ABSENT, driver.readState(LP42).status());

        driver.setUp(LP42);
        SegmentState present = driver.readState(LP42);
        assertEquals(SegmentState.Status.PRESENT, present.status());
        assertEquals(List.of("vlan 1234", "host port GigabitEthernet1/1 on vlan 1234",
                "trunk TenGigabitEthernet2/1 allows vlan 1234"), present.present());

        try (CliSession cli = CliSession.open(lab.endpoint(Lab.EDGE), CliTimeouts.DEFAULTS, lab.deviceLog())) {
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

        v2c(TEST_TIMEOUTS).tearDown(LP42);

        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.requests().stream().noneMatch(r -> r.startsWith("set ")));
    }

    @Test
    void setUpOnAHostPortInUseFailsWithoutChangingAnything() {
        String before = lab.config(Lab.EDGE);
        VlanSegment onBusyPort = new VlanSegment(43, 10_000_000L, 1300, "GigabitEthernet1/3", "TenGigabitEthernet2/1");

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(onBusyPort));

        assertTrue(e.getMessage().contains("GigabitEthernet1/3 is not parked"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.requests().stream().noneMatch(r -> r.startsWith("set ")));
    }

    // --- two hosts of the router -------------------------------------------------------------

    @Test
    void hostPairSetUpPutsBothPortsInOneVlanAndSaves() throws Exception {
        String before = lab.config(Lab.EDGE);

        v2c(TEST_TIMEOUTS).setUp(PAIR43);

        RunningConfig config = RunningConfig.parse(edge.runningConfig());
        assertEquals(List.of("name LP-43"), config.trimmedLines("vlan 1000"));
        for (String port : List.of("GigabitEthernet1/1", "GigabitEthernet1/2")) {
            List<String> lines = config.trimmedLines("interface " + port);
            assertTrue(lines.containsAll(List.of("description LP-43 host", "switchport access vlan 1000",
                    "switchport mode access")), port + ": " + lines);
            assertFalse(lines.contains("shutdown"), port + ": " + lines);
        }
        assertEquals(RunningConfig.parse(before).trimmedLines("interface TenGigabitEthernet2/1"),
                config.trimmedLines("interface TenGigabitEthernet2/1"), "the trunk is not touched");
        assertEquals(edge.runningConfig(), edge.startupConfig(), "set-up saved the configuration");
        SegmentState present = v2c(TEST_TIMEOUTS).readState(PAIR43);
        assertEquals(List.of("vlan 1000", "host port GigabitEthernet1/1 on vlan 1000",
                "host port GigabitEthernet1/2 on vlan 1000"), present.present());
    }

    @Test
    void hostPairTearDownRestoresTheRunningConfigExactly() throws Exception {
        Cisco7600SnmpDriver driver = v3(TEST_TIMEOUTS);
        String before = lab.config(Lab.EDGE);
        driver.setUp(PAIR43);

        driver.tearDown(PAIR43);

        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(edge.runningConfig(), edge.startupConfig(), "tear-down saved the configuration");
        assertEquals(SegmentState.Status.ABSENT, driver.readState(PAIR43).status());
    }

    @Test
    void hostPairWithASecondPortInUseFailsWithoutChangingAnything() {
        String before = lab.config(Lab.EDGE);
        HostPairSegment toBusyPort = new HostPairSegment(44, 10_000_000L, 1000, "GigabitEthernet1/1",
                "GigabitEthernet1/3");

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(toBusyPort));

        assertTrue(e.getMessage().contains("GigabitEthernet1/3 is not parked"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.requests().stream().noneMatch(r -> r.startsWith("set ")));
    }

    @Test
    void hostPairOnAVlanAllowedOnATrunkFailsWithoutChangingAnything() throws Exception {
        try (CliSession cli = CliSession.open(lab.endpoint(Lab.EDGE), CliTimeouts.DEFAULTS, lab.deviceLog())) {
            for (String line : List.of("configure terminal", "interface TenGigabitEthernet2/1",
                    "switchport trunk allowed vlan add 1000", "end")) {
                assertFalse(cli.send(line).failed(), line);
            }
        }
        String before = lab.config(Lab.EDGE);

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(PAIR43));

        assertTrue(e.getMessage().contains("vlan 1000 is allowed on trunk ifIndex"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.requests().stream().noneMatch(r -> r.startsWith("set ")));
    }

    @Test
    void hostPairFailureOnTheSecondPortUndoesTheFirst() throws Exception {
        String before = lab.config(Lab.EDGE);
        // Once the first port is in the VLAN, the second port's vmVlan set is refused.
        lab.afterMatching(e -> e.request().startsWith("set " + CiscoVlanMibs.VM_VLAN.toDottedString()),
                () -> edge.faults().rejectSnmpSet(CiscoVlanMibs.VM_VLAN.toDottedString(), 1));

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(PAIR43));

        assertTrue(e.deviceAnswer().contains("commitFailed"), e.deviceAnswer());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        long vmVlanSets = lab.requests().stream()
                .filter(r -> r.startsWith("set " + CiscoVlanMibs.VM_VLAN.toDottedString())).count();
        assertEquals(3, vmVlanSets, "port A in, port B refused, port A back: " + lab.requests());
    }

    // --- faults -----------------------------------------------------------------------------

    @Test
    void rejectedSetMidSetUpIsReportedWithTheOidAndUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        edge.faults().rejectSnmpSet(CiscoVlanMibs.IF_ALIAS.toDottedString(), 1);

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(LP42));

        assertTrue(e.deviceAnswer().contains("commitFailed"), e.deviceAnswer());
        assertTrue(e.deviceAnswer().contains(" at 1.3.6.1.2.1.31.1.1.1.18."), e.deviceAnswer());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void anUndoThatCannotReadTheRouterBackLeavesItsStateUnknown() throws Exception {
        edge.faults().rejectSnmpSet(CiscoVlanMibs.IF_ALIAS.toDottedString(), 1);
        // From the refused set on, the agent answers nothing: the undo cannot read the router.
        lab.afterMatching(e -> e.outcome() == DeviceLogEntry.Outcome.ERROR, () -> edge.faults().dropSnmpRequests(1000));

        DriverException e = assertThrows(DriverException.class, () -> v2c(NO_RETRY).setUp(LP42));

        assertEquals(DriverException.RouterLeft.UNKNOWN, e.routerLeft());
        assertEquals(List.of(), e.leftOnRouter());
        assertFalse(e.restored());
    }

    @Test
    void tearDownWhoseSaveIsRefusedSaysTheConfigurationIsRemovedButNotSaved() throws Exception {
        v2c(TEST_TIMEOUTS).setUp(LP42);
        edge.faults().rejectSnmpSet(SnmpConfigSave.CC_COPY_ENTRY_ROW_STATUS.toDottedString(), 1);

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).tearDown(LP42));

        assertEquals(DriverException.RouterLeft.REMOVED_NOT_SAVED, e.routerLeft(), e.getMessage());
        assertFalse(e.restored());
        assertTrue(e.getMessage().contains("removed from the router but not saved"), e.getMessage());
        assertEquals(SegmentState.Status.ABSENT, v2c(TEST_TIMEOUTS).readState(LP42).status());
    }

    @Test
    void setUpWhoseSaveIsRefusedIsUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        String startupBefore = edge.startupConfig();
        edge.faults().rejectSnmpSet(SnmpConfigSave.CC_COPY_ENTRY_ROW_STATUS.toDottedString(), 1);

        DriverException e = assertThrows(DriverException.class, () -> v2c(TEST_TIMEOUTS).setUp(LP42));

        assertTrue(e.deviceAnswer().contains("commitFailed"), e.deviceAnswer());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertEquals(startupBefore, edge.startupConfig());
    }

    @Test
    void vtpEditBufferIsReleasedWhenAVlanEditFails() throws Exception {
        String before = lab.config(Lab.EDGE);
        edge.faults().rejectSnmpSet(CiscoVlanMibs.VTP_VLAN_EDIT_NAME.toDottedString(), 1);
        Cisco7600SnmpDriver driver = v2c(TEST_TIMEOUTS);

        DriverException e = assertThrows(DriverException.class, () -> driver.setUp(LP42));

        assertTrue(e.step().contains("1.3.6.1.4.1.9.9.46.1.4.2.1.4.1.1234"), e.step());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.requests().contains("set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 4"), "release(4) was sent");
        // The buffer is free: the next set-up takes it and succeeds.
        driver.setUp(LP42);
        assertEquals(SegmentState.Status.PRESENT, driver.readState(LP42).status());
    }

    @Test
    void lostRequestsAreRetried() throws Exception {
        edge.faults().dropSnmpRequests(1);

        v2c(TEST_TIMEOUTS).setUp(LP42);

        assertEquals(SegmentState.Status.PRESENT, v2c(TEST_TIMEOUTS).readState(LP42).status());
    }

    @Test
    void unansweredSetMidSetUpFailsWithATimeoutAndIsUndone() throws Exception {
        String before = lab.config(Lab.EDGE);
        // Once the host port is in the VLAN, the next request (the trunk bitmap read) is lost.
        lab.afterMatching(e -> e.request().startsWith("set " + CiscoVlanMibs.VM_VLAN.toDottedString()),
                () -> edge.faults().dropSnmpRequests(1));

        DriverException e = assertThrows(DriverException.class, () -> v2c(NO_RETRY).setUp(LP42));

        assertTrue(e.deviceAnswer().contains("no answer within 300 ms"), e.getMessage());
        assertTrue(e.restored(), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
        assertTrue(lab.entries().stream().anyMatch(x -> x.outcome() == DeviceLogEntry.Outcome.TIMEOUT));
    }

    @Test
    void snmpAnswerSlowerThanTheTimeoutIsReportedAsATimeout() throws Exception {
        String before = lab.config(Lab.EDGE);
        edge.faults().slowResponses(Duration.ofMillis(800), 1);

        DriverException e = assertThrows(DriverException.class, () -> v2c(NO_RETRY).readState(LP42));

        assertTrue(e.getMessage().contains("no answer within"), e.getMessage());
        assertEquals(before, lab.config(Lab.EDGE));
    }

    @Test
    void wrongCommunityFailsWithATimeoutAndNeverShowsTheCommunity() {
        RouterEndpoint wrong = lab.endpoint(Lab.EDGE, SnmpCredentials.v2c("not-the-community"));
        Cisco7600SnmpDriver driver = new Cisco7600SnmpDriver(wrong, NO_RETRY, lab.deviceLog());

        DriverException e = assertThrows(DriverException.class, () -> driver.readState(LP42));

        assertTrue(e.getMessage().contains("no answer within 300 ms"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-community"));
        assertTrue(lab.entries().stream().noneMatch(x -> x.request().contains("not-the-community")
                || x.response().contains("not-the-community")));
    }

    @Test
    void wrongV3PassphraseFailsWithoutShowingIt() {
        RouterEndpoint wrong = lab.endpoint(Lab.EDGE, SnmpCredentials.v3(Lab.V3_USER, "not-the-auth-passphrase",
                Lab.PRIV_PASSPHRASE));
        Cisco7600SnmpDriver driver = new Cisco7600SnmpDriver(wrong, NO_RETRY, lab.deviceLog());

        DriverException e = assertThrows(DriverException.class, () -> driver.readState(LP42));

        assertTrue(e.getMessage().contains("usmStatsWrongDigests") || e.getMessage().contains("no answer within"),
                e.getMessage());
        Lab.assertNoSecretIn(e);
        assertFalse(e.getMessage().contains("not-the-auth-passphrase"));
        lab.assertNoSecretInLog();
    }

    @Test
    void countersAdvanceOnACircuitThatIsUp() throws Exception {
        Cisco7600SnmpDriver driver = v3(TEST_TIMEOUTS);
        driver.setUp(LP42);

        InterfaceCounters first = driver.readCounters("GigabitEthernet1/1");
        Thread.sleep(500);
        InterfaceCounters second = driver.readCounters("GigabitEthernet1/1");

        assertTrue(second.inOctets() > first.inOctets(), first + " -> " + second);
        assertTrue(second.outOctets() > first.outOctets(), first + " -> " + second);
        // Without a policer the emulated host sends at the port's line rate, 1 Gbit/s.
        assertTrue(second.inBitsPerSecondSince(first) > 300e6, "rate " + second.inBitsPerSecondSince(first));
    }
}
