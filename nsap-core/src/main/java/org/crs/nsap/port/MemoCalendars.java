package org.crs.nsap.port;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/**
 * Calendars read once and kept, for a run of searches over the same window (a search for the
 * widest bandwidth tries many bandwidths over one window). Not thread-safe; lives for one call.
 */
final class MemoCalendars implements CalendarSource {

    private record Key(String resourceId, TimeInterval window) {
    }

    private final CalendarSource source;
    private final Map<Key, BookingCalendar> calendars = new HashMap<>();
    private final Map<Key, Map<Integer, List<TimeInterval>>> vlanBookings = new HashMap<>();

    MemoCalendars(CalendarSource source) {
        this.source = source;
    }

    @Override
    public BookingCalendar calendar(String resourceId, TimeInterval window) {
        return calendars.computeIfAbsent(new Key(resourceId, window), k -> source.calendar(resourceId, window));
    }

    @Override
    public Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
        List<String> missing = new ArrayList<>();
        for (String id : resourceIds) {
            if (!calendars.containsKey(new Key(id, window))) {
                missing.add(id);
            }
        }
        if (!missing.isEmpty()) {
            source.calendars(missing, window).forEach((id, calendar) -> calendars.put(new Key(id, window), calendar));
        }
        Map<String, BookingCalendar> read = new LinkedHashMap<>();
        for (String id : resourceIds) {
            read.put(id, calendars.get(new Key(id, window)));
        }
        return read;
    }

    @Override
    public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
        return source.vlansInUse(resourceId, interval);
    }

    @Override
    public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
        return vlanBookings.computeIfAbsent(new Key(resourceId, window), k -> source.vlanBookings(resourceId, window));
    }
}
