/**
 * NSI Connection Service 2.0 on the wire (docs/architecture.md, nsi-contract): its two ports
 * ({@link org.crs.nsi.contract.NsiPort}: paths, protocol versions, WSDL files), its operations
 * with their SOAPActions ({@link org.crs.nsi.contract.NsiOperation}) and its namespaces. The
 * messages are records in {@code .message}; their XML, the schemas and WSDLs on the class path
 * and validation against them in {@code .xml}; the client that posts them in {@code .client}.
 * No service logic: the BAR's NSI door and its requester adapter use this module.
 */
package org.crs.nsi.contract;
