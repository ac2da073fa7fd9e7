package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.crs.service.server.ServerConfig;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.port.Site;
import org.crs.bar.adapter.soap.SoapSegmentController;
import javax.security.auth.x500.X500Principal;

import org.crs.bar.testing.TestCertificates;
import org.crs.domain.access.Caller;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.crs.bar.api.soap.AccountPortType;
import org.crs.bar.api.soap.AuditPortType;
import org.crs.bar.api.soap.ReservationPortType;
import org.crs.bar.api.soap.OperatorPortType;
import org.crs.bar.api.soap.NotificationPortType;
import org.crs.bar.api.soap.MaintenancePortType;
import org.crs.bar.api.soap.PeerPortType;

/**
 * Malformed requests to every operation of the port types a BAR serves (ReservationService for
 * clients, PeerService for other BARs, AuditService and OperatorService for operators), read from the served
 * WSDLs: each gets a Client fault whose detail names the field, and stores nothing. The BAR's L-NSAP, NSAP and peer point at
 * closed ports, so a request that got through would answer a fault without a field.
 * clients, PeerService for other BARs, MaintenanceService for operators), read from the served
 * WSDLs: each gets a Client fault whose detail names the field, and stores nothing. The BAR's
 * L-NSAP, NSAP and peer point at closed ports, so a request that got through would answer a
 * fault without a field.
 */
class BadRequestsTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final TestCertificates CERTIFICATES = TestCertificates.authority("bad-requests");
    static BarServer server;

    @BeforeAll
    static void start() throws Exception {
        Duration timeout = Duration.ofSeconds(2);
        Site site = new Site("site-a",
                new SoapSegmentController("lnsap-site-a", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                new SoapSegmentController("nsap", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                Map.of("site-b", new SoapSegmentController("bar-site-b", BarServerTest.nowhere(BarServer.PEER_SERVICE_NAME),
                        BarServer.PEER_NAMESPACE, timeout)));
        X500Principal peer = CERTIFICATES.subject("bar-site-b");
        server = BarServer.start(new ServerConfig("bar-bad", "jdbc:hsqldb:mem:bar-bad-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false).withTls(ServerTls.besidePlain(CERTIFICATES.settings("bar-site-a", ClientAuth.OPTIONAL),
                0)), site, BarSettings.defaults(), Clock.systemUTC(), BarServer.Options.defaults("bar-bad")
                .withServices(Map.of(peer, new Caller.PeerBar("site-b", peer.getName()))));
        server.accounts().createAccount(ADMINISTRATION, "tester", "admin", "", "tester-password");
    }

    /**
     * A client of one of the BAR's port types: site-b's BAR by its certificate for PeerService,
     * an admin for the others.
     */
    static RawSoap client(URI endpoint, String namespace) {
        if (BarServer.PEER_NAMESPACE.equals(namespace)) {
            return new RawSoap(server.tlsPeerUrl().orElseThrow(), namespace).over(CERTIFICATES.http("bar-site-b"));
        }
        return new RawSoap(endpoint, namespace).as("tester", "tester-password");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String get(URI uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    // run after @BeforeAll: the server is up
    static Stream<MalformedRequests.Case> reservationCorpus() throws Exception {
        return MalformedRequests.of(get(server.wsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> peerCorpus() throws Exception {
        return MalformedRequests.of(get(server.peerWsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> auditCorpus() throws Exception {
        return MalformedRequests.of(get(server.auditWsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> operatorCorpus() throws Exception {
        return MalformedRequests.of(get(server.operatorWsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> notificationCorpus() throws Exception {
        return MalformedRequests.of(get(server.notificationWsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> maintenanceCorpus() throws Exception {
        return MalformedRequests.of(get(server.maintenanceWsdlUrl())).stream();
    }

    static Stream<MalformedRequests.Case> accountCorpus() throws Exception {
        return MalformedRequests.of(get(URI.create(server.accountUrl() + "?wsdl"))).stream();
    }

    static String snapshot() {
        return server.store().list(List.of(), null, 1000).stream()
                .map(r -> r.request().requestId() + " " + r.state() + " " + r.updatedAt()).toList().toString();
    }

    static void assertClientFaultNamingTheField(URI endpoint, String namespace, MalformedRequests.Case c) throws Exception {
        String before = snapshot();
        HttpResponse<String> answer = client(endpoint, namespace).post(
                "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\"" + namespace
                        + "\"><soapenv:Body>" + c.body() + "</soapenv:Body></soapenv:Envelope>", c.soapActionOperation());
        assertEquals(500, answer.statusCode(), answer.body());
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer.body()), answer.body());
        assertEquals("BAD_FIELD", MalformedRequests.text(answer.body(), "code"), answer.body());
        assertEquals(c.field(), MalformedRequests.text(answer.body(), "field"), answer.body());
        assertEquals(before, snapshot());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reservationCorpus")
    void aMalformedReservationRequestGetsAClientFaultNamingTheFieldAndStoresNothing(MalformedRequests.Case c) throws Exception {
        assertClientFaultNamingTheField(server.serviceUrl(), BarServer.NAMESPACE, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("peerCorpus")
    void aMalformedPeerRequestGetsAClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c) throws Exception {
        assertClientFaultNamingTheField(server.peerUrl(), BarServer.PEER_NAMESPACE, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("auditCorpus")
    void aMalformedAuditRequestGetsAClientFaultNamingTheField(MalformedRequests.Case c) throws Exception {
        assertClientFaultNamingTheField(server.auditUrl(), BarServer.AUDIT_NAMESPACE, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operatorCorpus")
    void aMalformedOperatorRequestGetsAClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c)
            throws Exception {
        assertClientFaultNamingTheField(server.operatorUrl(), BarServer.OPERATOR_NAMESPACE, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notificationCorpus")
    void aMalformedNotificationRequestGetsAClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c)
            throws Exception {
        String webhooks = client(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE)
                .call("listWebhooks", "<n:listWebhooks/>");
        assertClientFaultNamingTheField(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE, c);
        assertEquals(webhooks, client(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE)
                .call("listWebhooks", "<n:listWebhooks/>"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("maintenanceCorpus")
    void aMalformedMaintenanceRequestGetsAClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c)
            throws Exception {
        assertClientFaultNamingTheField(server.maintenanceUrl(), BarServer.MAINTENANCE_NAMESPACE, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accountCorpus")
    void aMalformedAccountRequestGetsAClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c)
            throws Exception {
        String accounts = server.accounts().list(ADMINISTRATION).toString();
        assertClientFaultNamingTheField(server.accountUrl(), BarServer.ACCOUNT_NAMESPACE, c);
        assertEquals(accounts, server.accounts().list(ADMINISTRATION).toString());
    }

    @Test
    void theCorporaCoverEveryOperationOfEveryPortType() throws Exception {
        assertEquals(publicMethods(ReservationPortType.class), operations(reservationCorpus()));
        assertEquals(publicMethods(PeerPortType.class), operations(peerCorpus()));
        assertEquals(publicMethods(AuditPortType.class), operations(auditCorpus()));
        assertEquals(publicMethods(OperatorPortType.class), operations(operatorCorpus()));
        assertEquals(publicMethods(NotificationPortType.class), operations(notificationCorpus()));
        assertEquals(publicMethods(MaintenancePortType.class), operations(maintenanceCorpus()));
        assertEquals(publicMethods(AccountPortType.class), operations(accountCorpus()));
    }

    @Test
    void aGetReservationBodySentWithTheCancelSoapActionIsRefused() throws Exception {
        String answer = client(server.serviceUrl(), BarServer.NAMESPACE).post(BarServerTest.envelope(
                "<n:getReservation><n:requestId>r1</n:requestId></n:getReservation>"), "cancelReservation").body();
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("SOAPAction", MalformedRequests.text(answer, "field"), answer);
    }

    @Test
    void aPeerWhoseLnsapDoesNotAnswerIsAProviderSilentServerFault() throws Exception {
        String answer = client(server.peerUrl(), BarServer.PEER_NAMESPACE).call("listEndpoints",
                "<n:listEndpoints/>");
        assertEquals("{http://schemas.xmlsoap.org/soap/envelope/}Server", MalformedRequests.faultCode(answer), answer);
        assertEquals("PROVIDER_SILENT", MalformedRequests.text(answer, "code"), answer);
    }

    static Set<String> publicMethods(Class<?> portType) {
        return Arrays.stream(portType.getDeclaredMethods()).filter(m -> Modifier.isPublic(m.getModifiers()))
                .map(Method::getName).collect(Collectors.toSet());
    }

    static Set<String> operations(Stream<MalformedRequests.Case> corpus) {
        return corpus.map(MalformedRequests.Case::operation).collect(Collectors.toSet());
    }
}
