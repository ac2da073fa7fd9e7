package org.crs.nsap.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.VlanBookings;

/**
 * The calendars of a few resources, held in memory as a store would read them, and a record
 * of which resources a planner asked about. Each read builds a fresh calendar, so that a
 * planner cannot change what the next read sees.
 */
public final class InMemoryCalendars implements CalendarSource {

    private final Map<String, List<Booking>> bookings = new HashMap<>();
    private final Map<String, List<TimeInterval>> maintenance = new HashMap<>();
    private final Map<String, List<VlanUse>> vlans = new HashMap<>();
    private final Set<String> read = new LinkedHashSet<>();

    /** Books {@code mbps} on {@code resourceId} over {@code interval}. */
    public InMemoryCalendars book(String resourceId, TimeInterval interval, long mbps) {
        bookings.computeIfAbsent(resourceId, id -> new ArrayList<>()).add(new Booking(interval, mbps));
        return this;
    }

    /** Takes {@code resourceId} down over {@code window}. */
    public InMemoryCalendars maintenance(String resourceId, TimeInterval window) {
        maintenance.computeIfAbsent(resourceId, id -> new ArrayList<>()).add(window);
        return this;
    }

    /** Marks {@code vlan} used on {@code resourceId} over {@code interval}. */
    public InMemoryCalendars useVlan(String resourceId, int vlan, TimeInterval interval) {
        vlans.computeIfAbsent(resourceId, id -> new ArrayList<>()).add(new VlanUse(vlan, interval));
        return this;
    }

    /** The resources whose calendar or VLANs were read, in sorted order. */
    public Set<String> resourcesRead() {
        return new TreeSet<>(read);
    }

    @Override
    public BookingCalendar calendar(String resourceId, TimeInterval window) {
        read.add(resourceId);
        BookingCalendar calendar = BookingCalendar.of(bookings.getOrDefault(resourceId, List.of()).stream()
                .filter(booking -> booking.interval().overlaps(window)).toList());
        maintenance.getOrDefault(resourceId, List.of()).forEach(calendar::addMaintenance);
        return calendar;
    }

    @Override
    public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
        read.add(resourceId);
        Set<Integer> inUse = new TreeSet<>();
        for (VlanUse use : vlans.getOrDefault(resourceId, List.of())) {
            if (use.interval().overlaps(interval)) {
                inUse.add(use.vlan());
            }
        }
        return inUse;
    }

    @Override
    public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
        read.add(resourceId);
        VlanBookings booked = new VlanBookings();
        for (VlanUse use : vlans.getOrDefault(resourceId, List.of())) {
            if (use.interval().overlaps(window)) {
                booked.add(use.vlan(), use.interval());
            }
        }
        return booked.toMap();
    }

    private record VlanUse(int vlan, TimeInterval interval) {
    }
}
