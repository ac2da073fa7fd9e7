/**
 * The SOAP port types a BAR serves, ReservationService for clients, PeerService for the BARs of
 * other sites and AuditService for operators, with their wire beans.
 */
package org.crs.bar.api.soap;
