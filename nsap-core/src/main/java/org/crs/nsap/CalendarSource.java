package org.crs.nsap;

import java.util.Set;

import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/** The booking calendars a planner may consult, as the store sees them now. */
public interface CalendarSource {

    /** The booked bandwidth of a resource, for bookings overlapping {@code window}. */
    BookingCalendar calendar(String resourceId, TimeInterval window);

    /** The VLANs that live bookings use on a resource during {@code interval}. */
    Set<Integer> vlansInUse(String resourceId, TimeInterval interval);
}
