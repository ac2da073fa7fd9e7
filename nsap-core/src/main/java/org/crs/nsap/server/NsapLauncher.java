package org.crs.nsap.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.routers.driver.CircuitSegment;
import javax.security.auth.x500.X500Principal;

import org.crs.nsap.peer.PeerServiceClient;
import org.crs.nsap.soap.ServedBars;
import org.crs.nsap.activation.SnmpCounterReader;
import org.crs.service.tls.ClientCertificate;
import org.crs.service.tls.TlsContexts;
import org.crs.service.server.ServiceConfig;
import org.crs.service.server.ServiceLauncher;

/**
 * One standalone L-NSAP or NSAP started from its configuration file ({@link NsapServerConfig}):
 * the server and the {@link DriverActivator} that drives its routers, closed together. It is
 * the shared body of the mains {@code org.crs.nsap.campus.LnsapMain} and
 * {@code org.crs.nsap.wan.NsapMain}, which differ only in how they read their topology file
 * ({@link TopologyReader}).
 *
 * <p>Before anything starts, {@link #run} reads the configuration, the topology and the router
 * access file, and checks that every router the topology drives is in the access file with a
 * driver that carries the topology's segments (a campus edge router's carries campus segments, a
 * WAN core router's pseudowires): a
 * mistake stops the start with exit code 2 and one message naming the file, instead of a failed
 * activation hours later.
 */
public final class NsapLauncher implements AutoCloseable {

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
     * @param routers the routers it drives, by name, with the segments each must carry
     *     ({@code CampusSegment} at a campus edge, {@code PseudowireSegment} in the WAN)
     * @param summary one line for people ("campus site-a: 4 host ports, 1 uplink")
     */
    public record Topology(ResourcePlanner planner, Map<String, Class<? extends CircuitSegment>> routers,
                           String summary) {
        public Topology {
            Objects.requireNonNull(planner, "planner");
            routers = Map.copyOf(routers);
            Objects.requireNonNull(summary, "summary");
        }
    }

