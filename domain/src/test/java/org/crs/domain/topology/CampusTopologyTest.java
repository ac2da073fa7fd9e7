package org.crs.domain.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.crs.domain.admission.Resource;
import org.junit.jupiter.api.Test;

class CampusTopologyTest {

    @Test
    void theDemoCampusHasNoProblems() {
        assertEquals(List.of(), DemoNetwork.siteA().problems());
    }

    @Test
    void everyProblemIsReportedAtOnceInFileOrder() {
        CampusTopology campus = new CampusTopology(" ",
                List.of(new EdgeRouter("edge-a"), new EdgeRouter("edge-a"), new EdgeRouter("edge-c")),
                List.of(new HostPort("host-a1", "edge-x", "GigabitEthernet1/1", 1000),
                        new HostPort("host-a1", "edge-a", "GigabitEthernet1/2", 0),
                        new HostPort("host-a3", "edge-a", "GigabitEthernet1/2", 1000),
                        new HostPort("host-c1", "edge-c", "GigabitEthernet1/1", 1000)),
                List.of(new Uplink("edge-a", "GigabitEthernet1/2", null, -5)),
                null);
        assertEquals(List.of(
                "campus: site is missing",
                "campus: vlans are missing",
                "edge router edge-a is listed twice",
                "host port host-a1: unknown edge router edge-x",
                "host host-a1 has more than one port",
                "host port host-a1: capacityMbps must be positive, was 0",
                "interface GigabitEthernet1/2 of edge-a is used by both host port host-a1 and host port host-a3",
                "uplink edge-a:GigabitEthernet1/2: accessPoint is missing",
                "uplink edge-a:GigabitEthernet1/2: capacityMbps must be positive, was -5",
                "interface GigabitEthernet1/2 of edge-a is used by both host port host-a1 and uplink edge-a:GigabitEthernet1/2",
                "edge router edge-c has host ports but no uplink"), campus.problems());
    }

    @Test
    void hostPortsAndUplinksAreFoundByTheirNames() {
        CampusTopology campus = DemoNetwork.siteA();
        assertEquals("GigabitEthernet1/2", campus.hostPort("host-a2").orElseThrow().interfaceName());
        assertEquals(Optional.empty(), campus.hostPort("host-z"));
        assertEquals(1, campus.uplinksOf("edge-a").size());
        assertEquals(List.of(), campus.uplinksOf("edge-z"));
    }

    @Test
    void portsAndUplinksBookAsResourcesNamedRouterColonInterface() {
        CampusTopology campus = DemoNetwork.siteA();
        assertEquals(new Resource("edge-a:GigabitEthernet1/1", Resource.HOST_PORT, 1000),
                campus.hostPort("host-a1").orElseThrow().resource());
        assertEquals(new Resource("edge-a:TenGigabitEthernet2/1", Resource.UPLINK, 10000),
                campus.uplinks().get(0).resource());
    }
}
