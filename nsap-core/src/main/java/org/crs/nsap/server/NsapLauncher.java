package org.crs.nsap.server;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.activation.RouterDirectory.Profile;

/**
 * One standalone L-NSAP or NSAP started from its configuration file ({@link NsapServerConfig}):
 * the server and the {@link DriverActivator} that drives its routers, closed together. It is
 * the shared body of the mains {@code org.crs.nsap.campus.LnsapMain} and
 * {@code org.crs.nsap.wan.NsapMain}, which differ only in how they read their topology file
 * ({@link TopologyReader}).
 *
 * <p>Before anything starts, {@link #run} reads the configuration, the topology and the router
 * access file, and checks that every router the topology drives is in the access file with the
 * profile the topology needs (a campus edge router is a 7600, a WAN core router a 12000): a
 * mistake stops the start with exit code 2 and one message naming the file, instead of a failed
 * activation hours later.
 */
public final class NsapLauncher implements AutoCloseable {

    /** Exit code for a usage or configuration mistake. */
    public static final int EXIT_CONFIG = 2;
    /** Exit code for a server that did not start (database, port). */
    public static final int EXIT_START = 1;

    /** Reads a topology file for one kind of service. */
    @FunctionalInterface
    public interface TopologyReader {
        /**
         * @throws IOException if the file cannot be read
         * @throws IllegalArgumentException naming the file and what is wrong in it
         */
        Topology read(Path file) throws IOException;
    }

    /**
     * A topology, read.
     *
     * @param planner books it
     * @param routers the routers it drives, by name, with the profile each must have
     * @param summary one line for people ("campus site-a: 4 host ports, 1 uplink")
     */
    public record Topology(ResourcePlanner planner, Map<String, Profile> routers, String summary) {
        public Topology {
            Objects.requireNonNull(planner, "planner");
            routers = Map.copyOf(routers);
            Objects.requireNonNull(summary, "summary");
        }
    }

    private final NsapServerConfig config;
    private final NsapServer server;
    private final DriverActivator activator;
    private final AtomicBoolean closed = new AtomicBoolean();

    private NsapLauncher(NsapServerConfig config, NsapServer server, DriverActivator activator) {
        this.config = config;
        this.server = server;
        this.activator = activator;
    }

    /**
     * Starts the server of {@code config} over {@code planner}, driving routers through a
     * {@link DriverActivator} on {@code routers}.
     */
    public static NsapLauncher start(NsapServerConfig config, ResourcePlanner planner, RouterDirectory routers)
            throws Exception {
        AtomicReference<DriverActivator> activator = new AtomicReference<>();
        try {
            NsapServer server = NsapServer.start(config.serverConfig(), planner, store -> {
                DriverActivator a = new DriverActivator(routers, store);
                activator.set(a);
                return a;
            }, Clock.systemUTC());
            return new NsapLauncher(config, server, activator.get());
        } catch (Exception | Error e) {
            if (activator.get() != null) {
                activator.get().close();
            }
            throw e;
        }
    }

    public NsapServer server() {
        return server;
    }

    public NsapServerConfig config() {
        return config;
    }

