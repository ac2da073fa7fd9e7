package org.crs.nsap.segment;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of a change of a segment's end time or bandwidth (see {@link org.crs.nsap.service.SegmentService#modify}),
 * as the change log (table {@code segment_change}) records it. A change keeps the segment's
 * state, so it is no {@link org.crs.domain.booking.Transition} and the state history does not
 * hold it.
 *
 * @param kind which step
 * @param end the end time the change asks for
 * @param bandwidthMbps the bandwidth the change asks for
 * @param actor who made the step: a client, or {@code hold-sweep} for a lapse
 * @param reason what changed, for people (names the values before and after)
 * @param at when, UTC
 */
public record SegmentChange(Kind kind, Instant end, long bandwidthMbps, String actor, String reason, Instant at) {

    public SegmentChange {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
    }

    /** The steps of a change. */
    public enum Kind {
        /** Held by modify: its resources are booked. */
        REQUESTED,
        /** Applied by commitModify: the segment's end and bandwidth are the change's. */
        COMMITTED,
        /** Dropped by abortModify, or because the segment ended while it was pending. */
        ABORTED,
        /** Not committed before its hold expired. */
        LAPSED
    }
}
