package org.crs.service.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.crs.service.soap.EchoApi;
import org.crs.service.soap.EchoService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A service shell's {@code /metrics} and {@code /health}, over real HTTP. */
class ServiceMonitoringTest {

    private static final String NS = "urn:crs:test:echo:1";
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private ServiceShell start(ServiceShell.Assembly more) throws Exception {
        ServiceShell shell = ServiceShell.start(new ServerConfig("monitored-" + open.size(), "jdbc:hsqldb:mem:monitored-" + System.nanoTime(),
                "SA", "", "127.0.0.1", 0, false), "runtime-test", setUp -> {
                    setUp.serve("Echo", NS, new EchoService());
                    more.assemble(setUp);
                });
        open.add(shell);
        return shell;
    }

    @Test
    void everySoapCallIsCountedByOperationAndOutcomeWithTheFaultsCode() throws Exception {
        ServiceShell shell = start(setUp -> { });
        URI echo = shell.serviceUrl("Echo");
        assertEquals(200, soap(echo, "<e:echo xmlns:e='" + NS + "'><e:text>hi</e:text></e:echo>").statusCode());
        assertEquals(200, soap(echo, "<e:echo xmlns:e='" + NS + "'><e:text>again</e:text></e:echo>").statusCode());
        assertEquals(500, soap(echo, "<e:check xmlns:e='" + NS + "'><e:value> </e:value></e:check>").statusCode());
        assertEquals(500, soap(echo, "<e:fail xmlns:e='" + NS + "'><e:secret>s3cret</e:secret></e:fail>").statusCode());

        HttpResponse<String> metrics = get(shell, ServiceShell.METRICS_PATH);
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.headers().firstValue("Content-Type").orElse("").replace(" ", "").startsWith("text/plain;version=0.0.4"),
                metrics.headers().toString());
        String text = metrics.body();
        assertTrue(text.contains("# TYPE crs_soap_calls_total counter"), text);
        assertTrue(text.contains("crs_soap_calls_total{code=\"\",operation=\"echo\",outcome=\"ok\",service=\"Echo\"} 2.0"), text);
        assertTrue(text.contains("crs_soap_calls_total{code=\"BAD_FIELD\",operation=\"check\",outcome=\"client_fault\",service=\"Echo\"} 1.0"), text);
        assertTrue(text.contains("crs_soap_calls_total{code=\"INTERNAL_ERROR\",operation=\"fail\",outcome=\"server_fault\",service=\"Echo\"} 1.0"), text);
        assertTrue(text.contains("crs_soap_call_duration_seconds_count{operation=\"echo\",service=\"Echo\"} 2"), text);
        assertTrue(text.contains("jvm_memory_used_bytes"), "JVM metrics are there too");
        assertFalse(text.contains("s3cret"), "no argument reaches the metrics");
    }

    @Test
    void healthIsUpWithItsDatabaseAndScheduleAndNamesWhatCannotBeReached() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        ServiceShell up = start(setUp -> { });
        HttpResponse<String> answer = get(up, ServiceShell.HEALTH_PATH);
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode body = new ObjectMapper().readTree(answer.body());
        assertEquals("UP", body.get("status").asText());
        assertEquals("monitored-0", body.get("service").asText());
        assertEquals("database", body.get("checks").get(0).get("name").asText());
        assertEquals("UP", body.get("checks").get(0).get("status").asText(), answer.body());
        assertEquals("scheduler", body.get("checks").get(1).get("name").asText());
        assertEquals("UP", body.get("checks").get(1).get("status").asText(), answer.body());

        ServiceShell degraded = start(setUp -> setUp.health().add("provider nowhere", Duration.ofSeconds(10),
                Health.Status.DEGRADED, () -> Reachability.tcp("127.0.0.1", closedPort, Duration.ofSeconds(1))));
        answer = get(degraded, ServiceShell.HEALTH_PATH);
        assertEquals(503, answer.statusCode(), answer.body());
        body = new ObjectMapper().readTree(answer.body());
        assertEquals("DEGRADED", body.get("status").asText());
        JsonNode provider = body.get("checks").get(2);
        assertEquals("provider nowhere", provider.get("name").asText());
        assertEquals("DEGRADED", provider.get("status").asText());
        assertTrue(provider.get("detail").asText().contains("127.0.0.1:" + closedPort), provider.toString());
    }

    @Test
    void aCheckThatDoesNotAnswerIsReportedWithinTheTimeLimit() throws Exception {
        ServiceShell shell = start(setUp -> setUp.health().add("router stuck", Duration.ZERO, Health.Status.DEGRADED, () -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Health.Result.up("late");
        }));
        long t0 = System.nanoTime();
        HttpResponse<String> answer = get(shell, ServiceShell.HEALTH_PATH);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(503, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("no answer within 3 s"), answer.body());
        assertTrue(ms < Health.TIME_LIMIT.toMillis() + 2_000, "answered in " + ms + " ms");
    }

    private HttpResponse<String> soap(URI url, String body) throws Exception {
        String envelope = "<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>" + body
                + "</s:Body></s:Envelope>";
        return http.send(HttpRequest.newBuilder(url).header("Content-Type", "text/xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(ServiceShell shell, String path) throws Exception {
        URI base = shell.serviceUrl("Echo").resolve(path);
        return http.send(HttpRequest.newBuilder(base).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
