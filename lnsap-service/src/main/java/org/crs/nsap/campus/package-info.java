/**
 * The L-NSAP's view of its campus: the topology file ({@link org.crs.nsap.contract.topology.CampusTopologyFile})
 * and how a segment between an end-host and the site's WAN access point maps onto a host
 * port, an uplink and a VLAN ({@link org.crs.nsap.campus.CampusPlanner}).
 */
package org.crs.nsap.campus;
