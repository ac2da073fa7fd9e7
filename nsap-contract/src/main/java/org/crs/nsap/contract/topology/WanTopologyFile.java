package org.crs.nsap.contract.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.Link;
import org.crs.domain.topology.WanTopology;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Reads the WAN topology file (docs/topology.md, {@code deploy/topology/wan.yaml}) into a
 * {@link WanTopology} the NSAP can book.
 *
 * <p>Two kinds of mistakes are refused, each as one {@link IllegalArgumentException} whose
 * message starts with the file name: the shape of the file (an unknown or repeated key, a
 * missing number, an impossible VLAN range: the first one found, with its line), and then
 * everything {@link WanTopology#problems()} finds wrong with the WAN, all at once, so that an
 * operator fixes the file in one pass.
 */
public final class WanTopologyFile {

    private WanTopologyFile() {
    }

    /**
     * Reads and checks a WAN topology file.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static WanTopology load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /**
     * Parses and checks WAN topology YAML.
     *
     * @throws IllegalArgumentException saying what is wrong in it
     */
    public static WanTopology parse(String yaml) {
        return parse(yaml, "WAN topology");
    }

    private static WanTopology parse(String yaml, String source) {
        WanTopology topology;
        try {
            topology = TopologyYaml.read(yaml, WanFile.class).toTopology();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        List<String> problems = topology.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(source + ": the WAN has " + problems.size()
                    + (problems.size() == 1 ? " problem" : " problems") + ":\n  - " + String.join("\n  - ", problems));
        }
        return topology;
    }

    // The file's shape. Text left out stays null for problems() to report; numbers are required.

    private record WanFile(List<CoreRouterEntry> coreRouters, List<LinkEntry> links, List<AccessPointEntry> accessPoints) {

        WanTopology toTopology() {
            return new WanTopology(
                    TopologyYaml.orEmpty(coreRouters).stream()
                            .map(router -> new CoreRouter(router.name(), router.loopback())).toList(),
                    TopologyYaml.orEmpty(links).stream().map(LinkEntry::toLink).toList(),
                    TopologyYaml.orEmpty(accessPoints).stream().map(accessPoint -> new AccessPoint(accessPoint.site(),
                            accessPoint.router(), accessPoint.interfaceName(), accessPoint.capacityMbps(),
                            accessPoint.vlans() == null ? null : accessPoint.vlans().range())).toList());
        }
    }

    private record CoreRouterEntry(String name, String loopback) {
    }

    private record LinkEntry(String id, LinkEnd a, LinkEnd b, @JsonProperty(required = true) long capacityMbps,
                             @JsonProperty(required = true) int metric) {

        Link toLink() {
            LinkEnd endA = a == null ? new LinkEnd(null, null) : a;
            LinkEnd endB = b == null ? new LinkEnd(null, null) : b;
            return new Link(id, endA.router(), endA.interfaceName(), endB.router(), endB.interfaceName(), capacityMbps, metric);
        }
    }

    private record LinkEnd(String router, @JsonProperty("interface") String interfaceName) {
    }

    private record AccessPointEntry(String site, String router, @JsonProperty("interface") String interfaceName,
                                    @JsonProperty(required = true) long capacityMbps, VlansEntry vlans) {
    }

    private record VlansEntry(@JsonProperty(required = true) int first, @JsonProperty(required = true) int last) {

        VlansEntry {
            // Checked here, inside Jackson, so that a bad range is reported with its line.
            new VlanRange(first, last);
        }

        VlanRange range() {
            return new VlanRange(first, last);
        }
    }
}
