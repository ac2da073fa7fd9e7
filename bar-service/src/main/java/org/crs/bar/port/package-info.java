/**
 * What the BAR needs from outside, as ports it owns: the reservation store and the segment
 * controllers (L-NSAP, NSAP, peer BARs) of its site, and the parts a circuit is made of there.
 */
package org.crs.bar.port;
