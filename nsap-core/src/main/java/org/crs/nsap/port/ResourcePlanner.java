package org.crs.nsap.port;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.SegmentRequest;

/**
 * What an NSAP knows of its own network: which resources exist and how a request maps onto
 * them. The campus planner (L-NSAP) picks the host port, uplink and VLAN; the WAN planner
 * (NSAP) finds a path and the VLANs at both access points.
 */
public interface ResourcePlanner {

    /** Every bookable resource, to create its row in the store at start. */
    List<Resource> resources();

    /** The endpoint names a request may use, for validation and for clients listing them. */
    List<String> endpoints();

    /**
     * Plans a segment over the calendars as they are now.
     *
     * @throws PlanRefused naming the first resource that cannot take it, with the code saying why
     *     (no capacity, maintenance, VLAN taken, host port busy, no path), or the field that names
     *     something this network does not have
     */
    Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused;

    /**
     * The start times in the query's range at which a segment from {@code source} to
     * {@code destination} could be booked at the query's bandwidth for its whole duration, over
     * the calendars as they are now (a search: it books nothing, and a start found may be taken
     * before it is held). Every rule {@link #plan} applies to bandwidth, maintenance and ports is
     * applied at every instant; a VLAN counts as free when some VLAN of the range is, since the
     * one a hold takes may be named by another controller (the hand-off VLAN).
     *
     * @throws PlanRefused naming the field, for endpoints this network does not have
     */
    StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
            throws PlanRefused;

    /**
     * The most bandwidth a segment from {@code source} to {@code destination} could be booked
     * with for {@code duration} at some start time in [earliestStart, latestStart], to the
     * Mbit/s; 0 when none. A binary search over {@link #availability}, with each calendar read
     * once.
     *
     * @throws PlanRefused naming the field, for endpoints this network does not have
     */
    default long widest(String source, String destination, Duration duration, Instant earliestStart,
                        Instant latestStart, CalendarSource calendars) throws PlanRefused {
        CalendarSource once = new MemoCalendars(calendars);
        SlotQuery query = new SlotQuery(1, duration, earliestStart, latestStart);
        if (availability(source, destination, query, once).isEmpty()) {
            return 0;
        }
        long low = 1; // has a start time
        long high = resources().stream().mapToLong(Resource::capacityMbps).max().orElse(1); // may have one
        while (low < high) {
            long middle = low + (high - low + 1) / 2;
            if (availability(source, destination, query.withMbps(middle), once).isEmpty()) {
                high = middle - 1;
            } else {
                low = middle;
            }
        }
        return low;
    }

    /**
     * Checks that a booked segment may change its interval and bandwidth while keeping its
     * plan: the same resources, VLANs and router parts. The calendars must not count the
     * segment itself. Every resource it books bandwidth on must have the new bandwidth free
     * over the new interval (in path order, naming the first that has not), every VLAN it uses
     * must be free on its resource over the new interval, and a host port, which carries one
     * circuit at a time, must carry no other.
     *
     * @param current the segment's plan
     * @param changed the segment's request with the new interval and bandwidth
     * @return the plan booking the new bandwidth
     * @throws PlanRefused naming the first resource that cannot take the change
     */
    default Plan keep(Plan current, SegmentRequest changed, CalendarSource calendars) throws PlanRefused {
        TimeInterval interval = changed.interval();
        List<Resource> booked = new ArrayList<>();
        for (ResourceUse use : current.uses()) {
            if (use.mbps() > 0) {
                booked.add(use.resource());
            }
        }
        if (!booked.isEmpty()) {
            Map<String, BookingCalendar> read = new HashMap<>();
            for (Resource r : booked) {
                read.put(r.id(), calendars.calendar(r.id(), interval));
            }
            AdmissionResult bandwidth = Admission.check(booked, read, interval, changed.bandwidthMbps());
            if (!bandwidth.admitted()) {
                throw new PlanRefused(bandwidth.refusal());
            }
        }
        for (ResourceUse use : current.uses()) {
            Set<Integer> inUse = calendars.vlansInUse(use.resource().id(), interval);
            if (Resource.HOST_PORT.equals(use.resource().kind()) && !inUse.isEmpty()) {
                throw PlanRefused.on(RefusalCode.HOST_PORT_BUSY, use.resource().id(), use.resource() + " carries another circuit during "
                        + interval + " (VLAN " + inUse + "); a host port carries one circuit at a time");
            }
            if (use.vlan() > 0 && inUse.contains(use.vlan())) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, use.resource().id(), "VLAN " + use.vlan() + " is in use on " + use.resource()
                        + " during " + interval + " by another booking");
            }
        }
        return current.withBandwidth(changed.bandwidthMbps());
    }
}
