package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.crs.service.server.ServerConfig;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.service.AccountService;

/**
 * A BAR's contract over real HTTP and SOAP, as a client no one here wrote would see it: the WSDLs
 * it serves (compared with the published ones in schema/wsdl) and its answers to bad input. Its
 * L-NSAP, the NSAP and the peer BAR point at closed ports: nothing here gets as far as calling them.
 */
class BarServerTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static BarServer server;
    static RawSoap soap;

    @BeforeAll
    static void start() throws Exception {
        Duration timeout = Duration.ofSeconds(2);
        Site site = new Site("site-a",
                new SoapSegmentController("lnsap-site-a", nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                new SoapSegmentController("nsap", nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                Map.of("site-b", new SoapSegmentController("bar-site-b", nowhere(BarServer.PEER_SERVICE_NAME),
                        BarServer.PEER_NAMESPACE, timeout)));
        server = BarServer.start(new ServerConfig("bar-test", "jdbc:hsqldb:mem:bar-server-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), site, BarSettings.defaults(), Clock.systemUTC());
        server.accounts().createAccount(ADMINISTRATION, "tester", "operator", "", "tester-password");
        soap = new RawSoap(server.serviceUrl(), BarServer.NAMESPACE).as("tester", "tester-password");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A service URL on a port nothing listens on. */
    static URI nowhere(String service) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        return URI.create("http://127.0.0.1:" + port + "/services/" + service);
    }

    // ---- the published contract ----

    @Test
    void reservationServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.wsdlUrl(), "ReservationService.wsdl");
    }

    @Test
    void peerServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.peerWsdlUrl(), "PeerService.wsdl");
    }

    @Test
    void auditServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.auditWsdlUrl(), "AuditService.wsdl");
    }

    @Test
    void operatorServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.operatorWsdlUrl(), "OperatorService.wsdl");
    }

    @Test
    void notificationServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.notificationWsdlUrl(), "NotificationService.wsdl");
    }

    @Test
    void maintenanceServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(server.maintenanceWsdlUrl(), "MaintenanceService.wsdl");
    }

    @Test
    void accountServiceWsdlIsServedAndMatchesThePublishedOne() throws Exception {
        assertMatchesPublished(URI.create(server.accountUrl() + "?wsdl"), "AccountService.wsdl");
    }

    // ---- webhooks ----

    @Test
    void aRegisteredWebhooksSecretIsAnsweredOnceAndNeverListed() throws Exception {
        RawSoap notifications = new RawSoap(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE)
                .as("tester", "tester-password");
        String registered = notifications.call("registerWebhook",
                "<n:registerWebhook><n:url>https://hooks.example.org/crs</n:url></n:registerWebhook>");
        String id = RawSoap.field(registered, "id");
        String secret = RawSoap.field(registered, "secret");
        assertTrue(id != null && secret != null && secret.length() == 64, registered);

        String list = notifications.call("listWebhooks", "<n:listWebhooks/>");
        assertTrue(list.contains(id) && !list.contains(secret), list);

        String removed = notifications.call("removeWebhook", "<n:removeWebhook><n:id>" + id + "</n:id></n:removeWebhook>");
        assertEquals("true", RawSoap.field(removed, "return"), removed);
        assertFalse(notifications.call("listWebhooks", "<n:listWebhooks/>").contains(id));
    }

    @Test
    void aWebhookUrlThatIsNotHttpIsAClientFaultNamingTheUrl() throws Exception {
        RawSoap notifications = new RawSoap(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE)
                .as("tester", "tester-password");
        String answer = notifications.call("registerWebhook",
                "<n:registerWebhook><n:url>file:///etc/passwd</n:url></n:registerWebhook>");
        assertEquals("BAD_FIELD", RawSoap.field(answer, "code"), answer);
        assertEquals("url", RawSoap.field(answer, "field"), answer);
    }

    static void assertMatchesPublished(URI wsdlUrl, String file) throws Exception {
        HttpResponse<String> served = HTTP.send(HttpRequest.newBuilder(wsdlUrl).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, served.statusCode(), served.body());
        String normalised = served.body().replace("127.0.0.1:" + server.port(), "127.0.0.1:8080");
        Path published = Path.of("../schema/wsdl").resolve(file);
        if (Boolean.getBoolean("crs.writeWsdl")) {
            Files.createDirectories(published.getParent());
            Files.writeString(published, normalised);
        }
        assertTrue(Files.exists(published), "schema/wsdl/" + file + " is missing: run this test with -Dcrs.writeWsdl=true");
        assertEquals(Files.readString(published), normalised,
                "the served WSDL differs from schema/wsdl/" + file + ": a contract change must be published on purpose "
                        + "(rerun with -Dcrs.writeWsdl=true and review the diff)");
    }

    // ---- bad input ----

    static String day(int days, int hours) {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(days)).plus(Duration.ofHours(hours)).toString();
    }

    static String createBody(String id, String source, String destination, String mbps, String start, String end) {
        return "<n:createReservation><n:requestId>" + id + "</n:requestId><n:source>" + source + "</n:source>"
                + "<n:destination>" + destination + "</n:destination><n:bandwidthMbps>" + mbps + "</n:bandwidthMbps>"
                + "<n:start>" + start + "</n:start><n:end>" + end + "</n:end><n:description>test</n:description>"
                + "<n:holdOnly>false</n:holdOnly></n:createReservation>";
    }

    static String validCreate(String id) {
        return createBody(id, "site-a:host-a1", "site-b:host-b1", "100", day(3, 10), day(3, 11));
    }

    /** The answer is a SOAP fault whose string begins with the field's name, and the detail names it too. */
    static void assertFaultNaming(String field, String answer) {
        assertTrue(answer.contains("Fault"), answer);
        String faultString = RawSoap.field(answer, "faultstring");
        assertTrue(faultString != null && faultString.startsWith(field + ": "), "fault string should name " + field + ": " + answer);
        assertEquals(field, RawSoap.field(answer, "field"), answer);
    }

    static void assertNothingStored() throws Exception {
        String list = soap.call("listReservations", "<n:listReservations><n:state></n:state></n:listReservations>");
        assertTrue(list.contains("listReservationsResponse") && !list.contains("requestId"), list);
        assertEquals(List.of(), server.store().list(List.of(), null, 10));
    }

    @Test
    void anEndBeforeTheStartGetsAFaultNamingEnd() throws Exception {
        assertFaultNaming("end", soap.call("createReservation",
                createBody("bad-end", "site-a:host-a1", "site-b:host-b1", "100", day(3, 11), day(3, 10))));
        assertNothingStored();
    }

    @Test
    void aZeroBandwidthGetsAFaultNamingBandwidthMbps() throws Exception {
        assertFaultNaming("bandwidthMbps", soap.call("createReservation",
                createBody("bad-mbps", "site-a:host-a1", "site-b:host-b1", "0", day(3, 10), day(3, 11))));
        assertNothingStored();
    }

    @Test
    void aSourceThatIsNotSiteColonHostGetsAFaultNamingSource() throws Exception {
        assertFaultNaming("source", soap.call("createReservation",
                createBody("bad-source", "host-a1", "site-b:host-b1", "100", day(3, 10), day(3, 11))));
        assertNothingStored();
    }

    @Test
    void anUnknownStateGetsAFaultNamingState() throws Exception {
        assertFaultNaming("state", soap.call("listReservations",
                "<n:listReservations><n:state>BOOKED</n:state></n:listReservations>"));
        assertNothingStored();
    }

    @Test
    void anUnknownRequestIdGetsAFaultNamingRequestId() throws Exception {
        String answer = soap.call("getReservation", "<n:getReservation><n:requestId>no-such-id</n:requestId></n:getReservation>");
        assertFaultNaming("requestId", answer);
        assertTrue(answer.contains("no reservation no-such-id"), answer);
        assertNothingStored();
    }

    @Test
    void malformedXmlIsRefused() throws Exception {
        HttpResponse<String> malformed = soap.post("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><n:createReservation", "createReservation");
        assertEquals(500, malformed.statusCode(), malformed.body());
        assertTrue(malformed.body().contains("Fault"), malformed.body());
        assertNothingStored();
    }

    @Test
    void anOversizedRequestIsRefused() throws Exception {
        String huge = validCreate("huge").replace("<n:description>test</n:description>",
                "<n:description>" + "x".repeat(2_000_000) + "</n:description>");
        HttpResponse<String> answer = soap.post(envelope(huge), "createReservation");
        assertEquals(413, answer.statusCode(), "oversized request: " + answer.body());
        assertTrue(answer.body().contains("Fault"), answer.body());
        assertNothingStored();
    }

    @Test
    void aDtdWithAnExternalEntityIsRefusedAndNotExpanded() throws Exception {
        String entity = "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + envelope(validCreate("dtd")).replace("<n:description>test<", "<n:description>&e;<");
        HttpResponse<String> external = soap.post(entity, "createReservation");
        assertEquals(500, external.statusCode(), external.body());
        assertTrue(external.body().contains("Fault"), external.body());
        assertFalse(external.body().contains("root:"), "the entity must not be expanded");

        String internal = "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e \"internal\">]>"
                + envelope(validCreate("dtd-internal")).replace("<n:description>test<", "<n:description>&e;<");
        HttpResponse<String> dtd = soap.post(internal, "createReservation");
        assertEquals(500, dtd.statusCode(), dtd.body());
        assertTrue(dtd.body().contains("Fault"), dtd.body());
        assertNothingStored();
    }

    /** A SOAP 1.1 envelope with {@code n:} bound to the BAR's namespace, without an XML declaration. */
    static String envelope(String body) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\""
                + BarServer.NAMESPACE + "\"><soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }
}
