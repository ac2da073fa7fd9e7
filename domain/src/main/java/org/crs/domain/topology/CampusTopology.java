package org.crs.domain.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.crs.domain.admission.VlanRange;

/**
 * One site's campus, as its L-NSAP books it: edge routers, the end-hosts' ports on them,
 * the uplinks to the WAN, the hand-off ports to other network domains, and the VLANs circuits
 * may use. A campus circuit runs from a host port to an uplink of the same edge router, on one
 * VLAN of {@code vlans}, or to a hand-off of that router, on one VLAN of the hand-off's range.
 *
 * @param site the site's name, as the WAN's access points know it
 * @param edgeRouters the edge routers
 * @param hostPorts the ports of the end-hosts that may book circuits
 * @param uplinks the trunks to the WAN
 * @param vlans the VLANs circuits may use on the campus
 * @param handOffs the trunks to other network domains, booked over NSI; often none
 */
public record CampusTopology(String site, List<EdgeRouter> edgeRouters, List<HostPort> hostPorts,
        List<Uplink> uplinks, VlanRange vlans, List<HandOff> handOffs) {

    public CampusTopology {
        edgeRouters = List.copyOf(edgeRouters);
        hostPorts = List.copyOf(hostPorts);
        uplinks = List.copyOf(uplinks);
        handOffs = List.copyOf(handOffs);
    }

    /** A campus without hand-off ports. */
    public CampusTopology(String site, List<EdgeRouter> edgeRouters, List<HostPort> hostPorts, List<Uplink> uplinks,
                          VlanRange vlans) {
        this(site, edgeRouters, hostPorts, uplinks, vlans, List.of());
    }

    /** Everything wrong with this campus, one sentence each; empty when it can be booked. */
    public List<String> problems() {
        Problems problems = new Problems();
        problems.requireText("campus", "site", site);
        if (vlans == null) {
            problems.add("campus: vlans are missing");
        }

        Set<String> routers = new HashSet<>();
        for (EdgeRouter router : edgeRouters) {
            if (problems.requireText("edge router", "name", router.name()) && !routers.add(router.name())) {
                problems.add("edge router " + router.name() + " is listed twice");
            }
        }

        Set<String> hosts = new HashSet<>();
        Set<String> routersWithHosts = new HashSet<>();
        for (HostPort port : hostPorts) {
            String what = "host port " + port.hostName();
            if (problems.requireText("host port", "host", port.hostName()) && !hosts.add(port.hostName())) {
                problems.add("host " + port.hostName() + " has more than one port");
            }
            if (problems.requireText(what, "router", port.router())) {
                requireKnownRouter(problems, routers, what, port.router());
                routersWithHosts.add(port.router());
            }
            problems.requireText(what, "interface", port.interfaceName());
            problems.requirePositive(what, "capacityMbps", port.capacityMbps());
            problems.requireInterfaceUnused(port.router(), port.interfaceName(), what);
        }

        Set<String> routersWithUplinks = new HashSet<>();
        for (Uplink uplink : uplinks) {
            String what = "uplink " + uplink.router() + ":" + uplink.trunkInterface();
            if (problems.requireText(what, "router", uplink.router())) {
                requireKnownRouter(problems, routers, what, uplink.router());
                routersWithUplinks.add(uplink.router());
            }
            problems.requireText(what, "trunk", uplink.trunkInterface());
            problems.requireText(what, "accessPoint", uplink.accessPoint());
            problems.requirePositive(what, "capacityMbps", uplink.capacityMbps());
            problems.requireInterfaceUnused(uplink.router(), uplink.trunkInterface(), what);
        }

        checkHandOffs(problems, routers, hosts);

        // A host behind a router with no way out could book nothing; say so now, not at booking time.
        // A hand-off is a way out: a campus whose only link is to another network has no uplink.
        Set<String> routersWithHandOffs = new HashSet<>();
        handOffs.forEach(handOff -> routersWithHandOffs.add(handOff.router()));
        for (EdgeRouter router : edgeRouters) {
            if (routersWithHosts.contains(router.name()) && !routersWithUplinks.contains(router.name())
                    && !routersWithHandOffs.contains(router.name())) {
                problems.add("edge router " + router.name() + " has host ports but no uplink or hand-off");
            }
        }
        return problems.list();
    }

    /**
     * A hand-off's name is an endpoint beside the hosts' names, so it must differ from them; its
     * VLANs must lie apart from the campus's and from the other hand-offs' of its router, because
     * a 7600 has one VLAN table for all its ports: two ranges that overlap would let two circuits
     * take one VLAN number, each on a trunk whose calendar does not show the other.
     */
    private void checkHandOffs(Problems problems, Set<String> routers, Set<String> hosts) {
        Set<String> names = new HashSet<>();
        List<HandOff> checked = new ArrayList<>();
        for (HandOff handOff : handOffs) {
            String what = "hand-off " + handOff.name();
            if (problems.requireText("hand-off", "name", handOff.name())) {
                if (!names.add(handOff.name())) {
                    problems.add("hand-off " + handOff.name() + " is listed twice");
                } else if (hosts.contains(handOff.name())) {
                    problems.add("hand-off " + handOff.name() + " has the name of a host; the names are endpoints and"
                            + " must differ");
                } else if (handOff.name().equals(site)) {
                    problems.add("hand-off " + handOff.name() + " has the name of the site; the names are endpoints"
                            + " and must differ");
                }
            }
            if (problems.requireText(what, "router", handOff.router())) {
                requireKnownRouter(problems, routers, what, handOff.router());
            }
            problems.requireText(what, "trunk", handOff.trunkInterface());
            problems.requirePositive(what, "capacityMbps", handOff.capacityMbps());
            problems.requireInterfaceUnused(handOff.router(), handOff.trunkInterface(), what);
            if (handOff.vlans() == null) {
                problems.add(what + ": vlans are missing");
                continue;
            }
            if (vlans != null && overlap(vlans, handOff.vlans())) {
                problems.add(what + ": vlans " + handOff.vlans() + " overlap the campus VLANs " + vlans
                        + "; VLAN numbers are shared by all ports of a router");
            }
            for (HandOff other : checked) {
                if (Objects.equals(other.router(), handOff.router()) && overlap(other.vlans(), handOff.vlans())) {
                    problems.add(what + ": vlans " + handOff.vlans() + " overlap those of hand-off " + other.name()
                            + " (" + other.vlans() + ") on " + handOff.router()
                            + "; VLAN numbers are shared by all ports of a router");
                }
            }
            checked.add(handOff);
        }
    }

    private static boolean overlap(VlanRange a, VlanRange b) {
        return a.first() <= b.last() && b.first() <= a.last();
    }

    /** The hand-off port named {@code name}, if the campus has it. */
    public Optional<HandOff> handOff(String name) {
        return handOffs.stream().filter(handOff -> handOff.name().equals(name)).findFirst();
    }

    /** The port of {@code hostName}, if the campus has it. */
    public Optional<HostPort> hostPort(String hostName) {
        return hostPorts.stream().filter(port -> port.hostName().equals(hostName)).findFirst();
    }

    /** The uplinks of edge router {@code router}, in file order. */
    public List<Uplink> uplinksOf(String router) {
        return uplinks.stream().filter(uplink -> uplink.router().equals(router)).toList();
    }

    private static void requireKnownRouter(Problems problems, Set<String> routers, String what, String router) {
        if (!routers.contains(router)) {
            problems.add(what + ": unknown edge router " + router);
        }
    }
}
