package org.crs.routers.driver.snmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.cli.RunningConfig;
import org.crs.routers.emulator.EmulatedRouter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** VLAN edits through the CISCO-VTP-MIB edit buffer, against the lab's 7600 agent. */
class VtpEditBufferTest {

    private static final String TAKE = "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 2, 1.3.6.1.4.1.9.9.46.1.4.1.1.3.1 = \"crs\"";
    private static final String APPLY = "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 3";
    private static final String RELEASE = "set 1.3.6.1.4.1.9.9.46.1.4.1.1.1.1 = 4";

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

    private SnmpSession open() throws DriverException {
        return SnmpSession.open(lab.endpoint(Lab.EDGE), Cisco7600SnmpDriverTest.TEST_TIMEOUTS, lab.deviceLog());
    }

    private List<String> sets() {
        return lab.requests().stream().filter(r -> r.startsWith("set ")).toList();
    }

    @Test
    void dot10SaidIs100000PlusTheVlanInFourBytes() {
        assertArrayEquals(new byte[] {0x00, 0x01, (byte) 0x8B, 0x72}, VtpEditBuffer.dot10Said(1234));
    }

    @Test
    void deleteVlanDestroysTheRowBetweenTakingApplyingAndReleasingTheBuffer() throws Exception {
        try (SnmpSession s = open()) {
            VtpEditBuffer.createVlan(s, 1234, "LP-42");
            assertTrue(RunningConfig.parse(edge.runningConfig()).has("vlan 1234"));
            lab.clearLog();

            VtpEditBuffer.deleteVlan(s, 1234);
        }

        assertEquals(List.of(TAKE, "set 1.3.6.1.4.1.9.9.46.1.4.2.1.11.1.1234 = 6", APPLY, RELEASE), sets());
        assertTrue(lab.requests().contains("get 1.3.6.1.4.1.9.9.46.1.4.1.1.2.1"), lab.requests().toString());
        assertFalse(RunningConfig.parse(edge.runningConfig()).has("vlan 1234"));
    }

    @Test
    void aRefusedApplyIsReportedAndTheBufferIsStillReleased() throws Exception {
        String before = lab.config(Lab.EDGE);
        // Once the edit (the createAndGo request, which carries the SAID) is in the buffer, the apply is refused.
        lab.afterMatching(e -> e.request().startsWith("set ") && e.request().contains(" 1.3.6.1.4.1.9.9.46.1.4.2.1.6."),
                () -> edge.faults().rejectSnmpSet(CiscoVlanMibs.VTP_VLAN_EDIT_OPERATION.toDottedString(), 1));

        try (SnmpSession s = open()) {
            DriverException e = assertThrows(DriverException.class, () -> VtpEditBuffer.createVlan(s, 1234, "LP-42"));

            assertTrue(e.deviceAnswer().contains("commitFailed"), e.deviceAnswer());
            assertEquals(APPLY, e.step());
            assertEquals(RELEASE, sets().get(sets().size() - 1));
            assertEquals(before, lab.config(Lab.EDGE));
            // The buffer is free: the next edit takes it and is applied.
            VtpEditBuffer.createVlan(s, 1234, "LP-42");
        }
        assertTrue(RunningConfig.parse(edge.runningConfig()).has("vlan 1234"));
    }
}
