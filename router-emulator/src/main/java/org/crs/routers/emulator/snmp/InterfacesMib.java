package org.crs.routers.emulator.snmp;

import static org.crs.routers.emulator.snmp.MibModule.oid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Interface;
import org.crs.routers.emulator.device.InterfaceName;
import org.snmp4j.PDU;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/**
 * IF-MIB (RFC 2863): ifNumber, ifTable and ifXTable. ifAdminStatus and ifAlias are writable
 * and map to {@code shutdown} and {@code description}.
 */
final class InterfacesMib implements MibModule {

    static final OID IF_NUMBER = new OID("1.3.6.1.2.1.2.1");
    static final OID IF_ENTRY = new OID("1.3.6.1.2.1.2.2.1");
    static final OID IF_X_ENTRY = new OID("1.3.6.1.2.1.31.1.1.1");

    static final int IF_INDEX = 1;
    static final int IF_DESCR = 2;
    static final int IF_TYPE = 3;
    static final int IF_MTU = 4;
    static final int IF_SPEED = 5;
    static final int IF_PHYS_ADDRESS = 6;
    static final int IF_ADMIN_STATUS = 7;
    static final int IF_OPER_STATUS = 8;
    static final int IF_LAST_CHANGE = 9;
    static final int IF_IN_OCTETS = 10;
    static final int IF_IN_UCAST_PKTS = 11;
    static final int IF_IN_DISCARDS = 13;
    static final int IF_IN_ERRORS = 14;
    static final int IF_IN_UNKNOWN_PROTOS = 15;
    static final int IF_OUT_OCTETS = 16;
    static final int IF_OUT_UCAST_PKTS = 17;
    static final int IF_OUT_DISCARDS = 19;
    static final int IF_OUT_ERRORS = 20;
    private static final int[] IF_COLUMNS = {IF_INDEX, IF_DESCR, IF_TYPE, IF_MTU, IF_SPEED, IF_PHYS_ADDRESS,
        IF_ADMIN_STATUS, IF_OPER_STATUS, IF_LAST_CHANGE, IF_IN_OCTETS, IF_IN_UCAST_PKTS, IF_IN_DISCARDS,
        IF_IN_ERRORS, IF_IN_UNKNOWN_PROTOS, IF_OUT_OCTETS, IF_OUT_UCAST_PKTS, IF_OUT_DISCARDS, IF_OUT_ERRORS};

    static final int IF_NAME = 1;
    static final int IF_IN_MULTICAST_PKTS = 2;
    static final int IF_IN_BROADCAST_PKTS = 3;
    static final int IF_OUT_MULTICAST_PKTS = 4;
    static final int IF_OUT_BROADCAST_PKTS = 5;
    static final int IF_HC_IN_OCTETS = 6;
    static final int IF_HC_IN_UCAST_PKTS = 7;
    static final int IF_HC_IN_MULTICAST_PKTS = 8;
    static final int IF_HC_IN_BROADCAST_PKTS = 9;
    static final int IF_HC_OUT_OCTETS = 10;
    static final int IF_HC_OUT_UCAST_PKTS = 11;
    static final int IF_HC_OUT_MULTICAST_PKTS = 12;
    static final int IF_HC_OUT_BROADCAST_PKTS = 13;
    static final int IF_LINK_UP_DOWN_TRAP_ENABLE = 14;
    static final int IF_HIGH_SPEED = 15;
    static final int IF_PROMISCUOUS_MODE = 16;
    static final int IF_CONNECTOR_PRESENT = 17;
    static final int IF_ALIAS = 18;
    static final int IF_COUNTER_DISCONTINUITY_TIME = 19;

    static final int UP = 1;
    static final int DOWN = 2;
    static final int TESTING = 3;
    private static final int TRUE = 1;
    private static final int FALSE = 2;

    // IANAifType values.
    static final int ETHERNET_CSMACD = 6;
    static final int SONET = 39;
    static final int PROP_VIRTUAL = 53;
    static final int SOFTWARE_LOOPBACK = 24;
    static final int TUNNEL = 131;
    static final int L2VLAN = 135;

    private final Device device;
    // ifOperStatus last seen per ifIndex and when it was first seen so, for ifLastChange:
    // the model keeps no such time, so the agent notes changes as it observes them.
    private final Map<Integer, LastChange> lastChanges = new HashMap<>();

    private record LastChange(int operStatus, TimeTicks at) {
    }

    InterfacesMib(Device device) {
        this.device = device;
    }

