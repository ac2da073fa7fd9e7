package org.crs.routers.driver.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState.Status;
import org.crs.routers.driver.SnmpCredentials;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.dryrun.DryRunDriver;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.junit.jupiter.api.Test;

class DriverRegistryTest {

    static final RouterEndpoint CLI = new RouterEndpoint("edge-a", "127.0.0.1", 2201, 0, "crs", "p", null, null);
    static final RouterEndpoint SNMP = new RouterEndpoint("edge-a", "127.0.0.1", 0, 1161, null, null, null,
            SnmpCredentials.v2c("c"));
    static final RouterEndpoint NOTHING = new RouterEndpoint("edge-a", "127.0.0.1", 0, 0, null, null, null, null);
    static final VlanSegment SEGMENT = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1",
            "TenGigabitEthernet2/1");

    final DriverRegistry registry = DriverRegistry.standard();

    @Test
    void theStandardRegistryNamesEveryFamilyAsTheAccessFileDoes() {
        assertEquals(List.of("cisco-7600-cli", "cisco-7600-snmp", "cisco-12000-cli", "dry-run"),
                List.copyOf(registry.names()));
    }

    @Test
    void eachNameMakesItsDriver() {
        assertInstanceOf(Cisco7600CliDriver.class, make("cisco-7600-cli", CLI));
        assertInstanceOf(Cisco7600SnmpDriver.class, make("cisco-7600-snmp", SNMP));
        assertInstanceOf(Cisco12000CliDriver.class, make("cisco-12000-cli", CLI));
        assertInstanceOf(DryRunDriver.class, make("dry-run", NOTHING));
    }

    @Test
    void eachFamilyCarriesItsSegmentsAndTheDryRunCarriesAny() {
        assertTrue(registry.factory("cisco-7600-snmp").carries(CampusSegment.class));
        assertFalse(registry.factory("cisco-7600-cli").carries(PseudowireSegment.class));
        assertFalse(registry.factory("cisco-12000-cli").carries(CampusSegment.class));
        assertTrue(registry.factory("dry-run").carries(CampusSegment.class));
        assertTrue(registry.factory("dry-run").carries(PseudowireSegment.class));
    }

    @Test
    void anUnknownNameIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> registry.factory("cisco-12000-snmp"));
    }

    @Test
    void aCliFamilyNeedsALoginAndAnSnmpFamilyCredentials() {
        assertThrows(IllegalArgumentException.class, () -> registry.factory("cisco-7600-cli").checkAccess(SNMP));
        assertThrows(IllegalArgumentException.class, () -> registry.factory("cisco-7600-snmp").checkAccess(CLI));
        registry.factory("cisco-7600-cli").checkAccess(CLI);
        registry.factory("dry-run").checkAccess(NOTHING);
    }

    @SuppressWarnings("unchecked")
    @Test
    void dryRunDriversOfOneRegistryShareTheirRecordAndNotWithAnotherRegistry() throws Exception {
        ((RouterDriver<CampusSegment>) make("dry-run", NOTHING)).setUp(SEGMENT);

        assertEquals(Status.PRESENT, ((RouterDriver<CampusSegment>) make("dry-run", NOTHING)).readState(SEGMENT).status());
        RouterDriver<CampusSegment> elsewhere = (RouterDriver<CampusSegment>) DriverRegistry.standard()
                .factory("dry-run").create(NOTHING, DriverTimeouts.DEFAULTS, DeviceLog.NONE);
        assertEquals(Status.ABSENT, elsewhere.readState(SEGMENT).status());
    }

    private RouterDriver<?> make(String name, RouterEndpoint endpoint) {
        return registry.factory(name).create(endpoint, DriverTimeouts.DEFAULTS, DeviceLog.NONE);
    }
}