    /**
     * Stops the SOAP endpoint, the hold timers and the database ({@link NsapServer#close}),
     * then lets running router work finish and stops the router threads
     * ({@link DriverActivator#close}). A second call does nothing.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            server.close();
        } finally {
            activator.close();
        }
    }

    /**
     * Problems between a topology's routers and the router access file: routers missing from
     * the file, or of another profile there. Empty when every router can be driven.
     */
    public static List<String> routerProblems(Map<String, Profile> needed, RouterDirectory directory) {
        List<String> problems = new ArrayList<>();
        needed.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            if (!directory.contains(e.getKey())) {
                problems.add("router " + e.getKey() + " of the topology is not in the router access file (it has "
                        + directory.routerNames() + ")");
            } else if (directory.access(e.getKey()).profile() != e.getValue()) {
                problems.add("router " + e.getKey() + " is a " + label(directory.access(e.getKey()).profile())
                        + " in the router access file; the topology needs a " + label(e.getValue()));
            }
        });
        return problems;
    }

    private static String label(Profile p) {
        return p == Profile.C7600 ? "7600" : "12000";
    }

    /**
     * The whole of a main: {@code [--check] CONFIG.yaml}. Reads and checks everything, then
     * (without {@code --check}) starts the service, prints its WSDL URL and start-up time, and
     * blocks until the process is stopped (Ctrl-C, SIGTERM), when a shutdown hook closes it.
     *
     * @param program the command's name in messages ("lnsap")
     * @param kind what it runs, for people ("L-NSAP")
     * @return the exit code, when it does not block: 0 after {@code --check}, {@link #EXIT_CONFIG}
     *     or {@link #EXIT_START}
     */
    public static int run(String program, String kind, String[] args, TopologyReader reader, PrintStream out,
                          PrintStream err) throws InterruptedException {
        long t0 = System.nanoTime();
        boolean checkOnly = args.length == 2 && args[0].equals("--check");
        if (args.length != 1 && !checkOnly || args.length == 1 && args[0].startsWith("-")) {
            err.println("usage: " + program + " [--check] CONFIG.yaml");
            err.println("  starts one " + kind + " from its configuration file (docs/configuration.md);");
            err.println("  --check reads and checks the configuration, topology and router access files, and stops");
            return EXIT_CONFIG;
        }
        Path file = Path.of(args[args.length - 1]);
        NsapServerConfig config;
        Topology topology;
        RouterDirectory routers;
        try {
            config = NsapServerConfig.load(file);
            topology = reader.read(config.topology());
            routers = RouterDirectory.load(config.routerAccess());
            List<String> problems = routerProblems(topology.routers(), routers);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException(config.routerAccess() + " does not fit the topology "
                        + config.topology() + ":\n  - " + String.join("\n  - ", problems));
            }
        } catch (NoSuchFileException e) {
            err.println(program + ": no file " + e.getMessage());
            return EXIT_CONFIG;
        } catch (IOException e) {
            err.println(program + ": cannot read " + e);
            return EXIT_CONFIG;
        } catch (IllegalArgumentException e) {
            err.println(program + ": " + e.getMessage());
            return EXIT_CONFIG;
        }
        if (checkOnly) {
            out.println(program + ": " + file + " is fine: " + config.name() + ", " + topology.summary() + ", routers "
                    + routerList(topology, routers));
            return 0;
        }

        NsapLauncher launcher;
        try {
            launcher = start(config, topology.planner(), routers);
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            err.println(program + ": " + config.name() + " did not start: " + e.getMessage()
                    + (root == e ? "" : " (" + root + ")"));
            return EXIT_START;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        String name = config.name();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println(name + ": stopping");
            try {
                launcher.close();
                out.println(name + ": stopped");
            } catch (RuntimeException e) {
                err.println(name + ": while stopping: " + e);
            } finally {
                stopped.countDown();
            }
        }, name + "-shutdown"));

        long took = (System.nanoTime() - t0) / 1_000_000;
        NsapServer server = launcher.server();
        out.println(kind + " " + name + " started in " + took + " ms (server " + server.startupTime().toMillis()
                + " ms, JVM up " + ManagementFactory.getRuntimeMXBean().getUptime() + " ms); Ctrl-C stops it.");
        out.println("  WSDL      " + server.wsdlUrl());
        out.println("  topology  " + topology.summary());
        out.println("  endpoints " + String.join(", ", server.service().endpoints()));
        out.println("  routers   " + routerList(topology, routers));
        out.println("  database  " + config.jdbcUrlForLog() + (config.clustered() ? " (clustered)" : ""));
        out.flush();
        stopped.await();
        return 0;
    }

    private static String routerList(Topology topology, RouterDirectory routers) {
        return String.join(", ", topology.routers().keySet().stream().sorted().map(r -> {
            RouterDirectory.RouterAccess a = routers.access(r);
            return a.endpoint() + " (" + label(a.profile()) + ", " + a.protocol().name().toLowerCase(java.util.Locale.ROOT) + ")";
        }).toList());
    }
}
