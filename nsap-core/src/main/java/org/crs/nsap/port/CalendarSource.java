package org.crs.nsap.port;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/**
 * The booking calendars a planner may consult, as the store sees them now. Only live
 * bookings count (HELD, COMMITTED, ACTIVATING, ACTIVE, DEACTIVATING, and a pending change);
 * a segment that was released, aborted, expired or failed books nothing.
 */
public interface CalendarSource {

    /**
     * The booked bandwidth of a resource, for bookings overlapping {@code window}, with the
     * live maintenance windows of the resource that overlap it.
     */
    BookingCalendar calendar(String resourceId, TimeInterval window);

    /**
     * The calendars of several resources over one window, as {@link #calendar} reads each:
     * bookings and live maintenance windows overlapping {@code window}. A resource with
     * nothing booked and no maintenance maps to an empty calendar.
     *
     * <p>This default reads them one by one; a store answers in a bounded number of queries.
     *
     * @return a calendar for every id given, in the order given
     */
    default Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
        Map<String, BookingCalendar> calendars = new LinkedHashMap<>();
        for (String id : resourceIds) {
            calendars.computeIfAbsent(id, resourceId -> calendar(resourceId, window));
        }
        return calendars;
    }

    /** The VLANs that live bookings use on a resource during {@code interval}. */
    Set<Integer> vlansInUse(String resourceId, TimeInterval interval);

    /**
     * The VLANs in use on several resources during one interval, as {@link #vlansInUse} reads
     * each: a plan reads those of both ends at once.
     *
     * <p>This default reads them one by one; a store answers in a bounded number of queries.
     *
     * @return a set for every id given, in the order given
     */
    default Map<String, Set<Integer>> vlansInUse(Collection<String> resourceIds, TimeInterval interval) {
        Map<String, Set<Integer>> vlans = new LinkedHashMap<>();
        for (String id : resourceIds) {
            vlans.computeIfAbsent(id, resourceId -> vlansInUse(resourceId, interval));
        }
        return vlans;
    }

    /**
     * When each VLAN is booked on a resource: for every VLAN that live bookings overlapping
     * {@code window} use there, the intervals over which they book it, whole (they may begin
     * before the window or end after it), in time order, overlapping or touching bookings
     * joined into one interval. A VLAN is free at the instants of the window outside its
     * intervals; a VLAN that is not a key is free all over the window.
     *
     * @return the intervals by VLAN, in VLAN order
     */
    Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window);
}
