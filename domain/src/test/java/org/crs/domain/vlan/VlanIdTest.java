package org.crs.domain.vlan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VlanIdTest {

    @Test
    void aVlanIdIsOneTo4094() {
        assertEquals(1, new VlanId(1).value());
        assertEquals(4094, new VlanId(4094).value());
        assertThrows(IllegalArgumentException.class, () -> new VlanId(0));
        assertThrows(IllegalArgumentException.class, () -> new VlanId(4095));
    }

    @Test
    void theDefaultVlanCannotCarryACircuit() {
        assertFalse(VlanId.canCarryCircuit(1));
        assertTrue(VlanId.canCarryCircuit(2));
    }

    @Test
    void iosReservesTenTwoToTenFive() {
        assertTrue(VlanId.canCarryCircuit(1001));
        assertFalse(VlanId.canCarryCircuit(1002));
        assertFalse(VlanId.canCarryCircuit(1005));
        assertTrue(VlanId.canCarryCircuit(1006));
        assertTrue(new VlanId(1003).isReserved());
    }

    @Test
    void numbersOutsideTheIdsCarryNothing() {
        assertFalse(VlanId.canCarryCircuit(0));
        assertFalse(VlanId.canCarryCircuit(4095));
        assertFalse(VlanId.canCarryCircuit(-5));
    }

    @Test
    void aCircuitVlanIsRefusedNamingWhatItIs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VlanId.forCircuit(1004, "vlan"));
        assertTrue(e.getMessage().startsWith("vlan "), e.getMessage());
        assertEquals(new VlanId(4094), VlanId.forCircuit(4094, "vlan"));
    }
}
