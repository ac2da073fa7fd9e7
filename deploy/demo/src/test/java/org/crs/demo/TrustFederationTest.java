package org.crs.demo;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who may act on what across the federation: users on their own and their sharing group's
 * bookings, peers on their own site's bookings, L-NSAPs and the NSAP for their BARs only, and
 * hostile XML refused by every port type with nothing changed.
 */
class TrustFederationTest {

    static Federation federation;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-trust");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, BarSettings.defaults(), Duration.ofSeconds(3), Clock.systemUTC()));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    static RawSoap reservations(String site, String account) {
        return new RawSoap(federation.bar(site).serviceUrl(), BarServer.NAMESPACE).as(account, DemoAccounts.password(account));
    }

    static HttpClient tls(String service) {
        var context = federation.certificates().client(service);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(TlsContexts.parameters(context)).build();
    }

    static RawSoap peerServiceOfSiteA(String asService) {
        return new RawSoap(federation.bar("site-a").tlsPeerUrl().orElseThrow(), BarServer.PEER_NAMESPACE).over(tls(asService));
    }

    static String book(RawSoap client, String id, String source, String destination, int days) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(days)).plus(Duration.ofHours(10));
        return client.call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId><n:source>"
                + source + "</n:source><n:destination>" + destination + "</n:destination><n:bandwidthMbps>100"
                + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plus(Duration.ofHours(1))
                + "</n:end></n:createReservation>");
    }

    static String get(RawSoap client, String id) throws Exception {
        return client.call("getReservation", "<n:getReservation><n:requestId>" + id + "</n:requestId></n:getReservation>");
    }

    @Test
    void aliceCannotReadOrCancelBobsBookingButReadsCarolsGroupBooking() throws Exception {
        assertEquals("RESERVED", FederationTestBase.state(book(reservations("site-a", "bob"), "bob-1", "site-a:host-a2",
                "site-b:host-b2", 20)));
        assertEquals("NOT_ALLOWED", RawSoap.field(get(reservations("site-a", "alice"), "bob-1"), "code"));
        String cancel = reservations("site-a", "alice").call("cancelReservation", "<n:cancelReservation><n:requestId>bob-1"
                + "</n:requestId><n:reason>mine</n:reason></n:cancelReservation>");
        assertEquals("NOT_ALLOWED", RawSoap.field(cancel, "code"));
        assertEquals("RESERVED", FederationTestBase.state(get(reservations("site-a", "bob"), "bob-1")));

        assertEquals("RESERVED", FederationTestBase.state(book(reservations("site-b", "carol"), "carol-1", "site-b:host-b3",
                "site-a:host-a3", 21)));
        String read = get(reservations("site-b", "alice"), "carol-1");
        assertEquals("carol", RawSoap.field(read, "owner"), "astro shares its reservations: " + read);
    }

    @Test
    void aCertificateOfTheDemosAuthorityThatNoConfigurationNamesIsRefusedByPeerService() throws Exception {
        HttpResponse<String> answer = peerServiceOfSiteA("lnsap-site-b").post(RawSoap.envelope(
                "<n:listEndpoints xmlns:n=\"" + BarServer.PEER_NAMESPACE + "\"/>"), "listEndpoints");
        assertEquals(401, answer.statusCode(), answer.body());
        assertEquals("NOT_SIGNED_IN", MalformedRequests.text(answer.body(), "code"));
    }

    @Test
    void aCertificateOfAnotherAuthorityIsRefusedByPeerService() throws Exception {
        Path folder = Files.createTempDirectory("crs-stranger");
        CertificateAuthority stranger = CertificateAuthority.create("CN=CRS Demo CA,OU=CRS,O=Demo");
        stranger.writeTrustStore(folder.resolve("trust.p12"), "stranger");
        stranger.issue("CN=bar-site-b,OU=CRS,O=Demo", folder.resolve("bar.p12"), "stranger");
        var context = TlsContexts.client(new TlsSettings(folder.resolve("bar.p12"), "stranger",
                federation.certificates().trustStore(), DemoCertificates.PASSWORD, ClientAuth.NONE));
        HttpClient impostor = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(TlsContexts.parameters(context)).build();
        RawSoap peer = new RawSoap(federation.bar("site-a").tlsPeerUrl().orElseThrow(), BarServer.PEER_NAMESPACE).over(impostor);
        try {
            HttpResponse<String> answer = peer.post(RawSoap.envelope("<n:listEndpoints xmlns:n=\""
                    + BarServer.PEER_NAMESPACE + "\"/>"), "listEndpoints");
            assertEquals(401, answer.statusCode(), answer.body());
        } catch (IOException refusedInTheHandshake) {
            // refused before HTTP: as good
        }
    }

    @Test
    void aConfiguredPeerIsRefusedOnABookingOfAnotherSite() throws Exception {
        String answer = peerServiceOfSiteA("bar-site-b").call("status", "<n:status><n:bookingId>site-a:someone:campus"
                + "</n:bookingId></n:status>");
        assertEquals("NOT_ALLOWED", RawSoap.field(answer, "code"), answer);
        assertEquals("bookingId", RawSoap.field(answer, "field"), answer);
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer));
    }

    @Test
    void aConfiguredPeerIsRefusedTheTrafficOfABookingOfAnotherSite() throws Exception {
        String answer = peerServiceOfSiteA("bar-site-b").call("utilisation", "<n:utilisation><n:bookingId>"
                + "site-a:someone:campus</n:bookingId><n:from>2030-01-01T00:00:00Z</n:from><n:to>2030-01-01T01:00:00Z"
                + "</n:to></n:utilisation>");
        assertEquals("NOT_ALLOWED", RawSoap.field(answer, "code"), answer);
        assertEquals("bookingId", RawSoap.field(answer, "field"), answer);
    }

    @Test
    void thePeerPassesTheTrafficOfItsOwnSitesBookingToItsLnsap() throws Exception {
        // an unknown booking of the caller's site: the L-NSAP's own refusal, not the peer's
        String answer = peerServiceOfSiteA("bar-site-b").call("utilisation", "<n:utilisation><n:bookingId>"
                + "site-b:nothing:remote</n:bookingId><n:from>2030-01-01T00:00:00Z</n:from><n:to>2030-01-01T01:00:00Z"
                + "</n:to></n:utilisation>");
        assertEquals("BAD_FIELD", RawSoap.field(answer, "code"), answer);
        assertEquals("bookingId", RawSoap.field(answer, "field"), answer);
    }

    @Test
    void aMadeUpBookingOfTheCallersOwnSiteIsAnsweredAsTheLnsapAnswersIt() throws Exception {
        String answer = peerServiceOfSiteA("bar-site-b").call("status", "<n:status><n:bookingId>site-b:nothing:remote"
                + "</n:bookingId></n:status>");
        assertTrue(!"NOT_ALLOWED".equals(RawSoap.field(answer, "code")), answer);
    }

    @Test
    void anLnsapRefusesABarItDoesNotServe() throws Exception {
        RawSoap lnsap = new RawSoap(federation.lnsap("site-a").serviceUrl(), NsapContract.NAMESPACE).over(tls("bar-site-b"));
        HttpResponse<String> answer = lnsap.post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + NsapContract.NAMESPACE
                + "\"/>"), "listEndpoints");
        assertEquals(401, answer.statusCode(), answer.body());
    }

    @Test
    void theNsapRefusesAnLnsapCallingIt() throws Exception {
        RawSoap nsap = new RawSoap(federation.nsap().serviceUrl(), NsapContract.NAMESPACE).over(tls("lnsap-site-a"));
        assertEquals(401, nsap.post(RawSoap.envelope("<n:listEndpoints xmlns:n=\"" + NsapContract.NAMESPACE + "\"/>"),
                "listEndpoints").statusCode());
    }

    @Test
    void theNsapServesItsBars() throws Exception {
        RawSoap nsap = new RawSoap(federation.nsap().serviceUrl(), NsapContract.NAMESPACE).over(tls("bar-site-b"));
        assertTrue(nsap.call("listEndpoints", "<n:listEndpoints/>").contains("site-a"));
    }

    // ---- hostile XML, at every port type ----

    static final String XXE = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
            + "<n:OPERATION xmlns:n=\"NAMESPACE\"><n:requestId>&x;</n:requestId></n:OPERATION></soapenv:Body></soapenv:Envelope>";
    static final String BILLION_LAUGHS = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
            + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
            + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">"
            + "<!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">"
            + "<!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">"
            + "<!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">"
            + "<!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">"
            + "<!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">"
            + "<!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">]>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
            + "<n:OPERATION xmlns:n=\"NAMESPACE\"><n:requestId>&lol9;</n:requestId></n:OPERATION></soapenv:Body></soapenv:Envelope>";

    /** Each port type with an operation that changes state, and a client allowed to call it. */
    static List<Object[]> targets() {
        BarServer bar = federation.bar("site-a");
        String tlsBase = bar.tlsPeerUrl().orElseThrow().toString().replace(BarServer.PEER_SERVICE_NAME, "");
        return List.of(
                new Object[] {reservations("site-a", "alice"), "cancelReservation", BarServer.NAMESPACE},
                new Object[] {new RawSoap(URI.create(tlsBase + BarServer.PEER_SERVICE_NAME), BarServer.PEER_NAMESPACE)
                        .over(tls("bar-site-b")), "abort", BarServer.PEER_NAMESPACE},
                new Object[] {new RawSoap(bar.accountUrl(), BarServer.ACCOUNT_NAMESPACE).as("ada", "ada-demo"),
                        "createAccount", BarServer.ACCOUNT_NAMESPACE},
                new Object[] {new RawSoap(bar.operatorUrl(), BarServer.OPERATOR_NAMESPACE).as("oscar", "oscar-demo"),
                        "terminateReservation", BarServer.OPERATOR_NAMESPACE},
                new Object[] {new RawSoap(bar.maintenanceUrl(), BarServer.MAINTENANCE_NAMESPACE).as("oscar", "oscar-demo"),
                        "declareMaintenance", BarServer.MAINTENANCE_NAMESPACE},
                new Object[] {new RawSoap(bar.auditUrl(), BarServer.AUDIT_NAMESPACE).as("oscar", "oscar-demo"),
                        "searchAudit", BarServer.AUDIT_NAMESPACE},
                new Object[] {new RawSoap(bar.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE).as("alice", "alice-demo"),
                        "registerWebhook", BarServer.NOTIFICATION_NAMESPACE},
                new Object[] {new RawSoap(federation.nsap().serviceUrl(), NsapContract.NAMESPACE).over(tls("bar-site-a")),
                        "abort", NsapContract.NAMESPACE},
                new Object[] {new RawSoap(federation.lnsap("site-a").serviceUrl(), NsapContract.NAMESPACE)
                        .over(tls("bar-site-a")), "abort", NsapContract.NAMESPACE});
    }

    /** What a refused request must leave as it was: both BARs' reservations, accounts and audit trails. */
    static String state() throws BadRequest {
        StringBuilder s = new StringBuilder();
        for (String site : Federation.SITES) {
            BarServer bar = federation.bar(site);
            s.append(bar.store().list(List.of(), null, 1000).stream().map(r -> r.requestId() + r.state() + r.updatedAt())
                    .toList()).append(bar.accounts().list(ADMINISTRATION)).append(bar.auditTrail().verify());
        }
        return s.toString();
    }

    @Test
    void xxeAndBillionLaughsAreRefusedByEveryPortTypeWithNothingChanged() throws Exception {
        for (Object[] target : targets()) {
            RawSoap client = (RawSoap) target[0];
            String operation = (String) target[1];
            String namespace = (String) target[2];
            for (Map.Entry<String, String> payload : Map.of("XXE", XXE, "billion laughs", BILLION_LAUGHS).entrySet()) {
                String before = state();
                HttpResponse<String> answer = client.post(payload.getValue().replace("OPERATION", operation)
                        .replace("NAMESPACE", namespace), operation);
                String what = payload.getKey() + " to " + namespace + " " + operation + ": " + answer.body();
                assertEquals(500, answer.statusCode(), what);
                assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer.body()), what);
                assertTrue(!answer.body().contains("root:") && !answer.body().contains("lollol"), what);
                assertEquals(before, state(), what);
            }
        }
    }
}
