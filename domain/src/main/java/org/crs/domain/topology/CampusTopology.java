package org.crs.domain.topology;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.crs.domain.admission.VlanRange;

/**
 * One site's campus, as its L-NSAP books it: edge routers, the end-hosts' ports on them,
 * the uplinks to the WAN, and the VLANs circuits may use. A campus circuit runs from a host
 * port to an uplink of the same edge router, on one VLAN.
 *
 * @param site the site's name, as the WAN's access points know it
 * @param edgeRouters the edge routers
 * @param hostPorts the ports of the end-hosts that may book circuits
 * @param uplinks the trunks to the WAN
 * @param vlans the VLANs circuits may use on the campus
 */
public record CampusTopology(String site, List<EdgeRouter> edgeRouters, List<HostPort> hostPorts,
        List<Uplink> uplinks, VlanRange vlans) {

    public CampusTopology {
        edgeRouters = List.copyOf(edgeRouters);
        hostPorts = List.copyOf(hostPorts);
        uplinks = List.copyOf(uplinks);
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

        // A host behind a router with no way out could book nothing; say so now, not at booking time.
        for (EdgeRouter router : edgeRouters) {
            if (routersWithHosts.contains(router.name()) && !routersWithUplinks.contains(router.name())) {
                problems.add("edge router " + router.name() + " has host ports but no uplink");
            }
        }
        return problems.list();
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
