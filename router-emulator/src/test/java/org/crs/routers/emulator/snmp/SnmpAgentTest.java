package org.crs.routers.emulator.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.InterfaceName;
import org.crs.routers.emulator.device.Police;
import org.crs.routers.emulator.device.PolicyMap;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.Vlan;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.routers.emulator.sessions.Session;
import org.crs.routers.emulator.sessions.SessionLog;
import org.snmp4j.PDU;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.UnsignedInteger32;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * The SNMP agent against an SNMP4J manager. OIDs are written out from docs/devices.md and the
 * MIBs (SNMPv2-MIB, IF-MIB, CISCO-VTP-MIB, CISCO-VLAN-MEMBERSHIP-MIB) rather than taken from
 * the agent's code, so the test checks the agent against the documents.
 */
class SnmpAgentTest {

    static final String SYS_DESCR = "1.3.6.1.2.1.1.1.0";
    static final String SYS_OBJECT_ID = "1.3.6.1.2.1.1.2.0";
    static final String SYS_UP_TIME = "1.3.6.1.2.1.1.3.0";
    static final String SYS_NAME = "1.3.6.1.2.1.1.5.0";
    static final String IF_NUMBER = "1.3.6.1.2.1.2.1.0";
    static final String IF_DESCR = "1.3.6.1.2.1.2.2.1.2";
    static final String IF_TYPE = "1.3.6.1.2.1.2.2.1.3";
    static final String IF_SPEED = "1.3.6.1.2.1.2.2.1.5";
    static final String IF_PHYS_ADDRESS = "1.3.6.1.2.1.2.2.1.6";
    static final String IF_ADMIN_STATUS = "1.3.6.1.2.1.2.2.1.7";
    static final String IF_OPER_STATUS = "1.3.6.1.2.1.2.2.1.8";
    static final String IF_NAME = "1.3.6.1.2.1.31.1.1.1.1";
    static final String IF_HC_IN_OCTETS = "1.3.6.1.2.1.31.1.1.1.6";
    static final String IF_HC_OUT_OCTETS = "1.3.6.1.2.1.31.1.1.1.10";
    static final String IF_HIGH_SPEED = "1.3.6.1.2.1.31.1.1.1.15";
    static final String IF_ALIAS = "1.3.6.1.2.1.31.1.1.1.18";
    static final String VTP_VLAN_STATE = "1.3.6.1.4.1.9.9.46.1.3.1.1.2";
    static final String VTP_VLAN_NAME = "1.3.6.1.4.1.9.9.46.1.3.1.1.4";
    static final String VTP_VLAN_DOT10_SAID = "1.3.6.1.4.1.9.9.46.1.3.1.1.6";
    static final String EDIT_OPERATION = "1.3.6.1.4.1.9.9.46.1.4.1.1.1.1";
    static final String APPLY_STATUS = "1.3.6.1.4.1.9.9.46.1.4.1.1.2.1";
    static final String BUFFER_OWNER = "1.3.6.1.4.1.9.9.46.1.4.1.1.3.1";
    static final String EDIT_TYPE = "1.3.6.1.4.1.9.9.46.1.4.2.1.3.1";
    static final String EDIT_NAME = "1.3.6.1.4.1.9.9.46.1.4.2.1.4.1";
    static final String EDIT_SAID = "1.3.6.1.4.1.9.9.46.1.4.2.1.6.1";
    static final String EDIT_ROW_STATUS = "1.3.6.1.4.1.9.9.46.1.4.2.1.11.1";
    static final String TRUNK_VLANS_ENABLED = "1.3.6.1.4.1.9.9.46.1.6.1.1.4";
    static final String TRUNK_VLANS_ENABLED_2K = "1.3.6.1.4.1.9.9.46.1.6.1.1.17";
    static final String TRUNK_VLANS_ENABLED_3K = "1.3.6.1.4.1.9.9.46.1.6.1.1.18";
    static final String TRUNK_VLANS_ENABLED_4K = "1.3.6.1.4.1.9.9.46.1.6.1.1.19";
    static final String VM_VLAN = "1.3.6.1.4.1.9.9.68.1.2.2.1.2";

