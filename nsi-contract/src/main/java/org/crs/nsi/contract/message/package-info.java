/**
 * The NSI CS 2.0 messages as records, one per element, and their parts (header, criteria,
 * {@code p2ps}, states, service exceptions). Types over strings: instants for dateTimes, the
 * domain's enums for states ({@code org.crs.domain.nsi}), {@code Stp} for STP ids, Optional for
 * what the schema makes optional. A door switches over {@link org.crs.nsi.contract.message.ProviderRequest}
 * or {@link org.crs.nsi.contract.message.RequesterMessage}; {@code org.crs.nsi.contract.xml}
 * reads and writes them.
 */
package org.crs.nsi.contract.message;
