/**
 * The model of a segment booking: what a client asks for ({@link org.crs.nsap.segment.SegmentRequest}),
 * how it is planned onto resources and routers ({@link org.crs.nsap.segment.Plan}), the booking
 * itself ({@link org.crs.nsap.segment.Segment}) with its changes, and maintenance windows.
 */
package org.crs.nsap.segment;
