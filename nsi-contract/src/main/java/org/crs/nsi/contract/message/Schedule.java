package org.crs.nsi.contract.message;

import java.time.Instant;
import java.util.Optional;

/**
 * When a connection is in service.
 *
 * @param startTime absent: now
 * @param endTime absent: open-ended
 */
public record Schedule(Optional<Instant> startTime, Optional<Instant> endTime) {

    public Schedule {
        Checks.optional(startTime, "startTime");
        Checks.optional(endTime, "endTime");
    }

    /** From {@code start} (inclusive) to {@code end} (exclusive). */
    public static Schedule between(Instant start, Instant end) {
        return new Schedule(Optional.of(start), Optional.of(end));
    }

    /** Neither start nor end given. */
    public static Schedule unbounded() {
        return new Schedule(Optional.empty(), Optional.empty());
    }
}
