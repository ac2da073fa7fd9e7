package org.crs.routers.emulator.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;

import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Profile;
import org.crs.routers.emulator.device.Vlan;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.IpAddress;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.VariableBinding;

/**
 * CISCO-CONFIG-COPY-MIB: saving the running configuration over SNMP, as
 * {@code copy running-config startup-config} does on the CLI.
 */
class ConfigCopyTest {

    static final String CC_COPY = "1.3.6.1.4.1.9.9.96.1.1.1.1";
    static final int RUNNING_CONFIG = 4;
    static final int STARTUP_CONFIG = 3;
    static final int NETWORK_FILE = 1;

    private Device device;
    private SnmpAgent agent;
    private Manager manager;

    @BeforeEach
    void start() throws Exception {
        device = new Device("core-1", Profile.C12000, "10.0.0.1", Clock.systemUTC());
        agent = new SnmpAgent(device, new SnmpSettings("public", "private", List.of()), new Faults());
        manager = Manager.v2c(agent.start("127.0.0.1", 0), "private");
    }

    @AfterEach
    void stop() throws Exception {
        manager.close();
        agent.close();
    }

    private static VariableBinding column(int column, int row, int value) {
        return new VariableBinding(new OID(CC_COPY + "." + column + "." + row), new Integer32(value));
    }

    @Test
    void runningToStartupCopySavesTheConfiguration() throws Exception {
        synchronized (device) {
            device.vlans().put(77, new Vlan(77, "X", false)); // any change, so saving shows
            device.interfaceNamed("Loopback0").orElseThrow().setDescription("saved over SNMP");
        }
        PDU response = manager.set(column(14, 7, 4), column(3, 7, RUNNING_CONFIG), column(4, 7, STARTUP_CONFIG));
        assertEquals(PDU.noError, response.getErrorStatus(), response.getErrorStatusText());
        assertEquals(3, manager.value(CC_COPY + ".10.7").toInt(), "ccCopyState successful");
        synchronized (device) {
            assertEquals(device.runningConfig(), device.startupConfig());
            assertTrue(device.startupConfig().contains("description saved over SNMP"));
        }
        assertEquals(PDU.noError, manager.set(column(14, 7, 6)).getErrorStatus());
        assertEquals(Null.noSuchInstance, manager.get(CC_COPY + ".10.7").get(0).getVariable());
    }

    @Test
    void rowCreatedAndWaitedRunsWhenMadeActive() throws Exception {
        assertEquals(PDU.noError, manager.set(column(14, 3, 5)).getErrorStatus());
        assertEquals(3, manager.value(CC_COPY + ".14.3").toInt(), "notReady until source and destination are set");
        assertEquals(PDU.noError, manager.set(column(3, 3, RUNNING_CONFIG), column(4, 3, STARTUP_CONFIG)).getErrorStatus());
        assertEquals(2, manager.value(CC_COPY + ".14.3").toInt(), "notInService when complete");
        assertEquals(PDU.noError, manager.set(column(14, 3, 1)).getErrorStatus());
        assertEquals(3, manager.value(CC_COPY + ".10.3").toInt());
    }

    @Test
    void copyFromTheNetworkFailsAsUnsupported() throws Exception {
        PDU response = manager.set(column(14, 9, 4), column(2, 9, 1), column(3, 9, NETWORK_FILE),
                column(4, 9, RUNNING_CONFIG),
                new VariableBinding(new OID(CC_COPY + ".5.9"), new IpAddress("127.0.0.1")),
                new VariableBinding(new OID(CC_COPY + ".6.9"), new OctetString("circuit.cfg")));
        assertNotNull(response);
        assertEquals(PDU.noError, response.getErrorStatus(), response.getErrorStatusText());
        assertEquals(4, manager.value(CC_COPY + ".10.9").toInt(), "ccCopyState failed");
        assertEquals(6, manager.value(CC_COPY + ".13.9").toInt(), "ccCopyFailCause unsupportedProtocol");
    }

    @Test
    void rowWithoutSourceAndDestinationCannotRun() throws Exception {
        assertEquals(PDU.inconsistentValue, manager.set(column(14, 4, 4)).getErrorStatus());
        assertEquals(Null.noSuchInstance, manager.get(CC_COPY + ".14.4").get(0).getVariable());
    }

    @Test
    void columnOfARowThatDoesNotExistIsNoCreation() throws Exception {
        assertEquals(PDU.noCreation, manager.set(column(3, 5, RUNNING_CONFIG)).getErrorStatus());
    }
}
