package org.crs.routers.emulator.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeMap;
import org.crs.routers.emulator.device.Vlan;
import org.crs.routers.emulator.device.VtpEditBuffer;
import org.crs.routers.emulator.device.VtpEditBuffer.ApplyStatus;
import org.crs.routers.emulator.device.VtpEditBuffer.EditRefused;
import org.crs.routers.emulator.device.VtpEditBuffer.Refusal;
import org.crs.routers.emulator.device.VtpEditBuffer.RowState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The edit-buffer state machine on its own, as the SNMP agent drives it. */
class VtpEditBufferTest {

    private final VtpEditBuffer buffer = new VtpEditBuffer();
    private final TreeMap<Integer, Vlan> database = new TreeMap<>();

    @BeforeEach
    void builtInVlans() {
        database.put(1, new Vlan(1, "default", true));
        database.put(1002, new Vlan(1002, "fddi-default", true));
        database.put(100, new Vlan(100, "old", false));
    }

    private static Refusal refusal(org.junit.jupiter.api.function.Executable edit) {
        return assertThrows(EditRefused.class, edit).refusal();
    }

    @Test
    void applyMakesTheDatabaseEqualToTheBuffer() throws Exception {
        buffer.copy("lnsap", database);
        buffer.createRow(200, RowState.ACTIVE);
        buffer.setName(200, "LP-200");
        buffer.destroyRow(100);
        buffer.apply(database);

        assertEquals(ApplyStatus.IN_PROGRESS, buffer.applyStatus());
        Thread.sleep(VtpEditBuffer.APPLY_TIME.toMillis() + 20);
        assertEquals(ApplyStatus.SUCCEEDED, buffer.applyStatus());
        assertEquals("LP-200", database.get(200).name());
        assertFalse(database.containsKey(100));
        assertTrue(database.get(1).builtIn());
        assertTrue(buffer.inUse(), "the buffer stays held until released");
    }

    @Test
    void onlyTheHolderMayCopyAgainUntilRelease() throws Exception {
        buffer.copy("a", database);
        assertEquals(Refusal.IN_USE, refusal(() -> buffer.copy("b", database)));
        buffer.copy("a", database);
        buffer.release();
        assertEquals("", buffer.owner());
        buffer.copy("b", database);
        assertEquals("b", buffer.owner());
    }

    @Test
    void editsNeedACopiedBuffer() {
        assertEquals(Refusal.NOT_COPIED, refusal(() -> buffer.createRow(200, RowState.ACTIVE)));
        assertEquals(Refusal.NOT_COPIED, refusal(() -> buffer.apply(database)));
        assertEquals(Refusal.NOT_COPIED, refusal(() -> buffer.setName(100, "x")));
    }

    @Test
    void builtInVlansCannotBeDeletedOrRenamed() throws Exception {
        buffer.copy("a", database);
        assertEquals(Refusal.BUILT_IN, refusal(() -> buffer.destroyRow(1)));
        assertEquals(Refusal.BUILT_IN, refusal(() -> buffer.setName(1002, "mine")));
        assertEquals(Refusal.ROW_EXISTS, refusal(() -> buffer.createRow(100, RowState.ACTIVE)));
        assertEquals(Refusal.BAD_VLAN, refusal(() -> buffer.createRow(4095, RowState.ACTIVE)));
        assertEquals(Refusal.BAD_VALUE, refusal(() -> buffer.setSaid(100, 100_000)));
    }

    @Test
    void aSnapshotIsIndependentOfTheBuffer() throws Exception {
        buffer.copy("a", database);
        VtpEditBuffer staged = buffer.snapshot();
        staged.setName(100, "changed");
        assertEquals("old", buffer.rows().get(100).name());
        buffer.restore(staged);
        assertEquals("changed", buffer.rows().get(100).name());
    }
}
