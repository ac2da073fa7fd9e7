package org.crs.domain.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class StpTest {

    private static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";

    @Test
    void theNetworkIdIsEverythingBeforeTheLastColon() {
        Stp stp = Stp.parse(NETWORK + ":host-a1");
        assertEquals(NETWORK, stp.networkId());
        assertEquals("host-a1", stp.localId());
        assertEquals(Optional.empty(), stp.vlans());
    }

    @Test
    void aVlanLabelOfValuesAndRangesIsRead() {
        Stp stp = Stp.parse(NETWORK + ":to-domain-c?vlan=3000-3010,3020");
        assertTrue(stp.vlans().orElseThrow().contains(3005));
        assertTrue(stp.vlans().orElseThrow().contains(3020));
        assertFalse(stp.vlans().orElseThrow().contains(3015));
        assertEquals(NETWORK + ":to-domain-c?vlan=3000-3010,3020", stp.toString());
    }

    @Test
    void aSingleVlanIsTheLabelsOnlyValue() {
        assertEquals(Optional.of(3005), Stp.parse(NETWORK + ":p?vlan=3005").vlans().orElseThrow().single());
        assertEquals(Optional.empty(), Stp.parse(NETWORK + ":p?vlan=3005-3006").vlans().orElseThrow().single());
    }

    @Test
    void withVlanKeepsThePortAndNamesOneVlan() {
        Stp stp = Stp.parse(NETWORK + ":p?vlan=3000-3010").withVlan(3004);
        assertEquals(NETWORK + ":p?vlan=3004", stp.toString());
        assertEquals(NETWORK + ":p", stp.portId());
    }

    @Test
    void anIdOutsideTheOgfNamespaceIsNotAnStp() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Stp.parse("host-a1"));
        assertFalse(Stp.isBadLabel(e));
        assertThrows(IllegalArgumentException.class, () -> Stp.parse("urn:ogf:network:"));
        assertThrows(IllegalArgumentException.class, () -> Stp.parse(NETWORK + ":"));
    }

    @Test
    void aMalformedLabelIsABadLabelNotABadId() {
        for (String label : new String[] {"?vlan=", "?vlan=abc", "?vlan=10-5", "?vlan=4095", "?vlan=1", "?mpls=5",
                "?vlan=3010,3000"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Stp.parse(NETWORK + ":p"
                    + label), label);
            assertTrue(Stp.isBadLabel(e), label);
        }
    }

    @Test
    void labelsIntersect() {
        VlanLabels a = VlanLabels.parse("1000-1010,1020-1030");
        VlanLabels b = VlanLabels.parse("1005-1025");
        assertEquals("1005-1010,1020-1025", a.intersection(b).orElseThrow().toString());
        assertEquals(Optional.empty(), a.intersection(VlanLabels.parse("2000")));
        assertTrue(VlanLabels.parse("1005-1006").within(a));
        assertFalse(b.within(a));
    }
}
