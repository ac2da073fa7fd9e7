package org.crs.domain.audit;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.crs.domain.text.JsonText;

/**
 * Audit entries as CSV (RFC 4180): a header row, CRLF after every row, a field quoted when it
 * holds a comma, a double quote, CR or LF, its double quotes doubled. Values are written as
 * stored, unchanged (no guard against spreadsheet formulas), so that a reader can recompute
 * each entry's hash from its row ({@link AuditChain}); the arguments are a JSON object
 * ({@link #json}).
 */
public final class AuditCsv {

    /** The header row's columns, in order. */
    public static final List<String> COLUMNS = List.of("sequence", "occurred_at", "actor", "address", "certificate",
            "operation", "arguments", "outcome", "reservation_id", "booking_id", "router", "detail", "previous_hash", "hash");

    private AuditCsv() {
    }

    /** Writes the header row. */
    public static void header(Appendable out) throws IOException {
        line(out, COLUMNS);
    }

    /** Writes one entry's row. */
    public static void row(Appendable out, AuditEntry e) throws IOException {
        AuditRecord r = e.record();
        line(out, List.of(Long.toString(e.sequence()), r.occurredAt().toString(), r.actor(), r.address(), r.certificate(),
                r.operation(), json(r.arguments()), r.outcome(), r.reservationId(), r.bookingId(), r.router(), r.detail(),
                e.previousHash(), e.hash()));
    }

    /** The entries as one CSV text, header first. */
    public static String of(List<AuditEntry> entries) {
        StringBuilder out = new StringBuilder();
        try {
            header(out);
            for (AuditEntry e : entries) {
                row(out, e);
            }
        } catch (IOException e) {
            throw new IllegalStateException("a StringBuilder does not fail", e);
        }
        return out.toString();
    }

    /** One field, quoted where RFC 4180 wants it. */
    public static String field(String value) {
        String v = value == null ? "" : value;
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\r') < 0 && v.indexOf('\n') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }

    /**
     * Arguments as a JSON object, names in their order (RFC 8259: {@code "} and {@code \} and
     * control characters escaped, nothing else). The trail stores them so too.
     */
    public static String json(Map<String, String> arguments) {
        StringBuilder out = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, String> a : arguments.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            JsonText.quote(out, a.getKey());
            out.append(':');
            JsonText.quote(out, a.getValue());
        }
        return out.append('}').toString();
    }

    private static void line(Appendable out, List<String> fields) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append("\r\n");
    }
}
