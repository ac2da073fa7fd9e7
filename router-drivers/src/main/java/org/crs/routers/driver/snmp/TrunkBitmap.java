package org.crs.routers.driver.snmp;

import static org.crs.routers.driver.snmp.CiscoVlanMibs.VLAN_TRUNK_PORT_VLANS_ENABLED;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VLAN_TRUNK_PORT_VLANS_ENABLED_2K;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VLAN_TRUNK_PORT_VLANS_ENABLED_3K;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VLAN_TRUNK_PORT_VLANS_ENABLED_4K;

import java.util.Arrays;

import org.crs.routers.driver.DriverException;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * The VLANs a trunk port allows, as CISCO-VTP-MIB holds them: four columns of 128-byte bitmaps,
 * vlanTrunkPortVlansEnabled for VLANs 0-1023 and the 2k, 3k and 4k columns for the next 1024
 * each. VLAN v is bit n = v mod 1024 of its column: byte n / 8, mask 0x80 >> n % 8.
 */
final class TrunkBitmap {

    /** Bytes in one column's bitmap. */
    static final int BYTES = 128;
    /** VLANs in one column. */
    static final int VLANS_PER_COLUMN = BYTES * 8;

    private TrunkBitmap() {
    }

    /** The column that holds this VLAN's bit (a fresh OID, so the caller may append to it). */
    static OID column(int vlan) {
        OID column = vlan < VLANS_PER_COLUMN ? VLAN_TRUNK_PORT_VLANS_ENABLED
                : vlan < 2 * VLANS_PER_COLUMN ? VLAN_TRUNK_PORT_VLANS_ENABLED_2K
                : vlan < 3 * VLANS_PER_COLUMN ? VLAN_TRUNK_PORT_VLANS_ENABLED_3K
                : VLAN_TRUNK_PORT_VLANS_ENABLED_4K;
        return new OID(column);
    }

    /** The object that holds this VLAN's bit for one port: its column, indexed by the port's ifIndex. */
    static OID columnOid(int vlan, int ifIndex) {
        return SnmpSession.oid(column(vlan), ifIndex);
    }

    /** Whether the VLAN's bit is set in its column's bitmap. */
    static boolean isSet(byte[] bitmap, int vlan) {
        int n = vlan % VLANS_PER_COLUMN;
        return (bitmap[n / 8] & mask(n)) != 0;
    }

    /** A copy of the bitmap, 128 bytes long, with the VLAN's bit set ({@code on}) or cleared. */
    static byte[] withBit(byte[] bitmap, int vlan, boolean on) {
        byte[] out = Arrays.copyOf(bitmap, BYTES);
        int n = vlan % VLANS_PER_COLUMN;
        if (on) {
            out[n / 8] |= (byte) mask(n);
        } else {
            out[n / 8] &= (byte) ~mask(n);
        }
        return out;
    }

    /** The mask of bit n within its byte: the first VLAN of a byte is its high bit. */
    private static int mask(int n) {
        return 0x80 >> (n % 8);
    }

    /** A bitmap as the agent sent it, padded to 128 bytes (agents may drop trailing zeros). */
    static byte[] of(Variable v) {
        byte[] raw = v instanceof OctetString s ? s.getValue() : new byte[0];
        return Arrays.copyOf(raw, BYTES);
    }

    /**
     * Allows ({@code on}) or disallows the VLAN on a trunk by read-modify-write of the one
     * bitmap that holds it, so the other VLANs stay as they are.
     *
     * @throws DriverException when the port has no such bitmap (it is not a trunk) or a request fails
     */
    static void set(SnmpSession s, int vlan, int trunkIfIndex, boolean on) throws DriverException {
        OID oid = columnOid(vlan, trunkIfIndex);
        VariableBinding current = s.get(oid);
        if (current.isException()) {
            throw new DriverException(s.router().name(), "get " + oid, "the port is not a trunk ("
                    + SnmpSession.describe(current) + ")", null);
        }
        s.set(new VariableBinding(oid, new OctetString(withBit(of(current.getVariable()), vlan, on))));
    }

    /** The first trunk port (ifIndex) whose bitmap allows the VLAN, or 0, by walking its column. */
    static int firstTrunkAllowing(SnmpSession s, int vlan) throws DriverException {
        for (VariableBinding vb : s.walk(column(vlan))) {
            if (isSet(of(vb.getVariable()), vlan)) {
                return vb.getOid().last();
            }
        }
        return 0;
    }
}
