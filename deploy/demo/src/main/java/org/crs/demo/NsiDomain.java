package org.crs.demo;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.account.SignIn;
import org.crs.bar.adapter.nowan.NoWan;
import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.HandOffPeer;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarPolicy;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiPublication;
import org.crs.bar.server.NsiRequester;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.Caller;
import org.crs.domain.nsi.Stp;
import org.crs.domain.topology.CampusTopology;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.activation.SnmpCounterReader;
import org.crs.nsap.campus.CampusPlanner;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.peer.PeerServiceClient;
import org.crs.nsap.server.NsapLauncher;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.soap.ServedBars;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;

/**
 * domain-c, the demo's second CRS domain ({@code deploy/run-demo.sh --nsi-domain}, docs/nsi.md
 * "Two CRS domains"): a network of its own beside the federation, with its own BAR, L-NSAP,
 * emulated Cisco 7600 (edge-c, {@code deploy/emulator/domain-c-routers.yaml}), CA
 * ({@link DemoCertificates#domainC()}) and databases. It has no NSAP and no peer BAR: its only
 * link to the federation is NSI through the hand-off between edge-a's and edge-c's
 * TenGigabitEthernet2/2. Its BAR is an NSI provider whose one requester is site-a's BAR, signed
 * in by its certificate as the account {@link #SITE_A_ACCOUNT}; site-a's BAR books the far part
 * of a circuit to {@code domain-c:host-c1} from it ({@link #requesterOfSiteA}).
 *
 * <p>It starts before the federation (it calls nothing of it; site-a's BAR calls it) and is
 * closed after it.
 */
public final class NsiDomain implements AutoCloseable {

    /** The name site-a's endpoints give the domain ({@code domain-c:host-c1}) and its campus's site. */
    public static final String SITE = "domain-c";
    /** domain-c's NSA id. */
    public static final String NSA = "urn:ogf:network:domain-c.crs.example:2026:nsa";
    /** domain-c's network id. */
    public static final String NETWORK = "urn:ogf:network:domain-c.crs.example:2026:topology";
    /** site-a's NSA id and network id, as its BAR is an NSI requester of domain-c. */
    public static final String SITE_A_NSA = "urn:ogf:network:site-a.crs.example:2026:nsa";
    public static final String SITE_A_NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";
    /** The hand-off of each side, wired to the other's. */
    public static final String SITE_A_HAND_OFF = "to-domain-c";
    public static final String HAND_OFF = "to-site-a";
    /** The account at domain-c's BAR that site-a's BAR signs in as, by its certificate. */
    public static final String SITE_A_ACCOUNT = "site-a";
    /** The demo's fixed ports: the BAR's plain and TLS ports, the L-NSAP's (TLS only). */
    public static final Map<String, Integer> DEMO_PORTS = Map.of("bar-domain-c", 8085, "bar-domain-c-tls", 8447,
            "lnsap-domain-c", 8087);
    /** How long site-a's BAR waits for domain-c's data plane at an activation: the demo's circuits are short. */
    public static final Duration ACTIVATION_TIMEOUT = Duration.ofSeconds(30);
    /** How long site-a's BAR waits for a result callback before asking with querySummarySync. */
    public static final Duration RESULT_WAIT = Duration.ofSeconds(2);

    /**
     * @param repository the repository root (deploy/ is read from it)
     * @param databases each of domain-c's services' database, by name (bar-domain-c, lnsap-domain-c)
     * @param demoPorts listen on {@link #DEMO_PORTS} (and edge-c on its inventory's ports) rather than free ones
     * @param settings how domain-c's BAR books (its client hold is the NSI hold timer)
     * @param callTimeout how long domain-c's BAR waits for its L-NSAP
     * @param policy domain-c's BAR's approval rules and quotas
     * @param certificates the federation's certificates; domain-c's are made beside them
     */
    public record Options(Path repository, Function<String, Federation.Database> databases, boolean demoPorts,
                          BarSettings settings, Duration callTimeout, Clock clock, BarPolicy policy,
                          DemoCertificates certificates) {
        public Options {
            Objects.requireNonNull(repository, "repository");
            Objects.requireNonNull(databases, "databases");
            Objects.requireNonNull(settings, "settings");
            Objects.requireNonNull(callTimeout, "callTimeout");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(policy, "policy");
            Objects.requireNonNull(certificates, "certificates");
        }

        /** domain-c beside a federation started with {@code federation}: the same databases, ports, settings and CA's folder. */
        public static Options beside(Federation.Options federation) {
            return new Options(federation.repository(), federation.databases(), federation.demoPorts(),
                    federation.settings(), federation.callTimeout(), federation.clock(), federation.policy(),
                    federation.certificates());
        }
    }

    private final Options options;
    private final DemoCertificates certificates;
    private final CampusTopology campus;
    private final List<AutoCloseable> running = new ArrayList<>();
    private RouterEmulator emulator;
    private NsapServer lnsap;
    private BarServer bar;
    private int barPort;
    private int barTlsPort;

    private NsiDomain(Options options, DemoCertificates certificates, CampusTopology campus) {
        this.options = options;
        this.certificates = certificates;
        this.campus = campus;
    }

