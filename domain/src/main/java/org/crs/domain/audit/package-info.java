/**
 * The audit trail as values: what a caller records ({@link org.crs.domain.audit.AuditRecord}),
 * an entry of the trail with its place and hashes ({@link org.crs.domain.audit.AuditEntry}), the
 * hash chain and its verification ({@link org.crs.domain.audit.AuditChain},
 * {@link org.crs.domain.audit.AuditVerification}, {@link org.crs.domain.audit.Tampering}), and the
 * removal of secrets from arguments and device answers ({@link org.crs.domain.audit.Redaction}),
 * what a search selects ({@link org.crs.domain.audit.AuditQuery}) and the CSV of an export
 * ({@link org.crs.domain.audit.AuditCsv}).
 * Pure: no I/O; the trail's storage is {@code org.crs.service.audit.AuditTrail}.
 */
package org.crs.domain.audit;
