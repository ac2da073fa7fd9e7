package org.crs.bar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

import javax.security.auth.x500.X500Principal;

import org.crs.service.db.Vendor;
import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.notify.NotificationSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.crs.nsap.contract.NsapContract;
import org.crs.service.server.ServerConfig;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.SetUpPlan;
import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.domain.access.Role;

/** The configuration file of a standalone BAR ({@link BarServerConfig}), {@link BarMain}, and the example files. */
class BarServerConfigTest {

    static final String GOOD = """
            # a BAR on PostgreSQL, its password from the environment
            name: bar-site-a
            site: site-a
            listen: {host: 0.0.0.0, port: 8080}
            database:
              jdbcUrl: jdbc:postgresql://db.site-a.example.org:5432/crs_bar
              user: crs_bar
              password: ${CRS_DB_PASSWORD}
              clustered: true
            campus: {url: http://lnsap.site-a.example.org:8081/services/NsapService}
            wan:    {url: http://nsap.example.org:8090/services/NsapService}
            peers:
              - {site: site-b, url: http://bar.site-b.example.org:8083/services/PeerService}
              - {site: site-c, url: http://bar.site-c.example.org:8083/services/PeerService}
            callTimeout: 2500ms
            booking:
              negotiationHold: 90s
              clientHold: 15m
              setUpLead: 2s
              tearDownAllowance: 7s
              minimumDuration: 30s
              maximumAdvance: 30d
              activationGrace: 3m
              retryPause: 500ms
              retryMaxPause: 20s
              reconcileEvery: 2m
            """;

    static final Map<String, String> ENV = Map.of("CRS_DB_PASSWORD", "pg-secret-4711");

    @TempDir
    Path dir;

    static Function<String, String> env(Map<String, String> values) {
        return values::get;
    }

    BarServerConfig parse(String yaml) {
        return BarServerConfig.FILE.parse(yaml, dir, env(ENV));
    }

