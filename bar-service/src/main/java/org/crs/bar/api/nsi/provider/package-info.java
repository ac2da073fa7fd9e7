/**
 * The NSI CS 2.0 provider port, {@code /NSI/services/ConnectionProvider}: the BAR's NSI door,
 * beside the SOAP and JSON doors. It reads the wire (nsi-contract) into the provider service's
 * own types, calls {@link org.crs.bar.service.NsiProviderService} with the signed-in caller, and
 * writes its answers and refusals as NSI has them.
 */
package org.crs.bar.api.nsi.provider;
