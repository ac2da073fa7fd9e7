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
 * @param provision whether it is provisioned, for one that comes up only while provisioned
 *     ({@link Provisioning#ON_PROVISION}); an AUTOMATIC reservation is never provisioned and needs not be
 */
public record Reservation(ReservationRequest request, String owner, ReservationState state, String reason,
                          List<Segment> segments, Instant createdAt, Instant updatedAt, RefusalCode refusalCode,
                          Work work, Provision provision) {

    public Reservation {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(provision, "provision");
        reason = reason == null ? "" : reason;
        segments = List.copyOf(segments);
    }

    /** A reservation not provisioned since it was created. */
    public Reservation(ReservationRequest request, String owner, ReservationState state, String reason,
                       List<Segment> segments, Instant createdAt, Instant updatedAt, RefusalCode refusalCode,
                       Work work) {
        this(request, owner, state, reason, segments, createdAt, updatedAt, refusalCode, work,
                Provision.notYet(createdAt));
    }

    /** A reservation with no activation or tear-down under way, not provisioned. */
    public Reservation(ReservationRequest request, String owner, ReservationState state, String reason,
                       List<Segment> segments, Instant createdAt, Instant updatedAt, RefusalCode refusalCode) {
        this(request, owner, state, reason, segments, createdAt, updatedAt, refusalCode, null);
    }

    /** This reservation with other segments. */
    public Reservation withSegments(List<Segment> other) {
        return new Reservation(request, owner, state, reason, other, createdAt, updatedAt, refusalCode, work, provision);
    }

    /**
     * Whether the reservation is provisioned: asked to be up within its schedule and not released
     * since. Only a reservation booked {@link Provisioning#ON_PROVISION} is ever provisioned.
     *
     * @param provisioned whether it is provisioned now
     * @param changedAt when it was last provisioned or released; its creation when never
     */
    public record Provision(boolean provisioned, Instant changedAt) {
        public Provision {
            Objects.requireNonNull(changedAt, "changedAt");
        }

        /** Never provisioned since {@code createdAt} (the epoch for a reservation not stored yet). */
        public static Provision notYet(Instant createdAt) {
            return new Provision(false, createdAt == null ? Instant.EPOCH : createdAt);
        }
    }

    /** Whether it is provisioned now ({@link Provision#provisioned()}). */
    public boolean provisioned() {
        return provision.provisioned();
    }

    /**
     * Whether its circuit may be up within its schedule: an AUTOMATIC reservation always, an
     * ON_PROVISION one while it is provisioned. The due work activates only such a reservation,
     * and takes down an active one that is no longer so.
     */
    public boolean mayBeUp() {
        return request.provisioning() == Provisioning.AUTOMATIC || provision.provisioned();
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
