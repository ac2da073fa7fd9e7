/**
 * NSI CS 2.0 on the wire for the BAR's service (nsi-contract): the messages the provider writes
 * ({@link org.crs.bar.adapter.nsi.NsiWireMessages}) and the transport its callbacks go out by
 * ({@link org.crs.bar.adapter.nsi.HttpNsiCallbackTransport}).
 */
package org.crs.bar.adapter.nsi;
