package org.crs.routers.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.Lab;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.cli.IosSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Several circuits on one router in one configuration session with one save, each failing on its own. */
class BatchSetUpTest {

    static final VlanSegment A = new VlanSegment(301, 100_000_000L, 1301, "GigabitEthernet1/1", "TenGigabitEthernet2/1");
    static final VlanSegment B = new VlanSegment(302, 100_000_000L, 1302, "GigabitEthernet1/2", "TenGigabitEthernet2/1");
    static final VlanSegment C = new VlanSegment(303, 100_000_000L, 1303, "GigabitEthernet1/4", "TenGigabitEthernet2/1");
    /** On the printer room's port: taken. */
    static final VlanSegment ON_PRINTER = new VlanSegment(304, 100_000_000L, 1304, "GigabitEthernet1/3",
            "TenGigabitEthernet2/1");

    Lab lab;
    EmulatedRouter edge;
    Cisco7600CliDriver driver;

    @BeforeEach
    void start() {
        lab = Lab.start();
        edge = lab.router(Lab.EDGE);
        driver = new Cisco7600CliDriver(lab.endpoint(Lab.EDGE), Cisco7600CliDriverTest.TEST_TIMEOUTS, lab.deviceLog());
        // A third host port, parked as the lab's others are.
        IosSession console = new IosSession(edge.device(), Lab.ENABLE_SECRET, true);
        for (String line : List.of("configure terminal", "interface GigabitEthernet1/4", "switchport",
                "switchport mode access", "shutdown", "end", "write memory")) {
            console.execute(line);
        }
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    @Test
    void threeCircuitsTakeOneSessionAndOneSave() throws Exception {
        List<Optional<DriverException>> outcomes = driver.setUpAll(List.of(A, B, C));

        assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.empty()), outcomes);
        for (VlanSegment s : List.of(A, B, C)) {
            assertEquals(SegmentState.Status.PRESENT, driver.readState(s).status(), s.label());
        }
        assertEquals(1, lab.requests().stream().filter(AbstractCliDriver.WRITE_MEMORY::equals).count(), lab.requests().toString());
        assertEquals(1 + 3, edge.sessions().size(), "one session for the batch, one per read-back");
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()), "the batch is saved");
    }

    @Test
    void refusedLineFailsOnlyItsCircuitWhichIsRemovedWhileTheOthersAreSaved() throws Exception {
        edge.faults().rejectCommand("switchport access vlan 1302", 1);

        List<Optional<DriverException>> outcomes = driver.setUpAll(List.of(A, B, C));

        assertTrue(outcomes.get(0).isEmpty() && outcomes.get(2).isEmpty(), outcomes.toString());
        DriverException failure = outcomes.get(1).orElseThrow();
        assertEquals("switchport access vlan 1302", failure.step());
        assertTrue(failure.restored(), failure.getMessage());
        assertEquals(SegmentState.Status.ABSENT, driver.readState(B).status());
        assertEquals(SegmentState.Status.PRESENT, driver.readState(A).status());
        assertEquals(SegmentState.Status.PRESENT, driver.readState(C).status());
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()), "the others are saved");
    }

    @Test
    void circuitOnATakenPortFailsWithNothingSentForItAndTheOthersGoOn() throws Exception {
        List<Optional<DriverException>> outcomes = driver.setUpAll(List.of(A, ON_PRINTER, C));

        assertTrue(outcomes.get(0).isEmpty() && outcomes.get(2).isEmpty(), outcomes.toString());
        assertTrue(outcomes.get(1).isPresent());
        assertTrue(lab.requests().stream().noneMatch(r -> r.contains("1304")), lab.requests().toString());
    }

    @Test
    void lostConnectionMidBatchSetsEachCircuitUpOnItsOwn() throws Exception {
        // The batch session is cut after its first element (vlan 1301 and its name).
        edge.faults().dropConnectionAfterCommands(7, 1);

        List<Optional<DriverException>> outcomes = driver.setUpAll(List.of(A, B, C));

        assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.empty()), outcomes);
        for (VlanSegment s : List.of(A, B, C)) {
            assertEquals(SegmentState.Status.PRESENT, driver.readState(s).status(), s.label());
        }
        assertEquals(Lab.comparable(edge.runningConfig()), Lab.comparable(edge.startupConfig()));
    }
}
