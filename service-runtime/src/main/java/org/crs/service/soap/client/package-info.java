/**
 * The one SOAP client with which CRS services call each other's port types (a BAR calling an
 * L-NSAP, the NSAP or a peer BAR; an NSAP asking a BAR's PeerService): {@link
 * org.crs.service.soap.client.SoapClient}, a bounded HTTP POST of a document/literal SOAP 1.1
 * envelope written from a {@link org.crs.service.soap.client.SoapRequest} (simple values and
 * beans), whose answer is read back into beans and whose fault is read into a
 * {@link org.crs.service.soap.ServiceFault} with its refusal code.
 */
package org.crs.service.soap.client;
