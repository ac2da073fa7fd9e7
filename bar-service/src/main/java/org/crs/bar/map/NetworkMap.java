package org.crs.bar.map;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.Uplink;
import org.crs.domain.topology.WanTopology;

/**
 * The sites, routers, ports and links a BAR draws, from the campus topologies and the WAN
 * topology it is given, and the load its reservations put on them.
 *
 * <p>The load is what this BAR's own reservations book: its site's circuits and those of peers
 * that reach it. Circuits between two other sites cross the WAN too but are not counted here.
 */
public final class NetworkMap {

    /** The states in which a reservation holds its bandwidth. */
    public static final Set<ReservationState> HOLDING = EnumSet.of(ReservationState.HELD,
            ReservationState.PENDING_APPROVAL, ReservationState.RESERVED, ReservationState.ACTIVE);

    /** What a place on the map is. */
    public enum Kind { HOST_PORT, UPLINK, ACCESS_POINT, WAN_LINK, CORE_ROUTER, HAND_OFF }

    /** A router on the map. */
    public record Router(String name, String site, boolean core) {
    }

    /**
     * A place that carries bandwidth: a host port, a campus uplink, a hand-off port to another
     * domain, a WAN access point or a WAN link.
     *
     * @param id the resource's name ({@code edge-a:GigabitEthernet1/1}, {@code core-1-core-3})
     * @param a the router (and interface) at one end
     * @param b the router (and interface) at the other end, or the host of a host port, or the
     *     hand-off's name for a hand-off
     */
    public record Place(String id, Kind kind, String site, Port a, Port b, long capacityMbps, long bookedMbps) {
    }

    /** A router's interface; the interface is empty for a host. */
    public record Port(String router, String interfaceName) {
    }

    /**
     * What a hand-off port faces, as this site publishes it over NSI.
     *
     * @param placeId the hand-off's place ({@code edge-a:TenGigabitEthernet3/1})
     * @param stp its STP id, with its VLAN range
     * @param farNetwork the network id of the domain at its far end
     */
    public record Facing(String placeId, String stp, String farNetwork) {
        public Facing {
            Objects.requireNonNull(placeId, "placeId");
            Objects.requireNonNull(stp, "stp");
            Objects.requireNonNull(farNetwork, "farNetwork");
        }
    }

    /**
     * One hop of a circuit's path, in order from source to destination.
     *
     * @param vlan the VLAN the circuit uses there; empty on an access port (untagged) or inside the WAN
     */
    public record Hop(Kind kind, String site, String router, String interfaceName, Optional<Integer> vlan) {
    }

    private final List<CampusTopology> campuses;
    private final Optional<WanTopology> wan;
    private final List<Facing> facing;

    public NetworkMap(List<CampusTopology> campuses, Optional<WanTopology> wan) {
        this(campuses, wan, List.of());
    }

    private NetworkMap(List<CampusTopology> campuses, Optional<WanTopology> wan, List<Facing> facing) {
        this.campuses = List.copyOf(campuses);
        this.wan = Objects.requireNonNull(wan, "wan");
        this.facing = List.copyOf(facing);
    }

    /** The same map, with what this site's hand-off ports face (those with a known far side). */
    public NetworkMap withFacing(List<Facing> other) {
        return new NetworkMap(campuses, wan, other);
    }

    /** What the hand-off ports face, for those whose far side this site knows. */
    public List<Facing> facing() {
        return facing;
    }

    /** A map with nothing on it (a BAR started without topology files). */
    public static NetworkMap empty() {
        return new NetworkMap(List.of(), Optional.empty());
    }

    /** Every router: the campuses' edge routers, then the WAN's core routers. */
    public List<Router> routers() {
        List<Router> out = new ArrayList<>();
        campuses.forEach(c -> c.edgeRouters().forEach(r -> out.add(new Router(r.name(), c.site(), false))));
        wan.ifPresent(w -> w.coreRouters().forEach(r -> out.add(new Router(r.name(), "", true))));
        return out;
    }

    /** The sites, in the order of their campuses. */
    public List<String> sites() {
        return campuses.stream().map(CampusTopology::site).toList();
    }

