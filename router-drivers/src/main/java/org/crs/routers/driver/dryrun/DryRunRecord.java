package org.crs.routers.driver.dryrun;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.crs.routers.driver.CircuitSegment;

/**
 * What the dry-run routers carry: per router, the segments set up on it by circuit id. The
 * dry-run driver's stand-in for a router's running configuration; thread-safe.
 */
public final class DryRunRecord {

    private final Map<String, Map<Long, CircuitSegment>> routers = new ConcurrentHashMap<>();

    /** The segment of circuit {@code circuitId} recorded on {@code router}, if any. */
    public Optional<CircuitSegment> segment(String router, long circuitId) {
        return Optional.ofNullable(routers.getOrDefault(router, Map.of()).get(circuitId));
    }

    /** Records the segment on the router, replacing one of the same circuit. */
    void put(String router, CircuitSegment segment) {
        routers.computeIfAbsent(router, r -> new ConcurrentHashMap<>()).put(segment.circuitId(), segment);
    }

    /** Drops the segment of circuit {@code circuitId} from the router, returning it if it was there. */
    Optional<CircuitSegment> remove(String router, long circuitId) {
        Map<Long, CircuitSegment> segments = routers.get(router);
        return segments == null ? Optional.empty() : Optional.ofNullable(segments.remove(circuitId));
    }
}
