package org.crs.routers.driver.snmp;

import java.util.concurrent.ThreadLocalRandom;

import org.crs.routers.driver.DriverException;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * Saves a router's running configuration over SNMP, the SNMP form of
 * {@code copy running-config startup-config}, through CISCO-CONFIG-COPY-MIB:
 *
 * <pre>
 *   set ccCopyEntryRowStatus.n = createAndGo(4), ccCopySourceFileType.n = runningConfig(4),
 *       ccCopyDestFileType.n = startupConfig(3)                   (one PDU: the row is created whole)
 *   get ccCopyState.n ... until successful(3) or failed(4)
 *   set ccCopyEntryRowStatus.n = destroy(6)                       (always)
 * </pre>
 *
 * The row index n is random, so two managers saving at once do not collide.
 */
final class SnmpConfigSave {

    static final OID CC_COPY_SOURCE_FILE_TYPE = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1.3");
    static final OID CC_COPY_DEST_FILE_TYPE = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1.4");
    static final OID CC_COPY_STATE = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1.10");
    static final OID CC_COPY_FAIL_CAUSE = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1.13");
    static final OID CC_COPY_ENTRY_ROW_STATUS = new OID("1.3.6.1.4.1.9.9.96.1.1.1.1.14");

    static final int STARTUP_CONFIG = 3;
    static final int RUNNING_CONFIG = 4;
    static final int CREATE_AND_GO = 4;
    static final int DESTROY = 6;
    static final int SUCCESSFUL = 3;
    static final int FAILED = 4;

    private static final long POLL_MILLIS = 50;
    private static final String STEP = "save configuration (ccCopyTable running-config to startup-config)";

    private SnmpConfigSave() {
    }

    /** Copies running-config to startup-config and waits for the copy to finish. */
    static void save(SnmpSession s) throws DriverException {
        int row = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
        try {
            s.set(new VariableBinding(SnmpSession.oid(CC_COPY_ENTRY_ROW_STATUS, row), new Integer32(CREATE_AND_GO)),
                    new VariableBinding(SnmpSession.oid(CC_COPY_SOURCE_FILE_TYPE, row), new Integer32(RUNNING_CONFIG)),
                    new VariableBinding(SnmpSession.oid(CC_COPY_DEST_FILE_TYPE, row), new Integer32(STARTUP_CONFIG)));
        } catch (DriverException e) {
            // Named as the save, so a caller can tell a failed save from a failed change.
            throw new DriverException(s.router().name(), STEP, e.deviceAnswer(), e);
        }
        try {
            awaitCopy(s, row);
        } finally {
            try {
                s.set(new VariableBinding(SnmpSession.oid(CC_COPY_ENTRY_ROW_STATUS, row), new Integer32(DESTROY)));
            } catch (DriverException e) {
                // The copy's outcome is what matters; a stale row ages out on the router.
            }
        }
    }

    private static void awaitCopy(SnmpSession s, int row) throws DriverException {
        String router = s.router().name();
        long deadline = System.nanoTime() + s.timeouts().vtpApply().toNanos();
        while (true) {
            VariableBinding vb = s.get(SnmpSession.oid(CC_COPY_STATE, row));
            int state = vb.isException() ? -1 : vb.getVariable().toInt();
            if (state == SUCCESSFUL) {
                return;
            }
            if (state == FAILED || state < 0) {
                VariableBinding cause = s.get(SnmpSession.oid(CC_COPY_FAIL_CAUSE, row));
                throw new DriverException(router, STEP, "the copy failed: ccCopyState " + SnmpSession.describe(vb)
                        + ", ccCopyFailCause " + SnmpSession.describe(cause), null);
            }
            if (System.nanoTime() > deadline) {
                throw new DriverException(router, STEP, "ccCopyState still " + state + " after "
                        + s.timeouts().vtpApply().toMillis() + " ms", null);
            }
            s.pauseBeforePolling(POLL_MILLIS, STEP);
        }
    }

    /** True when a failed step is this save (ccCopyTable running-config to startup-config). */
    static boolean isSaveStep(String step) {
        return STEP.equals(step);
    }
}
