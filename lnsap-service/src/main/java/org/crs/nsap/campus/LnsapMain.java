package org.crs.nsap.campus;

import org.crs.nsap.contract.topology.CampusTopologyFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.nsap.server.NsapLauncher;
import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.CircuitSegment;

/**
 * Runs one L-NSAP from its configuration file: {@code LnsapMain [--check] CONFIG.yaml}
 * (docs/configuration.md, {@code deploy/config/lnsap-site-a.yaml}). It books the campus of the
 * configuration's {@code topology} ({@link CampusTopologyFile}, {@link CampusPlanner}) and drives
 * its edge routers (7600s) through the configuration's {@code routerAccess} file. It prints its
 * WSDL URL and start-up time and runs until Ctrl-C or SIGTERM, which close it cleanly.
 *
 * <p>Exit codes: 2 for a mistake in the command line or the files (the message names the file),
 * 1 when the server cannot start (database, port in use).
 */
public final class LnsapMain {

    private LnsapMain() {
    }

    public static void main(String[] args) throws Exception {
        int code = NsapLauncher.run("lnsap", "L-NSAP", args, LnsapMain::readTopology, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** The campus topology file as the launcher needs it: planner, edge routers (7600s), a summary. */
    static NsapLauncher.Topology readTopology(Path file) throws IOException {
        CampusTopology campus = CampusTopologyFile.load(file);
        Map<String, Class<? extends CircuitSegment>> routers = new LinkedHashMap<>();
        for (EdgeRouter r : campus.edgeRouters()) {
            routers.put(r.name(), CampusSegment.class);
        }
        String summary = "campus " + campus.site() + ": " + campus.hostPorts().size() + " host ports, "
                + campus.uplinks().size() + (campus.uplinks().size() == 1 ? " uplink" : " uplinks") + ", VLANs "
                + campus.vlans().first() + "-" + campus.vlans().last();
        return new NsapLauncher.Topology(new CampusPlanner(campus), routers, summary);
    }
}
