package org.crs.service.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

/**
 * XML the parser refuses (a DOCTYPE, an entity, nesting too deep, not well formed) is the
 * caller's error: one WARN line in the log, no stack trace, nothing at ERROR.
 */
class RefusedXmlLogTest {

    static final String NS = "urn:crs:test:echo:1";
    static SoapServer server;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    final ListAppender<ILoggingEvent> events = new ListAppender<>();
    final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeAll
    static void start() {
        server = SoapServer.builder().service("Echo", NS, EchoApi.class, new EchoService()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void listen() {
        events.start();
        root.addAppender(events);
    }

    @AfterEach
    void stopListening() {
        root.detachAppender(events);
    }

    static String envelope(String body) {
        return "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body><e:echo xmlns:e='" + NS + "'>"
                + body + "</e:echo></s:Body></s:Envelope>";
    }

    @ParameterizedTest
    @ValueSource(strings = {"dtd", "entity", "deep", "truncated"})
    void refusedXmlIsLoggedAsOneWarnLineWithoutStackTrace(String kind) throws Exception {
        String xml = switch (kind) {
            case "dtd" -> "<!DOCTYPE s:Envelope SYSTEM 'http://127.0.0.1:1/x.dtd'>" + envelope("<e:text>a</e:text>");
            case "entity" -> "<!DOCTYPE x [<!ENTITY e 'boom'>]>" + envelope("<e:text>&e;</e:text>");
            case "deep" -> envelope("<e:text>" + "<a>".repeat(2000) + "</a>".repeat(2000) + "</e:text>");
            default -> envelope("<e:text>a</e:te");
        };
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(server.serviceUrl("Echo"))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:echo")
                .POST(HttpRequest.BodyPublishers.ofString(xml)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(500, answer.statusCode(), answer.body());
        assertEquals(true, answer.body().contains("<faultcode>soapenv:Client</faultcode>"), answer.body());
        List<ILoggingEvent> warnings = events.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(Level.WARN, warnings.get(0).getLevel());
        assertNull(warnings.get(0).getThrowableProxy(), "no stack trace");
    }
}
