package org.crs.domain.availability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

/**
 * The start times at which a query's booking fits on one resource, each for one kind of
 * resource rule. Every answer lies within the query's start window, and {@code t} is in it
 * exactly when the booking {@code [t, t + duration)} passes the rule; being half-open, the
 * booking may start when another ends and end when another starts.
 *
 * <p>Each method walks the resource's calendar over the query's span once, from change to
 * change, so its cost grows with the bookings inside the span, not with its length.
 */
public final class ResourceStarts {

    private ResourceStarts() {
    }

    /**
     * The starts at which the query's bandwidth fits on a resource of {@code capacityMbps}:
     * booked plus {@code query.mbps()} stays within the capacity at every instant of the
     * booking, and no maintenance window overlaps it. The rule of {@link
     * org.crs.domain.admission.Admission#check}, asked for every start at once.
     */
    public static StartTimes fitting(BookingCalendar calendar, long capacityMbps, SlotQuery query) {
        return Occupancy.of(calendar, query).fitting(capacityMbps, query.mbps());
    }

    /**
     * The starts at which nothing at all is booked during the booking and no maintenance
     * window overlaps it, whatever the bandwidth: a host port carries one circuit at a time.
     */
    public static StartTimes unoccupied(BookingCalendar calendar, SlotQuery query) {
        return Occupancy.of(calendar, query).startsWithAtMost(0);
    }

    /**
     * The starts at which at least one VLAN of {@code [firstVlan, lastVlan]} is free for the
     * whole booking: no booking of that VLAN overlaps it. A VLAN that is not in the map has
     * no booking, so it is free all the time.
     *
     * @param bookingsByVlan the intervals each VLAN is booked over, in any order
     */
    public static StartTimes anyVlanFree(Map<Integer, List<TimeInterval>> bookingsByVlan, int firstVlan, int lastVlan,
            SlotQuery query) {
        if (lastVlan < firstVlan) {
            throw new IllegalArgumentException("last VLAN " + lastVlan + " is below first VLAN " + firstVlan);
        }
        StartTimes all = query.allStarts();
        StartTimes free = StartTimes.none();
        // Once every start has a free VLAN, later VLANs can add nothing.
        for (int vlan = firstVlan; vlan <= lastVlan && !free.equals(all); vlan++) {
            List<TimeInterval> booked = bookingsByVlan.get(vlan);
            free = booked == null ? all : free.union(clearOf(booked, query));
        }
        return free;
    }

    private static StartTimes clearOf(List<TimeInterval> busy, SlotQuery query) {
        List<TimeInterval> inOrder = new ArrayList<>(busy);
        inOrder.sort(Comparator.comparing(TimeInterval::start));
        TimeInterval span = query.span();
        FreeStarts free = new FreeStarts(StartTimes.nanos(span.start()), StartTimes.nanos(span.end()),
                StartTimes.nanos(query.duration()));
        for (TimeInterval interval : inOrder) {
            free.busy(StartTimes.nanos(interval.start()), StartTimes.nanos(interval.end()));
        }
        return free.starts();
    }
}
