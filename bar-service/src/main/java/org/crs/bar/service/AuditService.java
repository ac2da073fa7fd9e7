package org.crs.bar.service;

import java.util.List;
import java.util.Objects;

import org.crs.bar.port.AuditLog;
import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditVerification;

/**
 * What operators read of the BAR's audit trail (docs/security-audit.md): entries by
 * reservation, account, router and time, newest first; the same as CSV; and the verification
 * of the hash chain. Who may call it is the access table's business (operators and admins).
 */
public final class AuditService {

    private final AuditLog log;

    public AuditService(AuditLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /** The entries {@code query} selects, newest first. */
    public List<AuditEntry> search(AuditQuery query) {
        return log.search(query);
    }

    /** The entries {@code query} selects as CSV ({@link AuditCsv}), newest first, header row first. */
    public String exportCsv(AuditQuery query) {
        return AuditCsv.of(log.search(query));
    }

    /** The verification of the whole trail. */
    public AuditVerification verify() {
        return log.verify();
    }
}
