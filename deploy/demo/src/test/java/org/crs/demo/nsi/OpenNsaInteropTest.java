package org.crs.demo.nsi;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.adapter.nsi.NsaDescriptionReader;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.HandOffPeer;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiPublication;
import org.crs.bar.server.NsiRequester;
import org.crs.bar.testing.TestCallers;
import org.crs.demo.DemoAccounts;
import org.crs.demo.DemoCertificates;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.Stp;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.RouterDirectory;
import org.crs.nsap.campus.CampusPlanner;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsap.server.NsapServer;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.routers.emulator.Inventory;
import org.crs.routers.emulator.RouterAccessFile;
import org.crs.routers.emulator.RouterEmulator;
import org.crs.service.server.ServerConfig;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Interop with OpenNSA (NORDUnet), the NSI CS 2.0 reference peer, in both directions, on
 * 127.0.0.1 (docs/nsi.md, "Interop with OpenNSA"; deploy/nsi/opennsa/README.md).
 *
 * <p>OpenNSA runs from a checkout the property {@code crs.opennsa.checkout} names (never from this
 * repository), set up and started by {@code deploy/nsi/opennsa/run-opennsa.sh} on free ports in
 * the work folder {@code crs.opennsa.work} (default {@code target/opennsa}: a Python 3.9 virtualenv
 * with OpenNSA's requirements, a PostgreSQL cluster), with its {@code dud} backend playing the
 * network {@code domain-c.crs.example:2026:topology} of {@code opennsa.nrm}. Without the property
 * the class is skipped, and it is tagged {@code opennsa} so that the default build leaves it out:
 * {@code deploy/nsi/opennsa/interop.sh <checkout>} runs it.
 *
 * <p>Site-a's BAR is real (TLS beside plain HTTP, its L-NSAP over SOAP, the emulated Cisco 7600
 * edge-a over its SSH CLI with a hand-off trunk to OpenNSA's port {@code to-site-a}); it is an NSI
 * provider for onsa and a requester toward OpenNSA, which it knows from OpenNSA's own NSA
 * description. The transcripts (onsa's output of every command, OpenNSA's log with every SOAP
 * payload) are kept in {@code target/opennsa-interop/}.
 */
@Tag("opennsa")
class OpenNsaInteropTest {

    static final String CHECKOUT = System.getProperty("crs.opennsa.checkout");
    static final String SITE_A_NSA = "urn:ogf:network:site-a.crs.example:2026:nsa";
    static final String SITE_A_NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";
    static final String OPENNSA_NSA = "urn:ogf:network:domain-c.crs.example:2026:nsa";
    static final String OPENNSA_NETWORK = "urn:ogf:network:domain-c.crs.example:2026:topology";
    /** onsa's NSA id, mapped to the account alice at the BAR. */
    static final String ONSA_NSA = "urn:ogf:network:onsa.crs-interop.example:2026:nsa";
    static final String ONSA_SUBJECT = "CN=onsa,OU=Requesters,O=Demo";
    /** onsa waits 130 s for a confirmation; a command that takes longer is stuck. */
    static final Duration ONSA_TIMEOUT = Duration.ofSeconds(150);
    static final Duration WAIT = Duration.ofSeconds(30);
    static final DateTimeFormatter ONSA_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    static Path script;
    static Path work;
    static Path transcripts;
    static Path onsaCredentials;
    static int openNsaPort;
    static RouterEmulator emulator;
    static DriverActivator activator;
    static NsapServer lnsap;
    static BarServer bar;
    static int barPort;
    static int barTlsPort;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(CHECKOUT != null && !CHECKOUT.isBlank(), "no OpenNSA checkout given"
                + " (-Dcrs.opennsa.checkout=<path>; deploy/nsi/opennsa/interop.sh runs this check)");
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        script = repository.resolve("deploy/nsi/opennsa/run-opennsa.sh");
        work = Path.of(System.getProperty("crs.opennsa.work", "target/opennsa")).toAbsolutePath();
        transcripts = Path.of("target/opennsa-interop").toAbsolutePath();
        Files.createDirectories(transcripts);
        openNsaPort = freePort();
        run(transcripts.resolve("run-opennsa.txt"), Duration.ofMinutes(10), "bash", script.toString(), CHECKOUT,
                work.toString(), "--port", String.valueOf(openNsaPort), "--pg-port", String.valueOf(freePort()),
                "--fresh");

        String demo = Files.readString(repository.resolve("deploy/emulator/demo-routers.yaml"));
        assertTrue(demo.contains(FarNetworkOnTheHandOffTest.HAND_OFF_TRUNK), "the demo's edge-a has the hand-off trunk");
        emulator = RouterEmulator.start(Inventory.parse(demo).withAnyPorts());
        RouterDirectory directory = RouterDirectory.load(RouterAccessFile.writeTemporary(emulator, Set.of()));
        String campus = FarNetworkOnTheHandOffTest.siteAWithHandOff();
        lnsap = NsapServer.start(new ServerConfig("lnsap-site-a", "jdbc:hsqldb:mem:lnsap-opennsa-" + System.nanoTime(),
                "SA", "", "127.0.0.1", 0, false), new CampusPlanner(CampusTopologyFile.parse(campus)),
                store -> activator = new DriverActivator(directory, store), Clock.systemUTC());

        // OpenNSA as site-a's BAR would find it from nsi.providers[].discovery
        URI discovery = URI.create("http://127.0.0.1:" + openNsaPort + "/NSI/discovery.xml");
        NsaDescriptionReader.Description openNsa = NsaDescriptionReader.fetch(discovery, null, WAIT);
        assertEquals(List.of(OPENNSA_NETWORK), openNsa.networkIds(), "OpenNSA's network as its description names it");
        Duration timeout = Duration.ofSeconds(30);
        FarProvider provider = new FarProvider("domain-c", OPENNSA_NSA, openNsa.providerUrl().orElseThrow(),
                OPENNSA_NETWORK, "to-domain-c", Stp.parse(OPENNSA_NETWORK + ":to-site-a?vlan=3000-3009"),
                Optional.empty(), timeout, Duration.ofSeconds(2), timeout, openNsa.topologyUrl());

        DemoCertificates certificates = DemoCertificates.temporary();
        barPort = freePort();
        barTlsPort = freePort();
        SiteStps stps = SiteStps.of(CampusTopologyFile.parse(campus), new NsiNetwork("site-a.crs.example", 2026,
                "CRS site-a", List.of(new HandOffPeer("to-domain-c", Stp.parse(OPENNSA_NETWORK + ":to-site-a"),
                        OPENNSA_NSA))));
        // OpenNSA here speaks plain HTTP only: its callbacks come to the BAR's plain port
        URI plain = URI.create("http://127.0.0.1:" + barPort);
        Site site = new Site("site-a", new SoapSegmentController("lnsap-site-a", lnsap.serviceUrl(),
                NsapContract.NAMESPACE, timeout), new SoapSegmentController("nsap", FarNetworkOnTheHandOffTest.nowhere(),
                NsapContract.NAMESPACE, timeout), Map.of());
        bar = BarServer.start(new ServerConfig("bar-site-a", "jdbc:hsqldb:mem:bar-opennsa-" + System.nanoTime(), "SA", "",
                        "127.0.0.1", barPort, false).withTls(ServerTls.besidePlain(certificates.settings("bar-site-a",
                        ClientAuth.OPTIONAL), barTlsPort)),
                site, BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)), Clock.systemUTC(),
                BarServer.Options.defaults("bar-site-a").withOwned(site)
                        .withNsi(Optional.of(new NsiPublication(stps, Optional.empty(),
                                new NsiRequesters(Map.of(ONSA_NSA, "alice")))))
                        .withNsiRequester(Optional.of(new NsiRequester(SITE_A_NSA, List.of(provider),
                                Optional.of(certificates.client("bar-site-a")), Optional.of(plain)))));
        DemoAccounts.seed(bar.accounts());
        onsaCredentials = onsaCertificate(certificates);
    }

    /**
     * onsa's TLS files: a client certificate of the demo's CA mapped to alice at the BAR, its key,
     * and the CA in a folder of {@code *.0} files (onsa's {@code -l}, {@code -k}, {@code -i}).
     */
    static Path onsaCertificate(DemoCertificates demo) throws Exception {
        Path folder = Files.createTempDirectory("crs-onsa-tls");
        CertificateAuthority ca = CertificateAuthority.load(demo.folder().resolve("ca.p12"), DemoCertificates.PASSWORD);
        Path store = folder.resolve("onsa.p12");
        ca.issue(ONSA_SUBJECT, store, DemoCertificates.PASSWORD);
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, DemoCertificates.PASSWORD.toCharArray());
        }
        X509Certificate certificate = (X509Certificate) keys.getCertificate(CertificateAuthority.KEY_ALIAS);
        PrivateKey key = (PrivateKey) keys.getKey(CertificateAuthority.KEY_ALIAS, DemoCertificates.PASSWORD.toCharArray());
        Files.writeString(folder.resolve("onsa.pem"), pem("CERTIFICATE", certificate.getEncoded()));
        Files.writeString(folder.resolve("onsa.key"), pem("PRIVATE KEY", key.getEncoded()));
        Files.createDirectories(folder.resolve("ca"));
        Files.writeString(folder.resolve("ca/crs-demo-ca.0"), pem("CERTIFICATE", ca.certificate().getEncoded()));
        bar.accounts().mapCertificate(ITSELF, new X500Principal(ONSA_SUBJECT).getName(X500Principal.CANONICAL), "alice");
        return folder;
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {bar, lnsap, activator, emulator}) {
            if (c != null) {
                c.close();
            }
        }
        if (script != null && Files.exists(work.resolve("twistd.pid"))) {
            run(transcripts.resolve("stop-opennsa.txt"), Duration.ofMinutes(1), "bash", script.toString(), "--stop",
                    work.toString());
        }
        if (transcripts != null && Files.exists(work.resolve("opennsa.log"))) {
            Files.copy(work.resolve("opennsa.log"), transcripts.resolve("opennsa.log"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    // ---- (a) onsa, OpenNSA's command-line requester, books at site-a's BAR ----

    @Test
    void onsaBooksACircuitAtTheBarsProviderPortAndEveryStepIsConfirmed() throws Exception {
        String before = emulator.router("edge-a").runningConfig();
        String end = ONSA_TIME.format(Instant.now().plus(Duration.ofMinutes(10)));

        String held = onsa("01-reserveonly", "reserveonly", "-s", "site-a.crs.example:2026:topology:host-a1",
                "-d", "site-a.crs.example:2026:topology:host-a3", "-b", "100", "-e", end);
        Matcher created = Pattern.compile("Connection created and held\\. Id (\\S+) at " + Pattern.quote(SITE_A_NSA))
                .matcher(held);
        assertTrue(created.find(), held);
        String id = created.group(1);
        assertEquals(ReservationState.HELD, barState(id));

        assertTrue(onsa("02-reservecommit", "reservecommit", "-c", id).contains("Reservation committed at " + SITE_A_NSA));
        assertEquals(ReservationState.RESERVED, barState(id));
        assertTrue(onsa("03-query-committed", "query", "-c", id).contains("States       ReserveStart, Released, Created"));

        assertTrue(onsa("04-provision", "provision", "-c", id).contains("Connection " + id + " provisioned"));
        awaitBarState(id, ReservationState.ACTIVE);
        int vlan = bar.store().find("nsi-" + id).orElseThrow().segment(SegmentRole.LOCAL_CAMPUS).sourceVlan();
        String up = emulator.router("edge-a").runningConfig();
        assertNotEquals(before, up, "the circuit is up on edge-a while provisioned");
        assertTrue(up.contains(" switchport access vlan " + vlan + "\n"), up);
        String provisioned = onsa("05-query-provisioned", "query", "-c", id);
        assertTrue(provisioned.contains("States       ReserveStart, Provisioned, Created"), provisioned);
        assertTrue(provisioned.contains("Dataplane    Active : True"), provisioned);

        assertTrue(onsa("06-release", "release", "-c", id).contains("Connection " + id + " released"));
        awaitBarState(id, ReservationState.RESERVED);
        assertEquals(before, emulator.router("edge-a").runningConfig(), "taken down at the release, the booking kept");

        assertTrue(onsa("07-terminate", "terminate", "-c", id).contains("Connection " + id + " terminated"));
        String terminated = onsa("08-query-terminated", "query", "-c", id);
        assertTrue(terminated.contains("States       ReserveStart, Released, Terminated"), terminated);
        assertEquals(ReservationState.CANCELLED, barState(id));
    }

    /** Runs onsa from the checkout with the work folder's Python, signed in by its certificate; its output, kept. */
    static String onsa(String transcript, String command, String... arguments) throws Exception {
        Path credentials = onsaCredentials;
        List<String> line = new ArrayList<>(List.of(work.resolve("venv/bin/python").toString(), "onsa", command,
                "-v", "-q", "-f", credentials.resolve("no-defaults").toString(),
                "-u", "https://127.0.0.1:" + barTlsPort + "/NSI/services/ConnectionProvider",
                "-p", SITE_A_NSA.substring("urn:ogf:network:".length()),
                "-r", ONSA_NSA.substring("urn:ogf:network:".length()),
                "-h", "127.0.0.1", "-o", String.valueOf(freePort()),
                "-l", credentials.resolve("onsa.pem").toString(), "-k", credentials.resolve("onsa.key").toString(),
                "-i", credentials.resolve("ca").toString()));
        line.addAll(List.of(arguments));
        Path out = transcripts.resolve("onsa-" + transcript + ".txt");
        ProcessBuilder onsa = new ProcessBuilder(line).directory(Path.of(CHECKOUT).toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        onsa.environment().put("PYTHONPATH", CHECKOUT);
        Process p = onsa.start();
        if (!p.waitFor(ONSA_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("onsa " + command + " did not finish in " + ONSA_TIMEOUT + ":\n" + Files.readString(out));
        }
        String text = Files.readString(out);
        assertEquals(0, p.exitValue(), text);
        assertFalse(text.contains("Traceback") || text.contains("Error from"), text);
        return text;
    }

    static ReservationState barState(String connectionId) {
        return bar.store().find("nsi-" + connectionId).orElseThrow().state();
    }

    static void awaitBarState(String connectionId, ReservationState wanted) throws InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        while (barState(connectionId) != wanted && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        assertEquals(wanted, barState(connectionId));
    }

    // ---- (b) site-a's BAR books the far part of a circuit from OpenNSA ----

    @Test
    void theBarBooksTheFarPartFromOpenNsaAndTheHandOffCarriesTheVlanOpenNsaChose() throws Exception {
        String before = emulator.router("edge-a").runningConfig();
        Instant start = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.MILLIS);

        Reservation booked = bar.service().create(TestCallers.user("alice"), new ReservationRequest("to-opennsa",
                Endpoint.parse("site-a:host-a2"), Endpoint.parse("domain-c:ps-1"), 200,
                new TimeInterval(start, start.plusSeconds(10)), "to OpenNSA", false));

        assertEquals(ReservationState.RESERVED, booked.state(), booked.reason());
        assertEquals(3000, booked.segment(SegmentRole.LOCAL_CAMPUS).destinationVlan(),
                "the campus takes the VLAN OpenNSA chose: the lowest of the hand-off's range");
        QuerySummaryResult committed = openNsaSummary("site-a:to-opennsa:far");
        assertEquals(NsiReservationState.RESERVE_START, committed.connectionStates().reservationState());
        assertTrue(committed.criteria().get(0).p2ps().orElseThrow().destStp().toString()
                .startsWith(OPENNSA_NETWORK + ":ps-1?vlan=100"), committed.toString());

        awaitState("to-opennsa", ReservationState.ACTIVE, WAIT);
        String up = emulator.router("edge-a").runningConfig();
        assertTrue(up.contains("interface TenGigabitEthernet2/2\n description hand-off to domain-c\n switchport\n"
                + " switchport trunk encapsulation dot1q\n switchport trunk allowed vlan 3000\n"), up);
        assertTrue(openNsaSummary("site-a:to-opennsa:far").connectionStates().dataPlaneStatus().active(),
                "OpenNSA's data plane is up");

        awaitState("to-opennsa", ReservationState.FINISHED, WAIT);
        assertEquals(before, emulator.router("edge-a").runningConfig(), "taken off edge-a at the end");
        assertEquals(LifecycleState.TERMINATED, awaitOpenNsaLifecycle("site-a:to-opennsa:far", LifecycleState.TERMINATED));
        String log = Files.readString(work.resolve("opennsa.log"));
        assertTrue(log.contains("Link eth9#3000 -> eth1#"), "OpenNSA's dud backend set the link up: " + tail(log));
    }

    @Test
    void aPortOpenNsaDoesNotHaveFailsTheReservationWithItsErrorId() throws Exception {
        Instant start = Instant.now().plusSeconds(60).truncatedTo(ChronoUnit.MILLIS);

        Reservation refused = bar.service().create(TestCallers.user("alice"), new ReservationRequest("to-nowhere",
                Endpoint.parse("site-a:host-a4"), Endpoint.parse("domain-c:ps-9"), 200,
                new TimeInterval(start, start.plusSeconds(60)), "to a port OpenNSA does not have", false));

        assertEquals(ReservationState.REJECTED, refused.state());
        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, refused.refusalCode());
        assertTrue(refused.reason().contains(" refused: NSI 00704: No STP named " + OPENNSA_NETWORK + ":ps-9"),
                refused.reason());
    }

    Reservation awaitState(String id, ReservationState state, Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        Reservation r = bar.service().get(ITSELF, id);
        while (r.state() != state && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            r = bar.service().get(ITSELF, id);
        }
        assertEquals(state, r.state(), r.reason());
        return r;
    }

    /** OpenNSA's summary of the connection site-a's BAR booked for {@code bookingId}, asked as site-a. */
    static QuerySummaryResult openNsaSummary(String bookingId) throws Exception {
        try (NsiClient client = new NsiClient(URI.create("http://127.0.0.1:" + openNsaPort + "/NSI/services/CS2"), WAIT,
                null)) {
            // OpenNSA wants a replyTo even on a synchronous query, and answers none by global id: all, then filtered
            QuerySummarySyncConfirmed answer = (QuerySummarySyncConfirmed) client.send(NsiHeader.toProvider(SITE_A_NSA,
                    OPENNSA_NSA, Optional.of("http://127.0.0.1:" + barPort + "/NSI/services/ConnectionRequester")),
                    QuerySummarySync.all()).answer();
            List<QuerySummaryResult> found = answer.reservations().stream().filter(r -> r.globalReservationId()
                    .filter(("urn:crs:booking:" + bookingId)::equals).isPresent()).toList();
            assertEquals(1, found.size(), answer.toString());
            return found.get(0);
        }
    }

    static LifecycleState awaitOpenNsaLifecycle(String bookingId, LifecycleState wanted) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        LifecycleState now = openNsaSummary(bookingId).connectionStates().lifecycleState();
        while (now != wanted && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            now = openNsaSummary(bookingId).connectionStates().lifecycleState();
        }
        return now;
    }

    // ---- processes and ports ----

    static void run(Path transcript, Duration within, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(transcript.toFile()).start();
        if (!p.waitFor(within.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + within + ":\n"
                    + Files.readString(transcript));
        }
        assertEquals(0, p.exitValue(), String.join(" ", command) + ":\n" + Files.readString(transcript));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static String tail(String log) {
        return log.length() < 4000 ? log : log.substring(log.length() - 4000);
    }
}
