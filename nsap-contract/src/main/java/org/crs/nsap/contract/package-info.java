/**
 * The wire contract of the NSAP port type, which the L-NSAP, the NSAP and a BAR's PeerService
 * serve and a BAR calls: its names, its request and answer beans, and their conversions.
 */
package org.crs.nsap.contract;