    String refusal(String yaml) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(yaml));
        assertFalse(e.getMessage().contains("pg-secret-4711"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void everyKeyIsRead() throws Exception {
        Path file = dir.resolve("bar.yaml");
        Files.writeString(file, GOOD);
        BarServerConfig c = BarServerConfig.FILE.load(file, env(ENV));
        assertEquals(file.toAbsolutePath().normalize(), c.basics().source());
        assertEquals("bar-site-a", c.name());
        assertEquals("site-a", c.site());
        assertEquals("0.0.0.0", c.basics().host());
        assertEquals(8080, c.basics().port());
        assertEquals("jdbc:postgresql://db.site-a.example.org:5432/crs_bar", c.basics().jdbcUrl());
        assertEquals(Vendor.POSTGRESQL, c.vendor());
        assertEquals("crs_bar", c.basics().dbUser());
        assertEquals("pg-secret-4711", c.basics().dbPassword());
        assertTrue(c.basics().clustered());
        assertEquals(URI.create("http://lnsap.site-a.example.org:8081/services/NsapService"), c.campus());
        assertEquals(URI.create("http://nsap.example.org:8090/services/NsapService"), c.wan().orElseThrow());
        assertEquals(List.of("site-b", "site-c"), List.copyOf(c.peers().keySet()));
        assertEquals(URI.create("http://bar.site-c.example.org:8083/services/PeerService"), c.peers().get("site-c"));
        assertEquals(Duration.ofMillis(2500), c.callTimeout());
        assertEquals(new BarSettings(Duration.ofSeconds(90), Duration.ofMinutes(15), Duration.ofSeconds(2),
                Duration.ofSeconds(7), Duration.ofSeconds(30), Duration.ofDays(30), new BarSettings.Retries(Duration.ofMinutes(3),
                Duration.ofMillis(500), Duration.ofSeconds(20), Duration.ofMinutes(2), Duration.ofMillis(7500))), c.settings());
        assertEquals(new ServerConfig("bar-site-a", "jdbc:postgresql://db.site-a.example.org:5432/crs_bar", "crs_bar",
                "pg-secret-4711", "0.0.0.0", 8080, true), c.serverConfig());
    }

    @Test
    void bookingDefaultsApplyWhenTheSectionIsAbsent() {
        BarServerConfig c = parse("""
                name: bar-x
                site: site-x
                listen: {port: 0}
                database: {jdbcUrl: "jdbc:hsqldb:file:data/bar/db;shutdown=true"}
                campus: {url: http://127.0.0.1:8081/services/NsapService}
                wan: {url: http://127.0.0.1:8090/services/NsapService}
                """);
        assertEquals(BarSettings.defaults(), c.settings());
        assertEquals(BarServerConfig.DEFAULT_CALL_TIMEOUT, c.callTimeout());
        assertEquals(Map.of(), c.peers());
        assertEquals(BarServerConfig.DEFAULT_HOST, c.basics().host());
        assertEquals("jdbc:hsqldb:file:" + dir.resolve("data/bar/db").toAbsolutePath().normalize() + ";shutdown=true",
                c.basics().jdbcUrl(), "a relative HSQLDB file is beside the configuration");
        assertEquals(BarSettings.defaults().withClientHold(Duration.ofHours(1)).withRetries(BarSettings.Retries.defaults()
                        .withCallTimeout(Duration.ofMillis(2500))),
                parse(GOOD.replaceAll("(?s)booking:.*", "booking: {clientHold: 1h}\n")).settings(), "one key set, the rest default");
    }

    @Test
    void aSetUpPlanPlansEachActivationForTheQueuedWorkWithinTheSetUpLead() {
        BarSettings s = parse(GOOD.replaceAll("(?s)booking:.*", """
                booking:
                  setUpLead: 5m
                  setUpPlan: {perCircuit: 300ms, perBatch: 4s, batchSize: 20}
                """)).settings();
        assertEquals(Duration.ofMinutes(5), s.setUpLead());
        assertEquals(new SetUpPlan.Queued(Duration.ofMillis(300), Duration.ofSeconds(4), 20, Duration.ofSeconds(1)),
                s.setUpPlan());
        assertEquals(new SetUpPlan.Fixed(), BarSettings.defaults().setUpPlan(), "without one, the fixed lead");
    }

    static final String WITH_APPROVAL = GOOD + """
            approval:
              deadlineBeforeStart: 2h
              rules:
                - {role: operator, decision: approve}
                - {overMbps: 1000, longerThan: 12h, startsBeyond: 30d, sites: [site-b, site-a], group: astro, decision: wait}
            quotas:
              - {group: astro, peakBandwidthMbps: 2000, hoursPerMonth: 200}
              - {group: bio, hoursPerMonth: 50}
            """;

    @Test
    void approvalRulesAndQuotasAreRead() {
        BarServerConfig c = parse(WITH_APPROVAL);

        assertEquals(new ApprovalRules(List.of(
                new ApprovalRule(null, null, null, null, null, Role.OPERATOR, ApprovalDecision.APPROVE),
                new ApprovalRule(1000L, Duration.ofHours(12), Duration.ofDays(30), new ApprovalRule.SitePair("site-b", "site-a"),
                        "astro", null, ApprovalDecision.WAIT)), Duration.ofHours(2)), c.approval());
        assertEquals(new Quotas(List.of(new Quota("astro", 2000L, 200L), new Quota("bio", null, 50L))), c.quotas());
    }

    @Test
    void withoutApprovalOrQuotasEveryBookingIsApprovedWithoutLimit() {
        BarServerConfig c = parse(GOOD);

        assertEquals(ApprovalRules.none(), c.approval());
        assertEquals(Quotas.none(), c.quotas());
        assertEquals(Duration.ZERO, parse(GOOD + "approval: {deadlineBeforeStart: 0s, rules: []}\n").approval()
                .deadlineBeforeStart());
    }

    @Test
    void aBadApprovalRuleOrQuotaIsAnErrorNamingTheKey() {
        assertTrue(refusal(WITH_APPROVAL.replace("decision: approve", "decision: maybe"))
                .startsWith("approval.rules[0].decision: must be approve or wait, was 'maybe'"));
        assertTrue(refusal(WITH_APPROVAL.replace("role: operator", "role: boss"))
                .startsWith("approval.rules[0].role: must be user, operator or admin"));
        assertTrue(refusal(WITH_APPROVAL.replace("sites: [site-b, site-a]", "sites: [site-b]"))
                .startsWith("approval.rules[1].sites: name two sites"));
        assertTrue(refusal(WITH_APPROVAL.replace("{group: bio,", "{group: astro,"))
                .startsWith("quotas[1].group: astro has a quota already"));
        assertTrue(refusal(WITH_APPROVAL.replace("{role: operator, decision: approve}", "{role: operator}"))
                .startsWith("approval.rules[0].decision is missing"));
    }

    @Test
    void aLongestRetryPauseShorterThanTheFirstIsAnErrorNamingTheKey() {
        assertTrue(refusal(GOOD.replace("retryMaxPause: 20s", "retryMaxPause: 100ms")).startsWith("booking.retryMaxPause:"));
    }

    @Test
    void unknownKeyIsAnErrorNamingItsPlaceAndLine() {
        assertEquals("unknown key \"holdClient\" in booking (line 18); known keys there: activationGrace, clientHold,"
                + " maximumAdvance, minimumDuration, negotiationHold, reconcileEvery, retryMaxPause, retryPause, setUpLead,"
                + " setUpPlan, tearDownAllowance", refusal(GOOD.replace("  clientHold:", "  holdClient:")));
        assertTrue(refusal(GOOD.replace("{site: site-c,", "{sites: site-c,"))
                .startsWith("unknown key \"sites\" in peers[1] (line 14); known keys there: site, subject, url"));
    }

    @Test
    void repeatedKeyIsAnErrorNamingItAndItsLine() {
        assertEquals("key \"site\" appears twice in one mapping (line 4)", refusal(GOOD.replace("site: site-a\n",
                "site: site-a\nsite: site-b\n")));
    }

    @Test
    void badDurationIsAnErrorNamingTheKeyAndLine() {
        assertEquals("booking.setUpLead: '2 seconds' is not a duration (500ms, 5s, 2m, 1h, 1d, PT5S) (line 19)",
                refusal(GOOD.replace("setUpLead: 2s", "setUpLead: 2 seconds")));
        assertEquals("callTimeout must be positive, was 0s (line 15)", refusal(GOOD.replace("callTimeout: 2500ms", "callTimeout: 0s")));
    }

    @Test
    void nonHttpUrlIsAnErrorNamingTheKeyAndLine() {
        assertEquals("peers[0].url: must be an http:// or https:// URL with a host (http://host:port/services/...) (line 13)",
                refusal(GOOD.replace("url: http://bar.site-b", "url: ftp://bar.site-b")));
        assertEquals("campus.url: must be an http:// or https:// URL with a host (http://host:port/services/...) (line 10)",
                refusal(GOOD.replace("campus: {url: http://", "campus: {url: ")));
    }

    @Test
    void peerForItsOwnSiteIsAnErrorNamingTheKeyAndLine() {
        assertEquals("peers[1].site: site-a is this BAR's own site; list only the BARs of other sites (line 14)",
                refusal(GOOD.replace("{site: site-c,", "{site: site-a,")));
    }

    @Test
    void passwordComesFromTheEnvironmentAndToStringNeverShowsIt() {
        BarServerConfig c = parse(GOOD);
        assertEquals("pg-secret-4711", c.basics().dbPassword());
        assertFalse(c.toString().contains("pg-secret-4711"), c.toString());
        assertTrue(c.toString().contains("password=***"), c.toString());
        IllegalArgumentException unset = assertThrows(IllegalArgumentException.class,
                () -> BarServerConfig.FILE.parse(GOOD, dir, env(Map.of())));
        assertEquals("database.password: environment variable CRS_DB_PASSWORD is not set", unset.getMessage());
    }

    static final String MAIL = """
            mail:
              host: smtp.site-a.example.org
              from: crs@site-a.example.org
              user: crs
              password: ${CRS_SMTP_PASSWORD}
              bookingLink: https://crs.site-a.example.org/reservations/{requestId}
              endingSoonLead: 12h
            notifications: {retryPause: 5s, retryMaxPause: 10m, maxAttempts: 7, keep: 3d}
            """;

    @Test
    void theMailSectionIsReadItsPasswordFromTheEnvironmentAndNeverShown() {
        BarServerConfig c = BarServerConfig.FILE.parse(GOOD + MAIL, dir,
                env(Map.of("CRS_DB_PASSWORD", "pg-secret-4711", "CRS_SMTP_PASSWORD", "smtp-secret-0815")));
        SmtpSettings smtp = c.notifications().smtp().orElseThrow();
        assertEquals(new SmtpSettings("smtp.site-a.example.org", 587, "crs@site-a.example.org", SmtpSettings.Tls.STARTTLS,
                "crs", "smtp-secret-0815"), smtp, "STARTTLS on 587 unless told otherwise");
        NotificationSettings n = c.notifications().settings();
        assertEquals("https://crs.site-a.example.org/reservations/{requestId}", n.bookingLink());
        assertEquals(Duration.ofHours(12), n.endingSoonLead());
        assertEquals(List.of(Duration.ofSeconds(5), Duration.ofMinutes(10), 7),
                List.of(n.retryPause(), n.retryMaxPause(), n.maxAttempts()));
        assertEquals("bar-site-a", n.sender());
        assertEquals(Duration.ofDays(3), n.keep());
        assertFalse(c.toString().contains("smtp-secret-0815"), c.toString());
    }

    @Test
    void withoutAMailSectionNoMailIsSent() {
        assertEquals(Optional.empty(), parse(GOOD).notifications().smtp());
    }

    @Test
    void anUnknownTlsModeIsAnErrorNamingTheKey() {
        String e = refusal(GOOD + MAIL.replace("user: crs", "tls: ssl").replace("  password: ${CRS_SMTP_PASSWORD}\n", ""));
        assertTrue(e.startsWith("mail.tls: "), e);
    }

    @Test
    void aMailSectionWithoutAHostIsAnErrorNamingTheKey() {
        String e = refusal(GOOD + MAIL.replace("  host: smtp.site-a.example.org\n", "")
                .replace("  password: ${CRS_SMTP_PASSWORD}\n", ""));
        assertEquals("mail.host is missing", e);
    }

    @Test
    void controllersAreNamedAfterTheirSitesWithTheirNamespaces() {
        Site site = BarMain.site(parse(GOOD));
        assertEquals("site-a", site.name());
        assertEquals("lnsap-site-a", site.campus().name());
        assertEquals("nsap", site.wan().name());
        assertEquals(URI.create("http://nsap.example.org:8090/services/NsapService"),
                ((SoapSegmentController) site.wan()).serviceUrl());
        assertEquals("bar-site-c", site.peer("site-c").orElseThrow().name());
        assertEquals("urn:crs:nsap:1", NsapContract.NAMESPACE);
    }

    @Test
    void startsFromAConfigurationFileServesItsWsdlAndStops() throws Exception {
        Path file = dir.resolve("bar.yaml");
        Files.writeString(file, """
                name: bar-launch-test
                site: site-a
                listen: {host: 127.0.0.1, port: 0}
                database: {jdbcUrl: "jdbc:hsqldb:file:db/bar;shutdown=true"}
                campus: {url: http://127.0.0.1:9/services/NsapService}
                wan: {url: http://127.0.0.1:9/services/NsapService}
                peers: [{site: site-b, url: http://127.0.0.1:9/services/PeerService}]
                """);
        BarServer bar = BarMain.start(BarServerConfig.FILE.load(file, env(Map.of())));
        try {
            HttpClient http = HttpClient.newHttpClient();
            for (URI wsdl : List.of(bar.wsdlUrl(), bar.peerWsdlUrl())) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(wsdl).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), wsdl.toString());
                assertTrue(r.body().contains("definitions"), r.body());
            }
            assertTrue(Files.exists(dir.resolve("db")), "the HSQLDB files are beside the configuration");
        } finally {
            bar.close();
        }
    }

    @Test
    void exampleConfigurationsLoadAndMatchTheDemoPorts() throws Exception {
        Path config = Path.of("../deploy/config");
        BarServerConfig a = example(config.resolve("bar-site-a.yaml"));
        BarServerConfig b = example(config.resolve("bar-site-b.yaml"));
        assertEquals(List.of("bar-site-a", "site-a", 8080, 8081, 8090, Map.of("site-b", 8446)), ports(a));
        assertEquals(List.of("bar-site-b", "site-b", 8083, 8082, 8090, Map.of("site-a", 8443)), ports(b));
        assertEquals(BarSettings.defaults(), a.settings());
        ApprovalRules demoRule = new ApprovalRules(List.of(new ApprovalRule(500L, null, null, null, null, null,
                ApprovalDecision.WAIT)), Duration.ZERO);
        assertEquals(demoRule, a.approval(), "bookings over 500 Mbit/s wait for an operator");
        assertEquals(demoRule, b.approval());
        assertEquals(Vendor.HSQLDB, b.vendor());
        assertEquals(SmtpSettings.Tls.NONE, a.notifications().smtp().orElseThrow().tls());
        assertEquals(config.resolve("mail-templates").toAbsolutePath().normalize(),
                a.notifications().templates().orElseThrow());
    }

    @Test
    void exampleConfigurationsNameTheSubjectsOfTheServicesThatCallTheBar() throws Exception {
        BarServerConfig a = example(Path.of("../deploy/config/bar-site-a.yaml"));

        assertEquals(new X500Principal("CN=lnsap-site-a,OU=CRS,O=Demo"), a.subjects().campus().orElseThrow());
        assertEquals(new X500Principal("CN=nsap,OU=CRS,O=Demo"), a.subjects().wan().orElseThrow());
        assertEquals(Map.of("site-b", new X500Principal("CN=bar-site-b,OU=CRS,O=Demo")), a.subjects().peers());
        assertEquals(ClientAuth.OPTIONAL, a.basics().tls().orElseThrow().settings().clientAuth());
        assertEquals(OptionalInt.of(8443), a.basics().tls().orElseThrow().port());
    }

    @Test
    void theDomainCSampleHasNoWanNoPeersAndProvidesOverNsiToSiteAsBar() throws Exception {
        BarServerConfig c = example(Path.of("../deploy/config/bar-domain-c.yaml"));

        assertEquals(Optional.empty(), c.wan());
        assertEquals(Map.of(), c.peers());
        assertEquals("nsap", BarMain.site(c).wan().name());
        assertEquals("urn:ogf:network:domain-c.crs.example:2026:nsa", c.nsi().orElseThrow().network().nsaId());
        assertTrue(c.nsi().orElseThrow().requesters().allows("site-a", "urn:ogf:network:site-a.crs.example:2026:nsa"));
    }

    @Test
    void aSiteWithoutWanMayHaveNoPeers() {
        String withoutWan = GOOD.replaceAll("(?m)^wan:.*\n", "");

        assertTrue(refusal(withoutWan).startsWith("peers: a site without wan has no peers"), refusal(withoutWan));
    }

    @Test
    void theDemosNetworkMapNamesBothCampusesAndTheWan() throws Exception {
        BarServerConfig c = BarServerConfig.FILE.parse(withCertificatesIn(Files.readString(
                Path.of("../deploy/config/bar-site-a.yaml")), demoCertificates()), Path.of("../deploy/config"), env(Map.of()));

        assertEquals(2, c.networkMap().campuses().size());
        assertTrue(c.networkMap().wan().orElseThrow().endsWith("wan.yaml"), c.networkMap().toString());
        assertEquals(2, BarMain.networkMap(c.networkMap()).sites().size());
    }

    @Test
    void aNetworkMapFileThatDoesNotExistIsRefusedNamingItsKey() {
        String message = refusal(GOOD + "networkMap:\n  wan: no-such-wan.yaml\n");

        assertTrue(message.startsWith("networkMap.wan: no file"), message);
    }

    @Test
    void withTlsEveryCallerSubjectIsRequired() throws Exception {
        Path certificates = demoCertificates();
        String yaml = withCertificatesIn(Files.readString(Path.of("../deploy/config/bar-site-a.yaml")), certificates)
                .replace(", subject: \"CN=nsap,OU=CRS,O=Demo\"", "");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> BarServerConfig.FILE.parse(yaml, Path.of("../deploy/config"), env(Map.of())));

        assertTrue(refused.getMessage().startsWith("wan.subject is missing"), refused.getMessage());
    }

    @Test
    void withTlsAPartCalledOverPlainHttpIsRefusedNamingItsKey() throws Exception {
        String yaml = withCertificatesIn(Files.readString(Path.of("../deploy/config/bar-site-a.yaml")), demoCertificates())
                .replace("url: https://127.0.0.1:8446/services/PeerService", "url: http://127.0.0.1:8083/services/PeerService");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> BarServerConfig.FILE.parse(yaml, Path.of("../deploy/config"), env(Map.of())));

        assertTrue(refused.getMessage().startsWith("peers[0].url: must be https://"), refused.getMessage());
        assertFalse(refused.getMessage().contains("8083"), "the URL is not quoted");
    }

    @Test
    void anHttpsPartInAFileWithoutTlsIsRefusedAsItWouldBeCalledWithoutACertificate() {
        String refused = refusal(GOOD.replace("wan:    {url: http://", "wan:    {url: https://"));

        assertTrue(refused.startsWith("wan.url: is https://, and the file has no tls section"), refused);
    }

    @Test
    void aSubjectIsReadAsADistinguishedName() {
        assertTrue(refusal(GOOD.replace("url: http://bar.site-b.example.org:8083/services/PeerService}",
                "url: http://bar.site-b.example.org:8083/services/PeerService, subject: \"not a name\"}"))
                .startsWith("peers[0].subject: not a distinguished name"));
    }

    @Test
    void theProductionSampleSpeaksOnlyTlsWithItsPasswordsFromTheEnvironment() throws Exception {
        String yaml = Files.readString(Path.of("../deploy/config/production/bar-site-a.yaml"))
                .replace("/etc/crs/tls/", demoCertificates().toAbsolutePath() + "/");

        BarServerConfig c = BarServerConfig.FILE.parse(yaml, Path.of("../deploy/config/production"), env(Map.of(
                "CRS_BAR_DB_PASSWORD", "db-secret", "CRS_TLS_KEYSTORE_PASSWORD", "crs-demo-tls",
                "CRS_TLS_TRUSTSTORE_PASSWORD", "crs-demo-tls")));

        assertTrue(c.basics().tls().orElseThrow().port().isEmpty(), "listen.port itself speaks TLS");
        assertEquals(ClientAuth.OPTIONAL, c.basics().tls().orElseThrow().settings().clientAuth());
        assertEquals(List.of("https", "https", "https"), List.of(c.campus().getScheme(), c.wan().orElseThrow().getScheme(),
                c.peers().get("site-b").getScheme()));
        assertEquals(new X500Principal("CN=bar-site-b, OU=CRS, O=Example Research Network"), c.subjects().peers().get("site-b"));
        assertFalse(c.toString().contains("crs-demo-tls") || c.toString().contains("db-secret"), c.toString());
    }

    @Test
    void aMissingKeyStorePasswordIsAnErrorNamingTheVariableNeverAValue() throws Exception {
        String yaml = Files.readString(Path.of("../deploy/config/production/bar-site-a.yaml"))
                .replace("/etc/crs/tls/", demoCertificates().toAbsolutePath() + "/");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> BarServerConfig.FILE.parse(yaml,
                Path.of("../deploy/config/production"), env(Map.of("CRS_BAR_DB_PASSWORD", "db-secret",
                        "CRS_TLS_TRUSTSTORE_PASSWORD", "crs-demo-tls"))));

        assertEquals("tls.keyStorePassword: environment variable CRS_TLS_KEYSTORE_PASSWORD is not set", refused.getMessage());
    }

    @Test
    void aWrongKeyStorePasswordIsAnErrorNamingTheStoreNeverThePassword() throws Exception {
        String yaml = Files.readString(Path.of("../deploy/config/production/bar-site-a.yaml"))
                .replace("/etc/crs/tls/", demoCertificates().toAbsolutePath() + "/");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> BarServerConfig.FILE.parse(yaml,
                Path.of("../deploy/config/production"), env(Map.of("CRS_BAR_DB_PASSWORD", "db-secret",
                        "CRS_TLS_KEYSTORE_PASSWORD", "wrong-password", "CRS_TLS_TRUSTSTORE_PASSWORD", "crs-demo-tls"))));

        assertTrue(refused.getMessage().startsWith("tls.keyStore: "), refused.getMessage());
        assertFalse(refused.getMessage().contains("wrong-password"), refused.getMessage());
    }

    private static Path certificates;

    /** The demo's CA and certificates in a temporary folder, made once. */
    static synchronized Path demoCertificates() throws Exception {
        if (certificates == null) {
            certificates = Files.createTempDirectory("bar-config-certificates");
            CertificateAuthority ca = CertificateAuthority.create("CN=CRS Demo CA,OU=CRS,O=Demo");
            ca.writeTrustStore(certificates.resolve("trust.p12"), "crs-demo-tls");
            for (String service : List.of("bar-site-a", "bar-site-b")) {
                ca.issue("CN=" + service + ",OU=CRS,O=Demo", certificates.resolve(service + ".p12"), "crs-demo-tls");
            }
            // domain-c's own CA beside them, as DemoCertificates makes it (its BAR's trust store is read only here).
            Path domainC = Files.createDirectories(certificates.resolve("domain-c"));
            CertificateAuthority other = CertificateAuthority.create("CN=CRS Domain C CA,OU=CRS,O=Domain C");
            other.writeTrustStore(domainC.resolve("trust.p12"), "crs-demo-tls");
            other.writeTrustStore(domainC.resolve("trust-bar-domain-c.p12"), "crs-demo-tls");
            other.issue("CN=bar-domain-c,OU=CRS,O=Domain C", domainC.resolve("bar-domain-c.p12"), "crs-demo-tls");
        }
        return certificates;
    }

    /** A file of deploy/config with its stores in {@code folder} rather than the demo's. */
    static String withCertificatesIn(String yaml, Path folder) {
        return yaml.replace("../../target/crs-demo/certificates/", folder.toAbsolutePath() + "/");
    }

    /** An example file of deploy/config, its certificates made in a folder of the test's. */
    private static BarServerConfig example(Path file) throws Exception {
        return BarServerConfig.FILE.parse(withCertificatesIn(Files.readString(file), demoCertificates()), file.getParent(),
                env(Map.of()));
    }

    private static List<Object> ports(BarServerConfig c) {
        return List.of(c.name(), c.site(), c.basics().port(), c.campus().getPort(), c.wan().orElseThrow().getPort(),
                Map.of(c.peers().keySet().iterator().next(), c.peers().values().iterator().next().getPort()));
    }
}
