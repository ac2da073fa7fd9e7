package org.crs.domain.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crs.domain.admission.Resource;
import org.junit.jupiter.api.Test;

class WanTopologyTest {

    @Test
    void theDemoWanHasNoProblems() {
        assertEquals(List.of(), DemoNetwork.wan().problems());
    }

    @Test
    void everyProblemIsReportedAtOnceInFileOrder() {
        WanTopology wan = new WanTopology(
                List.of(new CoreRouter("core-1", "10.0.0.1"), new CoreRouter("core-2", "10.0.0.1"),
                        new CoreRouter("core-2", "10.0.0.256")),
                List.of(new Link("l1", "core-1", "POS4/0", "core-9", "POS4/0", 2500, 10),
                        new Link("l1", "core-2", "POS4/0", "core-2", "POS4/1", 0, 0),
                        new Link("l3", "core-1", "POS4/0", "core-2", "POS4/2", 100, 1)),
                List.of(new AccessPoint("site-a", "core-7", "GigabitEthernet3/0", 1000, DemoNetwork.VLANS),
                        new AccessPoint("site-a", "core-1", "GigabitEthernet3/1", 0, null)));
        assertEquals(List.of(
                "core routers core-1 and core-2 share loopback 10.0.0.1",
                "core router core-2 is listed twice",
                "core router core-2: loopback 10.0.0.256 is not an IPv4 address",
                "link l1: unknown core router core-9",
                "link id l1 is used twice",
                "link l1: both ends are on core-2",
                "link l1: capacityMbps must be positive, was 0",
                "link l1: metric must be positive, was 0",
                "interface POS4/0 of core-1 is used by both link l1 and link l3",
                "access point site-a: unknown core router core-7",
                "site site-a has more than one access point",
                "access point site-a: capacityMbps must be positive, was 0",
                "access point site-a: vlans are missing"), wan.problems());
    }

    @Test
    void missingFieldsAreReportedNotThrown() {
        WanTopology wan = new WanTopology(List.of(new CoreRouter("core-1", null)),
                List.of(new Link("l1", "core-1", "POS4/0", null, null, 100, 1)), List.of());
        assertEquals(List.of(
                "core router core-1: loopback is missing",
                "link l1: router of end b is missing",
                "link l1: interface of end b is missing"), wan.problems());
    }

    @Test
    void loopbacksMustBeDottedQuads() {
        assertTrue(WanTopology.isIpv4("10.0.0.1"));
        assertTrue(WanTopology.isIpv4("255.255.255.255"));
        assertFalse(WanTopology.isIpv4("10.0.0"));
        assertFalse(WanTopology.isIpv4("10.0.0.01"));
        assertFalse(WanTopology.isIpv4("10.0.0.1."));
        assertFalse(WanTopology.isIpv4("core-1.example.org"));
    }

    @Test
    void aLinkIsWalkedFromEitherEnd() {
        Link link = DemoNetwork.wan().link("core-1-core-2").orElseThrow();
        assertEquals("core-2", link.otherEnd("core-1"));
        assertEquals("core-1", link.otherEnd("core-2"));
        assertEquals("POS4/1", link.interfaceOn("core-1"));
        assertEquals("POS4/0", link.interfaceOn("core-2"));
        assertEquals("link core-1-core-2 does not end at core-3",
                assertThrows(IllegalArgumentException.class, () -> link.otherEnd("core-3")).getMessage());
    }

    @Test
    void lookupsFindRoutersLinksAndAccessPoints() {
        WanTopology wan = DemoNetwork.wan();
        assertEquals("10.0.0.2", wan.router("core-2").orElseThrow().loopback());
        assertEquals("core-3", wan.accessPoint("site-b").orElseThrow().router());
        assertEquals(List.of("core-1-core-3", "core-2-core-3"), wan.linksAt("core-3").stream().map(Link::id).toList());
        assertTrue(wan.link("core-9-core-1").isEmpty());
    }

    @Test
    void linksAndAccessPointsBookAsResources() {
        WanTopology wan = DemoNetwork.wan();
        assertEquals(new Resource("core-1-core-3", Resource.LINK, 2500), wan.link("core-1-core-3").orElseThrow().resource());
        assertEquals(new Resource("core-1:GigabitEthernet3/0", Resource.ACCESS_POINT, 1000),
                wan.accessPoint("site-a").orElseThrow().resource());
    }
}
