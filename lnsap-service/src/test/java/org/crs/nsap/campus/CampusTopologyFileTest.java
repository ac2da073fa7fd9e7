package org.crs.nsap.campus;

import org.crs.nsap.contract.topology.CampusTopologyFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampusTopologyFileTest {

    private static final String VALID = """
            site: site-a
            edgeRouters:
              - name: edge-a
            hostPorts:
              - {host: host-a1, router: edge-a, interface: GigabitEthernet1/1, capacityMbps: 1000}
            uplinks:
              - {router: edge-a, trunk: TenGigabitEthernet2/1, accessPoint: site-a, capacityMbps: 10000}
            vlans: {first: 1000, last: 1999}
            """;

    @TempDir
    Path dir;

    @Test
    void loadsTheDemoCampusesOfDeploy() throws IOException {
        for (String site : List.of("site-a", "site-b")) {
            CampusTopology campus = CampusTopologyFile.load(Path.of("../deploy/topology/" + site + "-campus.yaml"));
            String edge = "edge-" + site.substring(5);
            assertEquals(site, campus.site());
            assertEquals(List.of(new EdgeRouter(edge)), campus.edgeRouters());
            assertEquals(4, campus.hostPorts().size());
            assertEquals(new HostPort("host-" + site.substring(5) + "1", edge, "GigabitEthernet1/1", 1000),
                    campus.hostPorts().get(0));
            assertEquals(List.of(new Uplink(edge, "TenGigabitEthernet2/1", site, 10000)), campus.uplinks());
            assertEquals(new VlanRange(1000, 1999), campus.vlans());
        }
    }

    @Test
    void parsesTheFormatOfTheDocs() {
        CampusTopology campus = CampusTopologyFile.parse(VALID);

        assertEquals(new HostPort("host-a1", "edge-a", "GigabitEthernet1/1", 1000), campus.hostPorts().get(0));
    }

    @Test
    void refusesAnUnknownKeyNamingItsPlaceAndLine() {
        String yaml = VALID.replace("capacityMbps: 1000}", "capacityMbps: 1000, speed: 1000}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertEquals("campus topology: unknown key \"speed\" in hostPorts[0] (line 5); known keys there: "
                + "capacityMbps, host, interface, router", refused.getMessage());
    }

    @Test
    void refusesAnUnknownTopLevelKeyWithTheFileName() throws IOException {
        Path file = dir.resolve("campus.yaml");
        Files.writeString(file, VALID + "vlan: 7\n");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.load(file));

        assertTrue(refused.getMessage().startsWith(file + ": unknown key \"vlan\" (line 9)"), refused.getMessage());
    }

    @Test
    void refusesAMissingCapacity() {
        String yaml = VALID.replace(", capacityMbps: 10000}", "}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("campus topology: uplinks[0]: capacityMbps is missing (line 7)"), refused.getMessage());
    }

    @Test
    void refusesACapacityThatIsNotAWholeNumber() {
        String yaml = VALID.replace("capacityMbps: 1000}", "capacityMbps: lots}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("campus topology: hostPorts[0].capacityMbps: \"lots\" is not a whole number"),
                refused.getMessage());
    }

    @Test
    void refusesAnImpossibleVlanRangeWithItsLine() {
        String yaml = VALID.replace("{first: 1000, last: 1999}", "{first: 1999, last: 1000}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("campus topology: vlans: last VLAN must be in 1999..4094, was 1000 (line 8"),
                refused.getMessage());
    }

    @Test
    void refusesAKeyGivenTwice() {
        String yaml = VALID + "site: site-b\n";

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().contains("key site appears twice"), refused.getMessage());
    }

    @Test
    void refusesAnEmptyFile() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(""));

        assertEquals("campus topology: the file is empty", refused.getMessage());
    }

    @Test
    void refusesYamlThatDoesNotParse() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CampusTopologyFile.parse("site: \"site-a\nedgeRouters: []\n"));

        assertTrue(refused.getMessage().startsWith("campus topology: not valid YAML"), refused.getMessage());
    }

    @Test
    void reportsEveryProblemOfTheCampusAtOnceWithTheFileName() throws IOException {
        Path file = dir.resolve("broken-campus.yaml");
        Files.writeString(file, """
                site: site-a
                edgeRouters:
                  - name: edge-a
                hostPorts:
                  - {host: host-a1, router: edge-a, interface: GigabitEthernet1/1, capacityMbps: 1000}
                  - {host: host-a1, router: edge-z, interface: GigabitEthernet1/2, capacityMbps: 0}
                uplinks:
                  - {router: edge-a, trunk: GigabitEthernet1/1, accessPoint: site-a, capacityMbps: 10000}
                vlans: {first: 1000, last: 1999}
                """);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.load(file));

        assertEquals(file + ": the campus has 4 problems:\n"
                + "  - host host-a1 has more than one port\n"
                + "  - host port host-a1: unknown edge router edge-z\n"
                + "  - host port host-a1: capacityMbps must be positive, was 0\n"
                + "  - interface GigabitEthernet1/1 of edge-a is used by both host port host-a1 and uplink edge-a:GigabitEthernet1/1",
                refused.getMessage());
    }

    private static final String HAND_OFF = """
            handOffs:
              - {name: to-domain-c, router: edge-a, trunk: TenGigabitEthernet3/1, capacityMbps: 10000, vlans: {first: 3000, last: 3099}}
            """;

    @Test
    void readsTheOptionalHandOffs() {
        CampusTopology campus = CampusTopologyFile.parse(VALID + HAND_OFF);

        assertEquals(List.of(new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/1", 10000, new VlanRange(3000, 3099))),
                campus.handOffs());
        assertEquals(List.of(), CampusTopologyFile.parse(VALID).handOffs());
    }

    @Test
    void refusesAnUnknownKeyOfAHandOff() {
        String yaml = VALID + HAND_OFF.replace("capacityMbps: 10000,", "capacityMbps: 10000, peer: domain-c,");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertEquals("campus topology: unknown key \"peer\" in handOffs[0] (line 10); known keys there: "
                + "capacityMbps, name, router, trunk, vlans", refused.getMessage());
    }

    @Test
    void refusesAHandOffVlanRangeOutsideTheVlanNumbers() {
        String yaml = VALID + HAND_OFF.replace("last: 3099", "last: 4095");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertTrue(refused.getMessage().startsWith("campus topology: handOffs[0].vlans: last VLAN must be in 3000..4094,"
                + " was 4095 (line 10"), refused.getMessage());
    }

    @Test
    void reportsTheProblemsOfAHandOffWithTheCampus() {
        String yaml = VALID + HAND_OFF.replace("name: to-domain-c", "name: host-a1").replace("first: 3000", "first: 1990");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CampusTopologyFile.parse(yaml));

        assertEquals("campus topology: the campus has 2 problems:\n"
                + "  - hand-off host-a1 has the name of a host; the names are endpoints and must differ\n"
                + "  - hand-off host-a1: vlans 1990-3099 overlap the campus VLANs 1000-1999; VLAN numbers are shared by all"
                + " ports of a router", refused.getMessage());
    }
}
