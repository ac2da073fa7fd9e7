/**
 * The life of a segment booking held by an NSAP or L-NSAP: one enum of states, one table of
 * the moves between them, and the record every move leaves in the history.
 */
package org.crs.domain.booking;