    @Override
    public List<OID> objects() {
        List<OID> objects = new ArrayList<>(List.of(IF_NUMBER));
        for (int column : IF_COLUMNS) {
            objects.add(oid(IF_ENTRY, column));
        }
        for (int column = IF_NAME; column <= IF_COUNTER_DISCONTINUITY_TIME; column++) {
            objects.add(oid(IF_X_ENTRY, column));
        }
        return objects;
    }

    @Override
    public Map<OID, ColumnSetter> setters() {
        return Map.of(
                oid(IF_ENTRY, IF_ADMIN_STATUS), this::setAdminStatus,
                oid(IF_X_ENTRY, IF_ALIAS), this::setAlias);
    }

    @Override
    public void addInstances(Map<OID, Variable> instances) {
        // Counters advance at the policed rate while a circuit is up: bring them to now.
        device.advanceTraffic();
        TimeTicks now = SystemMib.uptime(device);
        int count = 0;
        for (Interface port : device.interfaces()) {
            count++;
            int i = port.ifIndex();
            int oper = operStatus(port);
            LastChange last = lastChanges.get(i);
            if (last == null || last.operStatus() != oper) {
                last = new LastChange(oper, last == null ? new TimeTicks(0) : now);
                lastChanges.put(i, last);
            }
            instances.put(oid(IF_ENTRY, IF_INDEX, i), new Integer32(i));
            instances.put(oid(IF_ENTRY, IF_DESCR, i), new OctetString(port.fullName()));
            instances.put(oid(IF_ENTRY, IF_TYPE, i), new Integer32(ifType(port.name())));
            instances.put(oid(IF_ENTRY, IF_MTU, i), new Integer32(mtu(port.name())));
            instances.put(oid(IF_ENTRY, IF_SPEED, i), new Gauge32(Math.min(port.speedBps(), 0xFFFF_FFFFL)));
            instances.put(oid(IF_ENTRY, IF_PHYS_ADDRESS, i), physAddress(port));
            instances.put(oid(IF_ENTRY, IF_ADMIN_STATUS, i), new Integer32(port.shutdown() ? DOWN : UP));
            instances.put(oid(IF_ENTRY, IF_OPER_STATUS, i), new Integer32(oper));
            instances.put(oid(IF_ENTRY, IF_LAST_CHANGE, i), last.at());
            instances.put(oid(IF_ENTRY, IF_IN_OCTETS, i), counter32(port.inOctets()));
            instances.put(oid(IF_ENTRY, IF_IN_UCAST_PKTS, i), counter32(port.inPackets()));
            instances.put(oid(IF_ENTRY, IF_IN_DISCARDS, i), new Counter32(0));
            instances.put(oid(IF_ENTRY, IF_IN_ERRORS, i), counter32(port.inErrors()));
            instances.put(oid(IF_ENTRY, IF_IN_UNKNOWN_PROTOS, i), new Counter32(0));
            instances.put(oid(IF_ENTRY, IF_OUT_OCTETS, i), counter32(port.outOctets()));
            instances.put(oid(IF_ENTRY, IF_OUT_UCAST_PKTS, i), counter32(port.outPackets()));
            instances.put(oid(IF_ENTRY, IF_OUT_DISCARDS, i), counter32(port.outDiscards()));
            instances.put(oid(IF_ENTRY, IF_OUT_ERRORS, i), new Counter32(0));

            instances.put(oid(IF_X_ENTRY, IF_NAME, i), new OctetString(shortName(port.name())));
            for (int zero : new int[] {IF_IN_MULTICAST_PKTS, IF_IN_BROADCAST_PKTS, IF_OUT_MULTICAST_PKTS,
                IF_OUT_BROADCAST_PKTS}) {
                instances.put(oid(IF_X_ENTRY, zero, i), new Counter32(0));
            }
            instances.put(oid(IF_X_ENTRY, IF_HC_IN_OCTETS, i), new Counter64(port.inOctets()));
            instances.put(oid(IF_X_ENTRY, IF_HC_IN_UCAST_PKTS, i), new Counter64(port.inPackets()));
            instances.put(oid(IF_X_ENTRY, IF_HC_IN_MULTICAST_PKTS, i), new Counter64(0));
            instances.put(oid(IF_X_ENTRY, IF_HC_IN_BROADCAST_PKTS, i), new Counter64(0));
            instances.put(oid(IF_X_ENTRY, IF_HC_OUT_OCTETS, i), new Counter64(port.outOctets()));
            instances.put(oid(IF_X_ENTRY, IF_HC_OUT_UCAST_PKTS, i), new Counter64(port.outPackets()));
            instances.put(oid(IF_X_ENTRY, IF_HC_OUT_MULTICAST_PKTS, i), new Counter64(0));
            instances.put(oid(IF_X_ENTRY, IF_HC_OUT_BROADCAST_PKTS, i), new Counter64(0));
            instances.put(oid(IF_X_ENTRY, IF_LINK_UP_DOWN_TRAP_ENABLE, i), new Integer32(1));
            instances.put(oid(IF_X_ENTRY, IF_HIGH_SPEED, i), new Gauge32(port.speedBps() / 1_000_000));
            instances.put(oid(IF_X_ENTRY, IF_PROMISCUOUS_MODE, i), new Integer32(FALSE));
            boolean connector = port.name().isPhysical() && !port.name().isSubinterface();
            instances.put(oid(IF_X_ENTRY, IF_CONNECTOR_PRESENT, i), new Integer32(connector ? TRUE : FALSE));
            instances.put(oid(IF_X_ENTRY, IF_ALIAS, i),
                    new OctetString(port.description() == null ? "" : port.description()));
            instances.put(oid(IF_X_ENTRY, IF_COUNTER_DISCONTINUITY_TIME, i), new TimeTicks(0));
        }
        instances.put(oid(IF_NUMBER, 0), new Integer32(count));
    }

