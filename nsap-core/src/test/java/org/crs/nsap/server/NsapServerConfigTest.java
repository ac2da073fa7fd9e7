package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javax.security.auth.x500.X500Principal;

import org.crs.service.config.ConfigValues;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.emulator.Inventory;
import org.crs.service.db.Vendor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceLauncher;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;

/**
 * The service configuration file of a standalone L-NSAP or NSAP ({@link NsapServerConfig}),
 * the launcher's checks ({@link NsapLauncher}), and the example files under deploy/config.
 */
class NsapServerConfigTest {

    static final String GOOD = """
            # an L-NSAP on PostgreSQL, secrets from the environment
            name: lnsap-site-a
            listen:
              host: 0.0.0.0
              port: 8081
            database:
              jdbcUrl: jdbc:postgresql://${CRS_DB_HOST}:5432/crs_lnsap
              user: crs_lnsap
              password: ${CRS_DB_PASSWORD}
              clustered: true
            topology: topology/site-a-campus.yaml
            routerAccess: routers.yaml
            """;

    static final Map<String, String> ENV = Map.of("CRS_DB_HOST", "db.example.org", "CRS_DB_PASSWORD", "pg-secret-4711");

    @TempDir
    Path dir;

    @BeforeEach
    void files() throws Exception {
        Files.createDirectories(dir.resolve("topology"));
        Files.writeString(dir.resolve("topology/site-a-campus.yaml"), "site: site-a\n");
        Files.writeString(dir.resolve("routers.yaml"), """
                routers:
                  - {name: edge-x, host: 127.0.0.1, profile: 7600, username: crs, password: pw}
                """);
    }

