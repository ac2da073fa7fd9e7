package org.crs.nsap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;

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
     * @throws PlanRefused naming the first resource that lacks capacity, or the field that
     *     names something this network does not have
     */
    Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused;

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
                throw new PlanRefused(null, bandwidth.resource().id(), bandwidth.reason());
            }
        }
        for (ResourceUse use : current.uses()) {
            Set<Integer> inUse = calendars.vlansInUse(use.resource().id(), interval);
            if (Resource.HOST_PORT.equals(use.resource().kind()) && !inUse.isEmpty()) {
                throw new PlanRefused(null, use.resource().id(), use.resource() + " carries another circuit during "
                        + interval + " (VLAN " + inUse + "); a host port carries one circuit at a time");
            }
            if (use.vlan() > 0 && inUse.contains(use.vlan())) {
                throw new PlanRefused(null, use.resource().id(), "VLAN " + use.vlan() + " is in use on " + use.resource()
                        + " during " + interval + " by another booking");
            }
        }
        return current.withBandwidth(changed.bandwidthMbps());
    }
}