    /** up when not shut down; a subinterface also needs its parent port up. No cables are modelled. */
    int operStatus(Interface port) {
        if (port.shutdown()) {
            return DOWN;
        }
        if (port.name().isSubinterface()) {
            Optional<Interface> parent = device.interfaceNamed(port.name().parent());
            if (parent.isEmpty() || parent.get().shutdown()) {
                return DOWN;
            }
        }
        return UP;
    }

    static int ifType(InterfaceName name) {
        if (name.isSubinterface()) {
            return L2VLAN;
        }
        return switch (name.type()) {
            case "Loopback" -> SOFTWARE_LOOPBACK;
            case "Tunnel" -> TUNNEL;
            // IOS reports switch virtual interfaces as propVirtual.
            case "Vlan" -> PROP_VIRTUAL;
            case "POS" -> SONET;
            default -> ETHERNET_CSMACD;
        };
    }

    // The MTUs IOS shows by default.
    private static int mtu(InterfaceName name) {
        return switch (name.type()) {
            case "Loopback" -> 1514;
            case "POS" -> 4470;
            default -> 1500;
        };
    }

    /** ifName: IOS's short form, e.g. Gi1/1, Te2/1, Lo0, Tu42, Vl1234. */
    static String shortName(InterfaceName name) {
        String prefix = switch (name.type()) {
            case "Loopback" -> "Lo";
            case "Tunnel" -> "Tu";
            case "FastEthernet" -> "Fa";
            case "GigabitEthernet" -> "Gi";
            case "TenGigabitEthernet" -> "Te";
            case "POS" -> "PO";
            case "Vlan" -> "Vl";
            default -> name.type();
        };
        return prefix + name.number();
    }

    // A stable, locally administered MAC per router and ifIndex; loopbacks and tunnels have none.
    private OctetString physAddress(Interface port) {
        String type = port.name().type();
        if (type.equals("Loopback") || type.equals("Tunnel")) {
            return new OctetString();
        }
        int host = device.hostname().hashCode();
        int i = port.ifIndex();
        return new OctetString(new byte[] {0x02, 0x00, (byte) (host >> 8), (byte) host, (byte) (i >> 8), (byte) i});
    }

    private static Counter32 counter32(long value) {
        return new Counter32(value & 0xFFFF_FFFFL);
    }

    private Interface interfaceAt(OID index) throws SetError {
        if (index.size() == 1) {
            Optional<Interface> port = device.interfaceByIndex(index.get(0));
            if (port.isPresent()) {
                return port.get();
            }
        }
        throw new SetError(PDU.noCreation, "no interface with ifIndex " + index);
    }

    private void setAdminStatus(SetTransaction txn, OID index, Variable value) throws SetError {
        Interface port = interfaceAt(index);
        int status = SetError.integer(value);
        if (status != UP && status != DOWN) {
            // testing(3) is a valid enumeration, but IOS has no test mode to enter.
            throw new SetError(PDU.wrongValue, "ifAdminStatus must be up(1) or down(2)");
        }
        txn.add(Change.setting(port::shutdown, port::setShutdown, status == DOWN));
    }

    private void setAlias(SetTransaction txn, OID index, Variable value) throws SetError {
        Interface port = interfaceAt(index);
        String alias = SetError.displayString(value, 0, 64);
        txn.add(Change.setting(port::description, port::setDescription, alias.isEmpty() ? null : alias));
    }
}
