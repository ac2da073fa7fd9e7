package org.crs.routers.emulator.snmp;

import static org.crs.routers.emulator.snmp.MibModule.oid;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.crs.routers.emulator.device.Device;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.IpAddress;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.Variable;

/**
 * CISCO-CONFIG-COPY-MIB ccCopyTable: how a manager saves the configuration over SNMP, the
 * equivalent of {@code copy running-config startup-config}. A row with source
 * runningConfig(4) and destination startupConfig(3) made active copies at once and reads
 * successful(3). Copies to or from a network file would need a TFTP/FTP/SCP transfer, which
 * the emulator does not do: they read failed(4) with ccCopyFailCause unsupportedProtocol(6).
 *
 * <p>The rows are the agent's operational state, not configuration, so they live here rather
 * than in the device model. Served on both profiles.
 */
final class ConfigCopyMib implements MibModule {

    static final OID CC_COPY_ENTRY = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1");
    static final int PROTOCOL = 2;
    static final int SOURCE_FILE_TYPE = 3;
    static final int DEST_FILE_TYPE = 4;
    static final int SERVER_ADDRESS = 5;
    static final int FILE_NAME = 6;
    static final int USER_NAME = 7;
    static final int USER_PASSWORD = 8;
    static final int NOTIFICATION_ON_COMPLETION = 9;
    static final int STATE = 10;
    static final int TIME_STARTED = 11;
    static final int TIME_COMPLETED = 12;
    static final int FAIL_CAUSE = 13;
    static final int ROW_STATUS = 14;

    static final int STARTUP_CONFIG = 3;
    static final int RUNNING_CONFIG = 4;
    static final int WAITING = 1;
    static final int SUCCESSFUL = 3;
    static final int FAILED = 4;
    static final int UNSUPPORTED_PROTOCOL = 6;

    private static final int ACTIVE = 1;
    private static final int NOT_IN_SERVICE = 2;
    private static final int NOT_READY = 3;
    private static final int CREATE_AND_GO = 4;
    private static final int CREATE_AND_WAIT = 5;
    private static final int DESTROY = 6;

    /** One copy request. */
    private static final class CopyRow {
        int protocol = 1; // tftp, the MIB's default
        int source;
        int dest;
        byte[] server = {0, 0, 0, 0};
        String fileName = "";
        String userName = "";
        int notify = 2; // false
        int state = WAITING;
        int failCause;
        long started;
        long completed;
        int rowStatus = NOT_READY;

        CopyRow copy() {
            CopyRow c = new CopyRow();
            c.protocol = protocol;
            c.source = source;
            c.dest = dest;
            c.server = server.clone();
            c.fileName = fileName;
            c.userName = userName;
            c.notify = notify;
            c.state = state;
            c.failCause = failCause;
            c.started = started;
            c.completed = completed;
            c.rowStatus = rowStatus;
            return c;
        }
    }

    private final Device device;
    private final TreeMap<Integer, CopyRow> rows = new TreeMap<>();

    ConfigCopyMib(Device device) {
        this.device = device;
    }

    @Override
    public List<OID> objects() {
        return java.util.stream.IntStream.rangeClosed(PROTOCOL, ROW_STATUS).mapToObj(c -> oid(CC_COPY_ENTRY, c)).toList();
    }

    @Override
    public void addInstances(Map<OID, Variable> instances) {
        for (Map.Entry<Integer, CopyRow> e : rows.entrySet()) {
            int i = e.getKey();
            CopyRow r = e.getValue();
            instances.put(oid(CC_COPY_ENTRY, PROTOCOL, i), new Integer32(r.protocol));
            instances.put(oid(CC_COPY_ENTRY, SOURCE_FILE_TYPE, i), new Integer32(r.source));
            instances.put(oid(CC_COPY_ENTRY, DEST_FILE_TYPE, i), new Integer32(r.dest));
            instances.put(oid(CC_COPY_ENTRY, SERVER_ADDRESS, i), new IpAddress(r.server));
            instances.put(oid(CC_COPY_ENTRY, FILE_NAME, i), new OctetString(r.fileName));
            instances.put(oid(CC_COPY_ENTRY, USER_NAME, i), new OctetString(r.userName));
            // The MIB: "Reading it returns a zero-length string for security reasons."
            instances.put(oid(CC_COPY_ENTRY, USER_PASSWORD, i), new OctetString());
            instances.put(oid(CC_COPY_ENTRY, NOTIFICATION_ON_COMPLETION, i), new Integer32(r.notify));
            instances.put(oid(CC_COPY_ENTRY, STATE, i), new Integer32(r.state));
            instances.put(oid(CC_COPY_ENTRY, TIME_STARTED, i), new TimeTicks(r.started));
            instances.put(oid(CC_COPY_ENTRY, TIME_COMPLETED, i), new TimeTicks(r.completed));
            if (r.failCause != 0) {
                instances.put(oid(CC_COPY_ENTRY, FAIL_CAUSE, i), new Integer32(r.failCause));
            }
            instances.put(oid(CC_COPY_ENTRY, ROW_STATUS, i), new Integer32(r.rowStatus));
        }
    }

