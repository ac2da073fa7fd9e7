package org.crs.routers.driver.snmp;

import static org.crs.routers.driver.snmp.CiscoVlanMibs.APPLY_IN_PROGRESS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.APPLY_SUCCEEDED;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.EDIT_APPLY;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.EDIT_BUFFER_OWNER;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.EDIT_COPY;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.EDIT_RELEASE;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.ROW_CREATE_AND_GO;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.ROW_DESTROY;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VLAN_TYPE_ETHERNET;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_DOMAIN;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_APPLY_STATUS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_BUFFER_OWNER;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_DOT10_SAID;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_NAME;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_OPERATION;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_ROW_STATUS;
import static org.crs.routers.driver.snmp.CiscoVlanMibs.VTP_VLAN_EDIT_TYPE;

import java.nio.ByteBuffer;
import java.util.List;

import org.crs.routers.driver.DriverException;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.VariableBinding;

/**
 * Creates and deletes VLANs through the CISCO-VTP-MIB edit buffer of management domain 1,
 * the only way IOS takes VLAN changes over SNMP:
 *
 * <pre>
 *   set vtpVlanEditOperation.1 = copy(2), vtpVlanEditBufferOwner.1 = "crs"   (one PDU, as Cisco documents)
 *   -- the edit: to create VLAN V, the row and its columns in one PDU, as Cisco documents
 *   --   (IOS refuses a createAndGo without them: inconsistentValue)
 *   set vtpVlanEditRowStatus.1.V = createAndGo(4), vtpVlanEditType.1.V = ethernet(1),
 *       vtpVlanEditName.1.V = the name, vtpVlanEditDot10Said.1.V = 100000 + V, 4 bytes
 *   -- or, to delete it
 *   set vtpVlanEditRowStatus.1.V = destroy(6)
 *   -- then
 *   set vtpVlanEditOperation.1 = apply(3)
 *   get vtpVlanApplyStatus.1 ... until not inProgress(1); succeeded(2) is success
 *   set vtpVlanEditOperation.1 = release(4)                                  (always)
 * </pre>
 *
 * The buffer is released whether the edit succeeds or fails, so a failure never leaves it
 * locked against the next edit (by CRS or an operator).
 */
final class VtpEditBuffer {

    private static final String APPLY_STEP = "apply VLAN edit (vtpVlanApplyStatus)";
    private static final long APPLY_POLL_MILLIS = 100;
    /** vtpVlanApplyStatus values by number, as CISCO-VTP-MIB names them. */
    private static final String[] APPLY_STATUS_NAMES = {"?", "inProgress", "succeeded", "configNumberError",
        "inconsistentEdit", "tooBig", "localNVStoreFail", "remoteNVStoreFail", "editBufferEmpty", "someOtherError"};

    private VtpEditBuffer() {
    }

    /**
     * Creates an Ethernet VLAN with this name (and its 802.10 SAID, which IOS requires): the
     * createAndGo and the three columns in one request.
     */
    static void createVlan(SnmpSession s, int vlan, String name) throws DriverException {
        edit(s, List.of(
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_ROW_STATUS, VTP_DOMAIN, vlan),
                        new Integer32(ROW_CREATE_AND_GO)),
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_TYPE, VTP_DOMAIN, vlan),
                        new Integer32(VLAN_TYPE_ETHERNET)),
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_NAME, VTP_DOMAIN, vlan), new OctetString(name)),
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_DOT10_SAID, VTP_DOMAIN, vlan),
                        new OctetString(dot10Said(vlan)))));
    }

    /** Deletes a VLAN. */
    static void deleteVlan(SnmpSession s, int vlan) throws DriverException {
        edit(s, List.of(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_ROW_STATUS, VTP_DOMAIN, vlan),
                new Integer32(ROW_DESTROY))));
    }

    /**
     * The 802.10 SAID of a VLAN: 100000 + V as 4 bytes, big-endian (1234 gives 00 01 8B 72; the
     * value "00 01 88 D2" is 100562, not 101234: see docs/devices.md).
     */
    static byte[] dot10Said(int vlan) {
        return ByteBuffer.allocate(4).putInt(100_000 + vlan).array();
    }

    /**
     * Takes the buffer (copy, with CRS as owner), sets the edit in one request, applies it,
     * waits for the result, and always releases the buffer.
     */
    private static void edit(SnmpSession s, List<VariableBinding> edit) throws DriverException {
        // copy and owner in one PDU: the procedure Cisco documents for taking the buffer.
        s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_COPY)),
                new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_BUFFER_OWNER, VTP_DOMAIN),
                        new OctetString(EDIT_BUFFER_OWNER)));
        try {
            s.set(edit.toArray(VariableBinding[]::new));
            s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_APPLY)));
            awaitApply(s);
        } catch (DriverException e) {
            try {
                release(s);
            } catch (DriverException releaseFailed) {
                e.addSuppressed(releaseFailed);
            }
            throw e;
        }
        release(s);
    }

    private static void release(SnmpSession s) throws DriverException {
        s.set(new VariableBinding(SnmpSession.oid(VTP_VLAN_EDIT_OPERATION, VTP_DOMAIN), new Integer32(EDIT_RELEASE)));
    }

    /** Polls vtpVlanApplyStatus until it leaves inProgress, for at most the session's VLAN edit timeout. */
    private static void awaitApply(SnmpSession s) throws DriverException {
        String router = s.router().name();
        OID status = SnmpSession.oid(VTP_VLAN_APPLY_STATUS, VTP_DOMAIN);
        long deadline = System.nanoTime() + s.timeouts().vtpApply().toNanos();
        while (true) {
            VariableBinding vb = s.get(status);
            int value = vb.isException() ? -1 : vb.getVariable().toInt();
            if (value == APPLY_SUCCEEDED) {
                return;
            }
            if (value != APPLY_IN_PROGRESS) {
                String name = value > 0 && value < APPLY_STATUS_NAMES.length ? APPLY_STATUS_NAMES[value]
                        : SnmpSession.describe(vb);
                throw new DriverException(router, APPLY_STEP,
                        "the VLAN edit was not applied: " + name + "(" + value + ")", null);
            }
            if (System.nanoTime() > deadline) {
                throw new DriverException(router, APPLY_STEP, "still inProgress after "
                        + s.timeouts().vtpApply().toMillis() + " ms", null);
            }
            s.pauseBeforePolling(APPLY_POLL_MILLIS, APPLY_STEP);
        }
    }
}
