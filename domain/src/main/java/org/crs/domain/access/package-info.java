/**
 * Who may do what: the identities a call can come from ({@link org.crs.domain.access.Caller}),
 * the roles of accounts, and the one table that decides which kind of caller may call which
 * operation of which port type ({@link org.crs.domain.access.AccessTable}), with the rule for
 * which reservations an account may see and change ({@link org.crs.domain.access.ReservationAccess}), and which segment bookings a BAR may act on at
 * the L-NSAPs and the NSAP ({@link org.crs.domain.access.SegmentAccess}, by the owner stored with
 * each, {@link org.crs.domain.access.SegmentOwner}).
 * Pure: no I/O.
 */
package org.crs.domain.access;
