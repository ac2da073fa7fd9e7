package org.crs.bar.nsi.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;
import org.junit.jupiter.api.Test;

class SiteStpsTest {

    static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";
    static final HandOff TO_DOMAIN_C = new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/1", 10000,
            new VlanRange(3000, 3099));
    static final HandOffPeer DOMAIN_C = new HandOffPeer("to-domain-c",
            Stp.parse("urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a"),
            "urn:ogf:network:domain-c.crs.example:2026:nsa");

    static CampusTopology campus(HandOff... handOffs) {
        return new CampusTopology("site-a", List.of(new EdgeRouter("edge-a")),
                List.of(new HostPort("host-a1", "edge-a", "GigabitEthernet1/1", 1000),
                        new HostPort("host-a2", "edge-a", "GigabitEthernet1/2", 500)),
                List.of(new Uplink("edge-a", "TenGigabitEthernet2/1", "site-a", 10000)), new VlanRange(1000, 1999),
                List.of(handOffs));
    }

    static NsiNetwork network(HandOffPeer... peers) {
        return new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of(peers));
    }

    static SiteStps siteA() {
        return SiteStps.of(campus(TO_DOMAIN_C), network(DOMAIN_C));
    }

    @Test
    void theNetworkAndNsaIdsFollowTheDomainAndYear() {
        assertEquals(NETWORK, network().networkId());
        assertEquals("urn:ogf:network:site-a.crs.example:2026:nsa", network().nsaId());
    }

    @Test
    void everyHostPortThenEveryHandOffIsAnStpWithItsCapacity() {
        List<SiteStp> stps = siteA().list();

        assertEquals(List.of(NETWORK + ":host-a1", NETWORK + ":host-a2", NETWORK + ":to-domain-c?vlan=3000-3099"),
                stps.stream().map(s -> s.stp().toString()).toList());
        assertEquals(List.of(1000L, 500L, 10000L), stps.stream().map(SiteStp::capacityMbps).toList());
        assertEquals(List.of("host-a1", "host-a2", "to-domain-c"), stps.stream().map(SiteStp::endpoint).toList());
        SiteStp.HandOffStp handOff = assertInstanceOf(SiteStp.HandOffStp.class, stps.get(2));
        assertEquals(Optional.of(DOMAIN_C), handOff.peer());
    }

    @Test
    void aHandOffWithoutAPeerIsPublishedWithoutOne() {
        SiteStps stps = SiteStps.of(campus(TO_DOMAIN_C), network());

        assertEquals(Optional.empty(), stps.handOffs().get(0).peer());
    }

    @Test
    void aHostStpWithoutLabelIsItsHost() {
        StpResolution.Found found = assertInstanceOf(StpResolution.Found.class, siteA().resolve(NETWORK + ":host-a2"));

        assertEquals("host-a2", found.endpoint());
        assertEquals(Optional.empty(), found.vlans());
    }

    @Test
    void aHandOffStpWithoutLabelLeavesItsWholeRange() {
        StpResolution.Found found = assertInstanceOf(StpResolution.Found.class, siteA().resolve(NETWORK + ":to-domain-c"));

        assertEquals("to-domain-c", found.endpoint());
        assertEquals(Optional.of(VlanLabels.parse("3000-3099")), found.vlans());
    }

    @Test
    void aHandOffLabelIsNarrowedToTheRange() {
        StpResolution.Found single = assertInstanceOf(StpResolution.Found.class,
                siteA().resolve(NETWORK + ":to-domain-c?vlan=3042"));
        StpResolution.Found partly = assertInstanceOf(StpResolution.Found.class,
                siteA().resolve(NETWORK + ":to-domain-c?vlan=2990-3001,3098-3200"));

        assertEquals(Optional.of(VlanLabels.single(3042)), single.vlans());
        assertEquals(Optional.of(VlanLabels.parse("3000-3001,3098-3099")), partly.vlans());
    }

    @Test
    void aLabelWithNoVlanOfTheHandOffsRangeIsStpUnavailable() {
        assertRefused(NsiErrorId.STP_UNAVAILABLE, siteA().resolve(NETWORK + ":to-domain-c?vlan=1500"));
    }

    @Test
    void aLabelThatCannotBeReadIsInvalidLabelFormat() {
        assertRefused(NsiErrorId.INVALID_LABEL_FORMAT, siteA().resolve(NETWORK + ":to-domain-c?vlan=30x0"));
        assertRefused(NsiErrorId.INVALID_LABEL_FORMAT, siteA().resolve(NETWORK + ":to-domain-c?mpls=16"));
    }

    @Test
    void aLabelOnAnUntaggedHostPortIsInvalidLabelFormat() {
        assertRefused(NsiErrorId.INVALID_LABEL_FORMAT, siteA().resolve(NETWORK + ":host-a1?vlan=1000"));
    }

    @Test
    void anStpOfAnotherNetworkOrNoSuchPortIsUnknown() {
        assertRefused(NsiErrorId.UNKNOWN_STP, siteA().resolve("urn:ogf:network:domain-c.crs.example:2026:topology:host-a1"));
        assertRefused(NsiErrorId.UNKNOWN_STP, siteA().resolve(NETWORK + ":host-a9"));
        assertRefused(NsiErrorId.UNKNOWN_STP, siteA().resolve(NETWORK + ":site-a"));
        assertRefused(NsiErrorId.UNKNOWN_STP, siteA().resolve("host-a1"));
    }

    @Test
    void aPeerForAHandOffTheCampusHasNotFailsNamingTheStp() {
        HandOffPeer stray = new HandOffPeer("to-domain-d", Stp.parse("urn:ogf:network:domain-d.example:2026:topology:x"),
                "urn:ogf:network:domain-d.example:2026:nsa");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SiteStps.of(campus(TO_DOMAIN_C), network(DOMAIN_C, stray)));

        assertTrue(refused.getMessage().contains("STP " + NETWORK + ":to-domain-d (nsi.handOffs port to-domain-d) is no"
                + " hand-off of campus site-a, which has to-domain-c"), refused.getMessage());
    }

    @Test
    void aPortListedTwiceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> network(DOMAIN_C, DOMAIN_C));
    }

    private static void assertRefused(NsiErrorId errorId, StpResolution resolution) {
        StpResolution.Refused refused = assertInstanceOf(StpResolution.Refused.class, resolution);
        assertEquals(errorId, refused.errorId(), refused.text());
    }
}
