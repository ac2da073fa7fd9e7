/**
 * The NSAP's view of the WAN: the topology file ({@link org.crs.nsap.contract.topology.WanTopologyFile})
 * and how a segment between two sites' access points maps onto a path of links, a VLAN at
 * each access point and a pseudowire end on each access point's core router
 * ({@link org.crs.nsap.wan.WanPlanner}).
 */
package org.crs.nsap.wan;
