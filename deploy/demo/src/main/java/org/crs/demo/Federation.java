/*
 * Federation stays one piece, a little over 500 lines: the order in which the services start is
 * the point of it, and its Options, a fifth of it, are what every federation test starts from.
 * Where the routers run is FederationRouters; the second NSI domain is NsiDomain.
 */
package org.crs.demo;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import org.crs.bar.server.BarPolicy;
import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.nsap.soap.ServedBars;

import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiPublication;
import org.crs.bar.server.NsiRequester;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.campus.CampusPlanner;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.oidc.OidcSettings;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.WanTopology;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.peer.PeerServiceClient;
import org.crs.nsap.server.NsapLauncher;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.server.NsapServerConfig;
import org.crs.nsap.activation.SnmpCounterReader;
import org.crs.nsap.wan.WanPlanner;
import org.crs.nsap.contract.topology.WanTopologyFile;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.nsap.contract.NsapContract;
import org.crs.service.server.ServerConfig;
import org.crs.routers.emulator.RouterAccessFile;
import java.util.Set;
import java.util.concurrent.Callable;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;

/**
 * A federation of two sites in one process, on 127.0.0.1: the emulated routers, an L-NSAP and a
 * BAR for each of site-a and site-b, and the NSAP of the WAN, each service on its own database.
 * The demo runs one on fixed ports; tests run one on free ports.
 *
 * <p>The services trust each other as in production, by certificate ({@link DemoCertificates}):
 * the L-NSAPs and the NSAP speak only TLS and require a client certificate; each BAR serves
 * people and middleware in plain HTTP on its port and the other services over TLS on a port of
 * its own ({@link #DEMO_TLS_PORTS}), where a client certificate is optional. Every call from one
 * service to another (BAR to L-NSAP, NSAP and peer BAR; L-NSAP and NSAP to a BAR's PeerService)
 * goes over TLS with the caller's certificate.
 *
 * <p>It is the demo's wiring, every service of both sites made and connected once, in the order
 * they start, with the options and the accessors the demo, its tools and the tests ask; where the
 * routers run is {@link FederationRouters}, the second domain beside it {@link NsiDomain}. It stays
 * one piece, a little over 500 lines: the order of the start is the point, and its {@link Options},
 * a fifth of it, are what every federation test starts from.
 */
public final class Federation implements AutoCloseable {

    /** The demo's sites. */
    public static final List<String> SITES = List.of("site-a", "site-b");

    /**
     * The demo's approval rule, as in deploy/config/bar-site-*.yaml: bookings over 500 Mbit/s (half
     * of a gigabit host port) wait for an operator, until their start at the latest.
     */
    public static final ApprovalRules DEMO_APPROVAL = new ApprovalRules(List.of(new ApprovalRule(500L, null, null, null,
            null, null, ApprovalDecision.WAIT)), Duration.ZERO);

    /**
     * The demo's fixed ports: the BAR of site-a answers at 8080 (plain HTTP); the L-NSAPs and
     * the NSAP speak only TLS on theirs.
     */
    public static final Map<String, Integer> DEMO_PORTS = Map.of(
            "bar-site-a", 8080, "lnsap-site-a", 8081, "lnsap-site-b", 8082, "bar-site-b", 8083, "nsap", 8090);

    /** The demo BARs' TLS ports, where the other services call them with their certificates. */
    public static final Map<String, Integer> DEMO_TLS_PORTS = Map.of("bar-site-a", 8443, "bar-site-b", 8446);

    /** Where each service keeps its data: its JDBC URL and user, by service name. */
    public record Database(String jdbcUrl, String user) {
    }

