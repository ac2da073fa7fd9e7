package org.crs.nsap.campus;

import org.crs.nsap.contract.topology.CampusTopologyFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanAllocator;
import org.crs.domain.admission.VlanBooking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanReads;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;

/**
 * What the L-NSAP knows of its campus: a segment joins an end-host's port to an uplink of
 * the same edge router towards the site's WAN access point, on one VLAN of the campus range,
 * which the 7600 carries from the access port onto the trunk (Cisco7600CliDriver).
 *
 * <p>A request runs from a host ({@code host-a1}) to the site ({@code site-a}), from the
 * site to a host, or between two hosts of the same edge router (below). The VLAN is the one the request names at the site end (the hand-off VLAN
 * the NSAP chose: {@code destinationVlan} from a host, {@code sourceVlan} towards one), or at
 * the host end if only that is given (a campus segment carries one VLAN end to end), or else
 * the lowest free one of the range on the uplink.
 *
 * <p>Checks, in this order, each refusal naming its field or resource:
 * <ol>
 * <li>the endpoints ({@code source}, {@code destination}) and a requested VLAN's range
 *     ({@code sourceVlan}, {@code destinationVlan});
 * <li>bandwidth on the host port, then on the uplink ({@link Admission#check});
 * <li>that the host port carries no other circuit at any instant of the interval: a port is
 *     an access port in one VLAN, so it takes one circuit at a time whatever the bandwidth
 *     left. The plan records the VLAN on the host port too, so that the store's
 *     {@link CalendarSource#vlansInUse} sees the port busy;
 * <li>that the VLAN is free on the uplink over the interval.
 * </ol>
 *
 * <p>When an edge router has several uplinks to the site, the first in file order on which
 * the segment fits is taken; a refusal then names what refused it on the first.
 *
 * <p><b>Two hosts of the site.</b> A request from one host to another is a single segment on
 * their edge router: both host ports joined by one VLAN of the campus range
 * ({@link RouterPart.HostPair}), nothing on an uplink. Both host ports must admit the
 * bandwidth and carry no other circuit over the interval. VLAN numbers are global on a 7600,
 * so the VLAN must be free on every uplink of that router over the interval, and the plan books
 * it there with no bandwidth: circuits to the site on that router then see it in use. A
 * requested {@code sourceVlan} or {@code destinationVlan} (equal if both are given) is taken if
 * free. Hosts on different edge routers are refused ({@code destination}): the campus topology
 * has no links between edge routers.
 *
 * <p><b>Hand-offs.</b> A request between a host and a hand-off port of its edge router (a trunk
 * to another network domain, booked over NSI; either end, named by the hand-off's name) is
 * planned by {@link HandOffPlanner}: the host port and the hand-off's trunk joined by one VLAN
 * of the hand-off's range, both booked like a circuit to the site.
 *
 * <p>Deterministic and without side effects: the same calendars give the same plan, and only
 * the calendars of the host port and of the uplinks tried are read.
 */
public final class CampusPlanner implements ResourcePlanner {

    private final CampusTopology campus;
    private final HandOffPlanner handOffs;

