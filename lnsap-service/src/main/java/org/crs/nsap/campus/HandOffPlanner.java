package org.crs.nsap.campus;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanAllocator;
import org.crs.domain.admission.VlanBooking;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.PlanReads;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;

/**
 * The campus segments of {@link CampusPlanner} that join a host to a hand-off port (a trunk to
 * another network domain, booked over NSI): the host's access port and the hand-off's trunk of
 * the same edge router, on one VLAN of the hand-off's range. The 7600 carries it as it carries
 * a circuit to the uplink ({@link RouterPart.Vlan}: access port, VLAN, trunk).
 *
 * <p>Either end may be the hand-off; the other is a host. The VLAN is the one the request names
 * on the hand-off's side ({@code destinationVlan} towards the hand-off, {@code sourceVlan} from
 * it), or on the host's side if only that is given (both, if given, must agree), or else the
 * lowest free one of the hand-off's range.
 *
 * <p>Checks, in this order: the endpoints (the other end is a host of the hand-off's router,
 * {@code NO_PATH} on {@code destination} when it is on another), a requested VLAN in the
 * hand-off's range ({@code BAD_FIELD} on its field), bandwidth on the host port then on the
 * trunk ({@code NO_CAPACITY}, {@code MAINTENANCE}), the host port carrying no other circuit
 * ({@code HOST_PORT_BUSY}), and the VLAN free on the trunk over the whole interval
 * ({@code VLAN_UNAVAILABLE} on the trunk). Only the hand-off's trunk calendar is read for its
 * VLANs: its range lies apart from the campus's and from the other hand-offs' of its router
 * ({@link CampusTopology#problems()}), so no other port of the router can use those numbers.
 */
final class HandOffPlanner {

    private final CampusTopology campus;
    private final List<String> endpoints;

    /**
     * @param campus a campus without problems
     * @param endpoints the campus's endpoints, for the refusal of an unknown one
     */
    HandOffPlanner(CampusTopology campus, List<String> endpoints) {
        this.campus = Objects.requireNonNull(campus, "campus");
        this.endpoints = List.copyOf(endpoints);
    }

    /** Whether either end names a hand-off port, so the segment is this planner's. */
    boolean joins(String source, String destination) {
        return campus.handOff(String.valueOf(source)).isPresent() || campus.handOff(String.valueOf(destination)).isPresent();
    }

    /** The host port must carry nothing else and have the bandwidth, and the trunk the bandwidth and a free VLAN. */
    StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
            throws PlanRefused {
        Ends ends = ends(source, destination);
        Resource port = ends.port().resource();
        Resource trunk = ends.handOff().resource();
        TimeInterval span = query.span();
        Map<String, BookingCalendar> read = calendars.calendars(List.of(port.id(), trunk.id()), span);
        return query.allStarts()
                .intersect(ResourceStarts.fitting(read.get(port.id()), port.capacityMbps(), query))
                .intersect(ResourceStarts.unoccupied(read.get(port.id()), query))
                .intersect(ResourceStarts.fitting(read.get(trunk.id()), trunk.capacityMbps(), query))
                .intersect(ResourceStarts.anyVlanFree(calendars.vlanBookings(trunk.id(), span),
                        ends.handOff().vlans().first(), ends.handOff().vlans().last(), query));
    }