    static final int COPY = 2;
    static final int APPLY = 3;
    static final int RELEASE = 4;
    static final int IN_PROGRESS = 1;
    static final int SUCCEEDED = 2;
    static final int CREATE_AND_GO = 4;
    static final int CREATE_AND_WAIT = 5;
    static final int ACTIVE = 1;
    static final int DESTROY = 6;

    static final SnmpSettings SETTINGS = new SnmpSettings("public", "private",
            List.of(new SnmpSettings.V3User("crs", "crs-auth-secret", "crs-priv-secret")));

    private Device device;
    private Faults faults;
    private SnmpAgent agent;
    private int port;
    private Interface loopback;
    private Interface hostPort;
    private Interface spareAccessPort;
    private Interface trunk;

    @BeforeEach
    void startAgent() throws Exception {
        device = new Device("edge-a", Profile.C7600, "10.0.0.1", Clock.systemUTC());
        faults = new Faults();
        synchronized (device) {
            loopback = device.interfaceNamed("Loopback0").orElseThrow();
            hostPort = device.addInterface(InterfaceName.parse("GigabitEthernet1/1"), 1_000_000_000L);
            spareAccessPort = device.addInterface(InterfaceName.parse("GigabitEthernet1/2"), 1_000_000_000L);
            trunk = device.addInterface(InterfaceName.parse("TenGigabitEthernet2/1"), 10_000_000_000L);
            device.vlans().put(1234, new Vlan(1234, "LP-42", false));
            hostPort.setSwitchport(true);
            hostPort.setSwitchportMode(Interface.SwitchportMode.ACCESS);
            spareAccessPort.setSwitchport(true);
            spareAccessPort.setSwitchportMode(Interface.SwitchportMode.ACCESS);
            trunk.setSwitchport(true);
            trunk.setTrunkEncapsulationDot1q(true);
            trunk.setSwitchportMode(Interface.SwitchportMode.TRUNK);
        }
        agent = new SnmpAgent(device, SETTINGS, faults);
        port = agent.start("127.0.0.1", 0);
    }

    @AfterEach
    void stopAgent() {
        agent.close();
    }

    private Manager writer() throws Exception {
        return Manager.v2c(port, "private");
    }

    private static VariableBinding vb(String oid, Variable value) {
        return new VariableBinding(new OID(oid), value);
    }

    private static Integer32 i(int value) {
        return new Integer32(value);
    }

    private static void assertNoError(PDU response) {
        assertNotNull(response, "no response");
        assertEquals(PDU.noError, response.getErrorStatus(), response.getErrorStatusText());
    }

    private static void assertError(int status, PDU response) {
        assertNotNull(response, "no response");
        assertEquals(status, response.getErrorStatus(), response.getErrorStatusText());
    }

    private String runningConfig() {
        synchronized (device) {
            return device.runningConfig();
        }
    }

    // --- reads ---------------------------------------------------------------------------