    /** Starts edge-c, the L-NSAP and the BAR of domain-c; on failure stops what had started. */
    public static NsiDomain start(Options options) throws Exception {
        CampusTopology campus = CampusTopologyFile.load(options.repository().resolve("deploy/topology/domain-c-campus.yaml"));
        NsiDomain domain = new NsiDomain(options, options.certificates().domainC(), campus);
        try {
            domain.startServices();
            return domain;
        } catch (Exception | Error e) {
            domain.close();
            throw e;
        }
    }

    private void startServices() throws Exception {
        Inventory inventory = Inventory.load(options.repository().resolve("deploy/emulator/domain-c-routers.yaml"));
        emulator = RouterEmulator.start(options.demoPorts() ? inventory : inventory.withAnyPorts());
        running.add(emulator);
        // The L-NSAP reaches edge-c through the router access file, as at a real site.
        RouterDirectory routers = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        barPort = options.demoPorts() ? DEMO_PORTS.get("bar-domain-c") : freePort();
        barTlsPort = options.demoPorts() ? DEMO_PORTS.get("bar-domain-c-tls") : freePort();
        startLnsap(routers);
        startBar();
    }

    /** The L-NSAP: TLS only, answering domain-c's BAR alone, by its certificate. */
    private void startLnsap(RouterDirectory routers) throws Exception {
        String name = "lnsap-" + SITE;
        Federation.Database db = options.databases().apply(name);
        List<DriverActivator> activators = new ArrayList<>();
        URI barPeer = URI.create("https://127.0.0.1:" + barTlsPort + "/services/" + BarServer.PEER_SERVICE_NAME);
        lnsap = NsapServer.start(new ServerConfig(name, db.jdbcUrl(), db.user(), "", "127.0.0.1",
                        options.demoPorts() ? DEMO_PORTS.get(name) : 0, false)
                        .withTls(ServerTls.onListenPort(certificates.settings(name, ClientAuth.REQUIRED))),
                new CampusPlanner(campus), (store, locks) -> {
                    DriverActivator a = new DriverActivator(routers, store, DriverActivator.DEFAULT_THREADS, locks);
                    activators.add(a);
                    return a;
                }, options.clock(), NsapServer.Upkeep.defaults().withOwners(new PeerServiceClient(Map.of(SITE, barPeer),
                        NsapLauncher.BAR_CALL_TIMEOUT, certificates.client(name))),
                Optional.of(new ServedBars(Map.of(certificates.subject("bar-" + SITE), SITE))),
                Optional.of(new NsapServer.Traffic(new SnmpCounterReader(routers), Federation.DEMO_TRAFFIC)));
        running.addAll(activators);
        running.add(lnsap);
    }

    /**
     * The BAR: an NSI provider for domain-c's campus, its L-NSAP its only part (no WAN, no peer),
     * site-a's BAR its one requester. Plain HTTP for people, TLS for its L-NSAP and for site-a's BAR.
     */
    private void startBar() throws Exception {
        String name = "bar-" + SITE;
        Federation.Database db = options.databases().apply(name);
        Site site = new Site(SITE, new SoapSegmentController("lnsap-" + SITE, lnsap.serviceUrl(), NsapContract.NAMESPACE,
                options.callTimeout(), certificates.client(name)), new NoWan(SITE), Map.of());
        X500Principal lnsapSubject = certificates.subject("lnsap-" + SITE);
        NsiPublication nsi = new NsiPublication(SiteStps.of(campus, network()), Optional.empty(),
                new NsiRequesters(Map.of(SITE_A_NSA, SITE_A_ACCOUNT)));
        bar = BarServer.start(new ServerConfig(name, db.jdbcUrl(), db.user(), "", "127.0.0.1", barPort, false)
                        .withTls(ServerTls.besidePlain(certificates.settings(name, ClientAuth.OPTIONAL), barTlsPort)),
                site, options.settings(), options.clock(), BarServer.Options.defaults(name).withOwned(site)
                        .withPolicy(options.policy())
                        .withServices(Map.<X500Principal, Caller>of(lnsapSubject, new Caller.Controller("lnsap-" + SITE, lnsapSubject.getName())))
                        .withNsi(Optional.of(nsi)).withMap(new NetworkMap(List.of(campus), Optional.empty())));
        running.add(bar);
        DemoAccounts.seed(bar.accounts());
        seedSiteA(bar.accounts(), options.certificates().subject("bar-site-a"));
    }

    /**
     * The account site-a's BAR signs in as, by its certificate (of the federation's CA, which
     * domain-c's BAR trusts): made at the first start, found again at the next. Its password is
     * random and never shown: the BAR signs in by certificate only.
     */
    static void seedSiteA(AccountService accounts, X500Principal siteABar) throws Exception {
        if (accounts.list(AccountService.ADMINISTRATION).stream().noneMatch(a -> a.name().equals(SITE_A_ACCOUNT))) {
            byte[] secret = new byte[24];
            new SecureRandom().nextBytes(secret);
            accounts.createAccount(AccountService.ADMINISTRATION, SITE_A_ACCOUNT, "user", "nsa@site-a.example.org",
                    HexFormat.of().formatHex(secret));
        }
        String subject = siteABar.getName(X500Principal.CANONICAL);
        if (accounts.withCertificate(subject) instanceof SignIn.Refused) {
            accounts.mapCertificate(AccountService.ADMINISTRATION, subject, SITE_A_ACCOUNT);
        }
    }

