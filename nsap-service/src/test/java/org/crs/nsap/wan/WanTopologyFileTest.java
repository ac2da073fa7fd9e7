package org.crs.nsap.wan;

import org.crs.nsap.contract.topology.WanTopologyFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WanTopologyFileTest {

    private static final String VALID = """
            coreRouters:
              - {name: core-1, loopback: 10.0.0.1}
              - {name: core-3, loopback: 10.0.0.3}
            links:
              - id: core-1-core-3
                a: {router: core-1, interface: POS4/0}
                b: {router: core-3, interface: POS4/0}
                capacityMbps: 2500
                metric: 10
            accessPoints:
              - {site: site-a, router: core-1, interface: GigabitEthernet3/0, capacityMbps: 1000,
                 vlans: {first: 1000, last: 1999}}
            """;

    @TempDir
    Path dir;

    @Test
    void loadsTheDemoWanOfDeploy() throws IOException {
        WanTopology wan = WanTopologyFile.load(Path.of("../deploy/topology/wan.yaml"));

        assertEquals(List.of(new CoreRouter("core-1", "10.0.0.1"), new CoreRouter("core-2", "10.0.0.2"),
                new CoreRouter("core-3", "10.0.0.3")), wan.coreRouters());
        assertEquals(List.of(new Link("core-1-core-3", "core-1", "POS4/0", "core-3", "POS4/0", 2500, 10),
                new Link("core-1-core-2", "core-1", "POS4/1", "core-2", "POS4/0", 10000, 10),
                new Link("core-2-core-3", "core-2", "POS4/1", "core-3", "POS4/1", 10000, 10)), wan.links());
        assertEquals(List.of(new AccessPoint("site-a", "core-1", "GigabitEthernet3/0", 1000, new VlanRange(1000, 1999)),
                new AccessPoint("site-b", "core-3", "GigabitEthernet3/0", 1000, new VlanRange(1000, 1999))),
                wan.accessPoints());
    }

    @Test
    void refusesAnUnknownKeyNamingItsPlaceAndLine() {
        String yaml = VALID.replace("b: {router: core-3, interface: POS4/0}", "b: {router: core-3, port: POS4/0}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.parse(yaml));

        assertEquals("WAN topology: unknown key \"port\" in links[0].b (line 7); known keys there: interface, router",
                refused.getMessage());
    }

    @Test
    void refusesAnUnknownKeyInAFileWithTheFileName() throws IOException {
        Path file = dir.resolve("wan.yaml");
        Files.writeString(file, VALID.replace("metric: 10", "metric: 10\n    latencyMs: 3"));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.load(file));

        assertTrue(refused.getMessage().startsWith(file + ": unknown key \"latencyMs\" in links[0] (line 10)"),
                refused.getMessage());
    }

    @Test
    void refusesAMissingMetric() {
        String yaml = VALID.replace("    metric: 10\n", "");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("WAN topology: links[0]: metric is missing"), refused.getMessage());
    }

    @Test
    void refusesAFractionalCapacity() {
        String yaml = VALID.replace("capacityMbps: 2500", "capacityMbps: 2500.5");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("WAN topology: links[0].capacityMbps: \"2500.5\" is not a whole number"),
                refused.getMessage());
    }

    @Test
    void refusesAnImpossibleVlanRangeWithItsPlace() {
        String yaml = VALID.replace("{first: 1000, last: 1999}", "{first: 1, last: 1999}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("WAN topology: accessPoints[0].vlans: first VLAN must be in 2..4094, was 1"),
                refused.getMessage());
    }

    @Test
    void reportsEveryProblemOfTheWanAtOnceWithTheFileName() throws IOException {
        Path file = dir.resolve("broken-wan.yaml");
        Files.writeString(file, """
                coreRouters:
                  - {name: core-1, loopback: 10.0.0.1}
                  - {name: core-2, loopback: 10.0.0.1}
                links:
                  - id: core-1-core-9
                    a: {router: core-1, interface: POS4/0}
                    b: {router: core-9, interface: POS4/0}
                    capacityMbps: 2500
                    metric: 0
                accessPoints:
                  - {site: site-a, router: core-1, interface: GigabitEthernet3/0, capacityMbps: 1000}
                """);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.load(file));

        assertEquals(file + ": the WAN has 4 problems:\n"
                + "  - core routers core-1 and core-2 share loopback 10.0.0.1\n"
                + "  - link core-1-core-9: unknown core router core-9\n"
                + "  - link core-1-core-9: metric must be positive, was 0\n"
                + "  - access point site-a: vlans are missing",
                refused.getMessage());
    }

    @Test
    void reportsALinkWithoutItsEnds() {
        String yaml = VALID.replace("    a: {router: core-1, interface: POS4/0}\n", "");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> WanTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().contains("link core-1-core-3: router of end a is missing"), refused.getMessage());
    }
}
