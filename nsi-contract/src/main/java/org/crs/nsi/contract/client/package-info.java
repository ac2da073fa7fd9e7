/**
 * The client with which CRS sends NSI CS 2.0 messages to a peer's provider or requester port:
 * {@link org.crs.nsi.contract.client.NsiClient}, over service-runtime's bounded HTTP POST
 * ({@code HttpSoapCall}), with the quoted SOAPAction OpenNSA requires.
 */
package org.crs.nsi.contract.client;
