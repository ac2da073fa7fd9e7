/**
 * The SOAP port types a BAR serves, ReservationService for clients and PeerService for the
 * BARs of other sites, with their wire beans.
 */
package org.crs.bar.api.soap;
