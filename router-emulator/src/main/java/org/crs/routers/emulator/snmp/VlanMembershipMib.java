package org.crs.routers.emulator.snmp;

import static org.crs.routers.emulator.snmp.MibModule.oid;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.Vlan;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/**
 * CISCO-VLAN-MEMBERSHIP-MIB vmMembershipTable: one row per access port. vmVlan is writable
 * and maps to {@code switchport access vlan}. Served on the 7600 only.
 */
final class VlanMembershipMib implements MibModule {

    static final OID VM_MEMBERSHIP_ENTRY = new OID("1.3.6.1.4.1.9.9.68.1.2.2.1");
    static final int VM_VLAN_TYPE = 1;
    static final int VM_VLAN = 2;
    static final int VM_PORT_STATUS = 3;

    private static final int STATIC = 1;
    private static final int INACTIVE = 1;
    private static final int ACTIVE = 2;
    private static final int SHUTDOWN = 3;

    private final Device device;

    VlanMembershipMib(Device device) {
        this.device = device;
    }

    @Override
    public List<OID> objects() {
        return List.of(oid(VM_MEMBERSHIP_ENTRY, VM_VLAN_TYPE), oid(VM_MEMBERSHIP_ENTRY, VM_VLAN),
                oid(VM_MEMBERSHIP_ENTRY, VM_PORT_STATUS));
    }

    @Override
    public Map<OID, ColumnSetter> setters() {
        return Map.of(oid(VM_MEMBERSHIP_ENTRY, VM_VLAN), this::setVmVlan);
    }

    @Override
    public void addInstances(Map<OID, Variable> instances) {
        for (Interface port : device.interfaces()) {
            if (!isAccessPort(port)) {
                continue;
            }
            int i = port.ifIndex();
            int status = port.shutdown() ? SHUTDOWN : device.vlans().containsKey(port.accessVlan()) ? ACTIVE : INACTIVE;
            instances.put(oid(VM_MEMBERSHIP_ENTRY, VM_VLAN_TYPE, i), new Integer32(STATIC));
            instances.put(oid(VM_MEMBERSHIP_ENTRY, VM_VLAN, i), new Integer32(port.accessVlan()));
            instances.put(oid(VM_MEMBERSHIP_ENTRY, VM_PORT_STATUS, i), new Integer32(status));
        }
    }

    private static boolean isAccessPort(Interface port) {
        return port.switchport() && port.switchportMode() == Interface.SwitchportMode.ACCESS;
    }

    private void setVmVlan(SetTransaction txn, OID index, Variable value) throws SetError {
        Interface port = null;
        if (index.size() == 1) {
            Optional<Interface> found = device.interfaceByIndex(index.get(0));
            if (found.isPresent() && isAccessPort(found.get())) {
                port = found.get();
            }
        }
        if (port == null) {
            throw new SetError(PDU.noCreation, "ifIndex " + index + " is not an access port");
        }
        int vlan = SetError.integer(value);
        if (vlan < Vlan.MIN || vlan > Vlan.MAX) {
            throw new SetError(PDU.wrongValue, "VLAN " + vlan + " is outside 1-4094");
        }
        if (!txn.vlans().containsKey(vlan)) {
            throw new SetError(PDU.inconsistentValue, "VLAN " + vlan + " does not exist");
        }
        txn.add(Change.setting(port::accessVlan, port::setAccessVlan, vlan));
    }
}
