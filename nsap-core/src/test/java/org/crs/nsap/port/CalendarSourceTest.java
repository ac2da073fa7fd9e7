package org.crs.nsap.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.InMemoryCalendars;
import org.junit.jupiter.api.Test;

/** What every calendar source answers, whatever keeps the calendars; here over calendars in memory. */
class CalendarSourceTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");

    static TimeInterval hours(int from, int to) {
        return new TimeInterval(T0.plus(Duration.ofHours(from)), T0.plus(Duration.ofHours(to)));
    }

    @Test
    void calendarsReadsEveryResourceGivenInOrderWithItsMaintenance() {
        InMemoryCalendars source = new InMemoryCalendars().book("b", hours(1, 2), 300).maintenance("c", hours(2, 3));
        Map<String, BookingCalendar> read = source.calendars(List.of("c", "a", "b", "a"), hours(0, 5));
        assertEquals(List.of("c", "a", "b"), List.copyOf(read.keySet()));
        assertTrue(read.get("a").isEmpty(), "nothing booked: an empty calendar");
        assertEquals(300, read.get("b").peak(hours(0, 5)));
        assertEquals(Optional.of(hours(2, 3)), read.get("c").maintenanceDuring(hours(0, 5)));
    }

    @Test
    void vlanBookingsJoinOverlappingAndTouchingIntervals() {
        InMemoryCalendars source = new InMemoryCalendars().useVlan("a", 1001, hours(2, 3)).useVlan("a", 1001, hours(0, 2))
                .useVlan("a", 1001, hours(1, 2)).useVlan("a", 1000, hours(4, 5));
        assertEquals(Map.of(1000, List.of(hours(4, 5)), 1001, List.of(hours(0, 3))), source.vlanBookings("a", hours(0, 5)));
        assertEquals(Map.of(1001, List.of(hours(0, 2))), source.vlanBookings("a", hours(0, 1)),
                "only the bookings overlapping the window, whole");
    }
}
