package org.crs.domain.availability;

import static org.crs.domain.Times.T0;
import static org.crs.domain.Times.hour;
import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.Resource;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

class ResourceStartsTest {

    static final long CAPACITY = 1000;

    /** Two hours of {@code mbps}, to start from hour 0 to hour 10. */
    static SlotQuery twoHours(long mbps) {
        return new SlotQuery(mbps, Duration.ofHours(2), hour(0), hour(10));
    }

    static BookingCalendar booked(Booking... bookings) {
        return BookingCalendar.of(List.of(bookings));
    }

    static StartTimes starts(int... hourBounds) {
        StartTimes starts = StartTimes.none();
        for (int i = 0; i < hourBounds.length; i += 2) {
            starts = starts.union(StartTimes.between(hour(hourBounds[i]), hour(hourBounds[i + 1])));
        }
        return starts;
    }

    @Test
    void onAnEmptyCalendarEveryStartFits() {
        assertEquals(starts(0, 10), ResourceStarts.fitting(new BookingCalendar(), CAPACITY, twoHours(1000)));
    }

    @Test
    void aBookingMayEndExactlyWhenAFullStretchBegins() {
        StartTimes fitting = ResourceStarts.fitting(booked(new Booking(hours(4, 6), 1000)), CAPACITY, twoHours(1));
        assertTrue(fitting.contains(hour(2)));
        assertFalse(fitting.contains(hour(2).plusNanos(1)));
    }

    @Test
    void aBookingMayStartExactlyWhenAFullStretchEnds() {
        StartTimes fitting = ResourceStarts.fitting(booked(new Booking(hours(4, 6), 1000)), CAPACITY, twoHours(1));
        assertTrue(fitting.contains(hour(6)));
        assertFalse(fitting.contains(hour(6).minusNanos(1)));
        assertEquals(starts(0, 2, 6, 10), fitting);
    }

    @Test
    void aBookingThatLeavesRoomDoesNotBlock() {
        BookingCalendar calendar = booked(new Booking(hours(4, 6), 400));
        assertEquals(starts(0, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(600)));
        assertEquals(starts(0, 2, 6, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(601)));
    }

