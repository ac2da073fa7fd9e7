package org.crs.nsap.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.SegmentRequest;

/**
 * Many resources of 1000 Mbit/s, {@code r0}, {@code r1}, ..., each booked on its own: a
 * request from {@code rN} to {@code end} books its bandwidth on resource {@code rN} alone, on
 * the VLAN it asks for at the source (none when 0). For testing how the store reads the
 * calendars and VLANs of many resources.
 */
public final class OneHopPlanner implements ResourcePlanner {

    private final List<Resource> resources = new ArrayList<>();

    /** @param count how many resources */
    public OneHopPlanner(int count) {
        for (int i = 0; i < count; i++) {
            resources.add(new Resource("r" + i, Resource.LINK, 1000));
        }
    }

    @Override
    public List<Resource> resources() {
        return List.copyOf(resources);
    }

    @Override
    public List<String> endpoints() {
        List<String> endpoints = new ArrayList<>(resources.stream().map(Resource::id).toList());
        endpoints.add("end");
        return endpoints;
    }

    @Override
    public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
        Resource resource = resources.stream().filter(r -> r.id().equals(request.source())).findFirst()
                .orElseThrow(() -> PlanRefused.badField("source", "no resource " + request.source()));
        AdmissionResult result = Admission.check(List.of(resource),
                Map.of(resource.id(), calendars.calendar(resource.id(), request.interval())),
                request.interval(), request.bandwidthMbps());
        if (!result.admitted()) {
            throw new PlanRefused(result.refusal());
        }
        int vlan = request.sourceVlan();
        if (vlan != 0 && calendars.vlansInUse(resource.id(), request.interval()).contains(vlan)) {
            throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, resource.id(), "VLAN " + vlan + " is in use on " + resource);
        }
        return new Plan(List.of(new ResourceUse(resource, request.bandwidthMbps(), vlan)), vlan, 0, List.of(),
                "resource " + resource.id());
    }

    /** Whenever the source's resource has the bandwidth (and no maintenance) all over the booking. */
    @Override
    public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
            throws PlanRefused {
        Resource resource = resources.stream().filter(r -> r.id().equals(source)).findFirst()
                .orElseThrow(() -> PlanRefused.badField("source", "no resource " + source));
        return ResourceStarts.fitting(calendars.calendar(resource.id(), query.span()), resource.capacityMbps(), query);
    }
}
