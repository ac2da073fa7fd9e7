package org.crs.nsap.wan;

import org.crs.nsap.contract.topology.WanTopologyFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.crs.domain.topology.AccessPoint;
import org.crs.domain.topology.CoreRouter;
import org.crs.domain.topology.WanTopology;
import org.crs.nsap.server.NsapLauncher;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.PseudowireSegment;

/**
 * Runs the NSAP of the WAN from its configuration file: {@code NsapMain [--check] CONFIG.yaml}
 * (docs/configuration.md, {@code deploy/config/nsap.yaml}). It books the WAN of the
 * configuration's {@code topology} ({@link WanTopologyFile}, {@link WanPlanner}) and drives its
 * core routers (12000s) through the configuration's {@code routerAccess} file. It prints its
 * WSDL URL and start-up time and runs until Ctrl-C or SIGTERM, which close it cleanly.
 *
 * <p>Exit codes: 2 for a mistake in the command line or the files (the message names the file),
 * 1 when the server cannot start (database, port in use).
 */
public final class NsapMain {

    private NsapMain() {
    }

    public static void main(String[] args) throws Exception {
        int code = NsapLauncher.run("nsap", "NSAP", args, NsapMain::readTopology, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** The WAN topology file as the launcher needs it: planner, core routers (12000s), a summary. */
    static NsapLauncher.Topology readTopology(Path file) throws IOException {
        WanTopology wan = WanTopologyFile.load(file);
        Map<String, Class<? extends CircuitSegment>> routers = new LinkedHashMap<>();
        for (CoreRouter r : wan.coreRouters()) {
            routers.put(r.name(), PseudowireSegment.class);
        }
        String summary = "WAN: " + wan.coreRouters().size() + " core routers, " + wan.links().size() + " links, access points "
                + String.join(", ", wan.accessPoints().stream().map(AccessPoint::site).toList());
        return new NsapLauncher.Topology(new WanPlanner(wan), routers, summary);
    }
}
