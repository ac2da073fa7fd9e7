package org.crs.nsap.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.segment.Segment;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.SegmentState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The activator's repairs ({@link DriverActivator#repair}): every part of a segment read back
 * and compared with what the segment should be on its router. A part that should be present
 * and is absent is set up; one that is partly there is torn down and set up again (a CLI
 * driver refuses to set up over a half-configured element); one that should be absent and is
 * not is torn down. A part already as wanted gets no command beyond the read-back. Each change
 * is logged at INFO and recorded in the part's device log as one more entry after the driver's
 * own exchanges: the request says what was wanted and found, the response what was done.
 */
final class RouterRepairs {

    // Logged under the activator's name, as before the repairs had a class of their own.
    private static final Logger LOG = LoggerFactory.getLogger(DriverActivator.class);

    private final RouterDirectory directory;
    private final RouterTasks tasks;

    RouterRepairs(RouterDirectory directory, RouterTasks tasks) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.tasks = Objects.requireNonNull(tasks, "tasks");
    }

    /**
     * Reads every part back and brings it to {@code wanted}; each change, or failure, is one
     * more entry in the part's device log.
     *
     * @return what was found and done on each router
     * @throws ActivationFailed naming the first router whose part could not be read or repaired
     */
    List<RouterRepair> repair(Segment segment, List<Part<?>> parts, RouterRepair.Wanted wanted)
            throws ActivationFailed {
        List<RouterRepair> repairs = new ArrayList<>();
        tasks.run(parts, part -> {
            Instant started = Instant.now();
            try {
                SegmentState found = part.readState();
                part.found = describe(found);
                part.repair = repairOne(part, found.status(), wanted);
                part.outcome = Part.Outcome.DONE;
            } catch (DriverException | RuntimeException e) {
                part.outcome = Part.Outcome.FAILED;
                part.failure = e;
            }
            if (part.outcome == Part.Outcome.FAILED || part.repair != RouterRepair.Action.NONE) {
                part.log.add(repairEntry(segment, part, wanted, started));
            }
        });
        for (Part<?> p : parts) {
            if (p.outcome == Part.Outcome.DONE) {
                RouterRepair r = new RouterRepair(p.router, p.found, p.repair);
                repairs.add(r);
                if (r.changed()) {
                    LOG.info("segment {} (circuit {}) repaired on {}: should be {}, found {}; {}", segment.bookingId(),
                            segment.circuitId(), p.router, wanted, p.found, p.repair);
                }
            }
        }
        List<Part<?>> failedParts = parts.stream().filter(p -> p.outcome == Part.Outcome.FAILED).collect(Collectors.toList());
        if (!failedParts.isEmpty()) {
            Part<?> first = failedParts.get(0);
            List<String> names = failedParts.stream().map(p -> p.router).distinct().collect(Collectors.toList());
            ActivationFailed failed = new ActivationFailed(first.router, "repair (should be " + wanted + ") failed on "
                    + String.join(", ", names) + ": " + Part.describe(first.failure), false, first.failure);
            failedParts.stream().skip(1).forEach(p -> failed.addSuppressed(p.failure));
            LOG.error("segment {} (circuit {}): {}", segment.bookingId(), segment.circuitId(), failed.getMessage());
            throw failed;
        }
        return repairs;
    }

    /** Brings one part to {@code wanted} from {@code found}; what it did. */
    private static RouterRepair.Action repairOne(Part<?> part, SegmentState.Status found, RouterRepair.Wanted wanted)
            throws DriverException {
        if (wanted == RouterRepair.Wanted.ABSENT) {
            if (found == SegmentState.Status.ABSENT) {
                return RouterRepair.Action.NONE;
            }
            part.tearDown();
            return RouterRepair.Action.REMOVED;
        }
        switch (found) {
            case PRESENT:
                return RouterRepair.Action.NONE;
            case ABSENT:
                part.setUp();
                return RouterRepair.Action.CONFIGURED;
            default:
                part.tearDown();
                part.setUp();
                return RouterRepair.Action.RECONFIGURED;
        }
    }

    /** The device log entry that records one part's repair: what was wanted and found, and what was done. */
    private DeviceLogEntry repairEntry(Segment segment, Part<?> part, RouterRepair.Wanted wanted, Instant started) {
        DeviceLogEntry.Protocol protocol = directory.access(part.router).protocol();
        String request = "repair " + segment.bookingId() + " (circuit " + segment.circuitId() + "): should be "
                + wanted + ", found " + (part.found == null ? "unknown (read-back failed)" : part.found);
        String response = part.outcome == Part.Outcome.FAILED ? "repair failed: " + Part.describe(part.failure)
                : switch (part.repair) {
                    case NONE -> "nothing to do";
                    case CONFIGURED -> "configured";
                    case RECONFIGURED -> "removed what was there and configured again";
                    case REMOVED -> "removed";
                };
        Instant now = Instant.now();
        return new DeviceLogEntry(part.router, protocol, request, response,
                part.outcome == Part.Outcome.FAILED ? DeviceLogEntry.Outcome.ERROR : DeviceLogEntry.Outcome.OK, now,
                Duration.between(started, now).toMillis());
    }

    private static String describe(SegmentState state) {
        return switch (state.status()) {
            case ABSENT -> "absent";
            case PRESENT -> "present (" + String.join(", ", state.present()) + ")";
            case PARTIAL -> "partial (present: " + String.join(", ", state.present()) + "; missing: "
                    + String.join(", ", state.missing()) + ")";
        };
    }
}
