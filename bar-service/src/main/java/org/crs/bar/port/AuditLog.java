package org.crs.bar.port;

import java.util.List;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditVerification;

/** The BAR's own audit trail, read: what operators search, export and verify. */
public interface AuditLog {

    /** The entries the query selects, newest first. */
    List<AuditEntry> search(AuditQuery query);

    /** The whole trail walked: intact, or its first entry edited, inserted or deleted. */
    AuditVerification verify();
}
