package org.crs.bar.api.json.answer;

import java.time.Instant;
import java.util.List;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditRecord;

/** One entry of the audit trail (schema {@code AuditEntry}). */
public record AuditEntryJson(long sequence, Instant occurredAt, String actor, String address, String certificate,
                             String operation, List<AuditArgumentJson> arguments, String outcome, String reservationId,
                             String bookingId, String router, String detail, String previousHash, String hash) {

    public static AuditEntryJson of(AuditEntry e) {
        AuditRecord r = e.record();
        return new AuditEntryJson(e.sequence(), r.occurredAt(), r.actor(), r.address(), r.certificate(), r.operation(),
                r.arguments().entrySet().stream().map(a -> new AuditArgumentJson(a.getKey(), a.getValue())).toList(),
                r.outcome(), r.reservationId(), r.bookingId(), r.router(), r.detail(), e.previousHash(), e.hash());
    }
}