    @Test
    void systemGroupDescribesTheRouter() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals(Profile.C7600.sysDescr(), m.value(SYS_DESCR).toString());
            assertEquals(new OID(Profile.C7600.sysObjectId()), m.value(SYS_OBJECT_ID));
            assertEquals("edge-a", m.value(SYS_NAME).toString());
            assertInstanceOf(TimeTicks.class, m.value(SYS_UP_TIME));
        }
    }

    @Test
    void ifTableDescribesEveryInterface() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals(i(4), m.value(IF_NUMBER));
            int gi = hostPort.ifIndex();
            assertEquals("GigabitEthernet1/1", m.value(IF_DESCR + "." + gi).toString());
            assertEquals(i(6), m.value(IF_TYPE + "." + gi), "ethernetCsmacd");
            assertEquals(i(24), m.value(IF_TYPE + "." + loopback.ifIndex()), "softwareLoopback");
            assertEquals(new Gauge32(1_000_000_000L), m.value(IF_SPEED + "." + gi));
            assertEquals(6, ((OctetString) m.value(IF_PHYS_ADDRESS + "." + gi)).length());
            assertEquals("Gi1/1", m.value(IF_NAME + "." + gi).toString());
            assertEquals(i(2), m.value(IF_ADMIN_STATUS + "." + gi), "a new port is shut down");
            assertEquals(i(2), m.value(IF_OPER_STATUS + "." + gi));
        }
    }

    @Test
    void ifSpeedIsCappedAtGauge32WhileIfHighSpeedGivesMegabits() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals(new Gauge32(4_294_967_295L), m.value(IF_SPEED + "." + trunk.ifIndex()));
            assertEquals(new Gauge32(10_000), m.value(IF_HIGH_SPEED + "." + trunk.ifIndex()));
            assertInstanceOf(Counter64.class, m.value(IF_HC_IN_OCTETS + "." + trunk.ifIndex()));
        }
    }

    @Test
    void walkOfIfDescrListsTheInterfacesInIfIndexOrder() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            List<String> names = m.walk(IF_DESCR).stream().map(vb -> vb.getVariable().toString()).toList();
            assertEquals(List.of("Loopback0", "GigabitEthernet1/1", "GigabitEthernet1/2", "TenGigabitEthernet2/1"), names);
        }
    }

    @Test
    void walkOfTheWholeTreeIsOrderedAndReachesTheCiscoMibs() throws Exception {
        try (Manager v2 = Manager.v2c(port, "public"); Manager v1 = Manager.v1(port, "public")) {
            List<VariableBinding> all = v2.walk("1.3.6.1");
            for (int k = 1; k < all.size(); k++) {
                assertTrue(all.get(k - 1).getOid().compareTo(all.get(k).getOid()) < 0, "walk must be ordered");
            }
            assertTrue(all.stream().anyMatch(vb -> vb.getOid().equals(new OID(VTP_VLAN_NAME + ".1.1234"))));
            assertTrue(all.stream().anyMatch(vb -> vb.getOid().equals(new OID(VM_VLAN + "." + hostPort.ifIndex()))));
            // SNMPv1 has no Counter64: a v1 walk skips the HC counters but sees the rest.
            List<VariableBinding> v1Walk = v1.walk("1.3.6.1");
            assertTrue(v1Walk.stream().noneMatch(vb -> vb.getVariable() instanceof Counter64));
            assertTrue(v1Walk.stream().anyMatch(vb -> vb.getOid().equals(new OID(SYS_NAME))));
        }
    }

    @Test
    void vtpVlanTableListsTheVlanDatabase() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals("LP-42", m.value(VTP_VLAN_NAME + ".1.1234").toString());
            assertEquals(i(1), m.value(VTP_VLAN_STATE + ".1.1234"), "operational");
            // 100000 + 1234 = 101234 = 0x018B72 (docs/devices.md; "00 01 88 D2" is 100562, an arithmetic slip).
            assertEquals(OctetString.fromHexString("00:01:8b:72"), m.value(VTP_VLAN_DOT10_SAID + ".1.1234"));
            assertEquals("default", m.value(VTP_VLAN_NAME + ".1.1").toString());
        }
    }

    @Test
    void unknownInstancesAreNoSuchInstanceAndUnknownObjectsNoSuchObject() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals(Null.noSuchInstance, m.value(IF_DESCR + ".99"));
            assertEquals(Null.noSuchObject, m.value("1.3.6.1.2.1.99.1.0"));
        }
    }

    @Test
    void the12000ServesSystemAndIfMibButNoVlanMibs() throws Exception {
        Device gsr = new Device("core-a", Profile.C12000, "10.0.0.5", Clock.systemUTC());
        synchronized (gsr) {
            gsr.addInterface(InterfaceName.parse("GigabitEthernet3/0"), 1_000_000_000L);
            gsr.createLogicalInterface(InterfaceName.parse("GigabitEthernet3/0.1234"));
        }
        try (SnmpAgent gsrAgent = new SnmpAgent(gsr, SETTINGS, new Faults())) {
            int gsrPort = gsrAgent.start("127.0.0.1", 0);
            try (Manager m = Manager.v2c(gsrPort, "public")) {
                assertEquals("core-a", m.value(SYS_NAME).toString());
                assertEquals(i(135), m.value(IF_TYPE + ".3"), "a dot1Q subinterface is l2vlan");
                assertEquals(Null.noSuchObject, m.value(VTP_VLAN_NAME + ".1.1"));
                assertTrue(m.walk("1.3.6.1.4.1.9.9").isEmpty());
            }
        }
    }

    // --- IF-MIB sets ---------------------------------------------------------------------

    @Test
    void everySetRequestIsRecordedAsAClosedSessionAndReadsAreNot() throws Exception {
        SessionLog sessions = new SessionLog(Clock.systemUTC());
        try (SnmpAgent logged = new SnmpAgent(device, SETTINGS, faults, sessions)) {
            int loggedPort = logged.start("127.0.0.1", 0);
            try (Manager m = Manager.v2c(loggedPort, "private")) {
                m.value(SYS_NAME);
                assertNoError(m.set(vb(IF_ADMIN_STATUS + "." + hostPort.ifIndex(), i(1))));
                assertNoError(m.set(vb(IF_ADMIN_STATUS + "." + hostPort.ifIndex(), i(2))));
            }
        }
        List<Session> recorded = sessions.sessions();
        assertEquals(List.of(1L, 2L), recorded.stream().map(Session::id).toList());
        for (Session s : recorded) {
            assertEquals(Session.Kind.SNMP_SET, s.kind());
            assertTrue(s.isClosed(), "answered: " + s);
        }
        assertFalse(recorded.get(0).overlaps(recorded.get(1)), "the agent answers one request at a time");
    }

    @Test
    void settingIfAdminStatusBringsThePortUpAndDown() throws Exception {
        String admin = IF_ADMIN_STATUS + "." + hostPort.ifIndex();
        try (Manager m = writer()) {
            assertNoError(m.set(vb(admin, i(1))));
            synchronized (device) {
                assertFalse(hostPort.shutdown());
            }
            assertEquals(i(1), m.value(IF_OPER_STATUS + "." + hostPort.ifIndex()));

            assertNoError(m.set(vb(admin, i(2))));
            synchronized (device) {
                assertTrue(hostPort.shutdown());
            }
        }
    }

    @Test
    void ifAdminStatusTestingIsRefusedAndChangesNothing() throws Exception {
        try (Manager m = writer()) {
            assertError(PDU.wrongValue, m.set(vb(IF_ADMIN_STATUS + "." + hostPort.ifIndex(), i(3))));
            assertError(PDU.wrongType, m.set(vb(IF_ADMIN_STATUS + "." + hostPort.ifIndex(), new OctetString("up"))));
            assertError(PDU.noCreation, m.set(vb(IF_ADMIN_STATUS + ".99", i(1))));
        }
        synchronized (device) {
            assertTrue(hostPort.shutdown());
        }
    }

    @Test
    void settingIfAliasSetsAndClearsTheDescription() throws Exception {
        String alias = IF_ALIAS + "." + hostPort.ifIndex();
        try (Manager m = writer()) {
            assertNoError(m.set(vb(alias, new OctetString("LP-42 host"))));
            assertTrue(runningConfig().contains("interface GigabitEthernet1/1\n description LP-42 host\n"));
            assertEquals("LP-42 host", m.value(alias).toString());

            assertNoError(m.set(vb(alias, new OctetString(""))));
            synchronized (device) {
                assertNull(hostPort.description());
            }
        }
    }

    @Test
    void cliChangesShowInSnmpReads() throws Exception {
        synchronized (device) {
            hostPort.setDescription("set from the CLI");
            hostPort.setShutdown(false);
        }
        try (Manager m = Manager.v2c(port, "public")) {
            assertEquals("set from the CLI", m.value(IF_ALIAS + "." + hostPort.ifIndex()).toString());
            assertEquals(i(1), m.value(IF_ADMIN_STATUS + "." + hostPort.ifIndex()));
        }
    }

    @Test
    void readOnlyObjectsAreNotWritable() throws Exception {
        try (Manager m = writer()) {
            assertError(PDU.notWritable, m.set(vb(SYS_NAME, new OctetString("renamed"))));
            assertError(PDU.notWritable, m.set(vb(IF_DESCR + "." + hostPort.ifIndex(), new OctetString("x"))));
        }
    }

    @Test
    void theReadCommunityCannotSet() throws Exception {
        try (Manager m = Manager.v2c(port, "public")) {
            PDU response = m.set(vb(IF_ALIAS + "." + hostPort.ifIndex(), new OctetString("sneaky")));
            assertNotNull(response);
            assertNotEquals(PDU.noError, response.getErrorStatus());
        }
        synchronized (device) {
            assertNull(hostPort.description());
        }
    }

    @Test
    void anUnknownCommunityGetsNoAnswer() throws Exception {
        try (Manager m = Manager.v2c(port, "guess").timeoutMillis(300)) {
            assertNull(m.get(SYS_NAME));
        }
    }

    // --- VTP edit buffer -----------------------------------------------------------------

    /** Polls vtpVlanApplyStatus until the apply is no longer in progress. */
    private static int awaitApply(Manager m) throws Exception {
        for (int attempt = 0; attempt < 50; attempt++) {
            int status = m.value(APPLY_STATUS).toInt();
            if (status != IN_PROGRESS) {
                return status;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("apply still in progress");
    }

    @Test
    void aVlanCreatedThroughTheEditBufferAppearsInTheRunningConfig() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertEquals("lnsap", m.value(BUFFER_OWNER).toString());

            // 100000 + 2000 = 0x0186A0 + 0x7D0 = 00 01 8E 70
            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".2000", i(CREATE_AND_GO)),
                    vb(EDIT_TYPE + ".2000", i(1)),
                    vb(EDIT_NAME + ".2000", new OctetString("LP-77")),
                    vb(EDIT_SAID + ".2000", OctetString.fromHexString("00:01:8e:70"))));
            synchronized (device) {
                assertFalse(device.vlans().containsKey(2000), "nothing changes before apply");
            }

            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertEquals(SUCCEEDED, awaitApply(m));
            assertTrue(runningConfig().contains("vlan 2000\n name LP-77\n"), runningConfig());
            assertEquals("LP-77", m.value(VTP_VLAN_NAME + ".1.2000").toString());

            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
            assertEquals("", m.value(BUFFER_OWNER).toString());
            assertEquals(Null.noSuchInstance, m.value(EDIT_NAME + ".2000"));
        }
    }

    @Test
    void aCreateAndGoWithoutTypeNameAndSaidInItsRequestIsInconsistent() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".2001", i(CREATE_AND_GO))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".2001", i(CREATE_AND_GO)),
                    vb(EDIT_TYPE + ".2001", i(1)), vb(EDIT_NAME + ".2001", new OctetString("LP-71"))));
            assertEquals(Null.noSuchInstance, m.value(EDIT_ROW_STATUS + ".2001"));
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
    }

    @Test
    void aRowActivatedWithoutANameIsAppliedUnderTheDefaultName() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".2001", i(CREATE_AND_WAIT))));
            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".2001", i(ACTIVE))));
            assertEquals("VLAN2001", m.value(EDIT_NAME + ".2001").toString());
            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            // inProgress lasts 50 ms, too short to catch reliably over the wire; VtpEditBufferTest checks it.
            assertEquals(SUCCEEDED, awaitApply(m));
            assertTrue(runningConfig().contains("vlan 2001\n!"), "default name VLAN2001 is not written");
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
    }

    @Test
    void aVlanDeletedThroughTheEditBufferLeavesTheRunningConfig() throws Exception {
        assertTrue(runningConfig().contains("vlan 1234\n name LP-42\n"));
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".1234", i(DESTROY))));
            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertEquals(SUCCEEDED, awaitApply(m));
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
        assertFalse(runningConfig().contains("vlan 1234"));
        synchronized (device) {
            assertFalse(device.vlans().containsKey(1234));
            assertTrue(device.vlans().containsKey(1), "built-in VLANs stay");
        }
    }

    @Test
    void columnsMayComeBeforeTheRowStatusThatCreatesTheRow() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertNoError(m.set(vb(EDIT_NAME + ".3000", new OctetString("LP-3000")), vb(EDIT_TYPE + ".3000", i(1)),
                    vb(EDIT_SAID + ".3000", OctetString.fromHexString("00:01:92:58")),
                    vb(EDIT_ROW_STATUS + ".3000", i(CREATE_AND_GO))));
            assertEquals("LP-3000", m.value(EDIT_NAME + ".3000").toString());
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
    }

    @Test
    void createAndWaitMakesARowThatMustBeActivatedBeforeApply() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".2100", i(CREATE_AND_WAIT))));
            assertEquals(i(2), m.value(EDIT_ROW_STATUS + ".2100"), "notInService");
            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertEquals(4, awaitApply(m), "inconsistentEdit");
            synchronized (device) {
                assertFalse(device.vlans().containsKey(2100));
            }

            assertNoError(m.set(vb(EDIT_ROW_STATUS + ".2100", i(ACTIVE))));
            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertEquals(SUCCEEDED, awaitApply(m));
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
        synchronized (device) {
            assertTrue(device.vlans().containsKey(2100));
        }
    }

    @Test
    void editsWithoutACopiedBufferAreRefused() throws Exception {
        try (Manager m = writer()) {
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".2000", i(CREATE_AND_GO))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_NAME + ".1234", new OctetString("renamed"))));
        }
    }

    @Test
    void aSecondOwnerIsRefusedWhileTheBufferIsHeld() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap-1"))));
            assertError(PDU.inconsistentValue,
                    m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap-2"))));
            assertEquals("lnsap-1", m.value(BUFFER_OWNER).toString());

            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap-2"))));
            assertEquals("lnsap-2", m.value(BUFFER_OWNER).toString());
        }
    }

    @Test
    void createAndGoOnAnExistingRowIsRefused() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".1234", i(CREATE_AND_GO)),
                    vb(EDIT_TYPE + ".1234", i(1)), vb(EDIT_NAME + ".1234", new OctetString("LP-1234")),
                    vb(EDIT_SAID + ".1234", OctetString.fromHexString("00:01:8b:72"))));
        }
    }

    @Test
    void builtInVlansCannotBeDestroyed() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".1", i(DESTROY))));
            assertError(PDU.inconsistentValue, m.set(vb(EDIT_ROW_STATUS + ".1002", i(DESTROY))));
        }
    }

    @Test
    void vlansOutsideOneTo4094CannotBeCreated() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertError(PDU.noCreation, m.set(vb(EDIT_ROW_STATUS + ".4095", i(CREATE_AND_GO))));
            assertError(PDU.noCreation, m.set(vb(EDIT_ROW_STATUS + ".0", i(CREATE_AND_GO))));
        }
    }

    @Test
    void aRefusedVarbindLeavesTheWholeRequestUndone() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            PDU response = m.set(vb(EDIT_ROW_STATUS + ".2200", i(CREATE_AND_GO)), vb(EDIT_TYPE + ".2200", i(1)),
                    vb(EDIT_NAME + ".2200", new OctetString("has spaces")),
                    vb(EDIT_SAID + ".2200", OctetString.fromHexString("00:01:8f:38")));
            assertError(PDU.wrongValue, response);
            assertEquals(3, response.getErrorIndex(), "the name varbind is at fault");
            assertEquals(Null.noSuchInstance, m.value(EDIT_ROW_STATUS + ".2200"));
        }
    }

    // --- port VLANs ----------------------------------------------------------------------

    @Test
    void settingVmVlanMovesTheAccessPort() throws Exception {
        String vmVlan = VM_VLAN + "." + spareAccessPort.ifIndex();
        try (Manager m = writer()) {
            assertEquals(i(1), m.value(vmVlan));
            assertNoError(m.set(vb(vmVlan, i(1234))));
            assertTrue(runningConfig().contains("interface GigabitEthernet1/2\n switchport\n switchport access vlan 1234\n"));

            assertError(PDU.inconsistentValue, m.set(vb(vmVlan, i(3000))));
            assertError(PDU.wrongValue, m.set(vb(vmVlan, i(4095))));
            assertError(PDU.noCreation, m.set(vb(VM_VLAN + "." + trunk.ifIndex(), i(1234))));
        }
        synchronized (device) {
            assertEquals(1234, spareAccessPort.accessVlan());
        }
    }

    @Test
    void trunkBitmapsReadAllVlansAndWriteTheAllowedList() throws Exception {
        String suffix = "." + trunk.ifIndex();
        try (Manager m = writer()) {
            byte[] first = ((OctetString) m.value(TRUNK_VLANS_ENABLED + suffix)).getValue();
            assertEquals(128, first.length);
            assertEquals(0x7F, first[0] & 0xFF, "VLAN 0 is no VLAN; 1-7 are allowed");
            byte[] last = ((OctetString) m.value(TRUNK_VLANS_ENABLED_4K + suffix)).getValue();
            assertEquals(0xFE, last[127] & 0xFF, "VLAN 4095 is no VLAN");

            byte[] low = new byte[128];
            low[10 / 8] |= (byte) (0x80 >> (10 % 8));
            byte[] second = new byte[128];
            int n = 1234 - 1024;
            second[n / 8] |= (byte) (0x80 >> (n % 8));
            assertNoError(m.set(vb(TRUNK_VLANS_ENABLED + suffix, new OctetString(low)),
                    vb(TRUNK_VLANS_ENABLED_2K + suffix, new OctetString(second)),
                    vb(TRUNK_VLANS_ENABLED_3K + suffix, new OctetString(new byte[128])),
                    vb(TRUNK_VLANS_ENABLED_4K + suffix, new OctetString(new byte[128]))));
            BitSet expected = new BitSet();
            expected.set(10);
            expected.set(1234);
            synchronized (device) {
                assertEquals(expected, trunk.trunkAllowed());
            }
            assertTrue(runningConfig().contains(" switchport trunk allowed vlan 10,1234\n"));
            assertEquals(new OctetString(second), m.value(TRUNK_VLANS_ENABLED_2K + suffix));

            assertError(PDU.noCreation, m.set(vb(TRUNK_VLANS_ENABLED + "." + hostPort.ifIndex(), new OctetString(low))));
            assertError(PDU.wrongLength, m.set(vb(TRUNK_VLANS_ENABLED + suffix, new OctetString(new byte[129]))));
        }
    }

    // --- SNMPv3 --------------------------------------------------------------------------

    @Test
    void snmpV3WithSha256AndAes128CanGetAndSet() throws Exception {
        try (Manager m = Manager.v3(port, "crs", "crs-auth-secret", "crs-priv-secret")) {
            assertEquals("edge-a", m.value(SYS_NAME).toString());
            assertNoError(m.set(vb(IF_ALIAS + "." + hostPort.ifIndex(), new OctetString("via v3"))));
        }
        synchronized (device) {
            assertEquals("via v3", hostPort.description());
        }
    }

    @Test
    void snmpV3WithAWrongPassphraseFails() throws Exception {
        try (Manager m = Manager.v3(port, "crs", "wrong-auth-secret", "crs-priv-secret").timeoutMillis(1000)) {
            PDU response = m.get(SYS_NAME);
            assertTrue(response == null || response.getType() == PDU.REPORT,
                    "expected no answer or a report, got " + response);
        }
    }

    @Test
    void twoRoutersInOneJvmAnswerIndependently() throws Exception {
        Device other = new Device("edge-b", Profile.C7600, "10.0.0.2", Clock.systemUTC());
        try (SnmpAgent otherAgent = new SnmpAgent(other, SETTINGS, new Faults())) {
            int otherPort = otherAgent.start("127.0.0.1", 0);
            try (Manager a = Manager.v3(port, "crs", "crs-auth-secret", "crs-priv-secret");
                 Manager b = Manager.v3(otherPort, "crs", "crs-auth-secret", "crs-priv-secret")) {
                assertEquals("edge-a", a.value(SYS_NAME).toString());
                assertEquals("edge-b", b.value(SYS_NAME).toString());
            }
        }
    }

    // --- traffic -------------------------------------------------------------------------

    @Test
    void hcCountersAdvanceAtThePolicedRateWhileACircuitIsUp() throws Exception {
        long policedBps = 8_000_000;
        synchronized (device) {
            PolicyMap policy = new PolicyMap("LP-42-IN");
            policy.classNamed("class-default").setPolice(new Police(policedBps, 0, false, "transmit", "drop"));
            device.policyMaps().put(policy.name(), policy);
            hostPort.setAccessVlan(1234);
            hostPort.setServicePolicyInput("LP-42-IN");
            hostPort.setShutdown(false);
        }
        String in = IF_HC_IN_OCTETS + "." + hostPort.ifIndex();
        try (Manager m = Manager.v2c(port, "public")) {
            long before = ((Counter64) m.value(in)).getValue();
            long t0 = System.nanoTime();
            Thread.sleep(1000);
            long after = ((Counter64) m.value(in)).getValue();
            double seconds = (System.nanoTime() - t0) / 1e9;
            double rate = (after - before) * 8 / seconds;
            // Line rate would be 125 times more; the tolerance absorbs request latency on a busy machine.
            assertEquals(policedBps, rate, policedBps * 0.2, "rate in bit/s");
            assertTrue(((Counter64) m.value(IF_HC_OUT_OCTETS + "." + hostPort.ifIndex())).getValue() > 0);
        }
    }

    // --- faults --------------------------------------------------------------------------

    @Test
    void aDroppedRequestTimesOutAndTheNextIsAnswered() throws Exception {
        faults.dropSnmpRequests(1);
        try (Manager m = Manager.v2c(port, "public").timeoutMillis(300)) {
            assertNull(m.get(SYS_NAME));
            assertNotNull(m.get(SYS_NAME));
        }
    }

    @Test
    void aSlowResponseArrivesLate() throws Exception {
        faults.slowResponses(Duration.ofMillis(400), 1);
        try (Manager m = Manager.v2c(port, "public")) {
            long t0 = System.nanoTime();
            assertEquals("edge-a", m.value(SYS_NAME).toString());
            assertTrue(System.nanoTime() - t0 >= 400_000_000L);
        }
    }

    @Test
    void aRejectedSetFailsAndChangesNothing() throws Exception {
        faults.rejectSnmpSet(IF_ALIAS, 1);
        String alias = IF_ALIAS + "." + hostPort.ifIndex();
        String admin = IF_ADMIN_STATUS + "." + hostPort.ifIndex();
        try (Manager m = writer()) {
            PDU response = m.set(vb(admin, i(1)), vb(alias, new OctetString("rejected")));
            assertError(PDU.commitFailed, response);
            synchronized (device) {
                assertNull(hostPort.description());
                assertTrue(hostPort.shutdown(), "the other varbind of the request is not made either");
            }
            assertNoError(m.set(vb(alias, new OctetString("accepted"))));
        }
    }

    @Test
    void snmpV1CanRead() throws Exception {
        try (Manager m = Manager.v1(port, "public")) {
            assertEquals("edge-a", m.value(SYS_NAME).toString());
        }
    }

    @Test
    void configRevisionGuardsApply() throws Exception {
        try (Manager m = writer()) {
            assertNoError(m.set(vb(EDIT_OPERATION, i(COPY)), vb(BUFFER_OWNER, new OctetString("lnsap"))));
            assertNoError(m.set(vb("1.3.6.1.4.1.9.9.46.1.4.1.1.4.1", new UnsignedInteger32(0))));
            assertNoError(m.set(vb(EDIT_OPERATION, i(APPLY))));
            assertEquals(3, awaitApply(m), "configNumberError");
            assertNoError(m.set(vb(EDIT_OPERATION, i(RELEASE))));
        }
    }
}
