/**
 * The network as the reservation browser draws it: the sites' campuses and the WAN from their
 * topology files, the booked load on every port and link at an instant, and the path of one
 * circuit with every port and VLAN. Pure: it reads topologies and reservations handed to it.
 */
package org.crs.bar.map;
