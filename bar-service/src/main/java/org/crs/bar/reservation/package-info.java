/**
 * The reservation model of a BAR: a reservation, its request and timing, its segments and
 * their orders, the BAR's booking settings, and the refusals of bad input. Pure: no I/O.
 */
package org.crs.bar.reservation;
