/**
 * The CRS domain model: what a booking is and how it is admitted, with no I/O.
 *
 * <p>Services keep state in databases and talk to routers; this module only computes. Its
 * packages, each a layer up from the one before:
 * <ul>
 *   <li>{@link org.crs.domain.time}: half-open UTC time intervals;</li>
 *   <li>{@link org.crs.domain.calendar}: the booked bandwidth of one resource over time,
 *       and its maintenance windows;</li>
 *   <li>{@link org.crs.domain.admission}: whether a request fits on a list of resources, and
 *       which VLAN a circuit can use on a trunk;</li>
 *   <li>{@link org.crs.domain.topology}: the campus and WAN as the topology files describe
 *       them (docs/topology.md), with validation;</li>
 *   <li>{@link org.crs.domain.path}: the shortest WAN path with enough free bandwidth;</li>
 *   <li>{@link org.crs.domain.availability}: every start time at which a booking would fit,
 *       on one resource or over some WAN path;</li>
 *   <li>{@link org.crs.domain.booking}: the states of a segment booking and the one table
 *       of moves between them.</li>
 * </ul>
 */
package org.crs.domain;
