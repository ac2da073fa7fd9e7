package org.crs.routers.driver.snmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The CISCO-VTP-MIB encodings the 7600 SNMP driver writes, checked without an agent. */
class TrunkBitmapTest {

    @Test
    void vlanBitIsByteNOver8MaskedFromTheHighBit() {
        byte[] empty = new byte[128];

        byte[] with10 = Cisco7600SnmpDriver.withBit(empty, 10, true);
        assertEquals((byte) 0x20, with10[1]);
        assertTrue(Cisco7600SnmpDriver.bitSet(with10, 10));
        assertFalse(Cisco7600SnmpDriver.bitSet(with10, 11));

        // VLAN 1234 lives in the 2k column as bit 210: byte 26, mask 0x80 >> 2.
        byte[] with1234 = Cisco7600SnmpDriver.withBit(empty, 1234, true);
        assertEquals((byte) 0x20, with1234[26]);
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.17.7", Cisco7600SnmpDriver.trunkColumnOid(1234, 7).toDottedString());
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.4.7", Cisco7600SnmpDriver.trunkColumnOid(1023, 7).toDottedString());
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.19.7", Cisco7600SnmpDriver.trunkColumnOid(4094, 7).toDottedString());

        assertArrayEquals(empty, Cisco7600SnmpDriver.withBit(with1234, 1234, false));
    }

    @Test
    void dot10SaidIs100000PlusTheVlanInFourBytes() {
        assertArrayEquals(new byte[] {0x00, 0x01, (byte) 0x8B, 0x72}, Cisco7600SnmpDriver.dot10Said(1234));
    }
}
