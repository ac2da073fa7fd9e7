/**
 * The segment booking service of an NSAP or L-NSAP: {@link org.crs.nsap.service.SegmentService},
 * the operations of the NSAP port type in domain terms, and the refusals it answers with.
 */
package org.crs.nsap.service;
