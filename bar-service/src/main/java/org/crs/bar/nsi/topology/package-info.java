/**
 * What this site publishes of itself over NSI, as pure values: its NSA and network ids
 * ({@link org.crs.bar.nsi.topology.NsiNetwork}), its STPs, one per host port and one per hand-off
 * port of its campus, and which campus endpoint an STP of a request names
 * ({@link org.crs.bar.nsi.topology.SiteStps}), and the two documents peers read: the NML
 * topology ({@link org.crs.bar.nsi.topology.NmlTopologyDocument}) and the NSA description
 * ({@link org.crs.bar.nsi.topology.NsaDiscoveryDocument}), written with the JDK's XML.
 *
 * <p>Uses the domain (topology, NSI ids and labels) only; no I/O: the server reads the files and
 * a door serves the documents.
 */
package org.crs.bar.nsi.topology;
