package org.crs.bar.reservation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;

/**
 * A reservation as the BAR keeps it.
 *
 * @param request what the client asked (after a modify, the modified request)
 * @param owner who asked: the authenticated caller, or the peer BAR for a remote segment
 * @param state where it is in its lifecycle
 * @param reason why it is in that state (the last transition's reason)
 * @param segments its segments, in the order they were held
 * @param createdAt when it was created
 * @param updatedAt when it last changed
 * @param refusalCode why it was refused, for programs, when it is REJECTED; null otherwise
 * @param work the activation or tear-down under way, in ACTIVATING and RELEASING; null otherwise
 */
public record Reservation(ReservationRequest request, String owner, ReservationState state, String reason,
                          List<Segment> segments, Instant createdAt, Instant updatedAt, RefusalCode refusalCode,
                          Work work) {

    public Reservation {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(state, "state");
        reason = reason == null ? "" : reason;
        segments = List.copyOf(segments);
    }

    /** A reservation with no activation or tear-down under way. */
    public Reservation(ReservationRequest request, String owner, ReservationState state, String reason,
                       List<Segment> segments, Instant createdAt, Instant updatedAt, RefusalCode refusalCode) {
        this(request, owner, state, reason, segments, createdAt, updatedAt, refusalCode, null);
    }

    /** This reservation with other segments. */
    public Reservation withSegments(List<Segment> other) {
        return new Reservation(request, owner, state, reason, other, createdAt, updatedAt, refusalCode, work);
    }

    /**
     * An activation or a tear-down the BAR keeps trying until it is done.
     *
     * @param nextAttemptAt when it is tried next; while a replica tries it, the end of that replica's lease
     * @param attempts how many times it was tried
     * @param settlesAs for a tear-down, the state the reservation ends in once every part is down
     *     (FINISHED, CANCELLED, FAILED); for an activation, ACTIVE
     */
    public record Work(Instant nextAttemptAt, int attempts, ReservationState settlesAs) {
        public Work {
            Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
            Objects.requireNonNull(settlesAs, "settlesAs");
        }
    }

    public String requestId() {
        return request.requestId();
    }

    /**
     * Its segment of a role.
     *
     * @throws IllegalStateException if it has none (a same-site circuit has only a local campus)
     */
    public Segment segment(SegmentRole role) {
        return segments.stream().filter(s -> s.role() == role).findFirst()
                .orElseThrow(() -> new IllegalStateException("reservation " + requestId() + " has no " + role + " segment"));
    }

    /** The group it is booked for, if any. */
    public java.util.Optional<String> group() {
        return request.group().isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(request.group());
    }
}
