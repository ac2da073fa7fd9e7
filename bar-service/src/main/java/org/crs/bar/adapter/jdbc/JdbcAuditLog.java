package org.crs.bar.adapter.jdbc;

import java.util.List;
import java.util.Objects;

import org.crs.bar.port.AuditLog;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditVerification;
import org.crs.service.audit.AuditTrail;

/** The BAR's audit trail (schema/bar V7) read through the runtime's {@link AuditTrail}. */
public final class JdbcAuditLog implements AuditLog {

    private final AuditTrail trail;

    public JdbcAuditLog(AuditTrail trail) {
        this.trail = Objects.requireNonNull(trail, "trail");
    }

    @Override
    public List<AuditEntry> search(AuditQuery query) {
        return trail.search(query);
    }

    @Override
    public AuditVerification verify() {
        return trail.verify();
    }
}
