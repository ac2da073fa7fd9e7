package org.crs.domain.booking;

import java.time.Instant;
import java.util.Objects;

/**
 * One move of a segment from a state to the next, as the history (table
 * {@code segment_history}) records it: who made it, why, and when. Only moves that
 * {@link SegmentState} allows can be built, so a history cannot hold an illegal one.
 *
 * @param from the state before; null only for the segment's creation, which enters {@link SegmentState#HELD}
 * @param to the state after
 * @param actor who made the move: a user, a peer, or the service itself such as {@code scheduler}
 * @param reason why, for an operator reading the history
 * @param at when, UTC
 */
public record Transition(SegmentState from, SegmentState to, String actor, String reason, Instant at) {

    public Transition {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        requireText(actor, "actor");
        requireText(reason, "reason");
        if (from == null) {
            if (to != SegmentState.HELD) {
                throw new IllegalStateException("a segment is created HELD, not " + to);
            }
        } else {
            from.checkMoveTo(to);
        }
    }

    /** The first entry of a segment's history: it was created, holding its resources. */
    public static Transition created(String actor, String reason, Instant at) {
        return new Transition(null, SegmentState.HELD, actor, reason, at);
    }

    private static void requireText(String value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
    }
}
