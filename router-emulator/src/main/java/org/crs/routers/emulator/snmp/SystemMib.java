package org.crs.routers.emulator.snmp;

import static org.crs.routers.emulator.snmp.MibModule.oid;

import java.util.List;
import java.util.Map;
import org.crs.routers.emulator.device.Device;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/** SNMPv2-MIB system group (RFC 3418), read-only. */
final class SystemMib implements MibModule {

    static final OID SYS_DESCR = new OID("1.3.6.1.2.1.1.1");
    static final OID SYS_OBJECT_ID = new OID("1.3.6.1.2.1.1.2");
    static final OID SYS_UP_TIME = new OID("1.3.6.1.2.1.1.3");
    static final OID SYS_CONTACT = new OID("1.3.6.1.2.1.1.4");
    static final OID SYS_NAME = new OID("1.3.6.1.2.1.1.5");
    static final OID SYS_LOCATION = new OID("1.3.6.1.2.1.1.6");
    static final OID SYS_SERVICES = new OID("1.3.6.1.2.1.1.7");

    // Layers 2, 3, 4 and 7, what IOS routers report.
    private static final int SERVICES = 78;

    private final Device device;

    SystemMib(Device device) {
        this.device = device;
    }

    @Override
    public List<OID> objects() {
        return List.of(SYS_DESCR, SYS_OBJECT_ID, SYS_UP_TIME, SYS_CONTACT, SYS_NAME, SYS_LOCATION, SYS_SERVICES);
    }

    @Override
    public void addInstances(Map<OID, Variable> instances) {
        instances.put(oid(SYS_DESCR, 0), new OctetString(device.profile().sysDescr()));
        instances.put(oid(SYS_OBJECT_ID, 0), new OID(device.profile().sysObjectId()));
        instances.put(oid(SYS_UP_TIME, 0), uptime(device));
        // Not modelled: IOS leaves both empty unless snmp-server contact/location is configured.
        instances.put(oid(SYS_CONTACT, 0), new OctetString());
        instances.put(oid(SYS_NAME, 0), new OctetString(device.hostname()));
        instances.put(oid(SYS_LOCATION, 0), new OctetString());
        instances.put(oid(SYS_SERVICES, 0), new Integer32(SERVICES));
    }

    /** sysUpTime: hundredths of a second since boot, wrapping at 2^32 like TimeTicks. */
    static TimeTicks uptime(Device device) {
        return new TimeTicks((device.uptime().toMillis() / 10) & 0xFFFF_FFFFL);
    }
}
