/**
 * The topology files: a campus ({@link org.crs.nsap.contract.topology.CampusTopologyFile}) and the WAN
 * ({@link org.crs.nsap.contract.topology.WanTopologyFile}), read strictly (unknown keys, places and lines
 * in every message, {@link org.crs.nsap.contract.topology.TopologyYaml}). The L-NSAP and the NSAP plan on
 * them; the BAR draws its network map from them.
 */
package org.crs.nsap.contract.topology;
