/**
 * Booking calendars: the booked bandwidth of one resource as a piecewise-constant function
 * of time, and the resource's maintenance windows.
 */
package org.crs.domain.calendar;
