package org.crs.domain.availability;

import java.time.Instant;
import java.util.Arrays;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/**
 * One resource's calendar, read once over a query's span: the booked steps and the starts
 * that no maintenance window touches. A search that asks one resource about several
 * bandwidths (as {@link SlotSearch#widest} does) reads the calendar only once.
 */
final class Occupancy {

    private final long spanStart;
    private final long spanEnd;
    private final long duration;
    // Step i is booked at bookedMbps[i] from stepStarts[i] until the next step's start (or the span's end).
    private final long[] stepStarts;
    private final long[] bookedMbps;
    private final StartTimes clearOfMaintenance;

    private Occupancy(BookingCalendar calendar, SlotQuery query) {
        TimeInterval span = query.span();
        spanStart = StartTimes.nanos(span.start());
        spanEnd = StartTimes.nanos(span.end());
        duration = StartTimes.nanos(query.duration());
        Steps steps = new Steps();
        calendar.forEachStep(span, steps);
        stepStarts = Arrays.copyOf(steps.starts, steps.count);
        bookedMbps = Arrays.copyOf(steps.booked, steps.count);
        FreeStarts free = new FreeStarts(spanStart, spanEnd, duration);
        for (TimeInterval maintenance : calendar.maintenanceWithin(span)) {
            free.busy(StartTimes.nanos(maintenance.start()), StartTimes.nanos(maintenance.end()));
        }
        clearOfMaintenance = free.starts();
    }

    /** {@code calendar} over {@code query}'s span, for bookings of its duration; its bandwidth does not matter. */
    static Occupancy of(BookingCalendar calendar, SlotQuery query) {
        return new Occupancy(calendar, query);
    }

    /**
     * The starts at which at most {@code mostMbps} is booked at every instant of the booking
     * and no maintenance window overlaps it; none when {@code mostMbps} is negative.
     */
    StartTimes startsWithAtMost(long mostMbps) {
        if (clearOfMaintenance.isEmpty()) {
            return StartTimes.none();
        }
        FreeStarts free = new FreeStarts(spanStart, spanEnd, duration);
        for (int i = 0; i < stepStarts.length; i++) {
            if (bookedMbps[i] > mostMbps) {
                free.busy(stepStarts[i], i + 1 < stepStarts.length ? stepStarts[i + 1] : spanEnd);
            }
        }
        return free.starts().intersect(clearOfMaintenance);
    }

    /**
     * The starts at which a booking of {@code mbps} fits on a resource of
     * {@code capacityMbps}: the rule of {@link org.crs.domain.admission.Admission#check}.
     */
    StartTimes fitting(long capacityMbps, long mbps) {
        // Written as a subtraction so that a huge request cannot overflow into a fit.
        return startsWithAtMost(capacityMbps - mbps);
    }

    /** The distinct bandwidths booked at some instant of the span, in no particular order, zero included. */
    long[] bookedLevels() {
        return Arrays.stream(bookedMbps).distinct().toArray();
    }

    /** Collects a calendar's steps into two growing arrays. */
    private static final class Steps implements BookingCalendar.StepVisitor {

        long[] starts = new long[16];
        long[] booked = new long[16];
        int count;

        @Override
        public void step(Instant start, long bookedMbps) {
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                booked = Arrays.copyOf(booked, count * 2);
            }
            starts[count] = StartTimes.nanos(start);
            booked[count++] = bookedMbps;
        }
    }
}
