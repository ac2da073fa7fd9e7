package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;

import org.crs.routers.driver.cli.IosLines.BandwidthPool;
import org.crs.routers.driver.cli.IosLines.TeBandwidth;
import org.crs.routers.driver.cli.IosLines.Xconnect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The lines the drivers verify, read by meaning in every form IOS shows them. */
class IosLinesTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "xconnect 10.0.0.9 42 encapsulation mpls pw-class LP-42",
        "xconnect 10.0.0.9 42 pw-class LP-42 encapsulation mpls",
        "xconnect  10.0.0.9  42  encapsulation mpls  pw-class LP-42",
        "xconnect 10.0.0.9 42 pw-class LP-42",
    })
    void theSentXconnectIsRecognisedInEachForm(String line) {
        assertTrue(Xconnect.parse(line).orElseThrow().isMplsTo("10.0.0.9", 42, "LP-42"), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "xconnect 10.0.0.8 42 encapsulation mpls pw-class LP-42",
        "xconnect 10.0.0.9 43 encapsulation mpls pw-class LP-42",
        "xconnect 10.0.0.9 42 encapsulation l2tpv3 pw-class LP-42",
        "xconnect 10.0.0.9 42 encapsulation mpls",
    })
    void anotherPeerVcEncapsulationOrClassIsNot(String line) {
        assertFalse(Xconnect.parse(line).orElseThrow().isMplsTo("10.0.0.9", 42, "LP-42"), line);
    }

    @Test
    void tunnelBandwidthIsReadWhateverTheSpacingAndPool() {
        TeBandwidth global = new TeBandwidth(BandwidthPool.GLOBAL, 100_000);
        assertEquals(Optional.of(global), TeBandwidth.parse("tunnel mpls traffic-eng bandwidth 100000"));
        assertEquals(Optional.of(global), TeBandwidth.parse("tunnel mpls traffic-eng bandwidth  100000"));
        assertEquals(Optional.of(global), TeBandwidth.parse("tunnel mpls traffic-eng bandwidth global 100000"));
        assertEquals(Optional.of(new TeBandwidth(BandwidthPool.SUB_POOL, 100_000)),
                TeBandwidth.parse("tunnel mpls traffic-eng bandwidth sub-pool 100000"));
        assertTrue(TeBandwidth.parse("tunnel mpls traffic-eng path-option 1 explicit name LP-42").isEmpty());
        assertEquals(Optional.of(global), TeBandwidth.in(List.of("tunnel mode mpls traffic-eng",
                "tunnel mpls traffic-eng bandwidth  100000")));
    }

    @Test
    void explicitPathHopsAreReadInIndexOrderOrAsListed() {
        List<String> hops = List.of("10.0.0.5", "10.0.0.9");
        assertEquals(Optional.of(hops), IosLines.explicitPathHops(List.of("next-address 10.0.0.5",
                "next-address 10.0.0.9")));
        assertEquals(Optional.of(hops), IosLines.explicitPathHops(List.of("index 1 next-address 10.0.0.5",
                "index 2 next-address 10.0.0.9")));
        assertEquals(Optional.of(hops), IosLines.explicitPathHops(List.of("index 20 next-address 10.0.0.9",
                "index 10 next-address strict 10.0.0.5")));
        assertTrue(IosLines.explicitPathHops(List.of("index 1 next-address loose 10.0.0.5")).isEmpty());
        assertTrue(IosLines.explicitPathHops(List.of("index 1 exclude-address 10.0.0.5")).isEmpty());
    }

    @Test
    void vlanListsAreReadWithRangesAndTrunkListsAcrossContinuationLines() {
        BitSet expected = new BitSet();
        expected.set(1, 6);
        expected.set(100);
        expected.set(1234);
        assertEquals(expected, VlanLists.parse("1-5,100,1234"));
        assertEquals(expected, VlanLists.parse("1 - 5, 100 ,1234"));
        assertTrue(VlanLists.isList("2-10,1234"));
        assertFalse(VlanLists.isList("internal allocation policy ascending"));

        BitSet trunk = VlanLists.trunkAllowed(List.of("switchport trunk allowed vlan 1-5",
                "switchport trunk allowed vlan add 100", "switchport mode trunk",
                "switchport trunk allowed vlan add 1234")).orElseThrow();
        assertEquals(expected, trunk);
    }
}
