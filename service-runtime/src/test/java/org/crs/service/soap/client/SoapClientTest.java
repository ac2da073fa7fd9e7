package org.crs.service.soap.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.soap.EchoApi;
import org.crs.service.soap.EchoBean;
import org.crs.service.soap.EchoService;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapServer;
import org.crs.service.soap.SoapTimes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The services' SOAP client against a real SoapServer on 127.0.0.1 serving the test port type. */
class SoapClientTest {

    static final String NS = "urn:crs:test:echo:1";
    static SoapServer server;
    static SoapClient echo;

    @BeforeAll
    static void start() throws Exception {
        server = SoapServer.builder().port(0).service("Echo", NS, EchoApi.class, new EchoService()).start();
        echo = new SoapClient("echo", server.serviceUrl("Echo"), NS, Duration.ofSeconds(10), null);
    }

    @AfterAll
    static void stop() {
        echo.close();
        server.close();
    }

    static EchoBean bean() {
        EchoBean b = new EchoBean();
        b.setCount(42);
        b.setName("a & <b>");
        b.setTags(new String[] {"core-1", "core-2"});
        b.setWhen(SoapTimes.calendar(Instant.parse("2026-11-22T10:00:00Z")));
        return b;
    }

    @Test
    void aBeanGoesOutAndComesBackWithItsNumberTextArrayAndTime() throws Exception {
        EchoBean answer = echo.call(SoapRequest.of("echoBean").with("bean", bean()), EchoBean.class);

        assertEquals(43, answer.getCount());
        assertEquals("a & <b>", answer.getName());
        assertArrayEquals(new String[] {"core-1", "core-2"}, answer.getTags());
        assertEquals(Instant.parse("2026-11-22T10:00:00Z"), answer.getWhen().toInstant());
    }

    @Test
    void aBeanIsWrittenAsTheSchemaOrdersItsPropertiesQualifiedInTheServicesNamespace() {
        assertEquals("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\""
                + "http://schemas.xmlsoap.org/soap/envelope/\" xmlns:n=\"" + NS + "\"><soapenv:Body><n:echoBean><n:bean>"
                + "<n:count>42</n:count><n:name>a &amp; &lt;b&gt;</n:name><n:tags>core-1</n:tags><n:tags>core-2</n:tags>"
                + "<n:when>2026-11-22T10:00:00Z</n:when></n:bean><n:reason></n:reason></n:echoBean></soapenv:Body>"
                + "</soapenv:Envelope>",
                EnvelopeWriter.envelope(NS, SoapRequest.of("echoBean").with("bean", bean()).with("reason", null)));
    }

    @Test
    void anArrayAnswerIsEveryReturnInOrder() throws Exception {
        assertEquals(List.of("a", "b", "c"), echo.callForAll(SoapRequest.of("split").with("text", "a b c"), String.class));
        assertEquals(List.of(), echo.callForAll(SoapRequest.of("split").with("text", " "), String.class));
    }

    @Test
    void aDeclaredFaultIsTheServiceFaultWithItsCodeAndField() {
        ServiceFault f = assertThrows(ServiceFault.class,
                () -> echo.call(SoapRequest.of("check").with("value", " "), String.class));

        assertTrue(f.callersError());
        assertEquals(RefusalCode.BAD_FIELD, f.refusal().code());
        assertEquals("value", f.refusal().field());
    }

    @Test
    void anUndeclaredFailureIsAServerFaultOfTheServiceNamedByTheCaller() {
        ServiceFault f = assertThrows(ServiceFault.class,
                () -> echo.call(SoapRequest.of("fail").with("secret", "hunter2"), String.class));

        assertFalse(f.callersError());
        assertEquals(new Refusal(RefusalCode.PROVIDER_SILENT, "echo", f.refusal().message()), f.refusal());
    }

    @Test
    void anAnswerNotOfTheAskedTypeIsUnreadable() {
        SoapCallException e = assertThrows(SoapCallException.class,
                () -> echo.call(SoapRequest.of("echo").with("text", "twelve"), Long.class));

        assertEquals(SoapCallException.Kind.UNREADABLE, e.kind());
        assertEquals(RefusalCode.PROVIDER_SILENT, e.code());
    }

    @Test
    void anHttpErrorWithoutAFaultIsUnreadable() {
        try (SoapClient lost = new SoapClient("lost", server.serviceUrl("Echo").resolve("/nothing-here"), NS,
                Duration.ofSeconds(5), null)) {
            SoapCallException e = assertThrows(SoapCallException.class,
                    () -> lost.call(SoapRequest.of("echo").with("text", "x"), String.class));
            assertEquals(SoapCallException.Kind.UNREADABLE, e.kind());
            assertTrue(e.getMessage().startsWith("echo: HTTP 404"), e.getMessage());
        }
    }

    @Test
    void noServerIsNoConnection() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        try (SoapClient down = new SoapClient("down", URI.create("http://127.0.0.1:" + port + "/services/Echo"), NS,
                Duration.ofSeconds(2), null)) {
            SoapCallException e = assertThrows(SoapCallException.class,
                    () -> down.call(SoapRequest.of("echo").with("text", "x"), String.class));
            assertEquals(SoapCallException.Kind.NO_CONNECTION, e.kind());
            assertEquals(RefusalCode.PROVIDER_SILENT, e.code());
        }
    }

    @Test
    void aServerThatNeverAnswersEndsTheCallAtItsDeadline() throws Exception {
        try (ServerSocket silent = new ServerSocket(0);
             SoapClient slow = new SoapClient("slow", URI.create("http://127.0.0.1:" + silent.getLocalPort()
                     + "/services/Echo"), NS, Duration.ofMillis(500), null)) {
            List<Socket> accepted = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // and never answer
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            }, "silent-server");
            acceptor.setDaemon(true);
            acceptor.start();
            long t0 = System.nanoTime();
            SoapCallException e = assertThrows(SoapCallException.class,
                    () -> slow.call(SoapRequest.of("echo").with("text", "x"), String.class));
            long millis = Duration.ofNanos(System.nanoTime() - t0).toMillis();

            assertEquals(SoapCallException.Kind.TIMEOUT, e.kind());
            assertEquals(RefusalCode.TIMEOUT, e.code());
            assertTrue(millis >= 450 && millis < 1500, "gave up after " + millis + " ms");
        }
    }
}
