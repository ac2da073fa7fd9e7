package org.crs.bar.server;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.crs.bar.SegmentController;
import org.crs.bar.Site;
import org.crs.bar.segments.SoapSegmentController;
import org.crs.nsap.contract.NsapContract;

/**
 * Runs one BAR from its configuration file: {@code BarMain [--check] CONFIG.yaml}
 * ({@link BarServerConfig}, docs/configuration.md, docs/deployment.md,
 * {@code deploy/config/bar-site-a.yaml}); {@code java -jar bar-service/target/bar-service.jar CONFIG.yaml}.
 * It negotiates over SOAP with the configuration's L-NSAP ({@code campus}), NSAP ({@code wan})
 * and peer BARs ({@code peers}), prints its WSDL URLs and start-up time, and runs until Ctrl-C or
 * SIGTERM, which close it cleanly. None of those services needs to be up for the BAR to start:
 * it calls them only when a client books, and reports the ones that do not answer then.
 *
 * <p>Exit codes: 2 for a mistake in the command line or the file (the message names the file
 * and the key), 1 when the server cannot start (database, port in use).
 */
public final class BarMain {

    /** Exit code for a usage or configuration mistake. */
    public static final int EXIT_CONFIG = 2;
    /** Exit code for a server that did not start (database, port). */
    public static final int EXIT_START = 1;

    private BarMain() {
    }

    public static void main(String[] args) throws Exception {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * The controllers of a configuration: the L-NSAP named {@code lnsap-<site>}, the NSAP named
     * {@code nsap}, and each peer BAR named {@code bar-<site>}, all over SOAP with the
     * configuration's {@code callTimeout}. Nothing is called here.
     */
    public static Site site(BarServerConfig config) {
        SegmentController campus = new SoapSegmentController("lnsap-" + config.site(), config.campus(), NsapContract.NAMESPACE,
                config.callTimeout());
        SegmentController wan = new SoapSegmentController("nsap", config.wan(), NsapContract.NAMESPACE, config.callTimeout());
        Map<String, SegmentController> peers = new LinkedHashMap<>();
        config.peers().forEach((site, url) -> peers.put(site,
                new SoapSegmentController("bar-" + site, url, BarServer.PEER_NAMESPACE, config.callTimeout())));
        return new Site(config.site(), campus, wan, peers);
    }

    /** Starts the BAR of a configuration on the system clock (UTC). */
    public static BarServer start(BarServerConfig config) throws Exception {
        return BarServer.start(config.serverConfig(), site(config), config.settings(), Clock.systemUTC());
    }

    /**
     * The whole of {@link #main}: {@code [--check] CONFIG.yaml}. Reads and checks the file, then
     * (without {@code --check}) starts the BAR, prints its WSDL URLs and start-up time, and
     * blocks until the process is stopped (Ctrl-C, SIGTERM), when a shutdown hook closes it.
     *
     * @return the exit code, when it does not block: 0 after {@code --check}, {@link #EXIT_CONFIG}
     *     or {@link #EXIT_START}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        long t0 = System.nanoTime();
        boolean checkOnly = args.length == 2 && args[0].equals("--check");
        if (args.length != 1 && !checkOnly || args.length == 1 && args[0].startsWith("-")) {
            err.println("usage: bar [--check] CONFIG.yaml");
            err.println("  starts one BAR from its configuration file (docs/configuration.md);");
            err.println("  --check reads and checks the configuration file, and stops");
            return EXIT_CONFIG;
        }
        Path file = Path.of(args[args.length - 1]);
        BarServerConfig config;
        try {
            config = BarServerConfig.load(file);
        } catch (NoSuchFileException e) {
            err.println("bar: no file " + e.getMessage());
            return EXIT_CONFIG;
        } catch (IOException e) {
            err.println("bar: cannot read " + e);
            return EXIT_CONFIG;
        } catch (IllegalArgumentException e) {
            err.println("bar: " + e.getMessage());
            return EXIT_CONFIG;
        }
        if (checkOnly) {
            out.println("bar: " + file + " is fine: " + config.name() + " for " + config.site() + ", L-NSAP "
                    + config.campus() + ", NSAP " + config.wan() + ", peers " + config.peers());
            return 0;
        }

        BarServer server;
        try {
            server = start(config);
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            err.println("bar: " + config.name() + " did not start: " + e.getMessage() + (root == e ? "" : " (" + root + ")"));
            return EXIT_START;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        String name = config.name();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println(name + ": stopping");
            try {
                server.close();
                out.println(name + ": stopped");
            } catch (RuntimeException e) {
                err.println(name + ": while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, name + "-shutdown"));

        long took = (System.nanoTime() - t0) / 1_000_000;
        out.println("BAR " + name + " of " + config.site() + " started in " + took + " ms (server "
                + server.startupTime().toMillis() + " ms, JVM up " + ManagementFactory.getRuntimeMXBean().getUptime()
                + " ms); Ctrl-C stops it.");
        out.println("  WSDL      " + server.wsdlUrl() + "   (clients)");
        out.println("  peer WSDL " + server.peerWsdlUrl() + "   (other sites' BARs only)");
        out.println("  L-NSAP    " + config.campus());
        out.println("  NSAP      " + config.wan());
        config.peers().forEach((site, url) -> out.println("  peer      " + site + " " + url));
        out.println("  database  " + config.jdbcUrlForLog() + (config.clustered() ? " (clustered)" : ""));
        out.flush();
        stopped.await();
        return 0;
    }
}
