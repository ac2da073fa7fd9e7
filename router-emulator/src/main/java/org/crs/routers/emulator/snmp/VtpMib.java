package org.crs.routers.emulator.snmp;

import static org.crs.routers.emulator.snmp.MibModule.oid;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Vlan;
import org.crs.routers.emulator.device.VtpEditBuffer;
import org.crs.routers.emulator.device.VtpEditBuffer.EditRefused;
import org.crs.routers.emulator.device.VtpEditBuffer.RowState;
import org.crs.routers.emulator.device.VtpEditBuffer.VlanType;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.SMIConstants;
import org.snmp4j.smi.UnsignedInteger32;
import org.snmp4j.smi.Variable;

/**
 * CISCO-VTP-MIB for management domain 1: the VLAN table, the edit buffer through which
 * managers create and delete VLANs ({@link VtpEditBuffer}), and the allowed-VLAN bitmaps
 * of trunk ports. Served on the 7600 only.
 */
final class VtpMib implements MibModule {

    static final OID VTP_VLAN_ENTRY = new OID("1.3.6.1.4.1.9.9.46.1.3.1.1");
    static final int VLAN_STATE = 2;
    static final int VLAN_TYPE = 3;
    static final int VLAN_NAME = 4;
    static final int VLAN_MTU = 5;
    static final int VLAN_DOT10_SAID = 6;

    static final OID EDIT_CONTROL_ENTRY = new OID("1.3.6.1.4.1.9.9.46.1.4.1.1");
    static final int EDIT_OPERATION = 1;
    static final int APPLY_STATUS = 2;
    static final int BUFFER_OWNER = 3;
    static final int EDIT_CONFIG_REV_NUMBER = 4;

    static final OID EDIT_ENTRY = new OID("1.3.6.1.4.1.9.9.46.1.4.2.1");
    static final int EDIT_STATE = 2;
    static final int EDIT_TYPE = 3;
    static final int EDIT_NAME = 4;
    static final int EDIT_MTU = 5;
    static final int EDIT_DOT10_SAID = 6;
    static final int EDIT_ROW_STATUS = 11;

    static final OID TRUNK_PORT_ENTRY = new OID("1.3.6.1.4.1.9.9.46.1.6.1.1");
    static final int TRUNK_MANAGEMENT_DOMAIN = 2;
    static final int TRUNK_ENCAPSULATION_TYPE = 3;
    static final int TRUNK_VLANS_ENABLED = 4;
    static final int TRUNK_NATIVE_VLAN = 5;
    static final int TRUNK_ROW_STATUS = 6;
    static final int TRUNK_DYNAMIC_STATUS = 14;
    static final int TRUNK_ENCAPSULATION_OPER_TYPE = 16;
    static final int TRUNK_VLANS_ENABLED_2K = 17;
    static final int TRUNK_VLANS_ENABLED_3K = 18;
    static final int TRUNK_VLANS_ENABLED_4K = 19;
    // Each bitmap column covers 1024 VLANs: VLANs 0-1023, 1024-2047, 2048-3071, 3072-4095.
    private static final int[] BITMAP_COLUMNS = {TRUNK_VLANS_ENABLED, TRUNK_VLANS_ENABLED_2K,
        TRUNK_VLANS_ENABLED_3K, TRUNK_VLANS_ENABLED_4K};
    private static final int BITMAP_BYTES = 128;

    /** The only VTP management domain a 7600 in transparent mode has. */
    static final int DOMAIN = 1;

    // vtpVlanEditOperation
    static final int NONE = 1;
    static final int COPY = 2;
    static final int APPLY = 3;
    static final int RELEASE = 4;
    static final int RESTART_TIMER = 5;

    // RowStatus (RFC 2579)
    static final int ACTIVE = 1;
    static final int NOT_IN_SERVICE = 2;
    static final int NOT_READY = 3;
    static final int CREATE_AND_GO = 4;
    static final int CREATE_AND_WAIT = 5;
    static final int DESTROY = 6;

    private static final int OPERATIONAL = 1;
    private static final int SUSPENDED = 2;
    private static final int DOT1Q = 4;
    private static final int NEGOTIATE = 5;
    private static final int TRUNKING = 1;

    private final Device device;

    VtpMib(Device device) {
        this.device = device;
    }