    /**
     * @param repository the repository root (deploy/ is read from it)
     * @param databases the database of each service, by name (bar-site-a, lnsap-site-a, nsap, ...)
     * @param demoPorts listen on {@link #DEMO_PORTS} rather than free ports
     * @param settings how the BARs book
     * @param callTimeout how long a BAR waits for an L-NSAP, the NSAP or a peer BAR
     * @param clock the services' clock
     * @param policy the BARs' approval rules and quotas
     * @param certificates the services' certificates
     * @param oidc the identity provider each site's BAR signs people in through, made from the
     *     BAR's callback address; none for a site it does not name
     * @param nsi what each site's BAR publishes and provides over NSI; none for a site it does not name
     * @param nsiRequesters the other networks each site's BAR books far parts from over NSI; none for a site it does not name
     */
    public record Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                          Duration callTimeout, Clock clock, FederationRouters routers, DemoCertificates certificates,
                          BarPolicy policy, Map<String, Function<URI, OidcSettings>> oidc,
                          Map<String, NsiPublication> nsi, Map<String, NsiRequester> nsiRequesters) {
        public Options {
            nsi = Map.copyOf(nsi);
            nsiRequesters = Map.copyOf(nsiRequesters);
            Objects.requireNonNull(repository, "repository");
            Objects.requireNonNull(databases, "databases");
            Objects.requireNonNull(settings, "settings");
            Objects.requireNonNull(callTimeout, "callTimeout");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(routers, "routers");
            Objects.requireNonNull(certificates, "certificates");
            Objects.requireNonNull(policy, "policy");
            oidc = Map.copyOf(oidc);
        }

        public Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                       Duration callTimeout, Clock clock, FederationRouters routers, DemoCertificates certificates,
                       BarPolicy policy, Map<String, Function<URI, OidcSettings>> oidc) {
            this(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates, policy, oidc,
                    Map.of(), Map.of());
        }

        public Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                       Duration callTimeout, Clock clock, FederationRouters routers, DemoCertificates certificates,
                       BarPolicy policy) {
            this(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates, policy, Map.of());
        }

        /** These options with the BAR of {@code site} an NSI provider publishing {@code publication}. */
        public Options withNsi(String site, NsiPublication publication) {
            Map<String, NsiPublication> more = new LinkedHashMap<>(nsi);
            more.put(site, publication);
            return new Options(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates,
                    policy, oidc, more, nsiRequesters);
        }

        /** These options with the BAR of {@code site} booking far parts over NSI as {@code requester} says. */
        public Options withNsiRequester(String site, NsiRequester requester) {
            Map<String, NsiRequester> more = new LinkedHashMap<>(nsiRequesters);
            more.put(site, requester);
            return new Options(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates,
                    policy, oidc, nsi, more);
        }

        /** With certificates in a temporary folder of this JVM ({@link DemoCertificates#temporary()}), every booking approved at once. */
        public Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                       Duration callTimeout, Clock clock, FederationRouters routers) {
            this(repository, databases, demoPorts, settings, callTimeout, clock, routers, DemoCertificates.temporary());
        }

        /** With these certificates, every booking approved at once and no quotas. */
        public Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                       Duration callTimeout, Clock clock, FederationRouters routers, DemoCertificates certificates) {
            this(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates, BarPolicy.none());
        }

        /** These options with the BARs' approval rules and quotas of {@code other}. */
        public Options withPolicy(BarPolicy other) {
            return new Options(repository, databases, demoPorts, settings, callTimeout, clock, routers, certificates, other,
                    oidc, nsi, nsiRequesters);
        }

        /**
         * These options with the BAR of {@code site} signing people in through an OpenID provider:
         * {@code settings} makes its settings from the BAR's callback address.
         */
        public Options withOidc(String site, Function<URI, OidcSettings> settings) {
            Map<String, Function<URI, OidcSettings>> more = new LinkedHashMap<>(oidc);
            more.put(site, settings);
            return new Options(repository, databases, demoPorts, this.settings, callTimeout, clock, routers, certificates,
                    policy, more, nsi, nsiRequesters);
        }

        /** With the demo's routers emulated in this process. */
        public Options(Path repository, Function<String, Database> databases, boolean demoPorts, BarSettings settings,
                       Duration callTimeout, Clock clock) {
            this(repository, databases, demoPorts, settings, callTimeout, clock, FederationRouters.inProcess());
        }

        /** Every service on its own file HSQLDB under {@code data}. */
        public static Function<String, Database> hsqldbFiles(Path data) {
            return name -> new Database("jdbc:hsqldb:file:" + data.resolve(name).resolve("db") + ";shutdown=true", "SA");
        }
    }

    private final Options options;
    private final RouterEmulator emulator;
    private RoutersApart routersApart;
    private final RouterDirectory routers;
    private final Map<String, NsapServer> lnsaps = new LinkedHashMap<>();
    private final Map<String, BarServer> bars = new LinkedHashMap<>();
    private final Map<String, Integer> barPorts = new LinkedHashMap<>();
    private final Map<String, Integer> barTlsPorts = new LinkedHashMap<>();
    private final Map<String, URI> peerRoutes = new LinkedHashMap<>();
    private final List<AutoCloseable> running = new ArrayList<>();
    private NsapServer nsap;
    private final Map<String, CampusTopology> campuses = new LinkedHashMap<>();
    private WanTopology wan;

    private Federation(Options options, RouterEmulator emulator, RouterDirectory routers) {
        this.options = options;
        this.emulator = emulator;
        this.routers = routers;
    }

    /**
     * Starts the routers (or, apart, finds the emulator a previous run left running) and every
     * service; on failure stops what had started, never routers apart.
     */
    public static Federation start(Options options) throws Exception {
        Path inventoryFile = options.routers().inventory() != null ? options.routers().inventory()
                : options.repository().resolve("deploy/emulator/demo-routers.yaml");
        if (options.routers().placement() == FederationRouters.Placement.APART) {
            return startWithRoutersApart(options, inventoryFile);
        }
        if (options.routers().placement() == FederationRouters.Placement.DRY_RUN) {
            Path access = RouterAccessFile.writeDryRunTemporary(Inventory.load(inventoryFile));
            return new Federation(options, null, RouterDirectory.load(access)).startServices();
        }
        Inventory inventory = Inventory.load(inventoryFile);
        RouterEmulator emulator = RouterEmulator.start(options.demoPorts() ? inventory : inventory.withAnyPorts());
        RouterDirectory routers;
        try {
            // The services reach the routers through the router access file, as at a real site.
            routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        } catch (IOException | RuntimeException e) {
            emulator.close();
            throw e;
        }
        Federation f = new Federation(options, emulator, routers);
        f.running.add(emulator);
        return f.startServices();
    }

    // The routers' emulator is found or started, and never stopped by the federation.
    private static Federation startWithRoutersApart(Options options, Path inventoryFile) throws Exception {
        RoutersApart apart = RoutersApart.startOrReuse(inventoryFile, options.routers().stateFolder());
        RouterDirectory routers = RouterDirectory.load(RouterAccessFile.writeTemporary(Inventory.load(inventoryFile),
                Set.of()));
        Federation f = new Federation(options, null, routers);
        f.routersApart = apart;
        return f.startServices();
    }

    // Starts the L-NSAPs, the NSAP and the BARs; on failure stops what had started, routers in process included.
    private Federation startServices() throws Exception {
        try {
            for (String site : SITES) {
                barPorts.put(site, options.demoPorts() ? DEMO_PORTS.get("bar-" + site) : freePort());
                barTlsPorts.put(site, options.demoPorts() ? DEMO_TLS_PORTS.get("bar-" + site) : freePort());
            }
            // Read once: the L-NSAPs and the NSAP plan on them, the BARs draw their map from them.
            Path topology = options.repository().resolve("deploy/topology");
            for (String site : SITES) {
                campuses.put(site, CampusTopologyFile.load(topology.resolve(site + "-campus.yaml")));
            }
            wan = WanTopologyFile.load(topology.resolve("wan.yaml"));
            // Side by side, the L-NSAPs and the NSAP, then the BARs, which call them: each starts
            // on one thread, so one after the other left a core idle (docs/deployment.md).
            List<Callable<NsapServer>> nsaps = new ArrayList<>();
            for (String site : SITES) {
                nsaps.add(() -> startNsap("lnsap-" + site, new CampusPlanner(campuses.get(site)), List.of(site)));
            }
            nsaps.add(() -> startNsap("nsap", new WanPlanner(wan), SITES));
            List<NsapServer> started = StartedTogether.run("nsaps", nsaps);
            for (int i = 0; i < SITES.size(); i++) {
                lnsaps.put(SITES.get(i), started.get(i));
            }
            nsap = started.get(SITES.size());
            StartedTogether.run("bars", SITES.stream().<Callable<BarServer>>map(site -> () -> startBar(site)).toList());
            return this;
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Starts an L-NSAP or the NSAP, TLS only with client certificates required, asking the BARs
     * of {@code barSites} about orphans (its {@code bars:}) with its certificate.
     */
    private NsapServer startNsap(String name, ResourcePlanner planner, List<String> barSites) throws Exception {
        Database db = options.databases().apply(name);
        List<DriverActivator> activators = new ArrayList<>();
        Map<String, URI> bars = new LinkedHashMap<>();
        barSites.forEach(site -> bars.put(site, peerUrl(site)));
        NsapServer server = NsapServer.start(new ServerConfig(name, db.jdbcUrl(), db.user(), "", "127.0.0.1",
                port(name), false).withTls(ServerTls.onListenPort(options.certificates().settings(name, ClientAuth.REQUIRED))),
                planner, (store, locks) -> {
                    DriverActivator a = new DriverActivator(routers, store, DriverActivator.DEFAULT_THREADS, locks);
                    activators.add(a);
                    return a;
                }, options.clock(), NsapServer.Upkeep.defaults().withOwners(
                        new PeerServiceClient(bars, NsapLauncher.BAR_CALL_TIMEOUT, options.certificates().client(name))),
                Optional.of(servedBars(barSites)),
                Optional.of(new NsapServer.Traffic(new SnmpCounterReader(routers), DEMO_TRAFFIC)));
        synchronized (running) {
            running.addAll(activators);
            running.add(server);
        }
        return server;
    }

    /**
     * The demo's traffic polling: every 5 s rather than 30 s, so that a circuit up for a minute
     * (the demo's and the browser scenarios' bookings) has rates to graph.
     */
    static final NsapServerConfig.Traffic DEMO_TRAFFIC = new NsapServerConfig.Traffic(true, Duration.ofSeconds(5),
            NsapServerConfig.Traffic.DEFAULT.ports(), NsapServerConfig.Traffic.DEFAULT.retention(),
            NsapServerConfig.Traffic.DEFAULT.routersAtOnce());

    /** The demo's network as the reservation browser draws it: both campuses and the WAN, read at start. */
    public NetworkMap networkMap() {
        return new NetworkMap(List.copyOf(campuses.values()), Optional.of(wan));
    }

    /**
     * Starts the BAR of a site again (after {@link #stopBar}), on the same ports and database:
     * plain HTTP for people, TLS with optional client certificates for the services.
     */
    public BarServer startBar(String site) throws Exception {
        return startBar(site, AccessTable.standard());
    }

    /**
     * As {@link #startBar(String)}, the BAR deciding who may call what by {@code table}: a test
     * starts one with a wrong row to prove the authorisation matrix notices.
     */
    public BarServer startBar(String site, AccessTable table) throws Exception {
        return startBar(site, table, Optional.empty());
    }

    /**
     * As {@link #startBar(String, AccessTable)}, the BAR also an NSI requester of {@code requester}'s
     * providers, with its requester port (the authorisation matrix walks it); empty: the
     * requester the options give the site, if any.
     */
    public BarServer startBar(String site, AccessTable table, Optional<NsiRequester> requester) throws Exception {
        String name = "bar-" + site;
        SSLContext tls = options.certificates().client(name);
        Database db = options.databases().apply("bar-" + site);
        Map<String, org.crs.bar.port.SegmentController> peers = new LinkedHashMap<>();
        for (String other : SITES) {
            if (!other.equals(site)) {
                peers.put(other, peerOf(site, other));
            }
        }
        Site controllers = new Site(site,
                new SoapSegmentController("lnsap-" + site, lnsaps.get(site).serviceUrl(), NsapContract.NAMESPACE,
                        options.callTimeout(), tls),
                new SoapSegmentController("nsap", nsap.serviceUrl(), NsapContract.NAMESPACE, options.callTimeout(), tls),
                peers);
        BarServer bar = BarServer.start(new ServerConfig(name, db.jdbcUrl(), db.user(), "", "127.0.0.1",
                barPorts.get(site), false).withTls(ServerTls.besidePlain(options.certificates().settings(name,
                        ClientAuth.OPTIONAL), barTlsPorts.get(site))), controllers, options.settings(), options.clock(),
                BarServer.Options.defaults(name).withPolicy(options.policy()).withServices(servicesOf(site))
                        .withAccessTable(table).withNsi(Optional.ofNullable(options.nsi().get(site)))
                        .withNsiRequester(requester.or(() -> Optional.ofNullable(options.nsiRequesters().get(site))))
                        .withMap(networkMap()).withOidc(Optional.ofNullable(options.oidc().get(site)).map(o -> o.apply(
                                URI.create("http://127.0.0.1:" + barPorts.get(site) + "/api/oidc/callback")))));
        try {
            DemoAccounts.seed(bar.accounts());
        } catch (Exception e) {
            bar.close();
            throw e;
        }
        synchronized (running) {
            bars.put(site, bar);
            running.add(bar);
        }
        return bar;
    }

    /** The BARs of {@code sites}, by their certificates: the only callers an L-NSAP or the NSAP answers. */
    private ServedBars servedBars(List<String> sites) {
        Map<X500Principal, String> bySubject = new LinkedHashMap<>();
        sites.forEach(site -> bySubject.put(options.certificates().subject("bar-" + site), site));
        return new ServedBars(bySubject);
    }

    /**
     * The services the BAR of {@code site} knows by their certificates: the other sites' BARs,
     * its L-NSAP and the NSAP.
     */
    private Map<X500Principal, Caller> servicesOf(String site) {
        Map<X500Principal, Caller> services = new LinkedHashMap<>();
        for (String other : SITES) {
            if (!other.equals(site)) {
                X500Principal subject = options.certificates().subject("bar-" + other);
                services.put(subject, new Caller.PeerBar(other, subject.getName()));
            }
        }
        for (String controller : List.of("lnsap-" + site, "nsap")) {
            X500Principal subject = options.certificates().subject(controller);
            services.put(subject, new Caller.Controller(controller, subject.getName()));
        }
        return services;
    }

    /** The controller through which the BAR of {@code caller} calls the BAR of {@code site}, with its certificate. */
    public SoapSegmentController peerOf(String caller, String site) {
        return new SoapSegmentController("bar-" + site, peerRoutes.getOrDefault(site, peerUrl(site)),
                BarServer.PEER_NAMESPACE, options.callTimeout(), options.certificates().client("bar-" + caller));
    }

    /**
     * Where the BAR of a site serves the other services (whether it is running or not): its
     * PeerService on its TLS port.
     */
    public URI peerUrl(String site) {
        return URI.create("https://127.0.0.1:" + barTlsPorts.get(site) + "/services/" + BarServer.PEER_SERVICE_NAME);
    }

    /** The services' certificates. */
    public DemoCertificates certificates() {
        return options.certificates();
    }

    /**
     * Makes the BARs started from now on call the BAR of {@code site} at {@code url} (a proxy
     * in front of it, say); null goes back to calling it directly.
     */
    public void routePeer(String site, URI url) {
        if (url == null) {
            peerRoutes.remove(site);
        } else {
            peerRoutes.put(site, url);
        }
    }

    /** Stops the BAR of a site, as a crash or an operator would; its database stays. */
    public void stopBar(String site) {
        BarServer bar;
        synchronized (running) {
            bar = bars.remove(site);
            running.remove(bar);
        }
        bar.close();
    }

    private int port(String name) {
        return options.demoPorts() ? DEMO_PORTS.get(name) : 0;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The routers emulated in this process, or null when they run apart or not at all (dry run). */
    public RouterEmulator emulator() {
        return emulator;
    }

    /** The routers' emulator process, when they run apart. */
    public Optional<RoutersApart> routersApart() {
        return Optional.ofNullable(routersApart);
    }

    public NsapServer lnsap(String site) {
        return lnsaps.get(site);
    }

    public NsapServer nsap() {
        return nsap;
    }

    public BarServer bar(String site) {
        return bars.get(site);
    }

    /** Stops everything, last started first. */
    @Override
    public void close() {
        StopInReverse.stop(running, "the federation");
    }
}