    /** Every place (host ports, uplinks, hand-offs, access points, WAN links) with the bandwidth that {@code reservations} book on it at {@code at}. */
    public List<Place> load(List<Reservation> reservations, Instant at) {
        Map<String, Long> booked = new LinkedHashMap<>();
        for (Reservation r : reservations) {
            if (!HOLDING.contains(r.state()) || !r.request().interval().contains(at)) {
                continue;
            }
            for (Hop hop : path(r)) {
                String id = switch (hop.kind()) {
                    case WAN_LINK -> hop.interfaceName();
                    case CORE_ROUTER -> null;
                    default -> hop.router() + ":" + hop.interfaceName();
                };
                if (id != null) {
                    booked.merge(id, r.request().bandwidthMbps(), Long::sum);
                }
            }
        }
        List<Place> out = new ArrayList<>();
        for (CampusTopology c : campuses) {
            for (HostPort p : c.hostPorts()) {
                String id = p.router() + ":" + p.interfaceName();
                out.add(new Place(id, Kind.HOST_PORT, c.site(), new Port(p.router(), p.interfaceName()),
                        new Port(p.hostName(), ""), p.capacityMbps(), booked.getOrDefault(id, 0L)));
            }
            for (Uplink u : c.uplinks()) {
                String id = u.router() + ":" + u.trunkInterface();
                Port far = wan.flatMap(w -> w.accessPoint(u.accessPoint()))
                        .map(ap -> new Port(ap.router(), ap.interfaceName())).orElse(new Port(u.accessPoint(), ""));
                out.add(new Place(id, Kind.UPLINK, c.site(), new Port(u.router(), u.trunkInterface()), far,
                        u.capacityMbps(), booked.getOrDefault(id, 0L)));
            }
            for (HandOff h : c.handOffs()) {
                String id = h.router() + ":" + h.trunkInterface();
                out.add(new Place(id, Kind.HAND_OFF, c.site(), new Port(h.router(), h.trunkInterface()),
                        new Port(h.name(), ""), h.capacityMbps(), booked.getOrDefault(id, 0L)));
            }
        }
        wan.ifPresent(w -> {
            for (AccessPoint ap : w.accessPoints()) {
                String id = ap.router() + ":" + ap.interfaceName();
                out.add(new Place(id, Kind.ACCESS_POINT, ap.site(), new Port(ap.router(), ap.interfaceName()),
                        new Port(ap.site(), ""), ap.capacityMbps(), booked.getOrDefault(id, 0L)));
            }
            for (Link l : w.links()) {
                out.add(new Place(l.id(), Kind.WAN_LINK, "", new Port(l.routerA(), l.interfaceA()),
                        new Port(l.routerB(), l.interfaceB()), l.capacityMbps(), booked.getOrDefault(l.id(), 0L)));
            }
        });
        return out;
    }

    /**
     * The path of a reservation, host port to host port, as far as the map knows it: the source
     * host's port, its campus uplink and the WAN access point (with the VLAN handed over there), the
     * WAN links its WAN segment takes, then the same at the destination. A part the map has no
     * topology for is left out.
     */
    public List<Hop> path(Reservation r) {
        Endpoint source = r.request().source();
        Endpoint destination = r.request().destination();
        Optional<Segment> wanSegment = r.segments().stream().filter(s -> s.role() == SegmentRole.WAN).findFirst();
        List<Hop> hops = new ArrayList<>();
        Optional<Integer> sourceVlan = wanSegment.map(Segment::sourceVlan).filter(v -> v > 0);
        Optional<Integer> destinationVlan = wanSegment.map(Segment::destinationVlan).filter(v -> v > 0);
        campusEnd(source, sourceVlan, hops, false);
        if (wanSegment.isPresent() && wan.isPresent()) {
            WanTopology w = wan.get();
            w.accessPoint(source.site()).ifPresent(ap -> hops.add(new Hop(Kind.ACCESS_POINT, ap.site(), ap.router(),
                    ap.interfaceName(), sourceVlan)));
            List<String> routers = routersOf(wanSegment.get().description());
            for (int i = 0; i + 1 < routers.size(); i++) {
                String a = routers.get(i);
                String b = routers.get(i + 1);
                w.linksAt(a).stream().filter(l -> l.routerA().equals(b) || l.routerB().equals(b)).findFirst()
                        .ifPresent(l -> hops.add(new Hop(Kind.WAN_LINK, "", a, l.id(), Optional.empty())));
                if (i + 1 < routers.size() - 1) {
                    hops.add(new Hop(Kind.CORE_ROUTER, "", b, "", Optional.empty()));
                }
            }
            w.accessPoint(destination.site()).ifPresent(ap -> hops.add(new Hop(Kind.ACCESS_POINT, ap.site(), ap.router(),
                    ap.interfaceName(), destinationVlan)));
        }
        campusEnd(destination, destinationVlan, hops, true);
        return hops;
    }

    /** The host port and, for a circuit that leaves the campus, the uplink: in path order. */
    private void campusEnd(Endpoint end, Optional<Integer> vlan, List<Hop> hops, boolean destinationEnd) {
        Optional<CampusTopology> campus = campuses.stream().filter(c -> c.site().equals(end.site())).findFirst();
        if (campus.isEmpty()) {
            return;
        }
        Optional<HostPort> port = campus.get().hostPort(end.host());
        if (port.isEmpty()) {
            return;
        }
        Hop host = new Hop(Kind.HOST_PORT, end.site(), port.get().router(), port.get().interfaceName(), Optional.empty());
        Optional<Hop> uplink = vlan.flatMap(v -> campus.get().uplinksOf(port.get().router()).stream().findFirst()
                .map(u -> new Hop(Kind.UPLINK, end.site(), u.router(), u.trunkInterface(), Optional.of(v))));
        if (destinationEnd) {
            uplink.ifPresent(hops::add);
            hops.add(host);
        } else {
            hops.add(host);
            uplink.ifPresent(hops::add);
        }
    }

    /** The routers the NSAP's description of a WAN segment names: {@code "path core-1 > core-2 > core-3, VLAN ..."}. */
    static List<String> routersOf(String description) {
        if (description == null || !description.startsWith("path ")) {
            return List.of();
        }
        int comma = description.indexOf(',');
        String path = description.substring(5, comma < 0 ? description.length() : comma);
        List<String> out = new ArrayList<>();
        for (String r : path.split(">")) {
            if (!r.isBlank()) {
                out.add(r.trim());
            }
        }
        return out;
    }
}
