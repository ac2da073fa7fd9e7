package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.crs.domain.access.Caller;
import org.crs.nsap.soap.NsapPortType;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.crs.service.server.ServerConfig;

/**
 * Malformed requests to every operation of the NSAP port type, read from its served WSDL: each
 * gets a Client fault whose detail names the field, and none changes anything. A booking "x"
 * (the id every malformed request names) is held first, so a request that got through would
 * show in its history.
 */
class BadRequestsTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static NsapServer server;
    static RawSoap soap;

    @BeforeAll
    static void start() throws Exception {
        server = NsapServer.start(new ServerConfig("nsap-bad", "jdbc:hsqldb:mem:nsap-bad-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), new OneLinkPlanner(), store -> NoRouters.INSTANCE, Clock.systemUTC());
        soap = new RawSoap(server.serviceUrl());
        String held = soap.call("hold", NsapServerTest.holdBody("x", "10", NsapServerTest.future(1), NsapServerTest.future(2)));
        assertEquals("HELD", RawSoap.field(held, "state"), held);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    // runs after @BeforeAll: the server is up
    static Stream<MalformedRequests.Case> corpus() throws Exception {
        return MalformedRequests.of(wsdl()).stream();
    }

    static String wsdl() throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(server.wsdlUrl().toString())).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** What a request that got through would have changed: the segments, x's history, the maintenance windows. */
    static String snapshot() throws Exception {
        return server.service().query(List.of(), null, new Caller.Process("test")).stream().map(s -> s.bookingId() + " " + s.state()).toList()
                + " " + server.service().history("x", new Caller.Process("test")).size()
                + " " + server.service().listMaintenance(null, new org.crs.domain.time.TimeInterval(Instant.EPOCH,
                Instant.parse("2100-01-01T00:00:00Z"))).size();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void aMalformedRequestGetsABadFieldClientFaultNamingTheFieldAndChangesNothing(MalformedRequests.Case c) throws Exception {
        String before = snapshot();
        HttpResponse<String> answer = soap.post(RawSoap.envelope(c.body()), c.soapActionOperation());
        assertEquals(500, answer.statusCode(), answer.body());
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer.body()), answer.body());
        assertEquals("BAD_FIELD", MalformedRequests.text(answer.body(), "code"), answer.body());
        assertEquals(c.field(), MalformedRequests.text(answer.body(), "field"), answer.body());
        assertEquals(before, snapshot());
    }

    @Test
    void theCorpusCoversEveryOperation() throws Exception {
        Set<String> operations = MalformedRequests.of(wsdl()).stream().map(MalformedRequests.Case::operation)
                .collect(Collectors.toSet());
        Set<String> methods = Arrays.stream(NsapPortType.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers())).map(Method::getName).collect(Collectors.toSet());
        assertEquals(methods, operations);
    }

    @Test
    void aRequestWithoutSoapActionIsDispatchedOnItsBody() throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(server.serviceUrl())
                .header("Content-Type", "text/xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(RawSoap.envelope("<n:status><n:bookingId>x</n:bookingId></n:status>")))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("HELD", RawSoap.field(answer.body(), "state"), answer.body());
    }

    @Test
    void anEmptySoapActionIsDispatchedOnTheBody() throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(server.serviceUrl())
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofString(RawSoap.envelope("<n:status><n:bookingId>x</n:bookingId></n:status>")))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("HELD", RawSoap.field(answer.body(), "state"), answer.body());
    }

    @Test
    void aSoap12MalformedRequestGetsASenderFaultNamingTheField() throws Exception {
        String envelope = "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:n=\"" + RawSoap.NS + "\">"
                + "<s:Body><n:deviceLog><n:bookingId>x</n:bookingId><n:limit>ten</n:limit></n:deviceLog></s:Body></s:Envelope>";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(server.serviceUrl())
                .header("Content-Type", "application/soap+xml; charset=UTF-8; action=\"urn:deviceLog\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(answer.body().matches("(?s).*<soapenv:Value>soapenv:Sender</soapenv:Value>.*"), answer.body());
        assertEquals("BAD_FIELD", MalformedRequests.text(answer.body(), "code"), answer.body());
        assertEquals("limit", MalformedRequests.text(answer.body(), "field"), answer.body());
    }

    @Test
    void aServiceRefusalIsAClientFaultWithItsCode() throws Exception {
        String answer = soap.call("commit", "<n:commit><n:bookingId>no-such-booking</n:bookingId></n:commit>");
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("BAD_FIELD", MalformedRequests.text(answer, "code"), answer);
        assertEquals("bookingId", MalformedRequests.text(answer, "field"), answer);
    }
}
