package org.crs.demo.process;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.crs.demo.DemoCertificates;

import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.tls.ClientAuth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.server.BarServerConfig;
import org.crs.demo.DemoAccounts;

/**
 * The two-site federation of the demo, each service in a JVM of its own ({@link ServiceProcess}):
 * the router emulator on {@code deploy/emulator/demo-routers.yaml} (moved to free ports), the
 * BARs of site-a and site-b, their L-NSAPs and the NSAP, on free ports of 127.0.0.1 with
 * HSQLDB file databases, generated configuration files and one router access file, all under
 * one work folder. Each service but the emulator keeps a warm standby
 * ({@link ServiceProcess#warmStandby()}), so a restart after a kill costs the service's own
 * start-up only. Every call a BAR makes to its L-NSAP, the NSAP or its peer goes through a
 * {@link LinkProxy}, and so does every SSH session a service opens to a router, so a test can
 * delay, drop or refuse any of them; the test itself reaches everything directly.
 *
 * <p>Service names: {@code emulator}, {@code bar-site-a}, {@code bar-site-b},
 * {@code lnsap-site-a}, {@code lnsap-site-b}, {@code nsap}. Link names: {@code <caller>-><callee>}
 * for service calls ({@code bar-site-a->nsap}, {@code bar-site-a->bar-site-b}) and
 * {@code ssh-><router>} for router sessions.
 */
public final class ProcessFederation implements AutoCloseable {

    /** The sites, in start order. */
    public static final List<String> SITES = List.of("site-a", "site-b");
    /** The demo's routers. */
    public static final List<String> ROUTERS = List.of("edge-a", "edge-b", "core-1", "core-2", "core-3");
    public static final String EMULATOR = "emulator";
    public static final String NSAP = "nsap";

    /**
     * How the federation is set up.
     *
     * @param repository the repository's root folder (topologies, the inventory, logging files)
     * @param work where configurations, databases and logs go (under {@code target/})
     * @param callTimeout the BARs' {@code callTimeout}
     * @param barBooking the BARs' {@code booking} section, key by key, written as given
     * @param nsapExtra keys added to every L-NSAP's and the NSAP's configuration, written as given
     *     ({@code bars} is written by the federation when {@code nsapBars} is set)
     * @param nsapBars whether the L-NSAPs and the NSAP get a {@code bars:} list of the BARs' PeerService URLs
     *     (an L-NSAP its own site's BAR, the NSAP both), which they serve and ask about orphans
     * @param databases a database for a service instead of its HSQLDB file database
     */
    public record Options(Path repository, Path work, Duration callTimeout, Map<String, String> barBooking,
                          Map<String, String> nsapExtra, boolean nsapBars, Map<String, Database> databases) {

        public Options {
            barBooking = Map.copyOf(barBooking);
            nsapExtra = Map.copyOf(nsapExtra);
            databases = Map.copyOf(databases);
        }

        public Options withDatabase(String service, Database database) {
            Map<String, Database> more = new LinkedHashMap<>(databases);
            more.put(service, database);
            return new Options(repository, work, callTimeout, barBooking, nsapExtra, nsapBars, more);
        }
    }

    /** A service's database, as its configuration's {@code database} section says it. */
    public record Database(String jdbcUrl, String user, String password) {
    }

    private final Options options;
    private final Path logs;
    private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private final Map<String, LinkProxy> links = new LinkedHashMap<>();
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, Integer> sshPorts = new LinkedHashMap<>();
    /** The services' certificates: they call each other over TLS, as in the demo. */
    private final DemoCertificates certificates = DemoCertificates.temporary();
    private Inventory inventory;

    /** Kills what is still running if the test JVM ends without closing the federation (a run cut short). */
    private final Thread killOnExit = new Thread(() -> services.values().forEach(ServiceProcess::kill),
            "process-federation-kill-on-exit");

