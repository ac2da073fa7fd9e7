/**
 * The client side of the NSAP port type (and of a BAR's PeerService, which serves the same
 * operations): {@link org.crs.nsap.contract.client.NsapPortClient}, its operations with the
 * contract's request and answer beans over the runtime's one SOAP client
 * ({@link org.crs.service.soap.client.SoapClient}). A BAR calls L-NSAPs, the NSAP and peer BARs
 * with it; an L-NSAP or the NSAP asks its BARs' PeerService with it.
 */
package org.crs.nsap.contract.client;