    Path write(String yaml) throws Exception {
        Path file = dir.resolve("service.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    static Function<String, String> env(Map<String, String> values) {
        return values::get;
    }

    // --- a good file ---------------------------------------------------------------------------

    @Test
    void goodFileIsReadWithSecretsFromTheEnvironmentAndPathsBesideIt() throws Exception {
        NsapServerConfig c = NsapServerConfig.FILE.load(write(GOOD), env(ENV));
        assertEquals("lnsap-site-a", c.name());
        assertEquals("0.0.0.0", c.basics().host());
        assertEquals(8081, c.basics().port());
        assertEquals("jdbc:postgresql://db.example.org:5432/crs_lnsap", c.basics().jdbcUrl());
        assertEquals(Vendor.POSTGRESQL, c.vendor());
        assertEquals("crs_lnsap", c.basics().dbUser());
        assertEquals("pg-secret-4711", c.basics().dbPassword());
        assertTrue(c.basics().clustered());
        assertEquals(dir.resolve("topology/site-a-campus.yaml").toAbsolutePath().normalize(), c.topology());
        assertEquals(dir.resolve("routers.yaml").toAbsolutePath().normalize(), c.routerAccess());

        ServerConfig server = c.serverConfig();
        assertEquals(new ServerConfig("lnsap-site-a", "jdbc:postgresql://db.example.org:5432/crs_lnsap", "crs_lnsap",
                "pg-secret-4711", "0.0.0.0", 8081, true), server);
        assertFalse(c.toString().contains("pg-secret-4711"), c.toString());
    }

    @Test
    void defaultsAndARelativeHsqldbFileBesideTheConfiguration() throws Exception {
        NsapServerConfig c = NsapServerConfig.FILE.load(write("""
                name: nsap
                listen: {port: 8090}
                database: {jdbcUrl: "jdbc:hsqldb:file:data/nsap/db;shutdown=true"}
                topology: topology/site-a-campus.yaml
                routerAccess: routers.yaml
                """), env(Map.of()));
        assertEquals(NsapServerConfig.DEFAULT_HOST, c.basics().host());
        assertEquals("jdbc:hsqldb:file:" + dir.resolve("data/nsap/db").toAbsolutePath().normalize() + ";shutdown=true",
                c.basics().jdbcUrl());
        assertNull(c.basics().dbUser(), "HSQLDB's default user (SA) is the database's choice");
        assertEquals("", c.basics().dbPassword());
        assertFalse(c.basics().clustered());
        assertEquals(NsapServerConfig.DEFAULT_STUCK_AFTER, c.stuckAfter());
        assertEquals(List.of(), c.bars(), "no BARs: no orphan sweep");
        assertEquals(NsapServerConfig.DEFAULT_ORPHAN_CHECK, c.orphanCheck());
        assertEquals(NsapServerConfig.DEFAULT_ORPHAN_AGE, c.orphanAge());
        assertEquals(java.util.Optional.empty(), NsapLauncher.upkeep(c).owners());
        // absolute paths, mem: databases and literal '$${' stay as written
        assertEquals("jdbc:hsqldb:file:/var/lib/crs/db", ConfigValues.withAbsoluteHsqldbFile("jdbc:hsqldb:file:/var/lib/crs/db", dir));
        assertEquals("jdbc:hsqldb:mem:x", ConfigValues.withAbsoluteHsqldbFile("jdbc:hsqldb:mem:x", dir));
        NsapServerConfig literal = NsapServerConfig.FILE.parse(GOOD.replace("${CRS_DB_PASSWORD}", "a$${b}"), dir, env(ENV));
        assertEquals("a${b}", literal.basics().dbPassword());
    }

    static final String UPKEEP = """
            stuckAfter: 5m
            bars:
              - {site: site-a, url: "https://bar-a.example.org:8443/services/PeerService", subject: "CN=bar-site-a,O=Demo"}
              - {site: site-b, url: "${BAR_B}", subject: "CN=bar-site-b,O=Demo"}
            orphanCheck: 10s
            orphanAge: 2m
            """;

    /** The tls section of an L-NSAP with this test's certificates: a file that lists bars must have one. */
    static String tls() throws Exception {
        example("nsap"); // makes the certificates
        return "tls:\n  keyStore: \"" + certificates.resolve("lnsap-site-a.p12") + "\"\n  keyStorePassword: crs-demo-tls\n"
                + "  trustStore: \"" + certificates.resolve("trust.p12") + "\"\n  trustStorePassword: crs-demo-tls\n";
    }

    @Test
    void upkeepKeysNameTheBarsAndHowOftenAndAfterHowLong() throws Exception {
        Map<String, String> environment = new HashMap<>(ENV);
        environment.put("BAR_B", "https://bar-b.example.org/services/PeerService");
        NsapServerConfig c = NsapServerConfig.FILE.parse(GOOD + tls() + UPKEEP, dir, env(environment));
        assertEquals(java.time.Duration.ofMinutes(5), c.stuckAfter());
        assertEquals(List.of(new NsapServerConfig.Bar("site-a", URI.create("https://bar-a.example.org:8443/services/PeerService"),
                        java.util.Optional.of(new X500Principal("CN=bar-site-a,O=Demo"))),
                new NsapServerConfig.Bar("site-b", URI.create("https://bar-b.example.org/services/PeerService"),
                        java.util.Optional.of(new X500Principal("CN=bar-site-b,O=Demo")))), c.bars());
        assertEquals(java.time.Duration.ofSeconds(10), c.orphanCheck());
        assertEquals(java.time.Duration.ofMinutes(2), c.orphanAge());
        NsapServer.Upkeep upkeep = NsapLauncher.upkeep(c);
        assertTrue(upkeep.owners().isPresent());
        assertEquals(c.orphanCheck(), upkeep.orphanCheck());
    }

    @Test
    void badUpkeepKeysAreRefusedNamingTheKey() throws Exception {
        Map<String, String> environment = new HashMap<>(ENV);
        environment.put("BAR_B", "https://bar-b.example.org/services/PeerService");
        String tls = tls();
        Map<String, String> refusals = Map.of(
                tls + UPKEEP.replace("stuckAfter: 5m", "stuckAfter: 0s"), "stuckAfter must be positive, was 0s",
                tls + "orphanCheck: often\n", "orphanCheck: 'often' is not a duration (500ms, 5s, 2m, 1h, 1d, PT5S)",
                tls + UPKEEP.replace("site: site-b", "site: site-a"), "bars[1].site: site-a is listed twice",
                tls + UPKEEP.replace("\"${BAR_B}\"", "ftp://bar-b.example.org/"),
                "bars[1].url: must be an http:// or https:// URL with a host (http://host:port/services/...)",
                tls + UPKEEP.replace("\"${BAR_B}\"", "\"https://user:pw@bar-b/services/PeerService\""),
                "bars[1].url: must not carry a user or password",
                tls + UPKEEP.replace("{site: site-b, url: \"${BAR_B}\"", "{url: \"${BAR_B}\""), "bars[1].site is missing");
        refusals.forEach((upkeep, message) -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> NsapServerConfig.FILE.parse(GOOD + upkeep, dir, env(environment)), message);
            // The key's line is not checked: in flow mappings ({site: ..., url: ...}) the YAML parser places it a line off.
            assertEquals(message, e.getMessage().replaceAll(" \\(line \\d+\\)$", ""));
            assertFalse(e.getMessage().contains("pw@"), e.getMessage());
        });
    }

    @Test
    void barsCalledOverPlainHttpAreRefusedAsTheirBarsAnswerOnlyACertificate() throws Exception {
        Map<String, String> environment = new HashMap<>(ENV);
        environment.put("BAR_B", "http://bar-b.example.org:8083/services/PeerService");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(GOOD + tls() + UPKEEP, dir, env(environment)));

        assertTrue(refused.getMessage().startsWith("bars[1].url: must be https://"), refused.getMessage());
        assertFalse(refused.getMessage().contains("8083"), "the URL is not quoted: " + refused.getMessage());
    }

    @Test
    void barsInAFileWithoutTlsAreRefusedAsTheOrphanSweepCouldNeverBeAnswered() {
        Map<String, String> environment = new HashMap<>(ENV);
        environment.put("BAR_B", "https://bar-b.example.org/services/PeerService");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(GOOD + UPKEEP, dir, env(environment)));

        assertTrue(refused.getMessage().startsWith("bars: the services listed are called with this service's client"
                + " certificate"), refused.getMessage());
    }

    // --- refusals --------------------------------------------------------------------------------

    @Test
    void trafficKeysSayHowOftenWhichPortsAndHowLongEachResolutionIsKept() {
        NsapServerConfig defaults = NsapServerConfig.FILE.parse(GOOD, dir, env(ENV));
        assertEquals(NsapServerConfig.Traffic.DEFAULT, defaults.traffic());
        assertEquals(java.time.Duration.ofSeconds(30), defaults.traffic().interval());
        NsapServerConfig c = NsapServerConfig.FILE.parse(GOOD + """
                traffic:
                  interval: 1m
                  campusPort: trunk
                  wanPort: tunnel
                  keepPolled: 2d
                  keepFiveMinute: 60d
                  keepHourly: 730d
                  routersAtOnce: 3
                """, dir, env(ENV));
        assertTrue(c.traffic().poll());
        assertEquals(java.time.Duration.ofMinutes(1), c.traffic().interval());
        assertEquals(new org.crs.nsap.service.TrafficPorts(org.crs.nsap.service.TrafficPorts.Campus.TRUNK,
                org.crs.nsap.service.TrafficPorts.Wan.TUNNEL), c.traffic().ports());
        assertEquals(java.time.Duration.ofDays(730), c.traffic().retention().coarseFor());
        assertEquals(3, c.traffic().routersAtOnce());
        assertTrue(!NsapServerConfig.FILE.parse(GOOD + "traffic: {poll: false}\n", dir, env(ENV)).traffic().poll());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(GOOD + "traffic: {wanPort: pseudowire}\n", dir, env(ENV)));
        assertTrue(e.getMessage().contains("traffic.wanPort"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(GOOD + "traffic: {keepPolled: 40d}\n", dir, env(ENV)));
        assertTrue(e.getMessage().contains("traffic"), e.getMessage());
    }

    @Test
    void unknownKeyIsRefusedNamingItsPlaceLineAndTheKnownKeys() throws Exception {
        Path file = write(GOOD.replace("  user: crs_lnsap", "  username: crs_lnsap"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NsapServerConfig.FILE.load(file, env(ENV)));
        assertEquals(file + ": unknown key \"username\" in database (line 8); known keys there: clustered, jdbcUrl, password, user",
                e.getMessage());

        IllegalArgumentException top = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(GOOD + "activationThreads: 4\n", dir, env(ENV)));
        assertTrue(top.getMessage().startsWith("unknown key \"activationThreads\" (line 13); known keys there: bars, database,"),
                top.getMessage());
    }

    @Test
    void missingEnvironmentVariableIsRefusedNamingItAndTheKeyWithoutAnyValue() throws Exception {
        Path file = write(GOOD);
        Map<String, String> partial = new HashMap<>(ENV);
        partial.remove("CRS_DB_PASSWORD");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NsapServerConfig.FILE.load(file, env(partial)));
        assertEquals(file + ": database.password: environment variable CRS_DB_PASSWORD is not set", e.getMessage());
        assertFalse(e.getMessage().contains("db.example.org"), "no value, not even another key's");
    }

    @Test
    void otherMistakesAreRefusedNamingTheKey() {
        Map<String, String> refusals = Map.of(
                GOOD.replace("jdbc:postgresql", "jdbc:mysql"), "database.jdbcUrl: must start with jdbc:hsqldb: or jdbc:postgresql: (line 7)",
                GOOD.replace("jdbc:postgresql://${CRS_DB_HOST}:5432/crs_lnsap", "jdbc:hsqldb:file:db"),
                "database.clustered: only a PostgreSQL database can be shared by several instances; an HSQLDB database lives"
                        + " inside one process (line 10)",
                GOOD.replace("  user: crs_lnsap\n", ""), "database.user is missing (PostgreSQL needs a user)",
                GOOD.replace("port: 8081", "port: 70000"), "listen.port: must be in 0..65535 (0 = any free port), was 70000 (line 5)",
                GOOD.replace("port: 8081", "port: 80.5"), "listen.port: expected a whole number (line 5)",
                GOOD.replace("name: lnsap-site-a", "name: lnsap site a"),
                "name: must be 1 to 120 letters, digits, '_', '.' or '-', was 'lnsap site a' (line 2)",
                GOOD.replace("routerAccess: routers.yaml", "routerAccess: nowhere.yaml"),
                "routerAccess: no file " + dir.resolve("nowhere.yaml").toAbsolutePath(),
                GOOD.replace("routerAccess: routers.yaml\n", ""), "routerAccess is missing",
                GOOD.replace("  port: 8081", "  port: 8081\n  port: 8082"), "key \"port\" appears twice in one mapping (line 6)");
        refusals.forEach((yaml, message) -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NsapServerConfig.FILE.parse(yaml, dir, env(ENV)),
                    message);
            assertEquals(message, e.getMessage());
            assertFalse(e.getMessage().contains("pg-secret-4711"));
        });
    }

    @Test
    void yamlSyntaxErrorsDoNotQuoteTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NsapServerConfig.FILE.parse(
                GOOD.replace("${CRS_DB_PASSWORD}", "\"literal-secret-99"), dir, env(ENV)));
        System.out.println("a YAML syntax error reads: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("not valid YAML (line "), e.getMessage());
        assertFalse(e.getMessage().contains("literal-secret-99"), e.getMessage());
    }

    // --- the launcher's checks ---------------------------------------------------------------------

    @Test
    void routersOfTheTopologyMustBeInTheAccessFileWithTheirProfile() throws Exception {
        RouterDirectory routers = RouterDirectory.load(dir.resolve("routers.yaml"));
        assertEquals(List.of(), NsapLauncher.routerProblems(Map.of("edge-x", CampusSegment.class), routers));
        assertEquals(List.of("router core-9 of the topology is not in the router access file (it has [edge-x])",
                        "router edge-x is driven by cisco-7600-cli in the router access file, which carries no"
                                + " PseudowireSegments; the topology needs them"),
                NsapLauncher.routerProblems(Map.of("edge-x", PseudowireSegment.class, "core-9", PseudowireSegment.class),
                        routers));
    }

    @Test
    void checkOnlyReadsEverythingAndAMismatchStopsTheStart() throws Exception {
        Path file = write(GOOD.replace("${CRS_DB_HOST}", "localhost").replace("${CRS_DB_PASSWORD}", "x"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int ok = NsapLauncher.run("lnsap", "L-NSAP", new String[] {"--check", file.toString()},
                f -> new NsapLauncher.Topology(new OneLinkPlanner(), Map.of("edge-x", CampusSegment.class), "one link"),
                print(out), print(err));
        assertEquals(0, ok, err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("is fine: lnsap-site-a, one link, routers edge-x@127.0.0.1"),
                out.toString(StandardCharsets.UTF_8));

        int wrong = NsapLauncher.run("lnsap", "L-NSAP", new String[] {file.toString()},
                f -> new NsapLauncher.Topology(new OneLinkPlanner(), Map.of("edge-x", PseudowireSegment.class), "one link"),
                print(out), print(err));
        assertEquals(ServiceLauncher.EXIT_CONFIG, wrong);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("carries no PseudowireSegments"), err.toString(StandardCharsets.UTF_8));

        assertEquals(ServiceLauncher.EXIT_CONFIG, NsapLauncher.run("lnsap", "L-NSAP", new String[0], f -> null, print(out), print(err)));
    }

    @Test
    void anOrphanSweepThatCouldPresentNoCertificateStopsTheStartWithTheConfigurationsExitCode() throws Exception {
        Path file = write(GOOD.replace("${CRS_DB_HOST}", "localhost").replace("${CRS_DB_PASSWORD}", "x")
                + UPKEEP.replace("\"${BAR_B}\"", "https://bar-b.example.org/services/PeerService"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = NsapLauncher.run("lnsap", "L-NSAP", new String[] {"--check", file.toString()},
                f -> new NsapLauncher.Topology(new OneLinkPlanner(), Map.of("edge-x", CampusSegment.class), "one link"),
                print(out), print(err));

        assertEquals(ServiceLauncher.EXIT_CONFIG, exit);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("bars: the services listed are called with this service's"
                + " client certificate"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void launcherStartsFromAConfigurationAndClosesOnce() throws Exception {
        Path file = write("""
                name: nsap-launcher-test
                listen: {host: 127.0.0.1, port: 0}
                database: {jdbcUrl: "jdbc:hsqldb:file:db/nsap;shutdown=true"}
                topology: topology/site-a-campus.yaml
                routerAccess: routers.yaml
                """);
        NsapServerConfig config = NsapServerConfig.FILE.load(file, env(Map.of()));
        NsapLauncher launcher = NsapLauncher.start(config, new OneLinkPlanner(),
                RouterDirectory.load(config.routerAccess()));
        try {
            URI wsdl = launcher.server().wsdlUrl();
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(wsdl).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("NsapService"));
            assertTrue(Files.exists(dir.resolve("db")), "the HSQLDB files are beside the configuration");
        } finally {
            launcher.close();
        }
        launcher.close(); // a second close (the shutdown hook after a failed start, say) does nothing
    }

    // --- the example files under deploy/config ----------------------------------------------------

    static final Path CONFIG = Path.of("../deploy/config");

    private static Path certificates;

    /** An example file of deploy/config, with its stores made in a folder of the test's rather than the demo's. */
    static NsapServerConfig example(String name) throws Exception {
        synchronized (NsapServerConfigTest.class) {
            if (certificates == null) {
                certificates = Files.createTempDirectory("nsap-config-certificates");
                CertificateAuthority ca = CertificateAuthority.create("CN=CRS Demo CA,OU=CRS,O=Demo");
                ca.writeTrustStore(certificates.resolve("trust.p12"), "crs-demo-tls");
                for (String service : List.of("lnsap-site-a", "lnsap-site-b", "nsap")) {
                    ca.issue("CN=" + service + ",OU=CRS,O=Demo", certificates.resolve(service + ".p12"), "crs-demo-tls");
                }
            }
        }
        String yaml = Files.readString(CONFIG.resolve(name + ".yaml"))
                .replace("../../target/crs-demo/certificates/", certificates.toAbsolutePath() + "/");
        return NsapServerConfig.FILE.parse(yaml, CONFIG.toAbsolutePath().normalize(), env(Map.of()));
    }

    @Test
    void exampleConfigurationsLoad() throws Exception {
        for (String name : List.of("lnsap-site-a", "lnsap-site-b", "nsap")) {
            NsapServerConfig c = example(name);
            assertEquals(name, c.name());
            assertEquals(Vendor.HSQLDB, c.vendor());
            assertEquals(CONFIG.resolve("routers-demo.yaml").toAbsolutePath().normalize(), c.routerAccess());
        }
        assertEquals(List.of("site-a"), barSites("lnsap-site-a"));
        assertEquals(List.of("site-b"), barSites("lnsap-site-b"));
        assertEquals(List.of("site-a", "site-b"), barSites("nsap"));
        assertEquals(URI.create("https://127.0.0.1:8446/services/PeerService"), example("lnsap-site-b").bars().get(0).url());
    }

    @Test
    void exampleConfigurationsSpeakOnlyTlsAndNameTheSubjectOfEachBarTheyServe() throws Exception {
        NsapServerConfig nsap = example("nsap");

        assertEquals(ClientAuth.REQUIRED, nsap.basics().tls().orElseThrow().settings().clientAuth());
        assertTrue(nsap.basics().tls().orElseThrow().port().isEmpty());
        assertEquals(List.of(new X500Principal("CN=bar-site-a,OU=CRS,O=Demo"), new X500Principal("CN=bar-site-b,OU=CRS,O=Demo")),
                nsap.bars().stream().map(b -> b.subject().orElseThrow()).toList());
    }

    @Test
    void withTlsTheSubjectOfEveryBarIsRequired() throws Exception {
        example("nsap"); // makes the certificates
        String yaml = Files.readString(CONFIG.resolve("nsap.yaml"))
                .replace("../../target/crs-demo/certificates/", certificates.toAbsolutePath() + "/")
                .replace(", subject: \"CN=bar-site-b,OU=CRS,O=Demo\"", "");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> NsapServerConfig.FILE.parse(yaml, CONFIG.toAbsolutePath().normalize(), env(Map.of())));

        assertTrue(refused.getMessage().startsWith("bars[1].subject is missing"), refused.getMessage());
    }

    @Test
    void productionSamplesSpeakOnlyTlsWithTheirPasswordsFromTheEnvironment() throws Exception {
        example("nsap"); // makes the certificates
        Map<String, String> environment = Map.of("CRS_LNSAP_DB_PASSWORD", "db-secret", "CRS_NSAP_DB_PASSWORD", "db-secret",
                "CRS_TLS_KEYSTORE_PASSWORD", "crs-demo-tls", "CRS_TLS_TRUSTSTORE_PASSWORD", "crs-demo-tls");
        for (String name : List.of("lnsap-site-a", "nsap")) {
            // The files as a site installs them, with /etc/crs/ made this repository's files.
            String yaml = Files.readString(CONFIG.resolve("production").resolve(name + ".yaml"))
                    .replace("/etc/crs/tls/", certificates.toAbsolutePath() + "/")
                    .replace("/etc/crs/topology/", CONFIG.resolveSibling("topology").toAbsolutePath().normalize() + "/")
                    .replace("/etc/crs/routers.yaml", CONFIG.resolve("routers-demo.yaml").toAbsolutePath().normalize().toString());

            NsapServerConfig c = NsapServerConfig.FILE.parse(yaml, CONFIG.toAbsolutePath().normalize(), env(environment));

            assertEquals(ClientAuth.REQUIRED, c.basics().tls().orElseThrow().settings().clientAuth(), name);
            assertTrue(c.basics().tls().orElseThrow().port().isEmpty(), name);
            assertTrue(c.bars().stream().allMatch(b -> b.subject().isPresent() && b.url().getScheme().equals("https")), name);
            assertFalse(c.toString().contains("crs-demo-tls") || c.toString().contains("db-secret"), c.toString());
        }
    }

    static List<String> barSites(String name) throws Exception {
        return example(name).bars().stream().map(NsapServerConfig.Bar::site).toList();
    }

    @Test
    void demoRouterAccessFileMatchesTheDemoEmulatorInventory() throws Exception {
        RouterDirectory routers = RouterDirectory.load(CONFIG.resolve("routers-demo.yaml"), env(Map.of()));
        Inventory inventory = Inventory.load(Path.of("../deploy/emulator/demo-routers.yaml"));
        assertEquals(inventory.routers().stream().map(Inventory.Router::hostname).toList(), List.copyOf(routers.routerNames()));
        for (Inventory.Router r : inventory.routers()) {
            RouterEndpoint e = routers.access(r.hostname()).endpoint();
            Inventory.Credentials c = inventory.credentialsOf(r);
            assertEquals("127.0.0.1", e.host(), r.hostname());
            assertEquals(r.sshPort(), e.sshPort(), r.hostname());
            assertEquals(r.snmpPort(), e.snmpPort(), r.hostname());
            assertEquals("cisco-" + r.profile() + "-cli", routers.access(r.hostname()).driver().name());
            assertEquals(c.username(), e.username(), r.hostname());
            assertEquals(c.password(), e.password(), r.hostname());
            assertEquals(c.enableSecret(), e.enableSecret(), r.hostname());
            assertEquals(c.snmp().v3Users().get(0).name(), e.snmp().user(), r.hostname());
            assertEquals(c.snmp().v3Users().get(0).authPassword(), e.snmp().authPassword(), r.hostname());
            assertEquals(c.snmp().v3Users().get(0).privPassword(), e.snmp().privPassword(), r.hostname());
        }
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
