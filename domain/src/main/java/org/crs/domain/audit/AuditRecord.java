package org.crs.domain.audit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a caller of the audit trail records: who did what, from where, with which arguments
 * and how it ended. Text fields are never null (an absent one is empty) and are cut to the
 * lengths the trail stores ({@link #MAX_TEXT}, {@link #MAX_DETAIL}, {@link #MAX_VALUE}), so
 * that what is hashed is exactly what is stored and read back.
 *
 * @param occurredAt when it happened, cut to milliseconds (what every database keeps exactly)
 * @param actor the account or service that acted ({@code alice}, {@code lnsap-site-a})
 * @param address the remote IP address of the call, or empty
 * @param certificate the subject of the caller's client certificate, or empty
 * @param operation what was done: {@code ReservationService.cancelReservation}, {@code router-command}
 * @param arguments the call's arguments in their order, names to values, secrets already
 *     removed (see {@link Redaction#arguments}); at most {@link #MAX_ARGUMENTS}
 * @param outcome {@code OK}, or the refusal code's name
 * @param reservationId the reservation concerned, or empty
 * @param bookingId the segment booking concerned, or empty
 * @param router the router concerned, or empty
 * @param detail free text: a router's answer, a reason
 */
public record AuditRecord(Instant occurredAt, String actor, String address, String certificate, String operation,
                          Map<String, String> arguments, String outcome, String reservationId, String bookingId,
                          String router, String detail) {

    /** The {@code operation} of a record of one exchange with a router (a command and its answer). */
    public static final String ROUTER_COMMAND = "router-command";

    /** The longest actor, address, certificate, operation, outcome, id or router kept. */
    public static final int MAX_TEXT = 500;
    /** The longest argument value kept. */
    public static final int MAX_VALUE = 4000;
    /** The most arguments kept; further ones are left out. */
    public static final int MAX_ARGUMENTS = 20;
    /** The longest detail kept. */
    public static final int MAX_DETAIL = 32000;

    public AuditRecord {
        Objects.requireNonNull(occurredAt, "occurredAt");
        occurredAt = occurredAt.truncatedTo(ChronoUnit.MILLIS);
        actor = clip(actor, MAX_TEXT);
        address = clip(address, MAX_TEXT);
        certificate = clip(certificate, MAX_TEXT);
        operation = clip(operation, MAX_TEXT);
        outcome = clip(outcome, MAX_TEXT);
        reservationId = clip(reservationId, MAX_TEXT);
        bookingId = clip(bookingId, MAX_TEXT);
        router = clip(router, MAX_TEXT);
        detail = clip(detail, MAX_DETAIL);
        Map<String, String> kept = new LinkedHashMap<>();
        if (arguments != null) {
            for (Map.Entry<String, String> a : arguments.entrySet()) {
                if (kept.size() == MAX_ARGUMENTS) {
                    break;
                }
                kept.put(clip(a.getKey(), MAX_TEXT), clip(a.getValue(), MAX_VALUE));
            }
        }
        arguments = Collections.unmodifiableMap(kept);
    }

    /**
     * The reservation a BAR's booking id names: {@code <site>:<requestId>:<part>[:<attempt>]}
     * (bar-service {@code ReservationService}) gives {@code <requestId>}; anything else, empty.
     */
    public static String reservationOfBooking(String bookingId) {
        if (bookingId == null) {
            return "";
        }
        String[] fields = bookingId.split(":", -1);
        return fields.length >= 3 && !fields[0].isEmpty() ? fields[1] : "";
    }

    /** Text cut to {@code max} characters, the last one an ellipsis when cut; null becomes empty. */
    static String clip(String s, int max) {
        return s == null ? "" : s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
