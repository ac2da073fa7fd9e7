package org.crs.nsap.wan;

import org.crs.nsap.contract.topology.WanTopologyFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.ToLongFunction;

import org.crs.domain.admission.Admission;
import org.crs.domain.admission.AdmissionResult;
import org.crs.domain.admission.Resource;
import org.crs.domain.admission.VlanAllocator;
import org.crs.domain.admission.VlanBooking;
import org.crs.domain.availability.ResourceStarts;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.SlotSearch;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.path.Path;
import org.crs.domain.path.PathFinder;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanReads;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.SegmentRequest;

/**
 * What the NSAP knows of the WAN: a segment runs from one site's access point to another's,
 * as an Ethernet-over-MPLS pseudowire between the two access points' core routers, pinned
 * to a TE tunnel along an explicit path (Cisco12000CliDriver).
 *
 * <p>Planning, in this order, each refusal naming its field or resource:
 * <ol>
 * <li>the endpoints are access point sites ({@code source}, {@code destination}), on two
 *     different core routers; requested VLANs are in their access point's range
 *     ({@code sourceVlan}, {@code destinationVlan});
 * <li>the path: {@link PathFinder} drops the links without the bandwidth free all over the
 *     interval (maintenance leaves none) and takes the shortest of the rest by metric. When
 *     no path is left, the refusal names the first resource lacking capacity (the source
 *     access point, else the bottleneck link) along the path an empty WAN would take, with
 *     admission's reason;
 * <li>bandwidth at the source access point, on the path's links, at the destination access
 *     point ({@link Admission#check}, in that order);
 * <li>VLANs: a requested VLAN must be free at its access point. Otherwise the same VLAN at
 *     both ends when one is free at both, which is simpler for operators to follow: the
 *     lowest such, or the one requested at the other end; failing that, the lowest free at
 *     each access point.
 * </ol>
 *
 * <p>Two access points on one core router are refused (field {@code destination}): the WAN
 * carries circuits as pseudowires between two routers, and the 12000 driver has no
 * switching inside one router. The demo WAN has one access point per router.
 *
 * <p>Deterministic and without side effects: the same calendars give the same plan. It reads
 * the calendars of the links path computation weighs and of the two access points, each once
 * per plan.
 */
public final class WanPlanner implements ResourcePlanner {

    /** A WAN with at most this many resources is read in one bulk read per plan (on a server, one round trip). */
    private static final int READ_AT_ONCE = 32;

    private final WanTopology wan;
    private final PathFinder paths;
    private final SlotSearch slots;
    private final Map<String, CoreRouter> routers = new HashMap<>();

    /**
     * @param wan a WAN without {@linkplain WanTopology#problems() problems}, as
     *     {@link WanTopologyFile#load} returns it
     * @throws IllegalArgumentException if it has problems
     */
    public WanPlanner(WanTopology wan) {
        this.wan = Objects.requireNonNull(wan, "wan");
        this.paths = new PathFinder(wan);
        this.slots = new SlotSearch(wan);
        wan.coreRouters().forEach(router -> routers.put(router.name(), router));
    }

    /** Every link, then every access point, in file order. */
    @Override
    public List<Resource> resources() {
        List<Resource> resources = new ArrayList<>();
        wan.links().forEach(link -> resources.add(link.resource()));
        wan.accessPoints().forEach(accessPoint -> resources.add(accessPoint.resource()));
        return resources;
    }

    /** The sites of the access points, in file order. */
    @Override
    public List<String> endpoints() {
        return wan.accessPoints().stream().map(AccessPoint::site).toList();
    }