    @Test
    void aGapExactlyAsLongAsTheBookingLeavesOneStart() {
        BookingCalendar calendar = booked(new Booking(hours(0, 3), 1000), new Booking(hours(5, 9), 1000));
        assertEquals(starts(3, 3, 9, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void aGapOneNanosecondShorterThanTheBookingLeavesNoStart() {
        BookingCalendar calendar = booked(new Booking(hours(0, 3), 1000),
                new Booking(new TimeInterval(hour(5).minusNanos(1), hour(9)), 1000));
        assertEquals(starts(9, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void maintenanceBlocksEvenWithNothingBooked() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(4, 6));
        assertEquals(starts(0, 2, 6, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void maintenanceAndBookingsBlockTogether() {
        BookingCalendar calendar = booked(new Booking(hours(1, 3), 1000));
        calendar.addMaintenance(hours(7, 9));
        assertEquals(starts(3, 5, 9, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void bookingsOutsideTheSpanDoNotMatter() {
        BookingCalendar calendar = booked(new Booking(hours(-5, 0), 1000), new Booking(hours(12, 20), 1000));
        calendar.addMaintenance(hours(12, 13));
        assertEquals(starts(0, 10), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void anOverbookedResourceFitsNothingWhereItIsOverbooked() {
        BookingCalendar calendar = booked(new Booking(hours(0, 20), 1500));
        assertEquals(StartTimes.none(), ResourceStarts.fitting(calendar, CAPACITY, twoHours(1)));
    }

    @Test
    void aRequestLargerThanTheCapacityFitsNowhere() {
        assertEquals(StartTimes.none(), ResourceStarts.fitting(new BookingCalendar(), CAPACITY, twoHours(Long.MAX_VALUE)));
    }

    @Test
    void aPortIsUnoccupiedOnlyWhereNothingAtAllIsBooked() {
        BookingCalendar calendar = booked(new Booking(hours(4, 6), 1));
        assertEquals(starts(0, 2, 6, 10), ResourceStarts.unoccupied(calendar, twoHours(1000)));
    }

    @Test
    void aPortInMaintenanceIsNotUnoccupied() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(3, 9));
        assertEquals(starts(0, 1, 9, 10), ResourceStarts.unoccupied(calendar, twoHours(1)));
    }

    @Test
    void aStartFitsWhenAnyOneVlanIsFreeForTheWholeBooking() {
        Map<Integer, List<TimeInterval>> bookings = Map.of(
                100, List.of(hours(4, 6)),
                101, List.of(hours(5, 8), hours(1, 2)));
        // VLAN 100 leaves [0, 2] and [6, 10]; VLAN 101 leaves [2, 3] and [8, 10].
        assertEquals(starts(0, 3, 6, 10), ResourceStarts.anyVlanFree(bookings, 100, 101, twoHours(1)));
    }

    @Test
    void aVlanWithNoBookingIsFreeThroughout() {
        Map<Integer, List<TimeInterval>> bookings = Map.of(100, List.of(hours(0, 12)));
        assertEquals(StartTimes.none(), ResourceStarts.anyVlanFree(bookings, 100, 100, twoHours(1)));
        assertEquals(starts(0, 10), ResourceStarts.anyVlanFree(bookings, 100, 101, twoHours(1)));
    }

    @Test
    void vlansOutsideTheRangeAreNotOffered() {
        Map<Integer, List<TimeInterval>> bookings = Map.of(100, List.of(hours(0, 12)), 101, List.of(hours(0, 12)));
        assertEquals(StartTimes.none(), ResourceStarts.anyVlanFree(bookings, 100, 101, twoHours(1)));
    }

    @Test
    void aVlanRangeMustNotBeBackwards() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> ResourceStarts.anyVlanFree(Map.of(), 200, 100, twoHours(1)));
        assertEquals("last VLAN 100 is below first VLAN 200", refused.getMessage());
    }

    /** Random calendars at minute granularity, checked start by start against the admission rule. */
    @Test
    void fittingAgreesWithAdmissionAtEveryMinute() {
        Random random = new Random(42);
        Resource resource = new Resource("link", Resource.LINK, CAPACITY);
        for (int round = 0; round < 100; round++) {
            List<Booking> bookings = new ArrayList<>();
            for (int i = random.nextInt(8); i > 0; i--) {
                Instant start = minute(random.nextInt(300));
                bookings.add(new Booking(TimeInterval.of(start, Duration.ofMinutes(1 + random.nextInt(60))),
                        100 * (1 + random.nextInt(8))));
            }
            BookingCalendar calendar = BookingCalendar.of(bookings);
            if (random.nextInt(3) == 0) {
                calendar.addMaintenance(TimeInterval.of(minute(random.nextInt(300)), Duration.ofMinutes(1 + random.nextInt(30))));
            }
            SlotQuery query = new SlotQuery(100 * (1 + random.nextInt(8)), Duration.ofMinutes(1 + random.nextInt(40)),
                    minute(random.nextInt(60)), minute(60 + random.nextInt(200)));
            StartTimes fitting = ResourceStarts.fitting(calendar, CAPACITY, query);
            for (Instant t = query.earliestStart(); !t.isAfter(query.latestStart()); t = t.plusSeconds(60)) {
                boolean admitted = Admission.check(List.of(resource), Map.of("link", calendar), query.at(t), query.mbps())
                        .admitted();
                assertEquals(admitted, fitting.contains(t), "start " + t + " of " + query + " on " + bookings);
            }
            assertTrue(query.allStarts().intersect(fitting).equals(fitting), "answers stay within the start window");
        }
    }

    private static Instant minute(int m) {
        return T0.plus(Duration.ofMinutes(m));
    }
}
