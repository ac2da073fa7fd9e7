package org.crs.routers.emulator.snmp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Vlan;
import org.crs.routers.emulator.device.VtpEditBuffer;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * One SET request: the changes its varbinds make, collected while the varbinds are checked
 * (prepare) and made all together (commit) or not at all. The agent holds the device's lock
 * for the whole request, so what prepare checked still holds at commit.
 *
 * <p>Edits of the VTP edit buffer and of the VLAN database are staged on copies, so a later
 * varbind sees what earlier ones did (copy, then createAndGo, then apply) and a refused
 * varbind leaves the real ones untouched.
 */
final class SetTransaction {

    private final Device device;
    private final List<VariableBinding> varbinds;
    private int position;
    private final List<Change> changes = new ArrayList<>();
    private final Deque<Change> committed = new ArrayDeque<>();
    private boolean commitDone;

    private VtpEditBuffer stagedBuffer;
    private TreeMap<Integer, Vlan> stagedVlans;
    private final Set<Integer> rowsCreatedEarly = new HashSet<>();

    SetTransaction(Device device, List<VariableBinding> varbinds) {
        this.device = device;
        this.varbinds = List.copyOf(varbinds);
    }

    Device device() {
        return device;
    }

    /** Which varbind (0-based) is being checked, for the look-ahead methods. */
    void at(int position) {
        this.position = position;
    }

    /** The value another varbind of this request sets for {@code oid}, or null. */
    Variable otherValue(OID oid) {
        for (int i = 0; i < varbinds.size(); i++) {
            if (i != position && varbinds.get(i).getOid().equals(oid)) {
                return varbinds.get(i).getVariable();
            }
        }
        return null;
    }

    /** The value a later varbind of this request sets for {@code oid}, or null. */
    Variable laterValue(OID oid) {
        for (int i = position + 1; i < varbinds.size(); i++) {
            if (varbinds.get(i).getOid().equals(oid)) {
                return varbinds.get(i).getVariable();
            }
        }
        return null;
    }

    void add(Change change) {
        changes.add(change);
    }

    /** The edit buffer as this request's earlier varbinds left it. */
    VtpEditBuffer vtpBuffer() {
        stageVtp();
        return stagedBuffer;
    }

    /** The VLAN database as this request's earlier varbinds left it, for the edit buffer to apply to. */
    Map<Integer, Vlan> stagedVlans() {
        stageVtp();
        return stagedVlans;
    }

    /** The VLAN database as this request's earlier varbinds left it, to read. */
    Map<Integer, Vlan> vlans() {
        return stagedVlans != null ? stagedVlans : device.vlans();
    }

    /** Records that a column varbind created a row whose RowStatus createAndGo/createAndWait comes later. */
    void markCreatedEarly(int vlan) {
        rowsCreatedEarly.add(vlan);
    }

    /** True (once) when an earlier column varbind already created the row for this RowStatus varbind. */
    boolean takeCreatedEarly(int vlan) {
        return rowsCreatedEarly.remove(vlan);
    }

    /** Makes every change, in varbind order; runs once however many varbinds the request has. */
    void commit() {
        if (commitDone) {
            return;
        }
        commitDone = true;
        for (Change change : changes) {
            change.commit();
            committed.push(change);
        }
    }

    /** Reverts what {@link #commit()} made, newest first; runs once. */
    void undo() {
        while (!committed.isEmpty()) {
            committed.pop().undo();
        }
    }

    // The first VTP varbind copies the buffer and the database; one change commits both.
    private void stageVtp() {
        if (stagedBuffer != null) {
            return;
        }
        VtpEditBuffer live = device.vtpEditBuffer();
        stagedBuffer = live.snapshot();
        stagedVlans = copyOf(device.vlans());
        changes.add(new Change() {
            private VtpEditBuffer oldBuffer;
            private Map<Integer, Vlan> oldVlans;

            @Override
            public void commit() {
                oldBuffer = live.snapshot();
                oldVlans = copyOf(device.vlans());
                live.restore(stagedBuffer);
                sync(device.vlans(), stagedVlans);
            }

            @Override
            public void undo() {
                live.restore(oldBuffer);
                sync(device.vlans(), oldVlans);
            }
        });
    }

    private static TreeMap<Integer, Vlan> copyOf(Map<Integer, Vlan> vlans) {
        TreeMap<Integer, Vlan> copy = new TreeMap<>();
        vlans.forEach((id, v) -> copy.put(id, new Vlan(v.id(), v.name(), v.builtIn())));
        return copy;
    }

    // Changes the live database in place rather than replacing its Vlan objects, in case a CLI
    // session holds one (in config-vlan mode).
    private static void sync(Map<Integer, Vlan> live, Map<Integer, Vlan> target) {
        live.keySet().removeIf(id -> !target.containsKey(id));
        target.forEach((id, v) -> {
            Vlan existing = live.get(id);
            if (existing == null) {
                live.put(id, new Vlan(v.id(), v.name(), v.builtIn()));
            } else if (!existing.name().equals(v.name())) {
                existing.setName(v.name());
            }
        });
    }
}