    @Override
    public Map<OID, ColumnSetter> setters() {
        return Map.of(
                oid(CC_COPY_ENTRY, PROTOCOL), (t, i, v) -> column(t, i, r -> r.protocol = range(v, 1, 5)),
                oid(CC_COPY_ENTRY, SOURCE_FILE_TYPE), (t, i, v) -> column(t, i, r -> r.source = range(v, 1, 6)),
                oid(CC_COPY_ENTRY, DEST_FILE_TYPE), (t, i, v) -> column(t, i, r -> r.dest = range(v, 1, 6)),
                oid(CC_COPY_ENTRY, SERVER_ADDRESS), (t, i, v) -> column(t, i, r -> r.server = address(v)),
                oid(CC_COPY_ENTRY, FILE_NAME), (t, i, v) -> column(t, i, r -> r.fileName = SetError.displayString(v, 0, 255)),
                oid(CC_COPY_ENTRY, USER_NAME), (t, i, v) -> column(t, i, r -> r.userName = SetError.displayString(v, 1, 40)),
                oid(CC_COPY_ENTRY, USER_PASSWORD), (t, i, v) -> column(t, i, r -> SetError.octets(v, 1, 40)),
                oid(CC_COPY_ENTRY, NOTIFICATION_ON_COMPLETION), (t, i, v) -> column(t, i, r -> r.notify = range(v, 1, 2)),
                oid(CC_COPY_ENTRY, ROW_STATUS), this::setRowStatus);
    }

    @FunctionalInterface
    private interface RowEdit {
        void apply(CopyRow row) throws SetError;
    }

    // A column is set on an existing row that is not active, or on a row this very request creates.
    private void column(SetTransaction txn, OID index, RowEdit edit) throws SetError {
        int i = rowIndex(index);
        CopyRow existing = rows.get(i);
        Variable status = txn.otherValue(oid(CC_COPY_ENTRY, ROW_STATUS, i));
        boolean createdNow = status instanceof Integer32 s
                && (s.getValue() == CREATE_AND_GO || s.getValue() == CREATE_AND_WAIT);
        if (existing == null && !createdNow) {
            throw new SetError(PDU.noCreation, "ccCopyEntry." + i + " does not exist; create it with ccCopyEntryRowStatus");
        }
        if (existing != null && existing.rowStatus == ACTIVE) {
            throw new SetError(PDU.inconsistentValue, "ccCopyEntry." + i + " is active and cannot be changed");
        }
        if (createdNow) {
            // The RowStatus varbind builds the row from every column of the request.
            edit.apply(new CopyRow());
            return;
        }
        edit.apply(existing.copy()); // checks the value now; commit applies it to the row as it is then
        txn.add(new Change() {
            private CopyRow previous;

            @Override
            public void commit() {
                previous = rows.get(i);
                CopyRow changed = previous.copy();
                try {
                    edit.apply(changed);
                } catch (SetError e) {
                    throw new IllegalStateException("checked in prepare", e);
                }
                changed.rowStatus = complete(changed) ? NOT_IN_SERVICE : NOT_READY;
                rows.put(i, changed);
            }

            @Override
            public void undo() {
                put(i, previous);
            }
        });
    }

