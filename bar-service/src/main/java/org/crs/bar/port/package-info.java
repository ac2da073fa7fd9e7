/**
 * What the BAR needs from outside, as ports it owns: the reservation store and the segment
 * controllers (L-NSAP, NSAP, peer BARs) of its site, the parts a circuit is made of there, and
 * the NSI connections it provides with the callbacks it owes their requesters.
 */
package org.crs.bar.port;
