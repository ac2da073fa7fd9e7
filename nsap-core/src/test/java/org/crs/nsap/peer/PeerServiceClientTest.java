package org.crs.nsap.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.crs.domain.access.SegmentOwner;
import org.crs.nsap.port.BookingOwners.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

/**
 * The PeerService client against real HTTP servers on 127.0.0.1 that answer as a BAR's Axis2
 * endpoint does: fixed SOAP 1.1 envelopes, a Client or Server fault, silence.
 */
class PeerServiceClientTest {

    static final String WANTED = envelope("<ns:segmentWantedResponse xmlns:ns=\"urn:crs:bar-peer:1\">"
            + "<ns:return>WANTED</ns:return></ns:segmentWantedResponse>");
    static final String NOT_WANTED = envelope("<ns:segmentWantedResponse xmlns:ns=\"urn:crs:bar-peer:1\">"
            + "<ns:return>NOT_WANTED</ns:return></ns:segmentWantedResponse>");
    static final String CLIENT_FAULT = envelope("<soapenv:Fault><faultcode>soapenv:Client</faultcode>"
            + "<faultstring>bookingId: is not &lt;site&gt;:&lt;requestId&gt;:&lt;part&gt;: x</faultstring>"
            + "<detail><field>bookingId</field></detail></soapenv:Fault>");
    static final String SERVER_FAULT = envelope("<soapenv:Fault><faultcode>soapenv:Server</faultcode>"
            + "<faultstring>bar-site-b: no answer</faultstring></soapenv:Fault>");

    static String envelope(String body) {
        return "<?xml version='1.0' encoding='utf-8'?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    /** One request as the server saw it. */
    record Seen(String soapAction, String contentType, String body) {
    }

    final List<HttpServer> servers = new CopyOnWriteArrayList<>();
    final List<Seen> seen = new CopyOnWriteArrayList<>();

    /** A BAR's PeerService that answers every call with {@code status} and {@code body}, after {@code delay}. */
    URI bar(int status, String body, Duration delay) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/services/PeerService", exchange -> {
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            seen.add(new Seen(exchange.getRequestHeaders().getFirst("SOAPAction"),
                    exchange.getRequestHeaders().getFirst("Content-Type"), request));
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] out = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=UTF-8");
            exchange.sendResponseHeaders(status, out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        });
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/services/PeerService");
    }

    URI bar(int status, String body) throws IOException {
        return bar(status, body, Duration.ZERO);
    }

    static PeerServiceClient client(URI bar) {
        return new PeerServiceClient(Map.of("site-a", bar), Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    @Test
    void askSegmentWantedInThePeerNamespaceWithItsSoapAction() throws Exception {
        client(bar(200, WANTED)).wanted("site-a:R1:campus");

        Seen request = seen.get(0);
        assertEquals("\"urn:segmentWanted\"", request.soapAction());
        assertTrue(request.contentType().startsWith("text/xml"), request.contentType());
        assertTrue(request.body().contains("xmlns:n=\"urn:crs:bar-peer:1\""), request.body());
        assertTrue(request.body().contains("<n:segmentWanted><n:bookingId>site-a:R1:campus</n:bookingId></n:segmentWanted>"),
                request.body());
    }

    @Test
    void theReturnElementSaysWantedOrNotWanted() throws Exception {
        assertEquals(Answer.WANTED, client(bar(200, WANTED)).wanted("site-a:R1:campus").answer());
        assertEquals(Answer.NOT_WANTED, client(bar(200, NOT_WANTED)).wanted("site-a:R1:campus").answer());
    }

    @Test
    void aClientFaultIsARefusedQuestion() throws Exception {
        assertEquals(Answer.REFUSED, client(bar(500, CLIENT_FAULT)).wanted("x").answer());
    }

    @Test
    void aServerFaultIsNoAnswer() throws Exception {
        assertEquals(Answer.UNREACHABLE, client(bar(500, SERVER_FAULT)).wanted("site-b:R1:remote").answer());
    }

    @Test
    void anAnswerThatIsNeitherIsNoAnswer() throws Exception {
        String maybe = WANTED.replace(">WANTED<", ">MAYBE<");
        assertEquals(Answer.UNREACHABLE, client(bar(200, maybe)).wanted("site-a:R1:campus").answer());
        assertEquals(Answer.UNREACHABLE, client(bar(200, "not xml <")).wanted("site-a:R1:campus").answer());
        assertEquals(Answer.UNREACHABLE, client(bar(404, "")).wanted("site-a:R1:campus").answer());
    }

    @Test
    void aBarThatRefusesTheConnectionIsUnreachable() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        var reply = client(URI.create("http://127.0.0.1:" + closed + "/services/PeerService")).wanted("site-a:R1:campus");
        assertEquals(Answer.UNREACHABLE, reply.answer());
        assertTrue(reply.detail().contains("127.0.0.1:" + closed), reply.detail());
    }

    @Test
    void aBarSlowerThanTheTimeoutIsUnreachableWhenTheTimeoutEnds() throws Exception {
        URI slow = bar(200, WANTED, Duration.ofSeconds(3));
        PeerServiceClient client = new PeerServiceClient(Map.of("site-a", slow), Duration.ofMillis(300));

        long t0 = System.nanoTime();
        Answer answer = client.wanted("site-a:R1:campus").answer();
        long millis = Duration.ofNanos(System.nanoTime() - t0).toMillis();

        assertEquals(Answer.UNREACHABLE, answer);
        assertTrue(millis < 2000, "gave up after " + millis + " ms");
    }

    @Test
    void theBookingsSiteChoosesTheBarAndAnotherSiteAsksTheFirst() throws Exception {
        URI a = bar(200, WANTED);
        URI b = bar(200, NOT_WANTED);
        Map<String, URI> bars = new LinkedHashMap<>();
        bars.put("site-a", a);
        bars.put("site-b", b);
        PeerServiceClient client = new PeerServiceClient(bars, Duration.ofSeconds(5));

        assertEquals(Answer.WANTED, client.wanted("site-a:R1:wan").answer());
        assertEquals(Answer.NOT_WANTED, client.wanted("site-b:R2:wan").answer());
        assertEquals(Answer.WANTED, client.wanted("site-c:R3:wan").answer(), "an unlisted site is asked of the first BAR");
        assertEquals(a, client.barFor("no-colon"));
    }

    @Test
    void theStoredOwnerChoosesTheBarWhateverSiteTheBookingIdNames() throws Exception {
        URI a = bar(200, WANTED);
        URI b = bar(200, NOT_WANTED);
        Map<String, URI> bars = new LinkedHashMap<>();
        bars.put("site-a", a);
        bars.put("site-b", b);
        PeerServiceClient client = new PeerServiceClient(bars, Duration.ofSeconds(5));

        // site-b's BAR booked the remote campus part of site-a's reservation: site-b's BAR is asked.
        assertEquals(Answer.NOT_WANTED, client.wanted("site-a:R1:remote", new SegmentOwner.Bar("site-b")).answer());
        assertEquals(b, client.barFor("site-a:R1:remote", new SegmentOwner.Bar("site-b")));
        assertEquals(a, client.barFor("site-b:R2:wan", new SegmentOwner.Bar("site-c")), "an unlisted BAR: the first");
        assertEquals(b, client.barFor("site-b:R2:wan", new SegmentOwner.Unrecorded()), "no owner: the id's site");
    }
}
