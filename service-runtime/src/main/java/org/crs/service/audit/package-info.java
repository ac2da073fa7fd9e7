/**
 * A service's audit trail in its database: {@link org.crs.service.audit.AuditTrail} appends
 * hash-chained entries (the values and the chain are pure, in {@code org.crs.domain.audit}),
 * verifies the chain, searches it ({@link org.crs.domain.audit.AuditQuery}) and exports it as
 * CSV ({@link org.crs.domain.audit.AuditCsv}); {@link org.crs.service.audit.AuditMain} does the
 * last two from the command line on any service's configuration file. docs/security.md
 * is the operator's description.
 */
package org.crs.service.audit;