    @Override
    public List<OID> objects() {
        List<OID> objects = new ArrayList<>();
        for (int column = VLAN_STATE; column <= VLAN_DOT10_SAID; column++) {
            objects.add(oid(VTP_VLAN_ENTRY, column));
        }
        for (int column = EDIT_OPERATION; column <= EDIT_CONFIG_REV_NUMBER; column++) {
            objects.add(oid(EDIT_CONTROL_ENTRY, column));
        }
        for (int column : new int[] {EDIT_STATE, EDIT_TYPE, EDIT_NAME, EDIT_MTU, EDIT_DOT10_SAID, EDIT_ROW_STATUS}) {
            objects.add(oid(EDIT_ENTRY, column));
        }
        for (int column : new int[] {TRUNK_MANAGEMENT_DOMAIN, TRUNK_ENCAPSULATION_TYPE, TRUNK_VLANS_ENABLED,
            TRUNK_NATIVE_VLAN, TRUNK_ROW_STATUS, TRUNK_DYNAMIC_STATUS, TRUNK_ENCAPSULATION_OPER_TYPE,
            TRUNK_VLANS_ENABLED_2K, TRUNK_VLANS_ENABLED_3K, TRUNK_VLANS_ENABLED_4K}) {
            objects.add(oid(TRUNK_PORT_ENTRY, column));
        }
        return objects;
    }

    @Override
    public Map<OID, ColumnSetter> setters() {
        Map<OID, ColumnSetter> setters = new HashMap<>();
        setters.put(oid(EDIT_CONTROL_ENTRY, EDIT_OPERATION), this::setEditOperation);
        setters.put(oid(EDIT_CONTROL_ENTRY, BUFFER_OWNER), this::setBufferOwner);
        setters.put(oid(EDIT_CONTROL_ENTRY, EDIT_CONFIG_REV_NUMBER), this::setEditConfigRevNumber);
        setters.put(oid(EDIT_ENTRY, EDIT_ROW_STATUS), this::setEditRowStatus);
        setters.put(oid(EDIT_ENTRY, EDIT_STATE), this::setEditState);
        setters.put(oid(EDIT_ENTRY, EDIT_TYPE), this::setEditType);
        setters.put(oid(EDIT_ENTRY, EDIT_NAME), this::setEditName);
        setters.put(oid(EDIT_ENTRY, EDIT_MTU), this::setEditMtu);
        setters.put(oid(EDIT_ENTRY, EDIT_DOT10_SAID), this::setEditSaid);
        for (int block = 0; block < BITMAP_COLUMNS.length; block++) {
            int firstVlan = block * 1024;
            setters.put(oid(TRUNK_PORT_ENTRY, BITMAP_COLUMNS[block]),
                    (txn, index, value) -> setTrunkBitmap(txn, index, value, firstVlan));
        }
        return setters;
    }