    private ProcessFederation(Options options) {
        this.options = options;
        this.logs = options.work().resolve("logs");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /** Writes every file and starts every service; returns once each is ready. */
    public static ProcessFederation start(Options options) throws Exception {
        ProcessFederation f = new ProcessFederation(options);
        try {
            f.startAll();
            return f;
        } catch (Exception | Error e) {
            f.close();
            throw e;
        }
    }

    private void startAll() throws Exception {
        Files.createDirectories(logs);
        Path routerAccess = startEmulator();
        for (String site : SITES) {
            ports.put("lnsap-" + site, freePort());
            ports.put("bar-" + site, freePort());
            ports.put(tlsPortOf("bar-" + site), freePort());
        }
        ports.put(NSAP, freePort());
        for (String site : SITES) {
            String bar = "bar-" + site;
            link(bar, "lnsap-" + site);
            link(bar, NSAP);
            for (String other : SITES) {
                if (!other.equals(site)) {
                    link(bar, "bar-" + other);
                }
            }
        }
        if (options.nsapBars()) {
            for (String holder : List.of("lnsap-site-a", "lnsap-site-b", NSAP)) {
                for (String site : barSitesOf(holder)) {
                    link(holder, "bar-" + site);
                }
            }
        }
        for (String site : SITES) {
            service("lnsap-" + site, "org.crs.nsap.campus.LnsapMain",
                    nsapConfig("lnsap-" + site, site + "-campus.yaml", routerAccess));
        }
        service(NSAP, "org.crs.nsap.wan.NsapMain", nsapConfig(NSAP, "wan.yaml", routerAccess));
        for (String site : SITES) {
            service("bar-" + site, "org.crs.bar.server.BarMain", barConfig(site));
        }
        // Two at a time: the machine's cores are shared.
        startInParallel(List.of("lnsap-site-a", "lnsap-site-b", NSAP));
        startInParallel(List.of("bar-site-a", "bar-site-b"));
    }

    private void startInParallel(List<String> names) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<ServiceProcess>> started = new ArrayList<>();
            for (String n : names) {
                started.add(pool.submit(() -> services.get(n).start()));
            }
            for (Future<ServiceProcess> s : started) {
                s.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The emulator on a copy of the demo inventory with free ports; returns the router access
     * file, written by {@link RouterAccessFile} and then pointed at the SSH links.
     */
    private Path startEmulator() throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        JsonNode tree = yaml.readTree(options.repository().resolve("deploy/emulator/demo-routers.yaml").toFile());
        for (JsonNode r : tree.get("routers")) {
            int ssh = freePort();
            ((ObjectNode) r).put("sshPort", ssh);
            ((ObjectNode) r).put("snmpPort", freeUdpPort());
            sshPorts.put(r.get("hostname").asText(), ssh);
        }
        Path inventoryFile = options.work().resolve("emulator-routers.yaml");
        yaml.writeValue(inventoryFile.toFile(), tree);
        inventory = Inventory.load(inventoryFile);

        // RouterAccessFile writes from a running emulator: run one here for a moment, on the same ports.
        Path access = options.work().resolve("router-access.yaml");
        try (RouterEmulator here = RouterEmulator.start(inventory)) {
            RouterAccessFile.write(here, access, Set.of());
        }
        JsonNode accessTree = yaml.readTree(access.toFile());
        for (JsonNode r : accessTree.get("routers")) {
            String name = r.get("name").asText();
            LinkProxy ssh = LinkProxy.to("ssh->" + name, sshPorts.get(name));
            links.put(ssh.name(), ssh);
            ((ObjectNode) r).put("sshPort", ssh.port());
        }
        Files.writeString(access, "# The emulator's routers, each SSH port through a link of the test.\n"
                + yaml.writeValueAsString(accessTree));

        ServiceProcess emulator = ServiceProcess.of(EMULATOR, "org.crs.routers.emulator.EmulatorMain", inventoryFile, logs)
                .readyLine(ServiceProcess.EMULATOR_READY).port(sshPorts.get(ROUTERS.get(ROUTERS.size() - 1)));
        jvmOptions(emulator);
        services.put(EMULATOR, emulator);
        emulator.start();
        return access;
    }

    /** The key of a BAR's TLS port in {@link #ports}. */
    private static String tlsPortOf(String bar) {
        return bar + "-tls";
    }

    /** A link to a service; to a BAR, to its TLS port, where the other services call it. */
    private void link(String from, String to) {
        LinkProxy l = LinkProxy.to(from + "->" + to, ports.get(to.startsWith("bar-") ? tlsPortOf(to) : to));
        links.put(l.name(), l);
    }

    private void service(String name, String mainClass, Path config) {
        // A warm standby each: a killed service comes back in its own start-up time, not a JVM's
        // (docs/fault-injection.md, "Down for how long").
        ServiceProcess p = ServiceProcess.of(name, mainClass, config, logs).port(ports.get(name))
                .readyLine(ServiceProcess.SERVICE_READY).warmStandby();
        jvmOptions(p);
        services.put(name, p);
    }

    private void jvmOptions(ServiceProcess p) {
        Path config = options.repository().resolve("deploy/config");
        // C1 only: many JVMs on two cores, where C2's compile threads slow every start-up (as BarReplicaProcess).
        p.jvmOption("-Xmx384m").jvmOption("-XX:+UseSerialGC").jvmOption("-XX:TieredStopAtLevel=1")
                .jvmOption("-Dlogback.configurationFile=" + config.resolve("logback.xml"))
                .jvmOption("-Djava.util.logging.config.file=" + config.resolve("logging.properties"));
    }

    private Database database(String service) {
        Database d = options.databases().get(service);
        if (d != null) {
            return d;
        }
        Path folder = options.work().resolve("db").resolve(service).toAbsolutePath();
        return new Database("jdbc:hsqldb:file:" + folder.resolve("db") + ";shutdown=true", "SA", "");
    }

    private String common(String name) {
        Database db = database(name);
        return "name: " + name + "\n"
                + "listen: {host: 127.0.0.1, port: " + ports.get(name) + "}\n"
                + "database:\n"
                + "  jdbcUrl: " + quoted(db.jdbcUrl()) + "\n"
                + "  user: " + quoted(db.user()) + "\n"
                + "  password: " + quoted(db.password() == null ? "" : db.password()) + "\n"
                // The BARs: plain HTTP for the tests' clients, TLS beside it for the services.
                + (name.startsWith("bar-") ? certificates.yaml(name, ports.get(tlsPortOf(name)), ClientAuth.OPTIONAL)
                        : certificates.yaml(name, null, ClientAuth.REQUIRED));
    }

    /**
     * The sites whose BARs an L-NSAP or the NSAP serves and asks about orphans, as in the demo
     * and deploy/config: an L-NSAP its own site's BAR only (the other site's BAR books there
     * through it, and knows no other site's L-NSAP by its certificate), the NSAP every site's.
     */
    public static List<String> barSitesOf(String holder) {
        return holder.startsWith("lnsap-") ? List.of(holder.substring("lnsap-".length())) : SITES;
    }

    /** The subject of a service's certificate, quoted for YAML. */
    private String subject(String service) {
        return quoted(certificates.subject(service).getName());
    }

    private Path nsapConfig(String name, String topology, Path routerAccess) throws IOException {
        StringBuilder yaml = new StringBuilder(common(name))
                .append("topology: ").append(quoted(options.repository().resolve("deploy/topology").resolve(topology).toString()))
                .append("\nrouterAccess: ").append(quoted(routerAccess.toAbsolutePath().toString())).append('\n');
        if (options.nsapBars()) {
            yaml.append("bars:\n");
            for (String site : barSitesOf(name)) {
                yaml.append("  - {site: ").append(site).append(", url: ")
                        .append(links.get(name + "->bar-" + site).in(peerUrlDirect(site)))
                        .append(", subject: ").append(subject("bar-" + site)).append("}\n");
            }
        }
        options.nsapExtra().forEach((k, v) -> yaml.append(k).append(": ").append(v).append('\n'));
        return write(name, yaml.toString());
    }

    private Path barConfig(String site) throws IOException {
        String name = "bar-" + site;
        StringBuilder yaml = new StringBuilder(common(name))
                .append("site: ").append(site).append('\n')
                .append("campus: {url: ").append(links.get(name + "->lnsap-" + site).in(nsapUrl("lnsap-" + site)))
                .append(", subject: ").append(subject("lnsap-" + site)).append("}\n")
                .append("wan: {url: ").append(links.get(name + "->" + NSAP).in(nsapUrl(NSAP)))
                .append(", subject: ").append(subject(NSAP)).append("}\n")
                .append("peers:\n");
        for (String other : SITES) {
            if (!other.equals(site)) {
                yaml.append("  - {site: ").append(other).append(", url: ")
                        .append(links.get(name + "->bar-" + other).in(peerUrlDirect(other)))
                        .append(", subject: ").append(subject("bar-" + other)).append("}\n");
            }
        }
        yaml.append("callTimeout: ").append(options.callTimeout().toMillis()).append("ms\n");
        if (!options.barBooking().isEmpty()) {
            yaml.append("booking:\n");
            options.barBooking().forEach((k, v) -> yaml.append("  ").append(k).append(": ").append(v).append('\n'));
        }
        Path file = write(name, yaml.toString());
        try {
            DemoAccounts.seed(BarServerConfig.FILE.load(file).serverConfig());
        } catch (BadRequest e) {
            throw new IllegalStateException("the demo's accounts were refused at " + name, e);
        }
        return file;
    }

    private Path write(String name, String yaml) throws IOException {
        Path file = options.work().resolve("config").resolve(name + ".yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# Generated by ProcessFederation for " + name + ".\n" + yaml);
        return file;
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    // ---- what a test reaches ----

    /** A service by name ({@code bar-site-a}, {@code nsap}, {@code emulator}). */
    public ServiceProcess service(String name) {
        ServiceProcess p = services.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no service " + name + "; have " + services.keySet());
        }
        return p;
    }

    /** Every service, in start order. */
    public List<ServiceProcess> services() {
        return List.copyOf(services.values());
    }

    /** A link by name ({@code bar-site-a->nsap}, {@code ssh->edge-a}). */
    public LinkProxy link(String name) {
        LinkProxy l = links.get(name);
        if (l == null) {
            throw new IllegalArgumentException("no link " + name + "; have " + links.keySet());
        }
        return l;
    }

    /** Every link. */
    public List<LinkProxy> links() {
        return List.copyOf(links.values());
    }

    /** The client service of a site's BAR, reached directly. */
    public URI reservationUrl(String site) {
        return URI.create("http://127.0.0.1:" + ports.get("bar-" + site) + "/services/ReservationService");
    }

    /** The PeerService of a site's BAR on its TLS port, reached directly. */
    public URI peerUrlDirect(String site) {
        return URI.create("https://127.0.0.1:" + ports.get(tlsPortOf("bar-" + site)) + "/services/PeerService");
    }

    /** The NsapService of an L-NSAP or the NSAP (TLS only, a client certificate required), reached directly. */
    public URI nsapUrl(String name) {
        return URI.create("https://127.0.0.1:" + ports.get(name) + "/services/NsapService");
    }

    /** The services' certificates, for a test that calls a service as another one would. */
    public DemoCertificates certificates() {
        return certificates;
    }

    /** A router's own SSH port on the emulator, not through its link. */
    public int sshPort(String router) {
        return sshPorts.get(router);
    }

    /** The inventory the emulator runs: routers' credentials. */
    public Inventory inventory() {
        return inventory;
    }

    /** Where the services' logs are. */
    public Path logs() {
        return logs;
    }

    public Options options() {
        return options;
    }

    /** Stops every service (BARs first), kills their standbys and closes every link. */
    @Override
    public void close() {
        List<String> names = new ArrayList<>(services.keySet());
        for (int i = names.size() - 1; i >= 0; i--) {
            try {
                services.get(names.get(i)).stop();
            } catch (RuntimeException e) {
                System.err.println("stopping " + names.get(i) + ": " + e);
                services.get(names.get(i)).kill();
            }
            services.get(names.get(i)).close(); // the standby
        }
        links.values().forEach(LinkProxy::close);
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // the JVM is already exiting: the hook runs and finds nothing alive
            System.err.println("federation closed while the JVM exits: " + e.getMessage());
        }
    }

