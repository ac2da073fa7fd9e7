package org.crs.routers.emulator.snmp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.crs.routers.emulator.faults.Faults;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Profile;
import org.snmp4j.PDU;
import org.snmp4j.agent.DefaultMOScope;
import org.snmp4j.agent.MOScope;
import org.snmp4j.agent.mo.GenericManagedObject;
import org.snmp4j.agent.request.Request;
import org.snmp4j.agent.request.SubRequest;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * Every MIB object of one emulated router as a single SNMP4J-Agent managed object over the
 * whole {@code 1.3.6.1} subtree.
 *
 * <p>Reads build a sorted snapshot, OID to value, from the {@link Device} once per request
 * and answer get and get-next from it, so nothing has to be kept in step with the model.
 * Sets go to the {@link ColumnSetter} of the column: prepare checks each varbind and collects
 * its change in the request's {@link SetTransaction}; commit makes them all; undo reverts them.
 * One object for everything keeps a request that spans MIB modules (an edit-buffer copy and a
 * port change, say) in one transaction. SNMP4J-Agent's request handlers only look up
 * {@link GenericManagedObject}s.
 */
final class DeviceMib implements GenericManagedObject {


    private final MOScope scope = new DefaultMOScope(new OID("1.3.6.1"), true, new OID("1.3.6.2"), false);
    private final Device device;
    private final Faults faults;
    private final List<MibModule> modules = new ArrayList<>();
    private final List<OID> objects = new ArrayList<>();
    private final TreeMap<OID, ColumnSetter> setters = new TreeMap<>();
    // Keys under which a request carries its snapshot and its transaction.
    private final Object snapshotKey = new Object();
    private final Object transactionKey = new Object();

    DeviceMib(Device device, Faults faults) {
        this.device = device;
        this.faults = faults;
        modules.add(new SystemMib(device));
        modules.add(new InterfacesMib(device));
        modules.add(new ConfigCopyMib(device));
        // VLANs, switchports and trunks exist on the 7600 only; the 12000 routes.
        if (device.profile() == Profile.C7600) {
            modules.add(new VtpMib(device));
            modules.add(new VlanMembershipMib(device));
        }
        for (MibModule module : modules) {
            objects.addAll(module.objects());
            setters.putAll(module.setters());
        }
    }

    @Override
    public MOScope getScope() {
        return scope;
    }

    @Override
    public OID find(MOScope range) {
        return first(snapshot(), range);
    }

    @Override
    public void get(SubRequest<?> request) {
        VariableBinding vb = request.getVariableBinding();
        Variable value = snapshot(request).get(vb.getOid());
        if (value != null) {
            vb.setVariable(value);
        } else {
            vb.setVariable(isObjectInstance(vb.getOid()) ? Null.noSuchInstance : Null.noSuchObject);
        }
        request.completed();
    }

    @Override
    public boolean next(SubRequest<?> request) {
        SortedMap<OID, Variable> snapshot = snapshot(request);
        OID next = first(snapshot, request.getScope());
        if (next == null) {
            return false;
        }
        request.getVariableBinding().setOid(next);
        request.getVariableBinding().setVariable(snapshot.get(next));
        request.completed();
        return true;
    }

    @Override
    public void prepare(SubRequest<?> request) {
        SetTransaction txn = transaction(request);
        OID oid = request.getVariableBinding().getOid();
        try {
            if (faults.takeSnmpSetRejection(oid.toDottedString())) {
                throw new SetError(PDU.commitFailed, "rejected by an injected fault");
            }
            Map.Entry<OID, ColumnSetter> setter = setters.floorEntry(oid);
            if (setter == null || !oid.startsWith(setter.getKey()) || oid.size() == setter.getKey().size()) {
                // RFC 3416: notWritable for objects that exist but are read-only, noCreation for the rest.
                throw new SetError(isObjectInstance(oid) ? PDU.notWritable : PDU.noCreation, oid + " is not writable");
            }
            int columnLength = setter.getKey().size();
            OID index = new OID(oid.getValue(), columnLength, oid.size() - columnLength);
            txn.at(request.getIndex());
            synchronized (device) {
                setter.getValue().prepare(txn, index, request.getVariableBinding().getVariable());
            }
            request.completed();
        } catch (SetError e) {
            request.getStatus().setErrorStatus(e.status());
        }
    }

    @Override
    public void commit(SubRequest<?> request) {
        SetTransaction txn = transaction(request);
        synchronized (device) {
            try {
                txn.commit();
                request.completed();
            } catch (RuntimeException e) {
                // A bug, not a refusal: leave the model as it was before the request.
                txn.undo();
                request.getStatus().setErrorStatus(PDU.commitFailed);
            } finally {
                device.stepEnded();
            }
        }
    }

    @Override
    public void undo(SubRequest<?> request) {
        synchronized (device) {
            transaction(request).undo();
            device.stepEnded();
        }
        request.completed();
    }

    @Override
    public void cleanup(SubRequest<?> request) {
        request.completed();
    }

    private SetTransaction transaction(SubRequest<?> subRequest) {
        Request<?, ?, ?> request = subRequest.getRequest();
        SetTransaction txn = (SetTransaction) request.getProcessingUserObject(transactionKey);
        if (txn == null) {
            List<VariableBinding> varbinds = new ArrayList<>();
            for (int i = 0; i < request.size(); i++) {
                varbinds.add(request.get(i).getVariableBinding());
            }
            txn = new SetTransaction(device, varbinds);
            request.setProcessingUserObject(transactionKey, txn);
        }
        return txn;
    }

    // One snapshot per request: a get-bulk or a multi-varbind get sees one consistent state
    // and the model is read once, not once per varbind.
    @SuppressWarnings("unchecked")
    private SortedMap<OID, Variable> snapshot(SubRequest<?> subRequest) {
        Request<?, ?, ?> request = subRequest.getRequest();
        SortedMap<OID, Variable> snapshot = (SortedMap<OID, Variable>) request.getProcessingUserObject(snapshotKey);
        if (snapshot == null) {
            snapshot = snapshot();
            request.setProcessingUserObject(snapshotKey, snapshot);
        }
        return snapshot;
    }

    private SortedMap<OID, Variable> snapshot() {
        TreeMap<OID, Variable> snapshot = new TreeMap<>();
        synchronized (device) {
            for (MibModule module : modules) {
                module.addInstances(snapshot);
            }
        }
        return snapshot;
    }

    /** The first OID of the snapshot within {@code scope}, or null. */
    private static OID first(SortedMap<OID, Variable> snapshot, MOScope scope) {
        OID lower = scope.getLowerBound();
        for (OID oid : lower == null ? snapshot.keySet() : snapshot.tailMap(lower).keySet()) {
            if (oid.equals(lower) && !scope.isLowerIncluded()) {
                continue;
            }
            OID upper = scope.getUpperBound();
            if (upper != null) {
                int c = oid.compareTo(upper);
                if (c > 0 || (c == 0 && !scope.isUpperIncluded())) {
                    return null;
                }
            }
            return oid;
        }
        return null;
    }

    /** True when {@code oid} names an instance of an object this router serves, present or not. */
    private boolean isObjectInstance(OID oid) {
        return objects.stream().anyMatch(object -> oid.size() > object.size() && oid.startsWith(object));
    }
}
