package org.crs.domain.calendar;

import static org.crs.domain.Times.hour;
import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.crs.domain.calendar.BookingCalendar.Step;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

class BookingCalendarTest {

    @Test
    void anEmptyCalendarHasNothingBooked() {
        BookingCalendar calendar = new BookingCalendar();
        assertEquals(0, calendar.peak(hours(0, 100)));
        assertEquals(1000, calendar.free(hours(0, 100), 1000));
        assertTrue(calendar.isEmpty());
    }

    @Test
    void peakOverAnIntervalIgnoresBookingsThatEndAtItsStart() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 2), 600)));
        assertEquals(0, calendar.peak(hours(2, 3)));
    }

    @Test
    void peakOverAnIntervalIgnoresBookingsThatStartAtItsEnd() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(3, 4), 600)));
        assertEquals(0, calendar.peak(hours(2, 3)));
    }

    @Test
    void peakCountsABookingThatCoversOnlyTheLastInstantBeforeTheEnd() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.add(new TimeInterval(hour(3).minusNanos(1), hour(5)), 600);
        assertEquals(600, calendar.peak(hours(2, 3)));
    }

    @Test
    void peakCountsABookingThatStartsBeforeAndEndsAfterTheInterval() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(0, 10), 300)));
        assertEquals(300, calendar.peak(hours(4, 5)));
    }

    @Test
    void overlappingBookingsSumWhereTheyOverlap() {
        BookingCalendar calendar = BookingCalendar.of(List.of(
                new Booking(hours(1, 4), 300),
                new Booking(hours(2, 5), 400),
                new Booking(hours(3, 6), 100)));
        assertEquals(300, calendar.bookedAt(hour(1)));
        assertEquals(700, calendar.bookedAt(hour(2)));
        assertEquals(800, calendar.bookedAt(hour(3)));
        assertEquals(500, calendar.bookedAt(hour(4)));
        assertEquals(100, calendar.bookedAt(hour(5)));
        assertEquals(0, calendar.bookedAt(hour(6)));
        assertEquals(800, calendar.peak(hours(0, 10)));
        assertEquals(700, calendar.peak(hours(1, 3)));
    }

    @Test
    void backToBackBookingsDoNotSum() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 2), 600), new Booking(hours(2, 3), 600)));
        assertEquals(600, calendar.peak(hours(0, 5)));
    }

    @Test
    void freeIsCapacityLessThePeakAndNeverNegative() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 2), 600)));
        assertEquals(400, calendar.free(hours(0, 5), 1000));
        assertEquals(1000, calendar.free(hours(2, 5), 1000));
        assertEquals(0, calendar.free(hours(0, 5), 500));
    }

    @Test
    void addingOneByOneEqualsBuildingFromTheList() {
        List<Booking> bookings = List.of(
                new Booking(hours(1, 4), 300), new Booking(hours(2, 5), 400), new Booking(hours(4, 6), 300));
        BookingCalendar added = new BookingCalendar();
        bookings.forEach(added::add);
        assertEquals(BookingCalendar.of(bookings).steps(hours(0, 8)), added.steps(hours(0, 8)));
    }

    @Test
    void removingABookingGivesItsBandwidthBack() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 4), 300), new Booking(hours(2, 5), 400)));
        calendar.remove(hours(2, 5), 400);
        assertEquals(300, calendar.peak(hours(0, 10)));
        assertEquals(0, calendar.peak(hours(4, 10)));
    }

    @Test
    void removingEveryBookingLeavesAnEmptyCalendar() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 4), 300), new Booking(hours(2, 5), 400)));
        calendar.remove(new Booking(hours(1, 4), 300));
        calendar.remove(new Booking(hours(2, 5), 400));
        assertTrue(calendar.isEmpty());
        assertEquals(List.of(new Step(hours(0, 10), 0)), calendar.steps(hours(0, 10)));
    }

    @Test
    void removingMoreThanIsBookedSomewhereInTheIntervalIsRefusedAndChangesNothing() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 3), 300)));
        var refused = assertThrows(IllegalStateException.class, () -> calendar.remove(hours(2, 4), 300));
        assertEquals("cannot remove 300 Mbit/s over " + hours(2, 4) + ": only 0 Mbit/s booked at some point of it",
                refused.getMessage());
        assertEquals(List.of(new Step(hours(0, 1), 0), new Step(hours(1, 3), 300), new Step(hours(3, 5), 0)),
                calendar.steps(hours(0, 5)));
    }

    @Test
    void stepsCoverTheWindowAndMergeEqualNeighbours() {
        BookingCalendar calendar = BookingCalendar.of(List.of(
                new Booking(hours(1, 3), 300), new Booking(hours(3, 5), 300), new Booking(hours(4, 6), 200)));
        assertEquals(List.of(
                new Step(hours(0, 1), 0),
                new Step(hours(1, 4), 300),
                new Step(hours(4, 5), 500),
                new Step(hours(5, 6), 200),
                new Step(hours(6, 7), 0)), calendar.steps(hours(0, 7)));
        assertEquals(List.of(new Step(hours(2, 4), 300), new Step(hours(4, 5), 500)), calendar.steps(hours(2, 5)));
    }

    @Test
    void bookingsMustBeForPositiveBandwidth() {
        var refused = assertThrows(IllegalArgumentException.class, () -> new Booking(hours(1, 2), 0));
        assertEquals("mbps must be positive, was 0", refused.getMessage());
    }

    @Test
    void maintenanceLeavesNothingFreeWhileItOverlapsTheInterval() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(3, 5));
        assertEquals(0, calendar.free(hours(4, 6), 1000));
        assertEquals(0, calendar.free(hours(0, 10), 1000));
        assertEquals(Optional.of(hours(3, 5)), calendar.maintenanceDuring(hours(4, 6)));
    }

    @Test
    void maintenanceEndingAtTheIntervalStartDoesNotCount() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(3, 5));
        assertEquals(1000, calendar.free(hours(5, 6), 1000));
        assertEquals(1000, calendar.free(hours(1, 3), 1000));
        assertEquals(Optional.empty(), calendar.maintenanceDuring(hours(5, 6)));
    }

    @Test
    void maintenanceIsNotCountedAsBookedBandwidth() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 4), 300)));
        calendar.addMaintenance(hours(2, 3));
        assertEquals(300, calendar.peak(hours(0, 10)));
    }

    @Test
    void overlappingMaintenanceWindowsAreReportedAsOneStretch() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(1, 4));
        calendar.addMaintenance(hours(3, 6));
        calendar.addMaintenance(hours(6, 7));
        calendar.addMaintenance(hours(9, 10));
        assertEquals(Optional.of(hours(1, 7)), calendar.maintenanceDuring(hours(5, 12)));
        assertEquals(Optional.of(hours(9, 10)), calendar.maintenanceDuring(hours(8, 12)));
    }

    @Test
    void eachStepIsGivenByItsStartAndBandwidthInTimeOrder() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 4), 300), new Booking(hours(2, 5), 400)));
        List<String> steps = new ArrayList<>();
        calendar.forEachStep(hours(0, 3), (start, mbps) -> steps.add(start + " " + mbps));
        assertEquals(List.of("2030-01-01T00:00:00Z 0", "2030-01-01T01:00:00Z 300", "2030-01-01T02:00:00Z 700"), steps);
    }

    @Test
    void forEachStepGivesTheSameStepsAsTheList() {
        BookingCalendar calendar = BookingCalendar.of(List.of(new Booking(hours(1, 4), 300), new Booking(hours(2, 5), 400)));
        List<String> visited = new ArrayList<>();
        calendar.forEachStep(hours(2, 9), (start, mbps) -> visited.add(start + " " + mbps));
        assertEquals(calendar.steps(hours(2, 9)).stream().map(step -> step.interval().start() + " " + step.bookedMbps())
                .toList(), visited);
    }

    @Test
    void maintenanceWithinAWindowIsCutToItAndOverlappingWindowsMakeOneStretch() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(1, 4));
        calendar.addMaintenance(hours(3, 6));
        calendar.addMaintenance(hours(6, 7));
        calendar.addMaintenance(hours(9, 12));
        assertEquals(List.of(hours(2, 7), hours(9, 11)), calendar.maintenanceWithin(hours(2, 11)));
    }

    @Test
    void maintenanceEndingAtAWindowsStartIsNotWithinIt() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(1, 4));
        assertEquals(List.of(), calendar.maintenanceWithin(hours(4, 8)));
    }

    @Test
    void liftingOneOfTwoOverlappingWindowsKeepsTheOther() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(1, 4));
        calendar.addMaintenance(hours(3, 6));
        calendar.removeMaintenance(hours(1, 4));
        assertEquals(Optional.of(hours(3, 6)), calendar.maintenanceDuring(hours(0, 10)));
        calendar.removeMaintenance(hours(3, 6));
        assertTrue(calendar.isEmpty());
    }

    @Test
    void liftingMaintenanceThatWasNeverPlannedIsRefused() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(1, 4));
        assertThrows(IllegalStateException.class, () -> calendar.removeMaintenance(hours(3, 5)));
    }

    /** Many random bookings and removals, checked against summing every booking at every hour. */
    @Test
    void peakAgreesWithSummingEveryBookingByHand() {
        Random random = new Random(20300101);
        BookingCalendar calendar = new BookingCalendar();
        List<Booking> live = new ArrayList<>();
        for (int round = 0; round < 2000; round++) {
            if (!live.isEmpty() && random.nextInt(3) == 0) {
                Booking gone = live.remove(random.nextInt(live.size()));
                calendar.remove(gone);
            } else {
                int start = random.nextInt(48);
                Booking booking = new Booking(hours(start, start + 1 + random.nextInt(12)), 1 + random.nextInt(1000));
                live.add(booking);
                calendar.add(booking);
            }
            int from = random.nextInt(60);
            TimeInterval asked = hours(from, from + 1 + random.nextInt(12));
            assertEquals(peakByHand(live, asked), calendar.peak(asked), "round " + round + " over " + asked);
        }
        assertEquals(BookingCalendar.of(live).steps(hours(0, 72)), calendar.steps(hours(0, 72)));
    }

    // Every booking starts and ends on the hour, so looking at each hour is looking everywhere.
    private static long peakByHand(List<Booking> bookings, TimeInterval asked) {
        long peak = 0;
        for (var at = asked.start(); at.isBefore(asked.end()); at = at.plusSeconds(3600)) {
            long sum = 0;
            for (Booking booking : bookings) {
                if (booking.interval().contains(at)) {
                    sum += booking.mbps();
                }
            }
            peak = Math.max(peak, sum);
        }
        return peak;
    }
}
