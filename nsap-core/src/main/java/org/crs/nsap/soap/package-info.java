/**
 * The NSAP port type an L-NSAP and the NSAP serve over SOAP: wire beans to service calls and
 * back, refusals to faults; no logic of its own.
 */
package org.crs.nsap.soap;
