package org.crs.routers.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;

import org.crs.routers.emulator.cli.IosSession;
import org.crs.routers.emulator.device.Device;
import org.crs.routers.emulator.device.Pace;
import org.junit.jupiter.api.Test;

/** A router's pace: configuration lines and saves take the time the inventory gives them. */
class PaceTest {

    private static final String ROUTER = """
            defaults: {username: u, password: p, enableSecret: e}
            routers:
              - hostname: edge-x
                profile: 7600
                loopback: 10.1.1.1
                snmpPort: -1
                interfaces: [GigabitEthernet1/1-3]
            """;

    @Test
    void routerWithoutPaceAnswersAtOnce() throws IOException {
        try (RouterEmulator emulator = RouterEmulator.start(Inventory.parse(ROUTER))) {
            assertEquals(Pace.NONE, emulator.router("edge-x").device().pace());
        }
    }

    @Test
    void namedPaceIsTheLoadedRoutersOne() throws IOException {
        try (RouterEmulator emulator = RouterEmulator.start(Inventory.parse(ROUTER + "    pace: loaded-7600\n"))) {
            assertEquals(Pace.LOADED_7600, emulator.router("edge-x").device().pace());
        }
    }

    @Test
    void configurationLinesAndSavesTakeTheirPaceButExecCommandsDoNot() throws IOException {
        String paced = ROUTER + "    pace: {line: 40ms, save: 300ms}\n";
        try (RouterEmulator emulator = RouterEmulator.start(Inventory.parse(paced))) {
            Device device = emulator.router("edge-x").device();
            IosSession session = new IosSession(device, "e", true);
            long exec = timed(() -> session.execute("show vlan brief"));
            assertTrue(exec < 40, "an EXEC command is not paced: " + exec + " ms");
            session.execute("configure terminal");
            long lines = timed(() -> {
                for (int v = 10; v < 15; v++) {
                    session.execute("vlan " + v);
                }
            });
            assertTrue(lines >= 5 * 40, "5 lines at 40 ms took " + lines + " ms");
            session.execute("end");
            long save = timed(() -> session.execute("write memory"));
            assertTrue(save >= 300, "a save at 300 ms took " + save + " ms");
        }
    }

    @Test
    void unknownPaceNameIsRefusedWithTheNames() {
        Exception e = assertThrows(IllegalArgumentException.class,
                () -> Inventory.parse(ROUTER + "    pace: sluggish\n"));
        assertTrue(e.getMessage().contains("edge-x") && e.getMessage().contains("loaded-12000"), e.getMessage());
    }

    @Test
    void paceDurationWithoutUnitIsRefused() {
        Exception e = assertThrows(IllegalArgumentException.class,
                () -> Inventory.parse(ROUTER + "    pace: {line: 30, save: 3s}\n"));
        assertTrue(e.getMessage().contains("30ms"), e.getMessage());
    }

    private static long timed(Runnable step) {
        long t0 = System.nanoTime();
        step.run();
        return Duration.ofNanos(System.nanoTime() - t0).toMillis();
    }
}
