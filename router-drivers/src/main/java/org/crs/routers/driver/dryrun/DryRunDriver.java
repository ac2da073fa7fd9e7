/*
 * Dry-run driver: configures nothing, records what it would send.
 *
 * Devices: none. A site whose routers CRS cannot drive yet (a family without a driver, a
 * router not yet opened to CRS) names them "driver: dry-run" in the router access file and runs
 * every service end to end: bookings are planned, activated, torn down and reconciled as on
 * driven routers, and an operator reads in the device log what CRS would have sent. The demo's
 * --dry-run-routers runs the whole federation this way, without the emulator.
 *
 * Protocol: none. Nothing is sent anywhere and no address is contacted. Every device-log entry
 * it writes has protocol DRY_RUN and the answer "not sent (dry run)", so a reader never takes
 * one for a command a router received.
 *
 * Set-up records, one entry per line, the configuration the CLI driver of the segment's family
 * would send: for a campus segment Cisco7600CliDriver.setUpCommands, for a pseudowire segment
 * Cisco12000CliDriver.setUpCommands. For circuit 42 on VLAN 1234, host port
 * GigabitEthernet1/1, trunk TenGigabitEthernet2/1, 100 Mbit/s, the log holds:
 *
 *   vlan 1234                      not sent (dry run)
 *   name LP-42                     not sent (dry run)
 *   exit                           not sent (dry run)
 *   policy-map LP-42-IN            ...
 *   (and so on, as in Cisco7600CliDriver's header)
 *
 * then keeps the segment in the dry-run record of that router and verifies the set-up by
 * reading the record back. Tear-down of a recorded segment records, likewise, the lines the
 * family's CLI driver sends to remove the whole segment (Cisco7600CliDriver.tearDownCommands,
 * Cisco12000CliDriver.tearDownCommands: "interface GigabitEthernet1/1", "no service-policy
 * input LP-42-IN", ..., "no vlan 1234") and removes the segment from the record. readState
 * answers from the record (PRESENT or ABSENT); readCounters answers zero octets.
 *
 * The record (DryRunRecord) lives as long as the driver registry that made the drivers, that
 * is as long as the service's router directory: a restarted service starts with an empty
 * record, as a router that forgot everything would.
 */
package org.crs.routers.driver.dryrun;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DeviceLogEntry.Outcome;
import org.crs.routers.driver.DeviceLogEntry.Protocol;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.InterfaceCounters;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SegmentState;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;

/**
 * A driver that configures nothing: it writes what it would send to the device log, marked
 * as not sent, and answers from its own record. See the comment at the top of this file.
 */
public final class DryRunDriver implements RouterDriver<CircuitSegment> {

    /** The answer of every entry this driver writes: the request never left CRS. */
    public static final String NOT_SENT = "not sent (dry run)";

    private final RouterEndpoint router;
    private final DryRunRecord record;
    private final DeviceLog log;
    private final Clock clock;

    /**
     * @param router the router this driver stands for (never contacted)
     * @param record where the segments set up on the dry-run routers are kept
     * @param log receives the would-be commands, marked {@link Protocol#DRY_RUN}
     * @param clock stamps the entries
     */
    public DryRunDriver(RouterEndpoint router, DryRunRecord record, DeviceLog log, Clock clock) {
        this.router = Objects.requireNonNull(router, "router");
        this.record = Objects.requireNonNull(record, "record");
        this.log = Objects.requireNonNull(log, "log");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public RouterEndpoint router() {
        return router;
    }

    /**
     * Records the lines the segment's family would receive and keeps the segment in the
     * record; a segment already recorded changes nothing.
     *
     * @throws DriverException {@code UNCHANGED} when the record holds the same circuit with
     *     other settings (as a router would refuse a VLAN or policy-map already taken)
     */
    @Override
    public void setUp(CircuitSegment segment) throws DriverException {
        Objects.requireNonNull(segment, "segment");
        var held = record.segment(router.name(), segment.circuitId());
        if (held.isPresent()) {
            if (held.get().equals(segment)) {
                return;
            }
            throw new DriverException(router.name(), "check that " + segment.label() + "'s resources are free",
                    "the dry-run record holds " + segment.label() + " with other settings: " + held.get(), null);
        }
        for (String line : wouldSend(segment)) {
            write(line);
        }
        record.put(router.name(), segment);
        if (!record.segment(router.name(), segment.circuitId()).map(segment::equals).orElse(false)) {
            // Only another call for the same circuit at once can get here; the router's queue prevents it.
            throw new DriverException(router.name(), "read back " + segment.label(),
                    "the dry-run record does not hold the segment just recorded", false, List.of(), null);
        }
    }

    /**
     * Records the lines that remove the segment and drops it from the record; an absent segment
     * succeeds and records nothing.
     */
    @Override
    public void tearDown(CircuitSegment segment) {
        Objects.requireNonNull(segment, "segment");
        var held = record.remove(router.name(), segment.circuitId());
        if (held.isPresent()) {
            // The lines that remove what the record held, which is what set-up would have configured.
            for (String line : wouldRemove(held.get())) {
                write(line);
            }
        }
    }

    /** {@code PRESENT} when the record holds exactly this segment, else {@code ABSENT}. */
    @Override
    public SegmentState readState(CircuitSegment segment) {
        boolean held = record.segment(router.name(), segment.circuitId()).map(segment::equals).orElse(false);
        return held ? SegmentState.of(List.of(segment.label()), List.of())
                : SegmentState.of(List.of(), List.of(segment.label()));
    }

    /** No traffic passes a dry-run router: zero octets, read now. */
    @Override
    public InterfaceCounters readCounters(String interfaceName) {
        return new InterfaceCounters(interfaceName, 0, 0, clock.instant());
    }

    /**
     * The configuration lines the CLI driver of the segment's family sends to set it up, in
     * order (configuration mode, without {@code configure terminal}, {@code end} and the save).
     */
    public static List<String> wouldSend(CircuitSegment segment) {
        if (segment instanceof CampusSegment campus) {
            return Cisco7600CliDriver.setUpCommands(campus);
        }
        return Cisco12000CliDriver.setUpCommands((PseudowireSegment) segment);
    }

    /**
     * The configuration lines the CLI driver of the segment's family sends to remove it when the
     * whole segment is on the router, in order (configuration mode, as {@link #wouldSend}).
     */
    public static List<String> wouldRemove(CircuitSegment segment) {
        if (segment instanceof CampusSegment campus) {
            return Cisco7600CliDriver.tearDownCommands(campus);
        }
        return Cisco12000CliDriver.tearDownCommands((PseudowireSegment) segment);
    }

    private void write(String request) {
        log.record(new DeviceLogEntry(router.name(), Protocol.DRY_RUN, request, NOT_SENT, Outcome.OK, clock.instant(), 0));
    }
}
