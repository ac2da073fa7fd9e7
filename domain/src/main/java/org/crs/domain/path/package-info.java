/**
 * WAN path computation for the NSAP: prune the links without the requested bandwidth over
 * the booked interval, then take the shortest path by metric.
 */
package org.crs.domain.path;
