/**
 * NSI CS 2.0 on the wire for the BAR (nsi-contract), in both roles.
 *
 * <p>As a provider: the messages the provider service writes
 * ({@link org.crs.bar.adapter.nsi.NsiWireMessages}) and the transport its callbacks go out by
 * ({@link org.crs.bar.adapter.nsi.HttpNsiCallbackTransport}).
 *
 * <p>As a requester: the part of a circuit that lies in another network is booked from that
 * network's NSI provider ({@link org.crs.bar.adapter.nsi.NsiSegmentController}, a
 * {@code SegmentController}), whose results and notifications come back to this BAR's requester
 * port ({@link org.crs.bar.adapter.nsi.ConnectionRequesterServlet}, at
 * {@code /NSI/services/ConnectionRequester}), the adapter's own inbound side, and are handed to the
 * call waiting for them ({@link org.crs.bar.adapter.nsi.RequesterCallbacks}). docs/nsi.md.
 */
package org.crs.bar.adapter.nsi;
