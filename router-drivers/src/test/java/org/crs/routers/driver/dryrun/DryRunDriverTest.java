package org.crs.routers.driver.dryrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.DriverException.RouterLeft;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState.Status;
import org.crs.routers.driver.VlanSegment;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.junit.jupiter.api.Test;

class DryRunDriverTest {

    static final Instant NOW = Instant.parse("2026-11-28T05:00:00Z");
    static final VlanSegment CAMPUS = new VlanSegment(42, 100_000_000L, 1234, "GigabitEthernet1/1",
            "TenGigabitEthernet2/1");
    static final PseudowireSegment WAN = new PseudowireSegment(43, 100_000_000L, 1235, "GigabitEthernet0/1",
            "10.0.0.2", List.of("10.0.1.2", "10.0.0.2"));

    final List<DeviceLogEntry> log = new CopyOnWriteArrayList<>();
    final DryRunRecord record = new DryRunRecord();

    DryRunDriver driver(String router) {
        // Port 0 and no credentials: the driver never reaches for the router.
        return new DryRunDriver(new RouterEndpoint(router, "127.0.0.1", 0, 0, null, null, null, null), record, log::add,
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void setUpRecordsTheLinesTheCampusDriverWouldSendMarkedAsNotSent() throws Exception {
        driver("edge-a").setUp(CAMPUS);

        assertEquals(Cisco7600CliDriver.setUpCommands(CAMPUS), log.stream().map(DeviceLogEntry::request).toList());
        assertTrue(log.stream().allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.DRY_RUN
                && e.response().equals(DryRunDriver.NOT_SENT) && e.outcome() == DeviceLogEntry.Outcome.OK
                && e.router().equals("edge-a") && e.at().equals(NOW)), log::toString);
    }

    @Test
    void setUpRecordsTheLinesTheWanDriverWouldSendForAPseudowire() throws Exception {
        driver("core-1").setUp(WAN);

        assertEquals(Cisco12000CliDriver.setUpCommands(WAN), log.stream().map(DeviceLogEntry::request).toList());
    }

    @Test
    void aSegmentSetUpIsPresentOnItsRouterOnly() throws Exception {
        driver("edge-a").setUp(CAMPUS);

        assertEquals(Status.PRESENT, driver("edge-a").readState(CAMPUS).status());
        assertEquals(Status.ABSENT, driver("edge-b").readState(CAMPUS).status());
    }

    @Test
    void settingUpARecordedSegmentAgainChangesNothing() throws Exception {
        driver("edge-a").setUp(CAMPUS);
        int entries = log.size();

        driver("edge-a").setUp(CAMPUS);

        assertEquals(entries, log.size());
        assertEquals(Status.PRESENT, driver("edge-a").readState(CAMPUS).status());
    }

    @Test
    void theSameCircuitWithOtherSettingsIsRefusedChangingNothing() throws Exception {
        driver("edge-a").setUp(CAMPUS);
        VlanSegment otherVlan = new VlanSegment(42, 100_000_000L, 1300, "GigabitEthernet1/1", "TenGigabitEthernet2/1");

        DriverException e = assertThrows(DriverException.class, () -> driver("edge-a").setUp(otherVlan));

        assertEquals(RouterLeft.UNCHANGED, e.routerLeft());
        assertEquals(Status.PRESENT, driver("edge-a").readState(CAMPUS).status());
        assertEquals(Status.ABSENT, driver("edge-a").readState(otherVlan).status());
    }

    @Test
    void tearDownRecordsTheLinesThatRemoveTheSegmentAndDropsItFromTheRecord() throws Exception {
        driver("edge-a").setUp(CAMPUS);
        log.clear();

        driver("edge-a").tearDown(CAMPUS);

        assertEquals(Status.ABSENT, driver("edge-a").readState(CAMPUS).status());
        assertEquals(Cisco7600CliDriver.tearDownCommands(CAMPUS), log.stream().map(DeviceLogEntry::request).toList());
        assertTrue(log.stream().allMatch(e -> e.protocol() == DeviceLogEntry.Protocol.DRY_RUN
                && e.response().equals(DryRunDriver.NOT_SENT)), log::toString);
    }

    @Test
    void tearingDownAnAbsentSegmentSucceedsAndRecordsNothing() {
        driver("edge-a").tearDown(CAMPUS);

        assertEquals(List.of(), log);
    }

    @Test
    void countersAreZero() {
        assertEquals(new InterfaceCounters("GigabitEthernet1/1", 0, 0, NOW),
                driver("edge-a").readCounters("GigabitEthernet1/1"));
    }
}
