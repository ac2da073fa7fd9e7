package org.crs.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.crs.nsap.ResourcePlanner;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.campus.CampusPlanner;
import org.crs.nsap.campus.CampusTopologyFile;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.wan.WanPlanner;
import org.crs.nsap.wan.WanTopologyFile;
import org.crs.routers.emulator.EmulatedRouter;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;

/**
 * The demo: the emulated routers of deploy/emulator/demo-routers.yaml, an L-NSAP for each of
 * site-a and site-b, and the NSAP of the WAN, each on its own embedded HSQLDB, in one
 * process, on 127.0.0.1. Run from the repository root: {@code deploy/run-demo.sh}.
 */
public final class Demo {

    /** The ports the demo's services listen on; the BAR of site-a will take 8080. */
    static final int LNSAP_SITE_A_PORT = 8081;
    static final int LNSAP_SITE_B_PORT = 8082;
    static final int NSAP_PORT = 8090;

    private Demo() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args.length > 0 ? args[0] : "target/crs-demo").toAbsolutePath();
        Files.createDirectories(data);
        List<AutoCloseable> running = new ArrayList<>();
        RouterEmulator emulator = RouterEmulator.start(Inventory.load(Path.of("deploy/emulator/demo-routers.yaml")));
        running.add(emulator);
        RouterDirectory routers = RouterDirectory.fromEmulator(emulator, Map.of());

        NsapServer siteA = start("lnsap-site-a", data, LNSAP_SITE_A_PORT,
                new CampusPlanner(CampusTopologyFile.load(Path.of("deploy/topology/site-a-campus.yaml"))), routers, running);
        NsapServer siteB = start("lnsap-site-b", data, LNSAP_SITE_B_PORT,
                new CampusPlanner(CampusTopologyFile.load(Path.of("deploy/topology/site-b-campus.yaml"))), routers, running);
        NsapServer wan = start("nsap", data, NSAP_PORT,
                new WanPlanner(WanTopologyFile.load(Path.of("deploy/topology/wan.yaml"))), routers, running);

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (int i = running.size() - 1; i >= 0; i--) {
                try {
                    running.get(i).close();
                } catch (Exception e) {
                    System.err.println("stopping: " + e);
                }
            }
            stopped.countDown();
        }));

        System.out.println();
        System.out.println("CRS demo running (data in " + data + "); Ctrl-C stops it.");
        System.out.println("Emulated routers (ssh crs@127.0.0.1 -p PORT, password crs-demo-password):");
        for (EmulatedRouter r : emulator.routers()) {
            System.out.printf("  %-8s %-6s ssh %d  snmp %d%n", r.hostname(), r.profile().name().substring(1), r.sshPort(),
                    r.snmpPort());
        }
        System.out.println("Services (WSDL):");
        System.out.println("  L-NSAP site-a  " + siteA.wsdlUrl());
        System.out.println("  L-NSAP site-b  " + siteB.wsdlUrl());
        System.out.println("  NSAP (WAN)     " + wan.wsdlUrl());
        stopped.await();
    }

    private static NsapServer start(String name, Path data, int port, ResourcePlanner planner, RouterDirectory routers,
                                    List<AutoCloseable> running) throws Exception {
        List<DriverActivator> activators = new ArrayList<>();
        NsapServer server = NsapServer.start(new NsapServer.Config(name,
                        "jdbc:hsqldb:file:" + data.resolve(name).resolve("db") + ";shutdown=true", "SA", "", "127.0.0.1", port,
                        false), planner,
                store -> {
                    DriverActivator a = new DriverActivator(routers, store);
                    activators.add(a);
                    return a;
                }, Clock.systemUTC());
        running.addAll(activators);
        running.add(server);
        return server;
    }
}
