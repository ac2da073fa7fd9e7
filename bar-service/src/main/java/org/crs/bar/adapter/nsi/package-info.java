/**
 * The BAR as an NSI CS 2.0 requester: the part of a circuit that lies in another network is
 * booked from that network's NSI provider ({@link org.crs.bar.adapter.nsi.NsiSegmentController},
 * a {@code SegmentController}), whose results and notifications come back to this BAR's
 * requester port ({@link org.crs.bar.adapter.nsi.ConnectionRequesterServlet}, at
 * {@code /NSI/services/ConnectionRequester}), the adapter's own inbound side, and are handed to the
 * call waiting for them ({@link org.crs.bar.adapter.nsi.RequesterCallbacks}). Uses nsi-contract;
 * docs/nsi.md, "The requester".
 */
package org.crs.bar.adapter.nsi;
