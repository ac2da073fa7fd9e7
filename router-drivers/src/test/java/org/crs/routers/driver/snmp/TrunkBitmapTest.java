package org.crs.routers.driver.snmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;

/**
 * Where a VLAN's bit is in the CISCO-VTP-MIB trunk bitmaps, and how it is set and cleared,
 * checked without an agent.
 */
class TrunkBitmapTest {

    @Test
    void vlanBitIsByteNOver8MaskedFromTheHighBit() {
        byte[] empty = new byte[128];

        byte[] with10 = TrunkBitmap.withBit(empty, 10, true);
        assertEquals((byte) 0x20, with10[1]);
        assertTrue(TrunkBitmap.isSet(with10, 10));
        assertFalse(TrunkBitmap.isSet(with10, 11));

        // VLAN 1234 lives in the 2k column as bit 210: byte 26, mask 0x80 >> 2.
        byte[] with1234 = TrunkBitmap.withBit(empty, 1234, true);
        assertEquals((byte) 0x20, with1234[26]);
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.17.7", TrunkBitmap.columnOid(1234, 7).toDottedString());
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.4.7", TrunkBitmap.columnOid(1023, 7).toDottedString());
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.19.7", TrunkBitmap.columnOid(4094, 7).toDottedString());

        assertArrayEquals(empty, TrunkBitmap.withBit(with1234, 1234, false));
    }

    // --- where a VLAN's bit is, at the edges of the columns ----------------------------------

    @Test
    void vlan1IsTheSecondBitOfTheFirstColumn() {
        assertVlanIsTheOnlyBit(1, "4", 0, 0x40);
    }

    @Test
    void vlan1023IsTheLastBitOfTheFirstColumn() {
        assertVlanIsTheOnlyBit(1023, "4", 127, 0x01);
    }

    @Test
    void vlan1024IsTheFirstBitOfThe2kColumn() {
        assertVlanIsTheOnlyBit(1024, "17", 0, 0x80);
    }

    @Test
    void vlan2047IsTheLastBitOfThe2kColumn() {
        assertVlanIsTheOnlyBit(2047, "17", 127, 0x01);
    }

    @Test
    void vlan2048IsTheFirstBitOfThe3kColumn() {
        assertVlanIsTheOnlyBit(2048, "18", 0, 0x80);
    }

    @Test
    void vlan4094IsTheNextToLastBitOfThe4kColumn() {
        assertVlanIsTheOnlyBit(4094, "19", 127, 0x02);
    }

    /**
     * Setting the VLAN in an empty bitmap sets exactly one bit, of the given byte and mask, in
     * the column vlanTrunkPortVlansEnabled* whose OID ends with {@code column}; clearing it
     * gives the empty bitmap back.
     */
    private static void assertVlanIsTheOnlyBit(int vlan, String column, int byteIndex, int mask) {
        byte[] expected = new byte[128];
        expected[byteIndex] = (byte) mask;

        byte[] set = TrunkBitmap.withBit(new byte[128], vlan, true);

        assertArrayEquals(expected, set);
        assertTrue(TrunkBitmap.isSet(set, vlan));
        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1." + column + ".7", TrunkBitmap.columnOid(vlan, 7).toDottedString());
        assertArrayEquals(new byte[128], TrunkBitmap.withBit(set, vlan, false));
    }

    // --- read-modify-write ------------------------------------------------------------------

    @Test
    void clearingAndSettingAVlanLeavesEveryOtherVlanOfTheColumnAsItWas() {
        byte[] all = new byte[128];
        Arrays.fill(all, (byte) 0xFF);
        byte[] allBut2047 = all.clone();
        allBut2047[127] = (byte) 0xFE;

        byte[] cleared = TrunkBitmap.withBit(all, 2047, false);

        assertArrayEquals(allBut2047, cleared);
        assertFalse(TrunkBitmap.isSet(cleared, 2047));
        assertTrue(TrunkBitmap.isSet(cleared, 2046));
        assertArrayEquals(all, TrunkBitmap.withBit(cleared, 2047, true));
    }

    @Test
    void withBitReturnsACopyAndLeavesTheBitmapItIsGivenAlone() {
        byte[] empty = new byte[128];

        TrunkBitmap.withBit(empty, 1234, true);

        assertArrayEquals(new byte[128], empty);
    }

    @Test
    void aBitmapTheAgentSendsWithoutItsTrailingZerosIsPaddedTo128Bytes() {
        byte[] expected = new byte[128];
        expected[0] = (byte) 0x80;
        expected[1] = 0x01;

        assertArrayEquals(expected, TrunkBitmap.of(new OctetString(new byte[] {(byte) 0x80, 0x01})));
    }

    @Test
    void aValueThatIsNotAnOctetStringReadsAsNoVlanAllowed() {
        assertArrayEquals(new byte[128], TrunkBitmap.of(new Integer32(5)));
    }

    @Test
    void theColumnOfAVlanIsACopyThatTheCallerMayExtend() {
        OID column = TrunkBitmap.column(1234);

        column.append(7);

        assertEquals("1.3.6.1.4.1.9.9.46.1.6.1.1.17", CiscoVlanMibs.VLAN_TRUNK_PORT_VLANS_ENABLED_2K.toDottedString());
    }
}
