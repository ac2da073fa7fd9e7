package org.crs.domain.audit;

import java.time.Instant;

/**
 * Which entries of an audit trail to read: every filter that is set must match (empty or null
 * means any), newest first, from {@code offset} on, at most {@code limit}.
 *
 * @param reservationId entries of this reservation
 * @param actor entries made by this account or service
 * @param router entries about this router
 * @param operation entries of this operation ({@code ReservationService.cancelReservation}, {@code router-command})
 * @param from entries that occurred at or after this instant
 * @param to entries that occurred before this instant (the interval is half-open)
 * @param offset how many matching entries to skip, newest first
 * @param limit the most entries to answer
 */
public record AuditQuery(String reservationId, String actor, String router, String operation, Instant from, Instant to,
                         int offset, int limit) {

    /** The most entries one search answers. */
    public static final int MAX_LIMIT = 10_000;

    public AuditQuery {
        reservationId = blankToNull(reservationId);
        actor = blankToNull(actor);
        router = blankToNull(router);
        operation = blankToNull(operation);
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative: " + offset);
        }
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("from must be before to");
        }
    }

    /** Every entry, newest first, up to {@link #MAX_LIMIT}. */
    public static AuditQuery all() {
        return new AuditQuery(null, null, null, null, null, null, 0, MAX_LIMIT);
    }

    public AuditQuery withReservation(String id) {
        return new AuditQuery(id, actor, router, operation, from, to, offset, limit);
    }

    public AuditQuery withActor(String name) {
        return new AuditQuery(reservationId, name, router, operation, from, to, offset, limit);
    }

    public AuditQuery withRouter(String name) {
        return new AuditQuery(reservationId, actor, name, operation, from, to, offset, limit);
    }

    public AuditQuery withOperation(String name) {
        return new AuditQuery(reservationId, actor, router, name, from, to, offset, limit);
    }

    /** Entries in {@code [from, to)}; either may be null for no bound. */
    public AuditQuery between(Instant start, Instant end) {
        return new AuditQuery(reservationId, actor, router, operation, start, end, offset, limit);
    }

    public AuditQuery page(int skip, int most) {
        return new AuditQuery(reservationId, actor, router, operation, from, to, skip, most);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