    /**
     * The ports services and routers listen on are picked below the kernel's ephemeral range
     * (32768 and up), where nothing binding port 0 lands: a port found free here cannot be
     * taken meanwhile by a link of this federation or by another test on the machine asking for
     * any free port, between being picked and the service binding it.
     */
    private static final int FIRST_PORT = 20000;
    private static final int LAST_PORT = 32000;
    private static final java.util.concurrent.atomic.AtomicInteger NEXT_PORT = new java.util.concurrent.atomic.AtomicInteger(
            FIRST_PORT + new java.util.Random().nextInt(LAST_PORT - FIRST_PORT));

    /** A TCP port free now on 127.0.0.1, below the ephemeral range. */
    static int freePort() {
        for (int tries = 0; tries < LAST_PORT - FIRST_PORT; tries++) {
            int port = nextPort();
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException e) {
                // taken: try the next one
                continue;
            }
        }
        throw new IllegalStateException("no free TCP port in " + FIRST_PORT + "-" + LAST_PORT);
    }

    /** A UDP port free now on 127.0.0.1, below the ephemeral range. */
    static int freeUdpPort() {
        for (int tries = 0; tries < LAST_PORT - FIRST_PORT; tries++) {
            int port = nextPort();
            try (DatagramSocket s = new DatagramSocket(port, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException e) {
                // taken: try the next one
                continue;
            }
        }
        throw new IllegalStateException("no free UDP port in " + FIRST_PORT + "-" + LAST_PORT);
    }

    private static int nextPort() {
        return NEXT_PORT.getAndUpdate(p -> p + 1 >= LAST_PORT ? FIRST_PORT : p + 1);
    }
}
