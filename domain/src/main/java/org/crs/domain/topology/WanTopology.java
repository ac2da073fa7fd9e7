package org.crs.domain.topology;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The WAN, as the NSAP books it: core routers, the links between them and the access points
 * where campuses hand circuits over. A WAN circuit runs from one access point to another
 * over a path of links (see {@link org.crs.domain.path.PathFinder}).
 *
 * @param coreRouters the core routers
 * @param links the links between them
 * @param accessPoints the access points, one per site
 */
public record WanTopology(List<CoreRouter> coreRouters, List<Link> links, List<AccessPoint> accessPoints) {

    public WanTopology {
        coreRouters = List.copyOf(coreRouters);
        links = List.copyOf(links);
        accessPoints = List.copyOf(accessPoints);
    }

    /** Everything wrong with this WAN, one sentence each; empty when it can be booked. */
    public List<String> problems() {
        Problems problems = new Problems();

        Set<String> routers = new HashSet<>();
        Map<String, String> routerByLoopback = new HashMap<>();
        for (CoreRouter router : coreRouters) {
            if (problems.requireText("core router", "name", router.name()) && !routers.add(router.name())) {
                problems.add("core router " + router.name() + " is listed twice");
            }
            String what = "core router " + router.name();
            if (problems.requireText(what, "loopback", router.loopback())) {
                if (!isIpv4(router.loopback())) {
                    problems.add(what + ": loopback " + router.loopback() + " is not an IPv4 address");
                }
                String other = routerByLoopback.putIfAbsent(router.loopback(), router.name());
                if (other != null) {
                    problems.add("core routers " + other + " and " + router.name() + " share loopback " + router.loopback());
                }
            }
        }

        Set<String> linkIds = new HashSet<>();
        for (Link link : links) {
            if (problems.requireText("link", "id", link.id()) && !linkIds.add(link.id())) {
                problems.add("link id " + link.id() + " is used twice");
            }
            String what = "link " + link.id();
            boolean bothEnds = problems.requireText(what, "router of end a", link.routerA())
                    & problems.requireText(what, "router of end b", link.routerB());
            problems.requireText(what, "interface of end a", link.interfaceA());
            problems.requireText(what, "interface of end b", link.interfaceB());
            if (bothEnds) {
                requireKnownRouter(problems, routers, what, link.routerA());
                requireKnownRouter(problems, routers, what, link.routerB());
                if (link.routerA().equals(link.routerB())) {
                    problems.add(what + ": both ends are on " + link.routerA());
                }
            }
            problems.requirePositive(what, "capacityMbps", link.capacityMbps());
            // Dijkstra needs non-negative costs; zero would make paths of any length tie.
            problems.requirePositive(what, "metric", link.metric());
            problems.requireInterfaceUnused(link.routerA(), link.interfaceA(), what);
            problems.requireInterfaceUnused(link.routerB(), link.interfaceB(), what);
        }

        Set<String> sites = new HashSet<>();
        for (AccessPoint accessPoint : accessPoints) {
            // Uplinks name access points by site, so a site can have only one.
            if (problems.requireText("access point", "site", accessPoint.site()) && !sites.add(accessPoint.site())) {
                problems.add("site " + accessPoint.site() + " has more than one access point");
            }
            String what = "access point " + accessPoint.site();
            if (problems.requireText(what, "router", accessPoint.router())) {
                requireKnownRouter(problems, routers, what, accessPoint.router());
            }
            problems.requireText(what, "interface", accessPoint.interfaceName());
            problems.requirePositive(what, "capacityMbps", accessPoint.capacityMbps());
            if (accessPoint.vlans() == null) {
                problems.add(what + ": vlans are missing");
            }
            problems.requireInterfaceUnused(accessPoint.router(), accessPoint.interfaceName(), what);
        }
        return problems.list();
    }

    /** The core router called {@code name}. */
    public Optional<CoreRouter> router(String name) {
        return coreRouters.stream().filter(router -> router.name().equals(name)).findFirst();
    }

    /** The link with id {@code id}. */
    public Optional<Link> link(String id) {
        return links.stream().filter(link -> link.id().equals(id)).findFirst();
    }

    /** The access point of {@code site}. */
    public Optional<AccessPoint> accessPoint(String site) {
        return accessPoints.stream().filter(accessPoint -> accessPoint.site().equals(site)).findFirst();
    }

    /** The links with an end at {@code router}, in file order. */
    public List<Link> linksAt(String router) {
        return links.stream().filter(link -> link.connects(router)).toList();
    }

    private static void requireKnownRouter(Problems problems, Set<String> routers, String what, String router) {
        if (!routers.contains(router)) {
            problems.add(what + ": unknown core router " + router);
        }
    }

    // Four decimal numbers 0..255 without leading zeros; no InetAddress, which may look names up.
    static boolean isIpv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (!part.matches("0|[1-9][0-9]{0,2}") || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