    @Override
    public void addInstances(Map<OID, Variable> instances) {
        for (Vlan vlan : device.vlans().values()) {
            int v = vlan.id();
            instances.put(oid(VTP_VLAN_ENTRY, VLAN_STATE, DOMAIN, v), new Integer32(OPERATIONAL));
            instances.put(oid(VTP_VLAN_ENTRY, VLAN_TYPE, DOMAIN, v), typeValue(VtpEditBuffer.typeOf(v)));
            instances.put(oid(VTP_VLAN_ENTRY, VLAN_NAME, DOMAIN, v), new OctetString(vlan.name()));
            instances.put(oid(VTP_VLAN_ENTRY, VLAN_MTU, DOMAIN, v), new Integer32(VtpEditBuffer.MTU));
            instances.put(oid(VTP_VLAN_ENTRY, VLAN_DOT10_SAID, DOMAIN, v), said(v));
        }

        VtpEditBuffer buffer = device.vtpEditBuffer();
        // The operation reads as none: it is an action, not a state.
        instances.put(oid(EDIT_CONTROL_ENTRY, EDIT_OPERATION, DOMAIN), new Integer32(NONE));
        instances.put(oid(EDIT_CONTROL_ENTRY, APPLY_STATUS, DOMAIN),
                new Integer32(applyStatusValue(buffer.applyStatus())));
        instances.put(oid(EDIT_CONTROL_ENTRY, BUFFER_OWNER, DOMAIN), new OctetString(buffer.owner()));
        instances.put(oid(EDIT_CONTROL_ENTRY, EDIT_CONFIG_REV_NUMBER, DOMAIN),
                new UnsignedInteger32(buffer.inUse() ? buffer.editConfigRevision() : 0));
        for (VtpEditBuffer.Row row : buffer.rows().values()) {
            int v = row.vlan();
            instances.put(oid(EDIT_ENTRY, EDIT_STATE, DOMAIN, v), new Integer32(OPERATIONAL));
            instances.put(oid(EDIT_ENTRY, EDIT_TYPE, DOMAIN, v), typeValue(row.type()));
            instances.put(oid(EDIT_ENTRY, EDIT_NAME, DOMAIN, v), new OctetString(row.name()));
            instances.put(oid(EDIT_ENTRY, EDIT_MTU, DOMAIN, v), new Integer32(VtpEditBuffer.MTU));
            instances.put(oid(EDIT_ENTRY, EDIT_DOT10_SAID, DOMAIN, v), said(v));
            instances.put(oid(EDIT_ENTRY, EDIT_ROW_STATUS, DOMAIN, v),
                    new Integer32(row.state() == RowState.ACTIVE ? ACTIVE : NOT_IN_SERVICE));
        }

        for (Interface port : device.interfaces()) {
            if (!isTrunk(port)) {
                continue;
            }
            int i = port.ifIndex();
            int encapsulation = port.trunkEncapsulationDot1q() ? DOT1Q : NEGOTIATE;
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_MANAGEMENT_DOMAIN, i), new Integer32(DOMAIN));
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_ENCAPSULATION_TYPE, i), new Integer32(encapsulation));
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_NATIVE_VLAN, i), new Integer32(1));
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_ROW_STATUS, i), new Integer32(ACTIVE));
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_DYNAMIC_STATUS, i), new Integer32(TRUNKING));
            // A 7600 trunk that was not told otherwise negotiates to 802.1Q.
            instances.put(oid(TRUNK_PORT_ENTRY, TRUNK_ENCAPSULATION_OPER_TYPE, i), new Integer32(DOT1Q));
            for (int block = 0; block < BITMAP_COLUMNS.length; block++) {
                instances.put(oid(TRUNK_PORT_ENTRY, BITMAP_COLUMNS[block], i), bitmap(port, block * 1024));
            }
        }
    }

    static boolean isTrunk(Interface port) {
        return port.switchport() && port.switchportMode() == Interface.SwitchportMode.TRUNK;
    }

    private static int applyStatusValue(VtpEditBuffer.ApplyStatus status) {
        return switch (status) {
            case IN_PROGRESS -> 1;
            case SUCCEEDED -> 2;
            case CONFIG_NUMBER_ERROR -> 3;
            case INCONSISTENT_EDIT -> 4;
        };
    }

    // ethernet(1), fddi(2), tokenRing(3), fddiNet(4), trNet(5): the enum's order.
    private static Integer32 typeValue(VlanType type) {
        return new Integer32(type.ordinal() + 1);
    }

    /** vtpVlanDot10Said: the SAID as four bytes, big-endian (VLAN 1234 gives 00 01 8B 72). */
    static OctetString said(int vlan) {
        long said = VtpEditBuffer.defaultSaid(vlan);
        return new OctetString(new byte[] {(byte) (said >> 24), (byte) (said >> 16), (byte) (said >> 8), (byte) said});
    }

    /** VLAN n of the 1024 from {@code firstVlan} is bit 0x80 >> (n % 8) of byte n / 8; null in the model means all of 1-4094. */
    static OctetString bitmap(Interface port, int firstVlan) {
        byte[] bytes = new byte[BITMAP_BYTES];
        for (int n = 0; n < 1024; n++) {
            int vlan = firstVlan + n;
            if (vlan >= Vlan.MIN && vlan <= Vlan.MAX && port.trunkAllows(vlan)) {
                bytes[n / 8] |= (byte) (0x80 >> (n % 8));
            }
        }
        return new OctetString(bytes);
    }

    // --- SET handlers ---------------------------------------------------------------------

    private void setEditOperation(SetTransaction txn, OID index, Variable value) throws SetError {
        requireDomain(index);
        int operation = SetError.integer(value);
        VtpEditBuffer buffer = txn.vtpBuffer();
        try {
            switch (operation) {
                case NONE -> { }
                case COPY -> buffer.copy(ownerInSameRequest(txn), txn.stagedVlans());
                case APPLY -> buffer.apply(txn.stagedVlans());
                case RELEASE -> buffer.release();
                case RESTART_TIMER -> buffer.restartTimer();
                default -> throw new SetError(PDU.wrongValue, "no edit operation " + operation);
            }
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    // The owner a manager sets in the same PDU as copy names who takes the buffer.
    private static String ownerInSameRequest(SetTransaction txn) {
        Variable owner = txn.otherValue(oid(EDIT_CONTROL_ENTRY, BUFFER_OWNER, DOMAIN));
        return owner instanceof OctetString s ? new String(s.getValue(), StandardCharsets.US_ASCII) : "";
    }

    private void setBufferOwner(SetTransaction txn, OID index, Variable value) throws SetError {
        requireDomain(index);
        String owner = SetError.displayString(value, 0, 127);
        Variable operation = txn.otherValue(oid(EDIT_CONTROL_ENTRY, EDIT_OPERATION, DOMAIN));
        if (operation instanceof Integer32 op && op.getValue() == COPY) {
            return; // the copy in this request takes the buffer for this owner
        }
        try {
            txn.vtpBuffer().setOwner(owner);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditConfigRevNumber(SetTransaction txn, OID index, Variable value) throws SetError {
        requireDomain(index);
        if (value.getSyntax() != SMIConstants.SYNTAX_UNSIGNED_INTEGER32) {
            throw new SetError(PDU.wrongType, "expected an Unsigned32");
        }
        try {
            txn.vtpBuffer().setEditConfigRevision(((UnsignedInteger32) value).getValue());
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditRowStatus(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        int status = SetError.integer(value);
        VtpEditBuffer buffer = txn.vtpBuffer();
        try {
            switch (status) {
                case CREATE_AND_GO, CREATE_AND_WAIT -> {
                    if (status == CREATE_AND_GO && buffer.inUse()) {
                        requireNewRowColumns(txn, vlan);
                    }
                    if (!txn.takeCreatedEarly(vlan)) {
                        buffer.createRow(vlan, status == CREATE_AND_GO ? RowState.ACTIVE : RowState.NOT_IN_SERVICE);
                    }
                }
                case ACTIVE, NOT_IN_SERVICE -> {
                    if (buffer.inUse() && !buffer.rows().containsKey(vlan)) {
                        // RFC 2579: active or notInService on a row that does not exist.
                        throw new SetError(PDU.inconsistentValue, "no VLAN " + vlan + " in the edit buffer");
                    }
                    buffer.setRowState(vlan, status == ACTIVE ? RowState.ACTIVE : RowState.NOT_IN_SERVICE);
                }
                case DESTROY -> buffer.destroyRow(vlan);
                default -> throw new SetError(PDU.wrongValue, "RowStatus " + status + " cannot be written");
            }
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    /**
     * IOS takes a new edit-buffer row only with its type, name and 802.10 SAID in the same
     * request as its createAndGo (Cisco's VTP MIB procedure); a createAndGo without them is
     * inconsistentValue, as on the router. createAndWait takes the columns in later requests.
     */
    private static void requireNewRowColumns(SetTransaction txn, int vlan) throws SetError {
        for (int column : new int[] {EDIT_TYPE, EDIT_NAME, EDIT_DOT10_SAID}) {
            if (txn.otherValue(oid(EDIT_ENTRY, column, DOMAIN, vlan)) == null) {
                throw new SetError(PDU.inconsistentValue, "createAndGo of VLAN " + vlan + " needs vtpVlanEditType,"
                        + " vtpVlanEditName and vtpVlanEditDot10Said in the same request");
            }
        }
    }

    private void setEditState(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        int state = SetError.integer(value);
        if (state != OPERATIONAL && state != SUSPENDED) {
            throw new SetError(PDU.wrongValue, "vtpVlanEditState must be operational(1) or suspended(2)");
        }
        try {
            rowForColumn(txn, vlan).setSuspended(vlan, state == SUSPENDED);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditType(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        int type = SetError.integer(value);
        if (type < 1 || type > VlanType.values().length) {
            throw new SetError(PDU.wrongValue, "no VLAN type " + type);
        }
        try {
            rowForColumn(txn, vlan).setType(vlan, VlanType.values()[type - 1]);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditName(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        String name = SetError.displayString(value, 1, 32);
        try {
            rowForColumn(txn, vlan).setName(vlan, name);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditMtu(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        int mtu = SetError.integer(value);
        if (mtu < 1500 || mtu > 18190) {
            throw new SetError(PDU.wrongValue, "vtpVlanEditMtu is 1500..18190");
        }
        try {
            rowForColumn(txn, vlan).setMtu(vlan, mtu);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    private void setEditSaid(SetTransaction txn, OID index, Variable value) throws SetError {
        int vlan = editVlan(index);
        byte[] b = SetError.octets(value, 4, 4).getValue();
        long said = ((b[0] & 0xFFL) << 24) | ((b[1] & 0xFFL) << 16) | ((b[2] & 0xFFL) << 8) | (b[3] & 0xFFL);
        try {
            rowForColumn(txn, vlan).setSaid(vlan, said);
        } catch (EditRefused e) {
            throw refused(e);
        }
    }

    /**
     * The staged buffer, with the row for {@code vlan} created first when this request creates
     * it in a later varbind: managers send the columns of a new row and its RowStatus in any order.
     */
    private static VtpEditBuffer rowForColumn(SetTransaction txn, int vlan) throws EditRefused {
        VtpEditBuffer buffer = txn.vtpBuffer();
        if (buffer.inUse() && !buffer.rows().containsKey(vlan)) {
            Variable later = txn.laterValue(oid(EDIT_ENTRY, EDIT_ROW_STATUS, DOMAIN, vlan));
            if (later instanceof Integer32 status
                    && (status.getValue() == CREATE_AND_GO || status.getValue() == CREATE_AND_WAIT)) {
                buffer.createRow(vlan, status.getValue() == CREATE_AND_GO ? RowState.ACTIVE : RowState.NOT_IN_SERVICE);
                txn.markCreatedEarly(vlan);
            }
        }
        return buffer;
    }

    private void setTrunkBitmap(SetTransaction txn, OID index, Variable value, int firstVlan) throws SetError {
        Interface port = null;
        if (index.size() == 1) {
            Optional<Interface> found = device.interfaceByIndex(index.get(0));
            if (found.isPresent() && isTrunk(found.get())) {
                port = found.get();
            }
        }
        if (port == null) {
            throw new SetError(PDU.noCreation, "ifIndex " + index + " is not a trunk port");
        }
        // Shorter strings leave the missing VLANs disallowed, as the MIB allows lengths 0..128.
        byte[] bytes = SetError.octets(value, 0, BITMAP_BYTES).getValue();
        txn.add(Change.updating(port::trunkAllowed, port::setTrunkAllowed, old -> merge(old, bytes, firstVlan)));
    }

    /**
     * The allowed set with the 1024 VLANs from {@code firstVlan} replaced by the bitmap; VLANs 0
     * and 4095 are not real VLANs and are ignored. A full 1-4094 becomes null: IOS's default "all".
     */
    static BitSet merge(BitSet old, byte[] bytes, int firstVlan) {
        BitSet allowed = old == null ? allVlans() : old;
        for (int n = 0; n < 1024; n++) {
            int vlan = firstVlan + n;
            if (vlan < Vlan.MIN || vlan > Vlan.MAX) {
                continue;
            }
            boolean on = n / 8 < bytes.length && (bytes[n / 8] & (0x80 >> (n % 8))) != 0;
            allowed.set(vlan, on);
        }
        return allowed.equals(allVlans()) ? null : allowed;
    }

    private static BitSet allVlans() {
        BitSet all = new BitSet();
        all.set(Vlan.MIN, Vlan.MAX + 1);
        return all;
    }

    private static void requireDomain(OID index) throws SetError {
        if (index.size() != 1 || index.get(0) != DOMAIN) {
            throw new SetError(PDU.noCreation, "only management domain 1 exists");
        }
    }

    private static int editVlan(OID index) throws SetError {
        if (index.size() != 2 || index.get(0) != DOMAIN) {
            throw new SetError(PDU.noCreation, "edit rows are indexed by domain 1 and a VLAN id");
        }
        int vlan = index.get(1);
        if (vlan < Vlan.MIN || vlan > Vlan.MAX) {
            throw new SetError(PDU.noCreation, "VLAN " + index.get(1) + " is outside 1-4094");
        }
        return vlan;
    }

    /** The SNMP error status for a refusal of the edit buffer. */
    private static SetError refused(EditRefused e) {
        int status = switch (e.refusal()) {
            case NOT_COPIED, IN_USE, ROW_EXISTS, BUILT_IN -> PDU.inconsistentValue;
            case NO_SUCH_ROW, BAD_VLAN -> PDU.noCreation;
            case BAD_VALUE -> PDU.wrongValue;
        };
        return new SetError(status, e.getMessage());
    }
}
