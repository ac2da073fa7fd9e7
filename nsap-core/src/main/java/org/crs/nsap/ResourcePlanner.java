package org.crs.nsap;

import java.util.List;

import org.crs.domain.admission.Resource;

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
}