    Plan plan(SegmentRequest request, PlanReads read) throws PlanRefused {
        Ends ends = ends(request.source(), request.destination());
        HostPort port = ends.port();
        HandOff handOff = ends.handOff();
        int requestedVlan = requestedVlan(request, ends);
        TimeInterval interval = request.interval();
        Resource portResource = port.resource();
        Resource trunk = handOff.resource();

        AdmissionResult bandwidth = Admission.check(List.of(portResource, trunk),
                read.calendars(List.of(portResource, trunk)), interval, request.bandwidthMbps());
        if (!bandwidth.admitted()) {
            throw new PlanRefused(bandwidth.refusal());
        }

        read.readVlans(List.of(portResource.id(), trunk.id()));
        Set<Integer> onPort = read.vlansInUse(portResource.id());
        if (!onPort.isEmpty()) {
            throw PlanRefused.on(RefusalCode.HOST_PORT_BUSY, portResource.id(), portResource + " of " + port.hostName()
                    + " already carries a circuit during " + interval + "; a host port carries one circuit at a time");
        }

        VlanAllocator vlans = new VlanAllocator(handOff.vlans(),
                read.vlansInUse(trunk.id()).stream().map(vlan -> new VlanBooking(vlan, interval)).toList());
        int vlan;
        if (requestedVlan != 0) {
            if (!vlans.isFree(requestedVlan, interval)) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, trunk.id(), "VLAN " + requestedVlan + " is in use on "
                        + trunk + " (" + handOff.name() + ") during " + interval);
            }
            vlan = requestedVlan;
        } else {
            OptionalInt lowest = vlans.lowestFree(interval);
            if (lowest.isEmpty()) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, trunk.id(), "no VLAN of " + handOff.vlans()
                        + " is free on " + trunk + " (" + handOff.name() + ") during " + interval);
            }
            vlan = lowest.getAsInt();
        }

        long mbps = request.bandwidthMbps();
        return new Plan(List.of(new ResourceUse(portResource, mbps, vlan), new ResourceUse(trunk, mbps, vlan)),
                vlan, vlan,
                List.of(new RouterPart.Vlan(port.router(), vlan, port.interfaceName(), handOff.trunkInterface())),
                port.hostName() + " on " + port.router() + " " + port.interfaceName() + ", VLAN " + vlan
                        + " on hand-off " + handOff.name() + " " + handOff.trunkInterface());
    }

    /** The host and the hand-off of the request, and which VLAN field belongs to which. */
    private Ends ends(String source, String destination) throws PlanRefused {
        Optional<HandOff> atSource = campus.handOff(String.valueOf(source));
        Optional<HandOff> atDestination = campus.handOff(String.valueOf(destination));
        if (atSource.isPresent() && atDestination.isPresent()) {
            throw new PlanRefused(new Refusal(RefusalCode.NO_PATH, "destination", "a campus segment joins a host to a"
                    + " hand-off; " + source + " and " + destination + " are both hand-offs, and the campus carries no"
                    + " circuit from one other domain to another"));
        }
        boolean fromHandOff = atSource.isPresent();
        HandOff handOff = fromHandOff ? atSource.get() : atDestination.orElseThrow();
        String hostField = fromHandOff ? "destination" : "source";
        String host = fromHandOff ? destination : source;
        if (campus.site().equals(host)) {
            throw PlanRefused.badField(hostField, "a circuit to hand-off " + handOff.name() + " joins it to a host of the"
                    + " campus, not to the site " + host);
        }
        HostPort port = campus.hostPort(String.valueOf(host)).orElseThrow(() -> PlanRefused.badField(hostField,
                "campus " + campus.site() + " has no endpoint " + host + "; its endpoints are " + String.join(", ", endpoints)));
        if (!port.router().equals(handOff.router())) {
            throw new PlanRefused(new Refusal(RefusalCode.NO_PATH, "destination", port.hostName() + " is on "
                    + port.router() + ", hand-off " + handOff.name() + " on " + handOff.router()
                    + "; a circuit joins a host to a hand-off of its own edge router"));
        }
        return fromHandOff ? new Ends(port, handOff, "destinationVlan", "sourceVlan")
                : new Ends(port, handOff, "sourceVlan", "destinationVlan");
    }

    /** The VLAN the request names, on the hand-off's side or else on the host's, or 0; in the hand-off's range. */
    private static int requestedVlan(SegmentRequest request, Ends ends) throws PlanRefused {
        int atHost = vlanIn(request, ends.hostVlanField());
        int atHandOff = vlanIn(request, ends.handOffVlanField());
        if (atHost != 0 && atHandOff != 0 && atHost != atHandOff) {
            throw PlanRefused.badField(ends.hostVlanField(), "a campus segment carries one VLAN from host port to"
                    + " hand-off, but " + ends.hostVlanField() + " is " + atHost + " and " + ends.handOffVlanField()
                    + " is " + atHandOff);
        }
        int vlan = atHandOff != 0 ? atHandOff : atHost;
        String field = atHandOff != 0 ? ends.handOffVlanField() : ends.hostVlanField();
        HandOff handOff = ends.handOff();
        if (vlan != 0 && !handOff.vlans().isUsable(vlan)) {
            throw PlanRefused.badField(field, "VLAN " + vlan + " cannot carry a circuit on hand-off " + handOff.name()
                    + ": it takes VLANs " + handOff.vlans() + ", except IOS's reserved 1002-1005");
        }
        return vlan;
    }

    private static int vlanIn(SegmentRequest request, String field) {
        return field.equals("sourceVlan") ? request.sourceVlan() : request.destinationVlan();
    }

    private record Ends(HostPort port, HandOff handOff, String hostVlanField, String handOffVlanField) {
    }
}
