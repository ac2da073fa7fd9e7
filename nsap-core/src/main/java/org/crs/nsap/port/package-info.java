/**
 * What the segment service needs from outside and owns the shape of: the store ports (one per
 * concept, all in {@link org.crs.nsap.port.SegmentStore}), the calendars a planner reads, the
 * planner of a service's network, and the activator that configures routers.
 */
package org.crs.nsap.port;
