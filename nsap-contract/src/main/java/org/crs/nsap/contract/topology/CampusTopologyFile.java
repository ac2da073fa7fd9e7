package org.crs.nsap.contract.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.domain.admission.VlanRange;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Reads a campus topology file (docs/topology.md, {@code deploy/topology/site-a-campus.yaml})
 * into a {@link CampusTopology} the L-NSAP can book.
 *
 * <p>Two kinds of mistakes are refused, each as one {@link IllegalArgumentException} whose
 * message starts with the file name: the shape of the file (an unknown or repeated key, a
 * missing number, an impossible VLAN range: the first one found, with its line), and then
 * everything {@link CampusTopology#problems()} finds wrong with the campus, all at once, so
 * that an operator fixes the file in one pass.
 */
public final class CampusTopologyFile {

    private CampusTopologyFile() {
    }

    /**
     * Reads and checks a campus topology file.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static CampusTopology load(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /**
     * Parses and checks campus topology YAML.
     *
     * @throws IllegalArgumentException saying what is wrong in it
     */
    public static CampusTopology parse(String yaml) {
        return parse(yaml, "campus topology");
    }

    private static CampusTopology parse(String yaml, String source) {
        CampusTopology topology;
        try {
            topology = TopologyYaml.read(yaml, CampusFile.class).toTopology();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        List<String> problems = topology.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(source + ": the campus has " + problems.size()
                    + (problems.size() == 1 ? " problem" : " problems") + ":\n  - " + String.join("\n  - ", problems));
        }
        return topology;
    }

    // The file's shape. Text left out stays null for problems() to report; numbers are required.

    /*
     * A class, not a record: a record's keys are its constructor's, and Jackson holds back a
     * mapping's keys until it has all of them, so with the optional handOffs absent an unknown key
     * was reported at the end of the file instead of on its line.
     */
    private static final class CampusFile {
        @JsonProperty
        private String site;
        @JsonProperty
        private List<EdgeRouterEntry> edgeRouters;
        @JsonProperty
        private List<HostPortEntry> hostPorts;
        @JsonProperty
        private List<UplinkEntry> uplinks;
        @JsonProperty
        private VlansEntry vlans;
        @JsonProperty
        private List<HandOffEntry> handOffs;

        CampusTopology toTopology() {
            return new CampusTopology(site,
                    TopologyYaml.orEmpty(edgeRouters).stream().map(router -> new EdgeRouter(router.name())).toList(),
                    TopologyYaml.orEmpty(hostPorts).stream().map(port -> new HostPort(port.host(), port.router(),
                            port.interfaceName(), port.capacityMbps())).toList(),
                    TopologyYaml.orEmpty(uplinks).stream().map(uplink -> new Uplink(uplink.router(), uplink.trunk(),
                            uplink.accessPoint(), uplink.capacityMbps())).toList(),
                    vlans == null ? null : vlans.range(),
                    TopologyYaml.orEmpty(handOffs).stream().map(handOff -> new HandOff(handOff.name(), handOff.router(),
                            handOff.trunk(), handOff.capacityMbps(), handOff.vlans() == null ? null
                                    : handOff.vlans().range())).toList());
        }
    }

    private record EdgeRouterEntry(String name) {
    }

    private record HostPortEntry(String host, String router, @JsonProperty("interface") String interfaceName,
                                 @JsonProperty(required = true) long capacityMbps) {
    }

    private record UplinkEntry(String router, String trunk, String accessPoint,
                               @JsonProperty(required = true) long capacityMbps) {
    }

    private record HandOffEntry(String name, String router, String trunk, @JsonProperty(required = true) long capacityMbps,
                                VlansEntry vlans) {
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
