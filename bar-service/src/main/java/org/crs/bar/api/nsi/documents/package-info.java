/**
 * The NSI documents the BAR publishes, served as they are, to anyone: the NML topology at
 * {@code /NSI/topology.xml} and the NSA description at {@code /NSI/discovery.xml} (written by
 * {@link org.crs.bar.nsi.topology}). They are public by design: NSI peers read them without a
 * client certificate, as the AutoGOLE's discovery does.
 */
package org.crs.bar.api.nsi.documents;
