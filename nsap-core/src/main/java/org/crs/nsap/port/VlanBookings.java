package org.crs.nsap.port;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.crs.domain.time.TimeInterval;

/**
 * Collects the bookings of VLANs on one resource into the form
 * {@link CalendarSource#vlanBookings} answers: by VLAN, the booked intervals in time order,
 * overlapping or touching ones joined.
 */
public final class VlanBookings {

    private final Map<Integer, List<TimeInterval>> booked = new TreeMap<>();

    /** Records that {@code vlan} is booked over {@code interval}. */
    public VlanBookings add(int vlan, TimeInterval interval) {
        booked.computeIfAbsent(vlan, v -> new ArrayList<>()).add(interval);
        return this;
    }

    /** The intervals by VLAN, in VLAN order; unmodifiable. */
    public Map<Integer, List<TimeInterval>> toMap() {
        Map<Integer, List<TimeInterval>> joined = new TreeMap<>();
        booked.forEach((vlan, intervals) -> joined.put(vlan, join(intervals)));
        return Collections.unmodifiableMap(joined);
    }

    private static List<TimeInterval> join(List<TimeInterval> intervals) {
        List<TimeInterval> sorted = new ArrayList<>(intervals);
        sorted.sort(Comparator.comparing(TimeInterval::start));
        List<TimeInterval> joined = new ArrayList<>();
        Instant start = null;
        Instant end = null;
        for (TimeInterval i : sorted) {
            if (start != null && !i.start().isAfter(end)) {
                end = i.end().isAfter(end) ? i.end() : end;
            } else {
                if (start != null) {
                    joined.add(new TimeInterval(start, end));
                }
                start = i.start();
                end = i.end();
            }
        }
        if (start != null) {
            joined.add(new TimeInterval(start, end));
        }
        return List.copyOf(joined);
    }
}
