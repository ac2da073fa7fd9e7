package org.crs.nsap.port;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crs.domain.admission.Resource;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.InMemoryCalendars;
import org.junit.jupiter.api.Test;

class PlanReadsTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval REQUESTED = new TimeInterval(T0, T0.plus(Duration.ofHours(1)));
    static final Resource PORT = new Resource("port", Resource.HOST_PORT, 1000);
    static final Resource UPLINK = new Resource("uplink", Resource.UPLINK, 10_000);

    /** The reads that reach the source, each as the ids it asked for. */
    final List<List<String>> reads = new ArrayList<>();
    final InMemoryCalendars calendars = new InMemoryCalendars().book("uplink", REQUESTED, 300)
            .useVlan("uplink", 1001, REQUESTED);
    final CalendarSource source = new CalendarSource() {
        @Override
        public BookingCalendar calendar(String resourceId, TimeInterval window) {
            reads.add(List.of(resourceId));
            return calendars.calendar(resourceId, window);
        }

        @Override
        public Map<String, BookingCalendar> calendars(Collection<String> resourceIds, TimeInterval window) {
            reads.add(List.copyOf(resourceIds));
            return calendars.calendars(resourceIds, window);
        }

        @Override
        public Set<Integer> vlansInUse(String resourceId, TimeInterval interval) {
            reads.add(List.of(resourceId));
            return calendars.vlansInUse(resourceId, interval);
        }

        @Override
        public Map<String, Set<Integer>> vlansInUse(Collection<String> resourceIds, TimeInterval interval) {
            reads.add(List.copyOf(resourceIds));
            return calendars.vlansInUse(resourceIds, interval);
        }

        @Override
        public Map<Integer, List<TimeInterval>> vlanBookings(String resourceId, TimeInterval window) {
            return calendars.vlanBookings(resourceId, window);
        }
    };

    @Test
    void calendarsOfSeveralResourcesAreOneReadAndNeverReadAgain() {
        PlanReads read = new PlanReads(source, REQUESTED);

        Map<String, BookingCalendar> both = read.calendars(List.of(PORT, UPLINK));
        read.calendars(List.of(UPLINK, PORT));
        read.calendar("port");

        assertEquals(List.of(List.of("port", "uplink")), reads);
        assertEquals(300, both.get("uplink").peak(REQUESTED));
        assertEquals(0, both.get("port").peak(REQUESTED));
    }

    @Test
    void vlansOfSeveralResourcesAreOneReadAndOnlyThoseNotReadYetAreAsked() {
        PlanReads read = new PlanReads(source, REQUESTED);

        assertEquals(Set.of(), read.vlansInUse("port"));
        read.readVlans(List.of("port", "uplink"));

        assertEquals(Set.of(1001), read.vlansInUse("uplink"));
        assertEquals(List.of(List.of("port"), List.of("uplink")), reads);
    }
}
