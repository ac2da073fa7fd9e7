/**
 * The networks the services book, as the topology files under deploy/topology/ describe
 * them (docs/topology.md): a campus ({@link org.crs.domain.topology.CampusTopology}, booked
 * by its L-NSAP) and the WAN ({@link org.crs.domain.topology.WanTopology}, booked by the
 * NSAP).
 *
 * <p>The records take what a file says, even when it is wrong; each topology's
 * {@code problems()} lists everything wrong at once, so an operator fixes a file in one
 * pass. A service refuses to start on a topology with problems, and calls the other methods
 * only on one without.
 */
package org.crs.domain.topology;
