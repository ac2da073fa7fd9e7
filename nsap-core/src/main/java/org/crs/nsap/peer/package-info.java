/**
 * The BARs this service serves, reached as a client of their PeerService: {@link
 * org.crs.nsap.peer.PeerServiceClient} answers the {@link org.crs.nsap.port.BookingOwners} port
 * (is a segment still wanted?) over SOAP 1.1. An adapter: only the server wires it.
 */
package org.crs.nsap.peer;
