package org.crs.service.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditRecord;

/**
 * Audit entries as CSV (RFC 4180): a header row, CRLF after every row, a field quoted when it
 * holds a comma, a double quote, CR or LF, its double quotes doubled. Values are written as
 * stored, unchanged (no guard against spreadsheet formulas), so that a reader can recompute
 * each entry's hash from its row.
 */
public final class AuditCsv {

    /** The header row's columns, in order. */
    public static final List<String> COLUMNS = List.of("sequence", "occurred_at", "actor", "address", "certificate",
            "operation", "arguments", "outcome", "reservation_id", "booking_id", "router", "detail", "previous_hash", "hash");

    private AuditCsv() {
    }

    /** Writes the header row. */
    public static void header(Writer out) {
        line(out, COLUMNS);
    }

    /** Writes one entry's row; the arguments as a JSON object, names in their order. */
    public static void row(Writer out, AuditEntry e) {
        AuditRecord r = e.record();
        line(out, List.of(Long.toString(e.sequence()), r.occurredAt().toString(), r.actor(), r.address(), r.certificate(),
                r.operation(), AuditTrail.argumentsJson(r.arguments()), r.outcome(), r.reservationId(), r.bookingId(),
                r.router(), r.detail(), e.previousHash(), e.hash()));
    }

    /** One field, quoted where RFC 4180 wants it. */
    public static String field(String value) {
        String v = value == null ? "" : value;
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\r') < 0 && v.indexOf('\n') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }

    private static void line(Writer out, List<String> fields) {
        try {
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    out.write(',');
                }
                out.write(field(fields.get(i)));
            }
            out.write("\r\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
