package org.crs.routers.emulator.device;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The VLAN edit buffer of CISCO-VTP-MIB for management domain 1, the way a manager creates
 * and deletes VLANs over SNMP: {@linkplain #copy copy} the VLAN database into the buffer
 * (which takes ownership), create, change or destroy rows, {@linkplain #apply apply} the
 * buffer to the database, and {@linkplain #release release} the buffer.
 *
 * <p>Pure model: the SNMP agent maps these operations to MIB objects and each
 * {@link Refusal} to an SNMP error status. Not thread-safe: guarded by its {@link Device}'s lock.
 *
 * <p>The emulator's VLAN database holds only an id and a name per VLAN, so the buffer only
 * accepts the values IOS uses by default for the other columns (type, MTU 1500, SAID
 * 100000+id, state operational) and refuses others as {@link Refusal#BAD_VALUE}.
 */
public final class VtpEditBuffer {

    /** How long an apply reports {@link ApplyStatus#IN_PROGRESS} before its result, as a switch writing NVRAM does. */
    public static final Duration APPLY_TIME = Duration.ofMillis(50);

    /** The only MTU the VLAN database holds. */
    public static final int MTU = 1500;

    /** vtpVlanType. */
    public enum VlanType { ETHERNET, FDDI, TOKEN_RING, FDDI_NET, TR_NET }

    /** The RowStatus a row of the buffer can be in. */
    public enum RowState { ACTIVE, NOT_IN_SERVICE }

    /** vtpVlanApplyStatus: the result of the last apply. */
    public enum ApplyStatus { IN_PROGRESS, SUCCEEDED, CONFIG_NUMBER_ERROR, INCONSISTENT_EDIT }

    /** Why an operation on the buffer was refused. */
    public enum Refusal {
        /** The buffer has not been copied, so there is nothing to edit. */
        NOT_COPIED,
        /** Another manager holds the buffer. */
        IN_USE,
        /** A row for the VLAN already exists. */
        ROW_EXISTS,
        /** No row for the VLAN exists. */
        NO_SUCH_ROW,
        /** VLAN 1 and 1002-1005 can be neither deleted nor changed. */
        BUILT_IN,
        /** The VLAN id is outside 1-4094. */
        BAD_VLAN,
        /** A value the VLAN database cannot hold. */
        BAD_VALUE
    }

    /** An operation the buffer refused; nothing was changed. */
    public static final class EditRefused extends Exception {
        private static final long serialVersionUID = 1L;
        private final Refusal refusal;

        EditRefused(Refusal refusal, String message) {
            super(message);
            this.refusal = refusal;
        }

        public Refusal refusal() {
            return refusal;
        }
    }

    /** One row of the buffer: a VLAN as it will be after the next apply. */
    public static final class Row {
        private final int vlan;
        private String name;
        private RowState state;

        Row(int vlan, String name, RowState state) {
            this.vlan = vlan;
            this.name = name;
            this.state = state;
        }

        public int vlan() {
            return vlan;
        }

        public String name() {
            return name;
        }

        public RowState state() {
            return state;
        }

        public VlanType type() {
            return typeOf(vlan);
        }

        Row copy() {
            return new Row(vlan, name, state);
        }
    }

    private boolean inUse;
    private String owner = "";
    private final TreeMap<Integer, Row> rows = new TreeMap<>();
    // managementDomainConfigRevNumber: raised by each successful apply.
    private long configRevision;
    // vtpVlanEditConfigRevNumber: the revision the next apply will give the database.
    private long editConfigRevision;
    private ApplyStatus applyResult = ApplyStatus.SUCCEEDED;
    private long applyStartedNanos;
    private boolean applied;

    /** The VLAN type IOS gives a VLAN: the built-in 1002-1005 are FDDI and Token Ring, the rest Ethernet. */
    public static VlanType typeOf(int vlan) {
        return switch (vlan) {
            case 1002 -> VlanType.FDDI;
            case 1003 -> VlanType.TOKEN_RING;
            case 1004 -> VlanType.FDDI_NET;
            case 1005 -> VlanType.TR_NET;
            default -> VlanType.ETHERNET;
        };
    }

    /** The 802.10 SAID IOS gives a VLAN by default. */
    public static long defaultSaid(int vlan) {
        return 100_000L + vlan;
    }

    /** True from a copy until the release. */
    public boolean inUse() {
        return inUse;
    }

    /** vtpVlanEditBufferOwner: who copied the buffer; empty when free or when the manager named no owner. */
    public String owner() {
        return owner;
    }

    /** The rows, by VLAN id; empty unless {@link #inUse()}. */
    public SortedMap<Integer, Row> rows() {
        return Collections.unmodifiableSortedMap(rows);
    }

    public long configRevision() {
        return configRevision;
    }

    public long editConfigRevision() {
        return editConfigRevision;
    }

    /**
     * In progress for {@link #APPLY_TIME} of real time after an apply (not the device's clock,
     * which a test may have stopped), then its result; succeeded before any apply.
     */
    public ApplyStatus applyStatus() {
        if (applied && System.nanoTime() - applyStartedNanos < APPLY_TIME.toNanos()) {
            return ApplyStatus.IN_PROGRESS;
        }
        return applyResult;
    }

    /**
     * Copies the VLAN database into the buffer and gives it to {@code requester}.
     * Refused while another manager holds the buffer; the holder itself may copy again.
     */
    public void copy(String requester, Map<Integer, Vlan> database) throws EditRefused {
        String who = requester == null ? "" : requester;
        if (inUse && (owner.isEmpty() || !owner.equals(who))) {
            throw new EditRefused(Refusal.IN_USE, "the edit buffer is in use by '" + owner + "'");
        }
        rows.clear();
        for (Vlan vlan : database.values()) {
            rows.put(vlan.id(), new Row(vlan.id(), vlan.name(), RowState.ACTIVE));
        }
        inUse = true;
        owner = who;
        editConfigRevision = configRevision + 1;
    }

    /** Discards the buffer and clears the owner. Releasing a free buffer does nothing. */
    public void release() {
        inUse = false;
        owner = "";
        rows.clear();
    }

    /** Restarts the deadman timer; the emulator has none, but the buffer must be held. */
    public void restartTimer() throws EditRefused {
        requireCopied();
    }

    /** Names the manager holding the buffer; refused when someone else holds it. */
    public void setOwner(String newOwner) throws EditRefused {
        requireCopied();
        if (!owner.isEmpty() && !owner.equals(newOwner)) {
            throw new EditRefused(Refusal.IN_USE, "the edit buffer is in use by '" + owner + "'");
        }
        owner = newOwner;
    }

    /** Raises the revision the next apply will use, so an apply can win over a newer database. */
    public void setEditConfigRevision(long revision) throws EditRefused {
        requireCopied();
        editConfigRevision = revision;
    }

    /** Creates a row with IOS's defaults (name VLAN0NNN): active, or not in service until activated. */
    public void createRow(int vlan, RowState state) throws EditRefused {
        requireCopied();
        if (vlan < Vlan.MIN || vlan > Vlan.MAX) {
            throw new EditRefused(Refusal.BAD_VLAN, "VLAN " + vlan + " is outside 1-4094");
        }
        if (rows.containsKey(vlan)) {
            throw new EditRefused(Refusal.ROW_EXISTS, "VLAN " + vlan + " already exists in the edit buffer");
        }
        rows.put(vlan, new Row(vlan, Vlan.defaultName(vlan), state));
    }

    /** RowStatus active or notInService on an existing row. */
    public void setRowState(int vlan, RowState state) throws EditRefused {
        Row row = row(vlan);
        if (state != RowState.ACTIVE && Vlan.isBuiltIn(vlan)) {
            throw new EditRefused(Refusal.BUILT_IN, "VLAN " + vlan + " is built in");
        }
        row.state = state;
    }

    /** RowStatus destroy: removes the row; destroying an absent row does nothing, as RFC 2579 says. */
    public void destroyRow(int vlan) throws EditRefused {
        requireCopied();
        if (Vlan.isBuiltIn(vlan)) {
            throw new EditRefused(Refusal.BUILT_IN, "VLAN " + vlan + " is built in and cannot be deleted");
        }
        rows.remove(vlan);
    }

    /** vtpVlanEditName: 1-32 printable characters without spaces, so the name reads back from the CLI. */
    public void setName(int vlan, String name) throws EditRefused {
        Row row = row(vlan);
        if (name.isEmpty() || name.length() > 32 || !name.chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new EditRefused(Refusal.BAD_VALUE, "a VLAN name is 1-32 printable characters without spaces");
        }
        if (Vlan.isBuiltIn(vlan) && !name.equals(row.name)) {
            throw new EditRefused(Refusal.BUILT_IN, "VLAN " + vlan + " is built in and cannot be renamed");
        }
        row.name = name;
    }

    /** vtpVlanEditType: only the type IOS gives the VLAN. */
    public void setType(int vlan, VlanType type) throws EditRefused {
        row(vlan);
        if (type != typeOf(vlan)) {
            throw new EditRefused(Vlan.isBuiltIn(vlan) ? Refusal.BUILT_IN : Refusal.BAD_VALUE,
                    "VLAN " + vlan + " can only be of type " + typeOf(vlan));
        }
    }

    /** vtpVlanEditMtu: only 1500. */
    public void setMtu(int vlan, long mtu) throws EditRefused {
        row(vlan);
        if (mtu != MTU) {
            throw new EditRefused(Refusal.BAD_VALUE, "the VLAN database only holds MTU " + MTU);
        }
    }

    /** vtpVlanEditDot10Said: only 100000 + VLAN id. */
    public void setSaid(int vlan, long said) throws EditRefused {
        row(vlan);
        if (said != defaultSaid(vlan)) {
            throw new EditRefused(Refusal.BAD_VALUE, "the VLAN database only holds SAID " + defaultSaid(vlan));
        }
    }

    /** vtpVlanEditState: only operational; the VLAN database has no suspended VLANs. */
    public void setSuspended(int vlan, boolean suspended) throws EditRefused {
        row(vlan);
        if (suspended) {
            throw new EditRefused(Refusal.BAD_VALUE, "the VLAN database has no suspended VLANs");
        }
    }

    /**
     * Checks the buffer and, if consistent, makes {@code database} equal to it. The result
     * shows in {@link #applyStatus()} after {@link #APPLY_TIME}; the buffer stays held.
     * Refused (nothing changes) when the buffer has not been copied.
     *
     * <p>Access ports in a VLAN that the apply deletes stay in it, inactive, as on IOS.
     */
    public void apply(Map<Integer, Vlan> database) throws EditRefused {
        requireCopied();
        applied = true;
        applyStartedNanos = System.nanoTime();
        if (editConfigRevision <= configRevision) {
            applyResult = ApplyStatus.CONFIG_NUMBER_ERROR;
            return;
        }
        if (rows.values().stream().anyMatch(r -> r.state != RowState.ACTIVE)) {
            applyResult = ApplyStatus.INCONSISTENT_EDIT;
            return;
        }
        database.keySet().removeIf(id -> !rows.containsKey(id));
        for (Row row : rows.values()) {
            Vlan vlan = database.get(row.vlan);
            if (vlan == null) {
                database.put(row.vlan, new Vlan(row.vlan, row.name, Vlan.isBuiltIn(row.vlan)));
            } else if (!vlan.name().equals(row.name)) {
                vlan.setName(row.name);
            }
        }
        configRevision = editConfigRevision;
        editConfigRevision = configRevision + 1;
        applyResult = ApplyStatus.SUCCEEDED;
    }

    /** A deep copy, so a request can stage its edits and commit or drop them as a whole. */
    public VtpEditBuffer snapshot() {
        VtpEditBuffer copy = new VtpEditBuffer();
        copy.restore(this);
        return copy;
    }

    /** Makes this buffer equal to {@code other} (a {@link #snapshot()}). */
    public void restore(VtpEditBuffer other) {
        inUse = other.inUse;
        owner = other.owner;
        rows.clear();
        other.rows.forEach((id, row) -> rows.put(id, row.copy()));
        configRevision = other.configRevision;
        editConfigRevision = other.editConfigRevision;
        applyResult = other.applyResult;
        applyStartedNanos = other.applyStartedNanos;
        applied = other.applied;
    }

    private void requireCopied() throws EditRefused {
        if (!inUse) {
            throw new EditRefused(Refusal.NOT_COPIED, "the edit buffer has not been copied");
        }
    }

    private Row row(int vlan) throws EditRefused {
        requireCopied();
        Row row = rows.get(vlan);
        if (row == null) {
            throw new EditRefused(Refusal.NO_SUCH_ROW, "no VLAN " + vlan + " in the edit buffer");
        }
        return row;
    }
}
