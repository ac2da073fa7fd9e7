package org.crs.bar.server;

import org.crs.nsap.contract.topology.WanTopologyFile;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.domain.topology.CampusTopology;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.adapter.nsi.NsaDescriptionReader;
import org.crs.bar.nsi.topology.NsaDiscoveryDocument;
import org.crs.bar.nsi.topology.SiteStps;
import java.util.Optional;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.net.ssl.SSLContext;

import javax.security.auth.x500.X500Principal;

import org.crs.domain.access.Caller;
import org.crs.nsap.contract.NsapContract;
import org.crs.service.server.ServiceConfig;
import org.crs.service.server.ServiceLauncher;
import org.crs.service.tls.ClientCertificate;
import org.crs.service.tls.TlsContexts;
import org.crs.bar.adapter.nowan.NoWan;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.Site;

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
     * configuration's {@code callTimeout}. With a {@code tls} section, {@code https://} services
     * are called with the BAR's own certificate and its trust store. Nothing is called here.
     */
    public static Site site(BarServerConfig config) {
        SSLContext tls = config.basics().tls().map(t -> TlsContexts.client(t.settings())).orElse(null);
        SegmentController campus = new SoapSegmentController("lnsap-" + config.site(), config.campus(), NsapContract.NAMESPACE,
                config.callTimeout(), tls);
        SegmentController wan = config.wan().<SegmentController>map(url -> new SoapSegmentController("nsap", url,
                NsapContract.NAMESPACE, config.callTimeout(), tls)).orElseGet(() -> new NoWan(config.site()));
        Map<String, SegmentController> peers = new LinkedHashMap<>();
        config.peers().forEach((site, url) -> peers.put(site,
                new SoapSegmentController("bar-" + site, url, BarServer.PEER_NAMESPACE, config.callTimeout(), tls)));
        return new Site(config.site(), campus, wan, peers);
    }

    /**
     * The services a BAR knows by their certificates, as its configuration names them: each peer
     * site's BAR ({@code peers[].subject}), its L-NSAP ({@code campus.subject}) and the NSAP
     * ({@code wan.subject}). Without TLS it names none, and its PeerService answers nobody.
     */
    public static Map<X500Principal, Caller> services(BarServerConfig config) {
        Map<X500Principal, Caller> services = new LinkedHashMap<>();
        config.subjects().peers().forEach((peer, subject) -> services.put(subject, new Caller.PeerBar(peer, subject.getName())));
        config.subjects().campus().ifPresent(subject -> services.put(subject,
                new Caller.Controller("lnsap-" + config.site(), subject.getName())));
        config.subjects().wan().ifPresent(subject -> services.put(subject, new Caller.Controller("nsap", subject.getName())));
        return services;
    }

    /**
     * Starts the BAR of a configuration on the system clock (UTC); stopping it also closes the
     * connections to its controllers.
     */
    public static BarServer start(BarServerConfig config) throws Exception {
        Optional<NsiPublication> nsi = nsiStps(config);
        Optional<NsiRequester> requester = NsiRequesters.of(config, nsi, true, NsaDescriptionReader::fetch);
        Site site = site(config);
        try {
            return BarServer.start(config.serverConfig(), site, config.settings(), Clock.systemUTC(),
                    BarServer.Options.defaults(config.name()).withOwned(site).withPolicy(config.policy())
                            .withNotifications(config.notifications()).withServices(services(config))
                            .withOidc(config.oidc()).withMap(networkMap(config.networkMap()).withFacing(facing(nsi)))
                            .withNsi(nsi).withNsiRequester(requester));
        } catch (Exception | Error e) {
            site.close();
            throw e;
        }
    }

    /** Reads the network map's topology files. */
    static NetworkMap networkMap(NetworkMapFiles files) throws IOException {
        List<CampusTopology> campuses = new ArrayList<>();
        for (Path p : files.campuses()) {
            campuses.add(CampusTopologyFile.load(p));
        }
        return new NetworkMap(campuses, files.wan().isPresent() ? Optional.of(WanTopologyFile.load(files.wan().get()))
                : Optional.empty());
    }

    /** What the map labels each hand-off with: its STP and the network its alias belongs to. */
    static List<NetworkMap.Facing> facing(Optional<NsiPublication> nsi) {
        List<NetworkMap.Facing> facing = new ArrayList<>();
        nsi.ifPresent(n -> n.stps().handOffs().forEach(h -> h.peer().ifPresent(peer -> facing.add(new NetworkMap.Facing(
                h.handOff().resource().id(), h.stp().toString(), peer.alias().networkId())))));
        return facing;
    }

    /**
     * What the BAR publishes over NSI ({@code nsi}): the STPs of its site's campus, read from the
     * campus topology file among {@code networkMap.campuses} whose {@code site} is this BAR's;
     * empty without an {@code nsi} section.
     *
     * @throws IllegalArgumentException naming the file, or every STP the documents would publish
     *     that the site cannot book (a hand-off {@code nsi.handOffs} names that the campus has not)
     */
    static Optional<NsiPublication> nsiStps(BarServerConfig config) throws IOException {
        if (config.nsi().isEmpty()) {
            return Optional.empty();
        }
        NsiConfig nsi = config.nsi().get();
        for (Path file : config.networkMap().campuses()) {
            CampusTopology campus = CampusTopologyFile.load(file);
            if (campus.site().equals(config.site())) {
                try {
                    return Optional.of(new NsiPublication(SiteStps.of(campus, nsi.network()), nsi.url(), nsi.requesters()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("nsi: " + e.getMessage() + "\n  (campus topology " + file + ")", e);
                }
            }
        }
        throw new IllegalArgumentException("nsi: networkMap.campuses names no campus topology of site " + config.site()
                + "; the STPs the NSI topology publishes are read from it");
    }

    /**
     * The whole of {@link #main}: {@code [--check] CONFIG.yaml} ({@link ServiceLauncher}).
     *
     * @return the exit code, when it does not block: 0 after {@code --check},
     *     {@link ServiceLauncher#EXIT_CONFIG} or {@link ServiceLauncher#EXIT_START}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        return ServiceLauncher.run(COMMAND, args, out, err);
    }

    /** The BAR as the shared command line starts it. */
    private static final ServiceLauncher.Service<BarServerConfig, BarServer> COMMAND = new ServiceLauncher.Service<>() {
        @Override
        public String program() {
            return "bar";
        }

        @Override
        public String kind() {
            return "BAR";
        }

        @Override
        public String checks() {
            return "the configuration file";
        }

        @Override
        public ServiceConfig config(BarServerConfig config) {
            return config;
        }

        @Override
        public BarServerConfig load(Path file) throws IOException {
            BarServerConfig config = BarServerConfig.FILE.load(file);
            // The STPs it would publish must be bookable, and its providers' hand-offs known: checked by --check too.
            NsiRequesters.of(config, nsiStps(config), false, NsaDescriptionReader::fetch);
            return config;
        }

        @Override
        public String summary(BarServerConfig config) {
            return config.name() + " for " + config.site() + ", L-NSAP " + config.campus() + ", NSAP " + config.wan().map(URI::toString).orElse("none")
                    + ", peers " + config.peers();
        }

        @Override
        public BarServer start(BarServerConfig config) throws Exception {
            return BarMain.start(config);
        }

        @Override
        public String title(BarServerConfig config) {
            return config.name() + " of " + config.site();
        }

        @Override
        public List<String> details(BarServerConfig config, BarServer server) {
            List<String> lines = new ArrayList<>();
            lines.add("WSDL      " + server.wsdlUrl() + "   (clients)");
            lines.add("peer WSDL " + server.peerWsdlUrl() + "   (other sites' BARs only)");
            lines.add("audit WSDL " + server.auditWsdlUrl() + "   (operators)");
            lines.add("webhooks  " + server.notificationWsdlUrl());
            lines.add("mail      " + config.notifications().smtp().map(m -> m.host() + ":" + m.port() + " (" + m.tls()
                    + ")").orElse("none configured"));
            server.tlsPeerUrl().ifPresent(url -> lines.add("peer TLS  " + url + "   (client certificates "
                    + config.basics().tls().orElseThrow().settings().clientAuth().yamlName() + ")"));
            config.basics().tls().ifPresent(t -> lines.add("calls as  " + ClientCertificate.subject(t.settings()).getName()
                    + "   (the L-NSAP, the NSAP and the peers, over https)"));
            lines.add("L-NSAP    " + config.campus());
            lines.add("NSAP      " + config.wan().map(URI::toString).orElse("none (no WAN: other networks over NSI only)"));
            config.peers().forEach((site, url) -> lines.add("peer      " + site + " " + url));
            config.nsi().ifPresent(nsi -> lines.add("NSI       " + server.serviceUrl().resolve(
                    NsaDiscoveryDocument.DISCOVERY_PATH) + "   (" + nsi.network().nsaId() + ")"));
            return lines;
        }

        @Override
        public Duration startupTime(BarServer server) {
            return server.startupTime();
        }
    };
}
