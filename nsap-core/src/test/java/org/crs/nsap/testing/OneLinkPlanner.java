package org.crs.nsap.testing;

import java.util.List;

import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.SegmentRequest;

/**
 * A network of two sites joined by one link, for testing the store and the service (which
 * are under test) apart from the campus and WAN planners (tested in their own modules).
 */
public class OneLinkPlanner implements ResourcePlanner {

    public static final Resource LINK = new Resource("x-y", Resource.LINK, 1000);

    @Override
    public List<Resource> resources() {
        return List.of(LINK);
    }

    @Override
    public List<String> endpoints() {
        return List.of("x", "y");
    }

    @Override
    public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
        AdmissionResult result = Admission.check(List.of(LINK),
                java.util.Map.of(LINK.id(), calendars.calendar(LINK.id(), request.interval())),
                request.interval(), request.bandwidthMbps());
        if (!result.admitted()) {
            throw new PlanRefused(result.refusal());
        }
        return new Plan(List.of(new ResourceUse(LINK, request.bandwidthMbps(), 0)), 0, 0, List.of(), "link x-y");
    }

    /** Whenever the link has the bandwidth (and no maintenance) all over the booking. */
    @Override
    public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars) {
        return ResourceStarts.fitting(calendars.calendar(LINK.id(), query.span()), LINK.capacityMbps(), query);
    }
}