    private void setRowStatus(SetTransaction txn, OID index, Variable value) throws SetError {
        int i = rowIndex(index);
        int status = SetError.integer(value);
        CopyRow existing = rows.get(i);
        switch (status) {
            case CREATE_AND_GO, CREATE_AND_WAIT -> {
                if (existing != null) {
                    throw new SetError(PDU.inconsistentValue, "ccCopyEntry." + i + " already exists");
                }
                CopyRow row = new CopyRow();
                for (int column = PROTOCOL; column < ROW_STATUS; column++) {
                    Variable v = txn.otherValue(oid(CC_COPY_ENTRY, column, i));
                    if (v != null) {
                        applyColumn(row, column, v);
                    }
                }
                if (status == CREATE_AND_GO) {
                    checkRunnable(i, row);
                    txn.add(running(i, row));
                } else {
                    row.rowStatus = complete(row) ? NOT_IN_SERVICE : NOT_READY;
                    txn.add(replacing(i, row));
                }
            }
            case ACTIVE -> {
                if (existing == null) {
                    throw new SetError(PDU.inconsistentValue, "ccCopyEntry." + i + " does not exist");
                }
                if (existing.rowStatus != ACTIVE) {
                    CopyRow row = existing.copy();
                    checkRunnable(i, row);
                    txn.add(running(i, row));
                }
            }
            case DESTROY -> txn.add(replacing(i, null));
            case NOT_IN_SERVICE -> throw new SetError(PDU.inconsistentValue, "a copy cannot be taken out of service");
            default -> throw new SetError(PDU.wrongValue, "RowStatus " + status + " cannot be set");
        }
    }

    private void applyColumn(CopyRow row, int column, Variable v) throws SetError {
        switch (column) {
            case PROTOCOL -> row.protocol = range(v, 1, 5);
            case SOURCE_FILE_TYPE -> row.source = range(v, 1, 6);
            case DEST_FILE_TYPE -> row.dest = range(v, 1, 6);
            case SERVER_ADDRESS -> row.server = address(v);
            case FILE_NAME -> row.fileName = SetError.displayString(v, 0, 255);
            case USER_NAME -> row.userName = SetError.displayString(v, 1, 40);
            case NOTIFICATION_ON_COMPLETION -> row.notify = range(v, 1, 2);
            default -> { }
        }
    }

    private static boolean complete(CopyRow row) {
        return row.source != 0 && row.dest != 0;
    }

    private static void checkRunnable(int i, CopyRow row) throws SetError {
        if (!complete(row)) {
            throw new SetError(PDU.inconsistentValue, "ccCopyEntry." + i + " needs ccCopySourceFileType and ccCopyDestFileType");
        }
        if (row.source == row.dest) {
            throw new SetError(PDU.inconsistentValue, "ccCopyEntry." + i + ": source and destination are the same");
        }
    }

    // Runs the copy at commit; undo puts the row and the saved configuration back.
    private Change running(int i, CopyRow row) {
        return new Change() {
            private CopyRow previousRow;
            private String previousStartup;

            @Override
            public void commit() {
                previousRow = rows.get(i);
                previousStartup = device.startupConfig();
                long now = SystemMib.uptime(device).getValue();
                row.rowStatus = ACTIVE;
                row.started = now;
                row.completed = now;
                if (row.source == RUNNING_CONFIG && row.dest == STARTUP_CONFIG) {
                    device.saveConfig();
                    row.state = SUCCESSFUL;
                    row.failCause = 0;
                } else {
                    row.state = FAILED;
                    row.failCause = UNSUPPORTED_PROTOCOL;
                }
                rows.put(i, row);
            }

            @Override
            public void undo() {
                device.restoreStartupConfig(previousStartup);
                put(i, previousRow);
            }
        };
    }

    private Change replacing(int i, CopyRow row) {
        return new Change() {
            private CopyRow previous;

            @Override
            public void commit() {
                previous = rows.get(i);
                put(i, row);
            }

            @Override
            public void undo() {
                put(i, previous);
            }
        };
    }

    private void put(int i, CopyRow row) {
        if (row == null) {
            rows.remove(i);
        } else {
            rows.put(i, row);
        }
    }

    private static int rowIndex(OID index) throws SetError {
        if (index.size() != 1 || index.get(0) < 1) {
            throw new SetError(PDU.noCreation, "ccCopyIndex must be one number in 1..2147483647");
        }
        return index.get(0);
    }

    private static int range(Variable v, int min, int max) throws SetError {
        int value = SetError.integer(v);
        if (value < min || value > max) {
            throw new SetError(PDU.wrongValue, "value " + value + " is outside " + min + ".." + max);
        }
        return value;
    }

    private static byte[] address(Variable v) throws SetError {
        if (!(v instanceof IpAddress ip)) {
            throw new SetError(PDU.wrongType, "expected an IpAddress, got " + v.getSyntaxString());
        }
        return ip.toByteArray();
    }
}
