package org.crs.routers.emulator.snmp;

import java.util.List;
import java.util.Map;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/** The objects of one MIB module, computed live from the device model. */
interface MibModule {

    /** The scalars and columns this module serves, to tell noSuchInstance from noSuchObject. */
    List<OID> objects();

    /** Adds every instance this module serves now. Called holding the device's lock. */
    void addInstances(Map<OID, Variable> instances);

    /** Writable scalars and columns, by OID. */
    default Map<OID, ColumnSetter> setters() {
        return Map.of();
    }

    /** {@code base.sub1.sub2...}. */
    static OID oid(OID base, int... subs) {
        OID oid = new OID(base);
        for (int sub : subs) {
            oid.append(sub);
        }
        return oid;
    }
}