    /** How long one question to a BAR's PeerService may take (the orphan sweep's {@code segmentWanted}). */
    public static final Duration BAR_CALL_TIMEOUT = Duration.ofSeconds(10);

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
     * {@link DriverActivator} on {@code routers}, with the upkeep the configuration sets
     * ({@link #upkeep}).
     */
    public static NsapLauncher start(NsapServerConfig config, ResourcePlanner planner, RouterDirectory routers)
            throws Exception {
        AtomicReference<DriverActivator> activator = new AtomicReference<>();
        try {
            NsapServer server = NsapServer.start(config.serverConfig(), planner, (store, locks) -> {
                DriverActivator a = new DriverActivator(routers, store, DriverActivator.DEFAULT_THREADS, locks);
                activator.set(a);
                return a;
            }, Clock.systemUTC(), upkeep(config), Optional.of(servedBars(config)),
                    Optional.of(new NsapServer.Traffic(new SnmpCounterReader(routers), config.traffic())));
            return new NsapLauncher(config, server, activator.get());
        } catch (Exception | Error e) {
            if (activator.get() != null) {
                activator.get().close();
            }
            throw e;
        }
    }

    /**
     * The only callers the service answers: the BARs of its {@code bars}, each by the certificate
     * subject the configuration names ({@code bars[].subject}). A BAR listed without a subject
     * cannot call it.
     */
    public static ServedBars servedBars(NsapServerConfig config) {
        Map<X500Principal, String> sites = new LinkedHashMap<>();
        config.bars().forEach(b -> b.subject().ifPresent(subject -> sites.put(subject, b.site())));
        return new ServedBars(sites);
    }

    /**
     * The upkeep of a configuration: its {@code stuckAfter}, {@code orphanCheck} and
     * {@code orphanAge}, and its {@code bars} asked over their PeerService ({@link PeerServiceClient},
     * {@link #BAR_CALL_TIMEOUT}), with this service's certificate ({@code tls}, which a file that
     * lists bars has: {@link NsapServerConfig}); no orphan sweep when it lists none.
     */
    public static NsapServer.Upkeep upkeep(NsapServerConfig config) {
        NsapServer.Upkeep upkeep = new NsapServer.Upkeep(config.stuckAfter(), Optional.empty(),
                config.orphanCheck(), config.orphanAge());
        if (config.bars().isEmpty()) {
            return upkeep;
        }
        Map<String, URI> bars = new LinkedHashMap<>();
        config.bars().forEach(b -> bars.put(b.site(), b.url()));
        return upkeep.withOwners(new PeerServiceClient(bars, BAR_CALL_TIMEOUT,
                config.basics().tls().map(t -> TlsContexts.client(t.settings())).orElse(null)));
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
     * the file, or whose driver there does not carry the topology's segments. Empty when every
     * router can be driven.
     */
    public static List<String> routerProblems(Map<String, Class<? extends CircuitSegment>> needed,
                                              RouterDirectory directory) {
        List<String> problems = new ArrayList<>();
        needed.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            if (!directory.contains(e.getKey())) {
                problems.add("router " + e.getKey() + " of the topology is not in the router access file (it has "
                        + directory.routerNames() + ")");
            } else if (!directory.carries(e.getKey(), e.getValue())) {
                problems.add("router " + e.getKey() + " is driven by " + directory.access(e.getKey()).driver().name()
                        + " in the router access file, which carries no " + e.getValue().getSimpleName()
                        + "s; the topology needs them");
            }
        });
        return problems;
    }

    /**
     * The whole of a main: {@code [--check] CONFIG.yaml} ({@link ServiceLauncher}). Reads the
     * configuration, the topology and the router access file and checks they fit before anything
     * starts.
     *
     * @param program the command's name in messages ("lnsap")
     * @param kind what it runs, for people ("L-NSAP")
     * @return the exit code, when it does not block: 0 after {@code --check},
     *     {@link ServiceLauncher#EXIT_CONFIG} or {@link ServiceLauncher#EXIT_START}
     */
    public static int run(String program, String kind, String[] args, TopologyReader reader, PrintStream out,
                          PrintStream err) throws InterruptedException {
        return ServiceLauncher.run(new Command(program, kind, reader), args, out, err);
    }

    /** A configuration with the topology and router access file it names, read and checked. */
    private record Checked(NsapServerConfig config, Topology topology, RouterDirectory routers) {
    }

    /** An L-NSAP or the NSAP as the shared command line starts it. */
    private record Command(String program, String kind, TopologyReader reader)
            implements ServiceLauncher.Service<Checked, NsapLauncher> {

        @Override
        public String checks() {
            return "the configuration, topology and router access files";
        }

        @Override
        public ServiceConfig config(Checked c) {
            return c.config();
        }

        @Override
        public Checked load(Path file) throws IOException {
            NsapServerConfig config = NsapServerConfig.FILE.load(file);
            Topology topology = reader.read(config.topology());
            RouterDirectory routers = RouterDirectory.load(config.routerAccess());
            List<String> problems = routerProblems(topology.routers(), routers);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException(config.routerAccess() + " does not fit the topology "
                        + config.topology() + ":\n  - " + String.join("\n  - ", problems));
            }
            return new Checked(config, topology, routers);
        }

        @Override
        public String summary(Checked c) {
            return c.config().name() + ", " + c.topology().summary() + ", routers " + routerList(c.topology(), c.routers());
        }

        @Override
        public NsapLauncher start(Checked c) throws Exception {
            return NsapLauncher.start(c.config(), c.topology().planner(), c.routers());
        }

        @Override
        public List<String> details(Checked c, NsapLauncher launcher) {
            NsapServer server = launcher.server();
            return List.of("WSDL      " + server.wsdlUrl(),
                    "topology  " + c.topology().summary(),
                    "endpoints " + String.join(", ", server.service().endpoints()),
                    "routers   " + routerList(c.topology(), c.routers()),
                    "orphans   " + orphanSweep(c.config()));
        }

        @Override
        public Duration startupTime(NsapLauncher launcher) {
            return launcher.server().startupTime();
        }
    }

    /** The orphan sweep for people: which BARs it asks, how often, and the certificate it asks with. */
    static String orphanSweep(NsapServerConfig config) {
        if (config.bars().isEmpty()) {
            return "none: no bars listed";
        }
        // A file with bars has a tls section (NsapServerConfig refuses it otherwise).
        return "every " + config.orphanCheck() + " asks " + String.join(", ", config.bars().stream()
                .map(b -> b.site() + " " + b.url()).toList()) + " as "
                + config.basics().tls().map(t -> ClientCertificate.subject(t.settings()).getName()).orElse("nobody");
    }

    private static String routerList(Topology topology, RouterDirectory routers) {
        return String.join(", ", topology.routers().keySet().stream().sorted().map(r -> {
            RouterDirectory.RouterAccess a = routers.access(r);
            return a.endpoint() + " (" + a.driver().name() + ")";
        }).toList());
    }
}
