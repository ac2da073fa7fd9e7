/**
 * Refusals as values: {@link org.crs.domain.refusal.RefusalCode} (why, for programs) and
 * {@link org.crs.domain.refusal.Refusal} (code, subject, message). Every service refuses with
 * them, and the SOAP faults and rejected reservations carry the code on the wire.
 */
package org.crs.domain.refusal;
