package org.crs.routers.emulator.snmp;

import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/** The SET handler of one writable column (or scalar). */
@FunctionalInterface
interface ColumnSetter {

    /**
     * Checks one varbind against the model as the request's earlier varbinds leave it and
     * adds the resulting {@link Change} to {@code txn}; changes nothing in the model itself.
     *
     * @param index the instance part of the OID, after the column
     * @throws SetError with the status to answer when the value is refused
     */
    void prepare(SetTransaction txn, OID index, Variable value) throws SetError;
}