    @Override
    public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
        AccessPoint from = accessPoint(request.source(), "source");
        AccessPoint to = accessPoint(request.destination(), "destination");
        requireTwoRouters(from, to);
        requireInRange(from, request.sourceVlan(), "sourceVlan");
        requireInRange(to, request.destinationVlan(), "destinationVlan");
        return planBetween(from, to, request, calendars);
    }

    /**
     * Both access points must have the bandwidth and a free VLAN, and some path of links the
     * bandwidth, all over the booking: {@link SlotSearch} over the links' calendars, each read
     * once in one query for the query's whole span.
     */
    @Override
    public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
            throws PlanRefused {
        AccessPoint from = accessPoint(source, "source");
        AccessPoint to = accessPoint(destination, "destination");
        requireTwoRouters(from, to);
        TimeInterval span = query.span();
        List<String> ids = new ArrayList<>();
        ids.add(from.resource().id());
        ids.add(to.resource().id());
        wan.links().forEach(link -> ids.add(link.id()));
        Map<String, BookingCalendar> read = calendars.calendars(ids, span);
        StartTimes starts = query.allStarts();
        for (AccessPoint end : List.of(from, to)) {
            starts = starts.intersect(ResourceStarts.fitting(read.get(end.resource().id()), end.capacityMbps(), query));
            if (starts.isEmpty()) {
                return starts;
            }
            starts = starts.intersect(ResourceStarts.anyVlanFree(calendars.vlanBookings(end.resource().id(), span),
                    end.vlans().first(), end.vlans().last(), query));
        }
        if (starts.isEmpty()) {
            return starts;
        }
        return starts.intersect(slots.startTimes(from.router(), to.router(), read, query));
    }

    private void requireTwoRouters(AccessPoint from, AccessPoint to) throws PlanRefused {
        if (from.site().equals(to.site())) {
            throw PlanRefused.badField("destination", "the destination must be another site than the source, "
                    + from.site());
        }
        if (from.router().equals(to.router())) {
            throw new PlanRefused(new Refusal(RefusalCode.NO_PATH, "destination", from.site() + " and " + to.site()
                    + " are both handed off on "
                    + from.router() + "; the WAN carries circuits as pseudowires between two core routers and offers "
                    + "none within one router"));
        }
    }

    private Plan planBetween(AccessPoint from, AccessPoint to, SegmentRequest request, CalendarSource calendars)
            throws PlanRefused {
        TimeInterval interval = request.interval();
        long mbps = request.bandwidthMbps();
        PlanReads read = new PlanReads(calendars, interval);
        List<String> everything = new ArrayList<>(List.of(from.resource().id(), to.resource().id()));
        wan.links().forEach(link -> everything.add(link.id()));
        if (everything.size() <= READ_AT_ONCE) {
            read.readCalendars(everything); // else link by link, as the path search reaches them
        }
        Path path = path(from, to, mbps, read);
        List<Resource> route = route(from, path, to);
        AdmissionResult bandwidth = Admission.check(route, read.calendars(route), interval, mbps);
        if (!bandwidth.admitted()) {
            throw new PlanRefused(bandwidth.refusal());
        }
        Vlans vlans = vlans(from, to, request, read);
        int sourceVlan = vlans.atSource();
        int destinationVlan = vlans.atDestination();

        List<ResourceUse> uses = new ArrayList<>();
        uses.add(new ResourceUse(from.resource(), mbps, sourceVlan));
        path.links().forEach(link -> uses.add(new ResourceUse(link.resource(), mbps, 0)));
        uses.add(new ResourceUse(to.resource(), mbps, destinationVlan));

        List<String> backwards = new ArrayList<>(path.routers());
        Collections.reverse(backwards);
        List<String> explicitPathBack = backwards.subList(1, backwards.size()).stream().map(this::loopback).toList();
        List<RouterPart> parts = List.of(
                new RouterPart.Pseudowire(from.router(), sourceVlan, from.interfaceName(), loopback(to.router()),
                        path.explicitPathAddresses()),
                new RouterPart.Pseudowire(to.router(), destinationVlan, to.interfaceName(), loopback(from.router()),
                        explicitPathBack));

        String description = "path " + String.join(" > ", path.routers()) + ", VLAN " + sourceVlan + " at " + from.site()
                + ", VLAN " + destinationVlan + " at " + to.site();
        return new Plan(uses, sourceVlan, destinationVlan, parts, description);
    }

    /** The shortest path over links with the bandwidth free, or a refusal naming the bottleneck. */
    private Path path(AccessPoint from, AccessPoint to, long mbps, PlanReads read) throws PlanRefused {
        ToLongFunction<Link> free = link -> read.calendar(link.id()).free(read.interval(), link.capacityMbps());
        Optional<Path> fitting = paths.shortestPath(from, to, mbps, free);
        if (fitting.isPresent()) {
            return fitting.get();
        }
        Path unpruned = paths.shortestPath(from, to, mbps, link -> Long.MAX_VALUE)
                .orElseThrow(() -> new PlanRefused(new Refusal(RefusalCode.NO_PATH, "destination", "no links join "
                        + from.router() + " (" + from.site() + ") to " + to.router() + " (" + to.site() + ")")));
        List<Resource> route = route(from, unpruned, to);
        AdmissionResult bottleneck = Admission.check(route, read.calendars(route), read.interval(), mbps);
        if (bottleneck.admitted()) {
            // Pruning and admission apply the same rule, so the path left out must refuse somewhere.
            throw new IllegalStateException("no path fits " + mbps + " Mbit/s, yet " + String.join(" > ", unpruned.routers())
                    + " admits it");
        }
        throw new PlanRefused(bottleneck.refusal());
    }

    private static List<Resource> route(AccessPoint from, Path path, AccessPoint to) {
        List<Resource> route = new ArrayList<>();
        route.add(from.resource());
        path.links().forEach(link -> route.add(link.resource()));
        route.add(to.resource());
        return route;
    }

    /** The VLANs at the source and at the destination access point. */
    private static Vlans vlans(AccessPoint from, AccessPoint to, SegmentRequest request, PlanReads read)
            throws PlanRefused {
        TimeInterval interval = request.interval();
        read.readVlans(List.of(from.resource().id(), to.resource().id()));
        VlanAllocator atSource = allocator(from, read);
        VlanAllocator atDestination = allocator(to, read);
        int source = request.sourceVlan();
        int destination = request.destinationVlan();
        requireFree(from, atSource, source, interval);
        requireFree(to, atDestination, destination, interval);

        if (source == 0 && destination == 0) {
            OptionalInt common = lowestFreeAtBoth(from, to, atSource, atDestination, interval);
            if (common.isPresent()) {
                return new Vlans(common.getAsInt(), common.getAsInt());
            }
            return new Vlans(lowestFree(from, atSource, interval), lowestFree(to, atDestination, interval));
        }
        if (source == 0) {
            source = atSource.isFree(destination, interval) ? destination : lowestFree(from, atSource, interval);
        }
        if (destination == 0) {
            destination = atDestination.isFree(source, interval) ? source : lowestFree(to, atDestination, interval);
        }
        return new Vlans(source, destination);
    }

    private static void requireInRange(AccessPoint accessPoint, int vlan, String field) throws PlanRefused {
        if (vlan != 0 && !accessPoint.vlans().isUsable(vlan)) {
            throw PlanRefused.badField(field, "VLAN " + vlan + " cannot be handed off at " + accessPoint.resource()
                    + " of " + accessPoint.site() + ": circuits use VLANs " + accessPoint.vlans()
                    + " there, except IOS's reserved 1002-1005");
        }
    }

    private static void requireFree(AccessPoint accessPoint, VlanAllocator vlans, int vlan, TimeInterval interval)
            throws PlanRefused {
        if (vlan != 0 && !vlans.isFree(vlan, interval)) {
            throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, accessPoint.resource().id(), "VLAN " + vlan + " is in use at "
                    + accessPoint.resource() + " of " + accessPoint.site() + " during " + interval);
        }
    }

    private static OptionalInt lowestFreeAtBoth(AccessPoint from, AccessPoint to, VlanAllocator atSource,
                                                VlanAllocator atDestination, TimeInterval interval) {
        int first = Math.max(from.vlans().first(), to.vlans().first());
        int last = Math.min(from.vlans().last(), to.vlans().last());
        for (int vlan = first; vlan <= last; vlan++) {
            if (atSource.isFree(vlan, interval) && atDestination.isFree(vlan, interval)) {
                return OptionalInt.of(vlan);
            }
        }
        return OptionalInt.empty();
    }

    private static int lowestFree(AccessPoint accessPoint, VlanAllocator vlans, TimeInterval interval)
            throws PlanRefused {
        OptionalInt lowest = vlans.lowestFree(interval);
        if (lowest.isEmpty()) {
            throw PlanRefused.on(RefusalCode.VLAN_UNAVAILABLE, accessPoint.resource().id(), "no VLAN of " + accessPoint.vlans() + " is free at "
                    + accessPoint.resource() + " of " + accessPoint.site() + " during " + interval);
        }
        return lowest.getAsInt();
    }

    private static VlanAllocator allocator(AccessPoint accessPoint, PlanReads read) {
        return new VlanAllocator(accessPoint.vlans(), read.vlansInUse(accessPoint.resource().id()).stream()
                .map(vlan -> new VlanBooking(vlan, read.interval())).toList());
    }

    private AccessPoint accessPoint(String site, String field) throws PlanRefused {
        return wan.accessPoint(String.valueOf(site)).orElseThrow(() -> PlanRefused.badField(field,
                "the WAN has no access point for site " + site + "; its sites are " + String.join(", ", endpoints())));
    }

    private String loopback(String router) {
        return routers.get(router).loopback();
    }

    private record Vlans(int atSource, int atDestination) {
    }
}
