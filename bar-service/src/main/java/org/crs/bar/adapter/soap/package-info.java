/**
 * Segment controllers over SOAP: an L-NSAP's or the NSAP's port type, or a peer BAR's
 * PeerService, called with a deadline.
 */
package org.crs.bar.adapter.soap;
