package org.crs.domain.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanRange;
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
                "edge router edge-c has host ports but no uplink or hand-off"), campus.problems());
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

    static final HandOff TO_DOMAIN_C = new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/1", 10000,
            new VlanRange(3000, 3099));

    static CampusTopology withHandOffs(HandOff... handOffs) {
        CampusTopology a = DemoNetwork.siteA();
        return new CampusTopology(a.site(), a.edgeRouters(), a.hostPorts(), a.uplinks(), a.vlans(), List.of(handOffs));
    }

    @Test
    void aCampusWithAHandOffHasNoProblemsAndFindsItByName() {
        CampusTopology campus = withHandOffs(TO_DOMAIN_C);
        assertEquals(List.of(), campus.problems());
        assertEquals(TO_DOMAIN_C, campus.handOff("to-domain-c").orElseThrow());
        assertEquals(Optional.empty(), campus.handOff("host-a1"));
        assertEquals(new Resource("edge-a:TenGigabitEthernet3/1", Resource.HAND_OFF, 10000), TO_DOMAIN_C.resource());
    }

    @Test
    void aCampusWithoutHandOffsHasAnEmptyList() {
        assertEquals(List.of(), DemoNetwork.siteA().handOffs());
    }

    @Test
    void everyProblemOfAHandOffIsReportedAtOnce() {
        CampusTopology campus = withHandOffs(
                new HandOff("host-a1", "edge-x", "TenGigabitEthernet2/1", 0, new VlanRange(1500, 2100)),
                new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/1", 1000, new VlanRange(3000, 3099)),
                new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/2", 1000, new VlanRange(3050, 3060)),
                new HandOff("site-a", "edge-a", " ", 1000, null));
        assertEquals(List.of(
                "hand-off host-a1 has the name of a host; the names are endpoints and must differ",
                "hand-off host-a1: unknown edge router edge-x",
                "hand-off host-a1: capacityMbps must be positive, was 0",
                "hand-off host-a1: vlans 1500-2100 overlap the campus VLANs 1000-1999; VLAN numbers are shared by all"
                        + " ports of a router",
                "hand-off to-domain-c is listed twice",
                "hand-off to-domain-c: vlans 3050-3060 overlap those of hand-off to-domain-c (3000-3099) on edge-a;"
                        + " VLAN numbers are shared by all ports of a router",
                "hand-off site-a has the name of the site; the names are endpoints and must differ",
                "hand-off site-a: trunk is missing",
                "hand-off site-a: vlans are missing"), campus.problems());
    }

    @Test
    void aHandOffOnAnInterfaceAlreadyUsedIsAProblem() {
        CampusTopology campus = withHandOffs(new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet2/1", 1000,
                new VlanRange(3000, 3099)));
        assertEquals(List.of("interface TenGigabitEthernet2/1 of edge-a is used by both uplink edge-a:TenGigabitEthernet2/1"
                + " and hand-off to-domain-c"), campus.problems());
    }

    @Test
    void handOffsOfDifferentRoutersMayShareVlanNumbers() {
        CampusTopology a = DemoNetwork.siteA();
        CampusTopology campus = new CampusTopology(a.site(), List.of(new EdgeRouter("edge-a"), new EdgeRouter("edge-b")),
                a.hostPorts(), a.uplinks(), a.vlans(), List.of(TO_DOMAIN_C,
                        new HandOff("to-domain-d", "edge-b", "TenGigabitEthernet3/1", 1000, new VlanRange(3000, 3099))));
        assertEquals(List.of(), campus.problems());
    }

    @Test
    void aCampusWhoseOnlyWayOutIsAHandOffHasNoProblems() {
        CampusTopology campus = new CampusTopology("domain-c", List.of(new EdgeRouter("edge-c")),
                List.of(new HostPort("host-c1", "edge-c", "GigabitEthernet1/1", 1000)), List.of(),
                new VlanRange(2000, 2999), List.of(new HandOff("to-site-a", "edge-c", "TenGigabitEthernet2/2", 10000,
                        new VlanRange(3000, 3099))));
        assertEquals(List.of(), campus.problems());
    }
}
