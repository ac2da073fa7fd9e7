package org.crs.nsap.port;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crs.domain.admission.Resource;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/**
 * What one plan reads over the requested interval: each resource's calendar and VLANs in use,
 * each read once so that the plan sees one state, and read in bulk wherever the planner names
 * several resources at once (on a database server each read is a round trip).
 */
public final class PlanReads {

    private final CalendarSource source;
    private final TimeInterval interval;
    private final Map<String, BookingCalendar> calendars = new HashMap<>();
    private final Map<String, Set<Integer>> vlans = new HashMap<>();

    public PlanReads(CalendarSource source, TimeInterval interval) {
        this.source = source;
        this.interval = interval;
    }

    /** The interval every read covers: the requested one. */
    public TimeInterval interval() {
        return interval;
    }

    public BookingCalendar calendar(String resourceId) {
        return calendars.computeIfAbsent(resourceId, id -> source.calendar(id, interval));
    }

    /** The resources' calendars by id, those not read yet in one bulk read. */
    public Map<String, BookingCalendar> calendars(Collection<Resource> resources) {
        readCalendars(resources.stream().map(Resource::id).toList());
        Map<String, BookingCalendar> read = new HashMap<>();
        resources.forEach(resource -> read.put(resource.id(), calendars.get(resource.id())));
        return read;
    }

    /** Reads the calendars of the resources not read yet, in one bulk read. */
    public void readCalendars(Collection<String> resourceIds) {
        List<String> missing = missing(calendars, resourceIds);
        if (!missing.isEmpty()) {
            calendars.putAll(source.calendars(missing, interval));
        }
    }

    /** Reads the VLANs in use on the resources not read yet, in one bulk read. */
    public void readVlans(Collection<String> resourceIds) {
        List<String> missing = missing(vlans, resourceIds);
        if (!missing.isEmpty()) {
            source.vlansInUse(missing, interval).forEach((id, inUse) -> vlans.put(id, Set.copyOf(inUse)));
        }
    }

    public Set<Integer> vlansInUse(String resourceId) {
        return vlans.computeIfAbsent(resourceId, id -> Set.copyOf(source.vlansInUse(id, interval)));
    }

    private static List<String> missing(Map<String, ?> read, Collection<String> resourceIds) {
        return resourceIds.stream().distinct().filter(id -> !read.containsKey(id)).toList();
    }
}
