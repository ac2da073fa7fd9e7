package org.crs.routers.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.crs.routers.driver.snmp.SnmpTimeouts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routers with a state folder, configured by the real drivers over SSH and SNMP, come back
 * from it after their emulator stops: the same running and startup configuration, and the
 * drivers find their circuits there.
 */
class PersistedRoutersTest {

    static final CliTimeouts CLI = new CliTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(5));
    static final SnmpTimeouts SNMP = new SnmpTimeouts(Duration.ofMillis(500), 1, Duration.ofSeconds(5));

    static final VlanSegment OVER_CLI = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1",
            "TenGigabitEthernet2/1");
    static final VlanSegment OVER_SNMP = new VlanSegment(44, 50_000_000L, 1236, "GigabitEthernet1/2",
            "TenGigabitEthernet2/1");
    static final PseudowireSegment WAN = new PseudowireSegment(42, 100_000_000L, 1234, "GigabitEthernet3/0",
            "10.0.0.9", List.of("10.0.0.5", "10.0.0.9"));

    @TempDir
    Path state;

    @Test
    void routersConfiguredByTheDriversShowTheSameConfigurationAfterTheirEmulatorRestarts() throws Exception {
        String edgeRunning;
        String edgeStartup;
        String coreRunning;
        String coreStartup;
        try (Lab lab = Lab.startPersisted(state)) {
            String edgeBefore = lab.config(Lab.EDGE);
            String coreBefore = lab.config(Lab.CORE);
            new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), CLI, lab.deviceLog()).setUp(OVER_CLI);
            new Cisco7600SnmpDriver(lab.endpointV3(Lab.EDGE), SNMP, lab.deviceLog()).setUp(OVER_SNMP);
            new Cisco12000CliDriver(lab.endpoint(Lab.CORE), CLI, lab.deviceLog()).setUp(WAN);
            assertNotEquals(edgeBefore, lab.config(Lab.EDGE));
            assertNotEquals(coreBefore, lab.config(Lab.CORE));
            edgeRunning = lab.router(Lab.EDGE).runningConfig();
            edgeStartup = lab.router(Lab.EDGE).startupConfig();
            coreRunning = lab.router(Lab.CORE).runningConfig();
            coreStartup = lab.router(Lab.CORE).startupConfig();
        }

        try (Lab again = Lab.startPersisted(state)) {
            assertEquals(edgeRunning, again.router(Lab.EDGE).runningConfig());
            assertEquals(edgeStartup, again.router(Lab.EDGE).startupConfig());
            assertEquals(coreRunning, again.router(Lab.CORE).runningConfig());
            assertEquals(coreStartup, again.router(Lab.CORE).startupConfig());
            assertEquals(SegmentState.Status.PRESENT, new Cisco7600CliDriver(again.endpoint(Lab.EDGE), CLI,
                    again.deviceLog()).readState(OVER_CLI).status());
            assertEquals(SegmentState.Status.PRESENT, new Cisco7600SnmpDriver(again.endpointV3(Lab.EDGE), SNMP,
                    again.deviceLog()).readState(OVER_SNMP).status());
            assertEquals(SegmentState.Status.PRESENT, new Cisco12000CliDriver(again.endpoint(Lab.CORE), CLI,
                    again.deviceLog()).readState(WAN).status());
        }
    }

    @Test
    void aCircuitTornDownOverSnmpStaysTornDownAfterARestart() throws Exception {
        String before;
        try (Lab lab = Lab.startPersisted(state)) {
            before = lab.config(Lab.EDGE);
            Cisco7600SnmpDriver driver = new Cisco7600SnmpDriver(lab.endpoint(Lab.EDGE), SNMP, lab.deviceLog());
            driver.setUp(OVER_SNMP);
            driver.tearDown(OVER_SNMP);
        }

        try (Lab again = Lab.startPersisted(state)) {
            assertEquals(before, again.config(Lab.EDGE));
            assertEquals(SegmentState.Status.ABSENT, new Cisco7600SnmpDriver(again.endpoint(Lab.EDGE), SNMP,
                    again.deviceLog()).readState(OVER_SNMP).status());
        }
    }
}