    /** domain-c as an NSI network: its hand-off aliases site-a's. */
    static NsiNetwork network() {
        return new NsiNetwork("domain-c.crs.example", 2026, "CRS domain-c", List.of(new HandOffPeer(HAND_OFF,
                Stp.parse(SITE_A_NETWORK + ":" + SITE_A_HAND_OFF), SITE_A_NSA)));
    }

    /** site-a as an NSI network: its hand-off to-domain-c aliases domain-c's to-site-a. */
    public static NsiNetwork siteANetwork() {
        return new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of(new HandOffPeer(SITE_A_HAND_OFF,
                Stp.parse(NETWORK + ":" + HAND_OFF), NSA)));
    }

    /** What site-a's BAR publishes over NSI beside domain-c: its STPs, its hand-off facing domain-c. */
    public static NsiPublication publicationOfSiteA(CampusTopology siteA) {
        return new NsiPublication(SiteStps.of(siteA, siteANetwork()), Optional.empty());
    }

    /**
     * site-a's BAR as domain-c's requester: it books {@code domain-c:<host>} at domain-c's
     * provider over TLS with its certificate, trusting domain-c's CA alone for that. Its own TLS
     * port does not trust domain-c's CA, so domain-c's callbacks come without a certificate it
     * could check: they are taken on the correlation and connection ids only domain-c knows
     * ({@link FarProvider#certificate} empty).
     *
     * @param siteA site-a's campus, whose hand-off to domain-c gives the far end's VLAN range
     * @param providerUrl where site-a's BAR calls domain-c's provider
     * @param callTimeout how long one message to domain-c and the wait for its result may take
     */
    public NsiRequester requesterOfSiteA(CampusTopology siteA, URI providerUrl, Duration callTimeout) {
        Stp alias = Stp.parse(NETWORK + ":" + HAND_OFF);
        Stp far = new Stp(alias.networkId(), alias.localId(), SiteStps.of(siteA, siteANetwork()).handOffs().stream()
                .filter(h -> h.handOff().name().equals(SITE_A_HAND_OFF)).findFirst().orElseThrow().stp().vlans());
        FarProvider provider = new FarProvider(SITE, NSA, providerUrl, NETWORK, SITE_A_HAND_OFF, far,
                Optional.empty(), callTimeout, RESULT_WAIT, ACTIVATION_TIMEOUT);
        return new NsiRequester(SITE_A_NSA, List.of(provider), Optional.of(options.certificates().client("bar-site-a")),
                Optional.empty(), Map.of(SITE, options.certificates().clientTowards("bar-site-a", certificates)));
    }

    /**
     * Starts the federation beside this domain as the demo does: site-a's BAR publishes its
     * STPs over NSI and books far parts from domain-c ({@link #requesterOfSiteA}).
     */
    public Federation startFederation(Federation.Options federation) throws Exception {
        return startFederation(federation, providerUrl());
    }

    /** As {@link #startFederation(Federation.Options)}, site-a's BAR calling domain-c's provider at {@code providerUrl} (a proxy in front of it). */
    public Federation startFederation(Federation.Options federation, URI providerUrl) throws Exception {
        CampusTopology siteA = CampusTopologyFile.load(federation.repository().resolve(
                "deploy/topology/site-a-campus.yaml"));
        return Federation.start(federation.withNsi("site-a", publicationOfSiteA(siteA))
                .withNsiRequester("site-a", requesterOfSiteA(siteA, providerUrl, federation.callTimeout())));
    }

    /** domain-c's NSI provider port, on its BAR's TLS port. */
    public URI providerUrl() {
        return URI.create("https://127.0.0.1:" + barTlsPort + NsaDiscoveryDocument.PROVIDER_PATH);
    }

    /** domain-c's NSA description. */
    public URI discoveryUrl() {
        return URI.create("https://127.0.0.1:" + barTlsPort + NsaDiscoveryDocument.DISCOVERY_PATH);
    }

    public BarServer bar() {
        return bar;
    }

    public NsapServer lnsap() {
        return lnsap;
    }

    public RouterEmulator emulator() {
        return emulator;
    }

    /** domain-c's certificates (its own CA's). */
    public DemoCertificates certificates() {
        return certificates;
    }

    /** Stops domain-c's BAR, as a crash or an operator would; its database stays. */
    public void stopBar() {
        synchronized (running) {
            running.remove(bar);
        }
        bar.close();
    }

    /** Starts domain-c's BAR again (after {@link #stopBar}), on the same ports and database. */
    public BarServer restartBar() throws Exception {
        startBar();
        return bar;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Stops everything, last started first. */
    @Override
    public void close() {
        StopInReverse.stop(running, "domain-c");
    }
}