    /**
     * @param campus a campus without {@linkplain CampusTopology#problems() problems}, as
     *     {@link CampusTopologyFile#load} returns it
     * @throws IllegalArgumentException if it has problems, or if a host's edge router has neither
     *     an uplink to the site's access point nor a hand-off (its host could book nothing)
     */
    public CampusPlanner(CampusTopology campus) {
        this.campus = Objects.requireNonNull(campus, "campus");
        List<String> problems = new ArrayList<>(campus.problems());
        if (problems.isEmpty()) {
            for (HostPort port : campus.hostPorts()) {
                boolean handOff = campus.handOffs().stream().anyMatch(h -> h.router().equals(port.router()));
                if (uplinksToSite(port.router()).isEmpty() && !handOff) {
                    problems.add("host " + port.hostName() + " is on edge router " + port.router()
                            + ", which has no uplink to access point " + campus.site());
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("campus " + campus.site() + " cannot be booked: " + String.join("; ", problems));
        }
        this.handOffs = new HandOffPlanner(campus, endpoints());
    }

    /** Every host port, then every uplink, then every hand-off, in file order. */
    @Override
    public List<Resource> resources() {
        List<Resource> resources = new ArrayList<>();
        campus.hostPorts().forEach(port -> resources.add(port.resource()));
        campus.uplinks().forEach(uplink -> resources.add(uplink.resource()));
        campus.handOffs().forEach(handOff -> resources.add(handOff.resource()));
        return resources;
    }

    /** Every host, in file order, then the site, then every hand-off, in file order. */
    @Override
    public List<String> endpoints() {
        List<String> endpoints = new ArrayList<>();
        campus.hostPorts().forEach(port -> endpoints.add(port.hostName()));
        endpoints.add(campus.site());
        campus.handOffs().forEach(handOff -> endpoints.add(handOff.name()));
        return endpoints;
    }

    /**
     * A host's port must carry nothing else and have the bandwidth; towards the site, some
     * uplink of its router must have the bandwidth and a free VLAN; between two hosts, both ports
     * must, and a VLAN must be free on the router's uplinks (each looked at apart).
     */
    @Override
    public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
            throws PlanRefused {
        if (handOffs.joins(source, destination)) {
            return handOffs.availability(source, destination, query, calendars);
        }
        String site = campus.site();
        TimeInterval span = query.span();
        List<HostPort> ports;
        List<Uplink> uplinks;
        boolean toSite = site.equals(source) || site.equals(destination);
        if (toSite) {
            ports = List.of(ends(source, destination).port());
            uplinks = uplinksToSite(ports.get(0).router());
        } else {
            ports = hostPair(source, destination);
            uplinks = campus.uplinksOf(ports.get(0).router());
        }
        List<String> ids = new ArrayList<>();
        ports.forEach(port -> ids.add(port.resource().id()));
        uplinks.forEach(uplink -> ids.add(uplink.resource().id()));
        Map<String, BookingCalendar> read = calendars.calendars(ids, span);
        StartTimes starts = query.allStarts();
        for (HostPort port : ports) {
            BookingCalendar calendar = read.get(port.resource().id());
            starts = starts.intersect(ResourceStarts.fitting(calendar, port.resource().capacityMbps(), query))
                    .intersect(ResourceStarts.unoccupied(calendar, query));
        }
        if (starts.isEmpty()) {
            return starts;
        }
        StartTimes overUplinks = toSite ? StartTimes.none() : query.allStarts();
        for (Uplink uplink : uplinks) {
            StartTimes vlanFree = ResourceStarts.anyVlanFree(calendars.vlanBookings(uplink.resource().id(), span),
                    campus.vlans().first(), campus.vlans().last(), query);
            overUplinks = toSite
                    ? overUplinks.union(vlanFree.intersect(ResourceStarts.fitting(read.get(uplink.resource().id()),
                            uplink.resource().capacityMbps(), query)))
                    : overUplinks.intersect(vlanFree);
        }
        return starts.intersect(overUplinks);
    }

    @Override
    public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
        if (handOffs.joins(request.source(), request.destination())) {
            return handOffs.plan(request, new PlanReads(calendars, request.interval()));
        }
        String site = campus.site();
        if (!site.equals(request.source()) && !site.equals(request.destination())) {
            return planHostPair(request, new PlanReads(calendars, request.interval()));
        }
        Ends ends = ends(request);
        if (uplinksToSite(ends.port().router()).isEmpty()) {
            // A campus whose only way out is a hand-off (a network without a WAN) reaches no site.
            String field = site.equals(request.destination()) ? "destination" : "source";
            throw new PlanRefused(new Refusal(RefusalCode.NO_PATH, field, ends.port().hostName() + " is on "
                    + ends.port().router() + ", which has no uplink to access point " + site));
        }
        int requestedVlan = requestedVlan(request, ends);
        PlanReads read = new PlanReads(calendars, request.interval());
        PlanRefused firstRefusal = null;
        for (Uplink uplink : uplinksToSite(ends.port().router())) {
            try {
                return planOver(ends.port(), uplink, requestedVlan, request, read);
            } catch (PlanRefused refused) {
                if (firstRefusal == null) {
                    firstRefusal = refused;
                }
            }
        }
        // Above: the host's router has an uplink to the site.
        throw Objects.requireNonNull(firstRefusal);
    }

    private Plan planOver(HostPort port, Uplink uplink, int requestedVlan, SegmentRequest request, PlanReads read)
            throws PlanRefused {
        TimeInterval interval = request.interval();
        Resource portResource = port.resource();
        Resource uplinkResource = uplink.resource();

        AdmissionResult bandwidth = Admission.check(List.of(portResource, uplinkResource),
                read.calendars(List.of(portResource, uplinkResource)), interval, request.bandwidthMbps());
        if (!bandwidth.admitted()) {
            throw new PlanRefused(bandwidth.refusal());
        }

        read.readVlans(List.of(portResource.id(), uplinkResource.id()));
        Set<Integer> onPort = read.vlansInUse(portResource.id());
        if (!onPort.isEmpty()) {
            throw PlanRefused.on(RefusalCode.HOST_PORT_BUSY, portResource.id(), portResource + " of " + port.hostName()
                    + " already carries a circuit during " + interval + " (" + vlanList(onPort)
                    + "); a host port carries one circuit at a time");
        }

        VlanAllocator vlans = new VlanAllocator(campus.vlans(),
                read.vlansInUse(uplinkResource.id()).stream().map(vlan -> new VlanBooking(vlan, interval)).toList());
        int vlan;
        if (requestedVlan != 0) {
            if (!vlans.isFree(requestedVlan, interval)) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, uplinkResource.id(), "VLAN " + requestedVlan + " is in use on "
                        + uplinkResource + " during " + interval);
            }
            vlan = requestedVlan;
        } else {
            OptionalInt lowest = vlans.lowestFree(interval);
            if (lowest.isEmpty()) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, uplinkResource.id(), "no VLAN of " + campus.vlans() + " is free on "
                        + uplinkResource + " during " + interval);
            }
            vlan = lowest.getAsInt();
        }

        long mbps = request.bandwidthMbps();
        return new Plan(
                List.of(new ResourceUse(portResource, mbps, vlan), new ResourceUse(uplinkResource, mbps, vlan)),
                vlan, vlan,
                List.of(new RouterPart.Vlan(port.router(), vlan, port.interfaceName(), uplink.trunkInterface())),
                port.hostName() + " on " + port.router() + " " + port.interfaceName() + ", VLAN " + vlan
                        + " on uplink " + uplink.trunkInterface());
    }

    // --- two hosts of the site -------------------------------------------------------------------

    /**
     * A circuit between two hosts of the campus: both host ports of one edge router joined by a
     * VLAN of the campus range, no uplink. The VLAN is booked with no bandwidth on every uplink
     * of that router, because a 7600's VLAN numbers are global: a circuit to the site on the same
     * router must not take the same VLAN at the same time, and it reads the uplink's VLANs.
     */
    private Plan planHostPair(SegmentRequest request, PlanReads read) throws PlanRefused {
        List<HostPort> pair = hostPair(request.source(), request.destination());
        HostPort a = pair.get(0);
        HostPort b = pair.get(1);
        String router = a.router();
        List<Uplink> uplinks = campus.uplinksOf(router);
        int requestedVlan = requestedPairVlan(request, router);
        TimeInterval interval = request.interval();
        Resource portA = a.resource();
        Resource portB = b.resource();

        AdmissionResult bandwidth = Admission.check(List.of(portA, portB), read.calendars(List.of(portA, portB)), interval,
                request.bandwidthMbps());
        if (!bandwidth.admitted()) {
            throw new PlanRefused(bandwidth.refusal());
        }
        List<String> withVlans = new ArrayList<>(List.of(portA.id(), portB.id()));
        uplinks.forEach(uplink -> withVlans.add(uplink.resource().id()));
        read.readVlans(withVlans);
        for (HostPort port : List.of(a, b)) {
            Set<Integer> onPort = read.vlansInUse(port.resource().id());
            if (!onPort.isEmpty()) {
                throw PlanRefused.on(RefusalCode.HOST_PORT_BUSY, port.resource().id(), port.resource() + " of " + port.hostName()
                        + " already carries a circuit during " + interval + " (" + vlanList(onPort)
                        + "); a host port carries one circuit at a time");
            }
        }

        List<VlanBooking> inUse = new ArrayList<>();
        for (Uplink uplink : uplinks) {
            read.vlansInUse(uplink.resource().id()).forEach(vlan -> inUse.add(new VlanBooking(vlan, interval)));
        }
        VlanAllocator vlans = new VlanAllocator(campus.vlans(), inUse);
        int vlan;
        if (requestedVlan != 0) {
            if (!vlans.isFree(requestedVlan, interval)) {
                Uplink user = uplinks.stream().filter(u -> read.vlansInUse(u.resource().id()).contains(requestedVlan))
                        .findFirst().orElseThrow();
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, user.resource().id(), "VLAN " + requestedVlan + " is in use on "
                        + user.resource() + " during " + interval + " (VLAN numbers are shared by all ports of "
                        + router + ")");
            }
            vlan = requestedVlan;
        } else {
            OptionalInt lowest = vlans.lowestFree(interval);
            if (lowest.isEmpty()) {
                throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, uplinks.get(0).resource().id(), "no VLAN of " + campus.vlans()
                        + " is free on " + router + " during " + interval);
            }
            vlan = lowest.getAsInt();
        }

        long mbps = request.bandwidthMbps();
        List<ResourceUse> uses = new ArrayList<>(List.of(new ResourceUse(portA, mbps, vlan), new ResourceUse(portB, mbps, vlan)));
        uplinks.forEach(uplink -> uses.add(new ResourceUse(uplink.resource(), 0, vlan)));
        return new Plan(uses, vlan, vlan,
                List.of(new RouterPart.HostPair(router, vlan, a.interfaceName(), b.interfaceName())),
                a.hostName() + " (" + a.interfaceName() + ") to " + b.hostName() + " (" + b.interfaceName() + ") on "
                        + router + ", VLAN " + vlan);
    }

    /** Two different hosts of one edge router, source first. */
    private List<HostPort> hostPair(String source, String destination) throws PlanRefused {
        HostPort a = campus.hostPort(String.valueOf(source))
                .orElseThrow(() -> PlanRefused.badField("source", unknownEndpoint(source)));
        HostPort b = campus.hostPort(String.valueOf(destination))
                .orElseThrow(() -> PlanRefused.badField("destination", unknownEndpoint(destination)));
        if (a.hostName().equals(b.hostName())) {
            throw PlanRefused.badField("destination", "a circuit joins two different hosts; source and destination"
                    + " are both " + a.hostName());
        }
        if (!a.router().equals(b.router())) {
            throw new PlanRefused(new Refusal(RefusalCode.NO_PATH, "destination", a.hostName() + " is on " + a.router()
                    + ", " + b.hostName() + " on " + b.router() + "; a circuit within a site joins hosts of one edge router"));
        }
        return List.of(a, b);
    }

    /** The VLAN the request names at either end (both, if given, must agree), or 0. */
    private int requestedPairVlan(SegmentRequest request, String router) throws PlanRefused {
        int atSource = request.sourceVlan();
        int atDestination = request.destinationVlan();
        if (atSource != 0 && atDestination != 0 && atSource != atDestination) {
            throw PlanRefused.badField("destinationVlan", "a circuit between two hosts of " + router
                    + " carries one VLAN, but sourceVlan is " + atSource + " and destinationVlan is " + atDestination);
        }
        int vlan = atDestination != 0 ? atDestination : atSource;
        String field = atDestination != 0 ? "destinationVlan" : "sourceVlan";
        if (vlan != 0 && !campus.vlans().isUsable(vlan)) {
            throw PlanRefused.badField(field, "VLAN " + vlan + " cannot carry a circuit on " + router
                    + ": circuits use VLANs " + campus.vlans() + " there, except IOS's reserved 1002-1005");
        }
        return vlan;
    }

    /** The host port of the request and which request fields name the host end and the site end. */
    private Ends ends(SegmentRequest request) throws PlanRefused {
        return ends(request.source(), request.destination());
    }

    private Ends ends(String source, String destination) throws PlanRefused {
        String site = campus.site();
        boolean fromSite = site.equals(source);
        boolean toSite = site.equals(destination);
        if (fromSite && toSite) {
            throw PlanRefused.badField("destination", "a campus segment runs between a host and the site " + site
                    + ", not from the site to itself");
        }
        String hostField = fromSite ? "destination" : "source";
        String host = fromSite ? destination : source;
        HostPort port = campus.hostPort(String.valueOf(host))
                .orElseThrow(() -> PlanRefused.badField(hostField, unknownEndpoint(host)));
        return fromSite ? new Ends(port, "destinationVlan", "sourceVlan") : new Ends(port, "sourceVlan", "destinationVlan");
    }

    private int requestedVlan(SegmentRequest request, Ends ends) throws PlanRefused {
        int atHost = vlanIn(request, ends.hostVlanField());
        int atSite = vlanIn(request, ends.siteVlanField());
        if (atHost != 0 && atSite != 0 && atHost != atSite) {
            throw PlanRefused.badField(ends.hostVlanField(), "a campus segment carries one VLAN from host port to uplink, but "
                    + ends.hostVlanField() + " is " + atHost + " and " + ends.siteVlanField() + " is " + atSite);
        }
        int vlan = atSite != 0 ? atSite : atHost;
        String field = atSite != 0 ? ends.siteVlanField() : ends.hostVlanField();
        if (vlan != 0 && !campus.vlans().isUsable(vlan)) {
            throw PlanRefused.badField(field, "VLAN " + vlan + " cannot carry a circuit on "
                    + uplinkNames(ends.port().router()) + ": circuits use VLANs " + campus.vlans()
                    + " there, except IOS's reserved 1002-1005");
        }
        return vlan;
    }

    private static int vlanIn(SegmentRequest request, String field) {
        return field.equals("sourceVlan") ? request.sourceVlan() : request.destinationVlan();
    }

    private static String vlanList(Set<Integer> vlans) {
        List<String> sorted = vlans.stream().sorted().map(String::valueOf).toList();
        return (sorted.size() == 1 ? "VLAN " : "VLANs ") + String.join(", ", sorted);
    }

    private String unknownEndpoint(String name) {
        return "campus " + campus.site() + " has no endpoint " + name + "; its endpoints are " + String.join(", ", endpoints());
    }

    private List<Uplink> uplinksToSite(String router) {
        return campus.uplinksOf(router).stream().filter(uplink -> campus.site().equals(uplink.accessPoint())).toList();
    }

    private String uplinkNames(String router) {
        return String.join(" or ", uplinksToSite(router).stream().map(uplink -> uplink.resource().toString()).toList());
    }

    private record Ends(HostPort port, String hostVlanField, String siteVlanField) {
    }
}
