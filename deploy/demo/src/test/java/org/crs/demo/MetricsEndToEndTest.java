package org.crs.demo;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.crs.bar.server.BarServer;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServiceShell;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code /metrics} and {@code /health} of real services: the demo federation on free ports, one
 * circuit booked from site-a to site-b over SOAP and brought up on the emulated routers; then
 * the BAR's, the L-NSAP's and the NSAP's {@code /metrics} are parsed by prometheus_client's
 * parser (deploy/demo/src/test/python/check_metrics.py: families, types, and values that agree
 * with the booking), and {@code /health} answers 200 while everything runs and 503 naming a
 * stopped peer BAR and a stopped router. The L-NSAP and the NSAP speak only TLS with client
 * certificates, so the test fetches with a demo certificate and hands the text to Python.
 * deploy/install-test-tools.sh installs prometheus_client; {@code -Dcrs.python} names another Python.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MetricsEndToEndTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final Path WORK = REPOSITORY.resolve("deploy/demo/target/metrics");
    private static final Path SCRIPT = REPOSITORY.resolve("deploy/demo/src/test/python/check_metrics.py");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Federation federation;
    private static HttpClient plain;
    private static HttpClient tls;

    @BeforeAll
    static void startTheDemoFederation() throws Exception {
        Files.createDirectories(WORK);
        federation = Federation.start(Demo.onFreePorts(REPOSITORY, Files.createTempDirectory("crs-metrics-federation")));
        plain = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        tls = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .sslContext(federation.certificates().client("bar-site-a")).build();
    }

    @AfterAll
    static void stopTheFederation() {
        if (federation != null) {
            federation.close();
        }
    }

    @Test
    @Order(1)
    void healthIsUpAtEveryServiceWhileEverythingRuns() throws Exception {
        for (URI service : List.of(bar(), lnsap(), nsap())) {
            HttpResponse<String> answer = get(service.resolve(ServiceShell.HEALTH_PATH));
            assertEquals(200, answer.statusCode(), service + ": " + answer.body());
            JsonNode body = JSON.readTree(answer.body());
            assertEquals("UP", body.get("status").asText(), answer.body());
            assertTrue(answer.body().contains("\"name\":\"database\"") && answer.body().contains("\"name\":\"scheduler\""),
                    answer.body());
        }
        String atBar = get(bar().resolve(ServiceShell.HEALTH_PATH)).body();
        assertTrue(atBar.contains("\"name\":\"provider "), "the BAR checks its providers: " + atBar);
        String atNsap = get(nsap().resolve(ServiceShell.HEALTH_PATH)).body();
        assertTrue(atNsap.contains("\"name\":\"router core-1\""), "the NSAP checks its routers: " + atNsap);
    }

    @Test
    @Order(2)
    void everyServicesMetricsParseWithPrometheusClientAndCountTheBookedCircuit() throws Exception {
        String id = "metrics-" + System.nanoTime() % 100000;
        Instant start = Instant.now().plusSeconds(4).truncatedTo(ChronoUnit.SECONDS);
        String answer = new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE)
                .as("alice", DemoAccounts.password("alice"))
                .call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                        + "<n:source>site-a:host-a1</n:source><n:destination>site-b:host-b1</n:destination>"
                        + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                        + start.plusSeconds(60) + "</n:end><n:description>metrics</n:description>"
                        + "<n:holdOnly>false</n:holdOnly></n:createReservation>");
        assertTrue(answer.contains(">RESERVED<"), answer);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (federation.bar("site-a").service().get(ITSELF, id).state() != ReservationState.ACTIVE) {
            assertTrue(System.nanoTime() < deadline, "the circuit came up: " + federation.bar("site-a").service().get(ITSELF, id));
            Thread.sleep(200);
        }

        // The NSAPs poll every 5 s in the demo; a rate needs two polls of the ACTIVE segment.
        Path lnsapText = scrape("lnsap-site-a", lnsap());
        Path nsapText = scrape("nsap", nsap());
        while (!Files.readString(lnsapText).contains("crs_segment_rate_bits_per_second{")
                || !Files.readString(nsapText).contains("crs_segment_rate_bits_per_second{")) {
            assertTrue(System.nanoTime() < deadline + Duration.ofSeconds(30).toNanos(), "rates measured: " + lnsapText);
            Thread.sleep(1000);
            lnsapText = scrape("lnsap-site-a", lnsap());
            nsapText = scrape("nsap", nsap());
        }
        Path barText = scrape("bar-site-a", bar());
        ExternalProgram.Outcome check = ExternalProgram.run("check-metrics",
                List.of(System.getProperty("crs.python", "python3"), SCRIPT.toString(), barText.toString(),
                        lnsapText.toString(), nsapText.toString()),
                WORK, Map.of(), Duration.ofMinutes(1), "install the test tools with deploy/install-test-tools.sh");
        assertTrue(check.succeeded(), "check_metrics.py (exit " + check.exitCode() + "; the scrapes are in " + WORK
                + "):\n" + check.output());
    }

    @Test
    @Order(3)
    void aStoppedPeerBarOrRouterMakesHealthAnswer503NamingIt() throws Exception {
        federation.emulator().router("core-2").close();
        federation.stopBar("site-b");

        JsonNode atBar = waitFor503(bar());
        assertEquals("DEGRADED", atBar.get("status").asText(), atBar.toString());
        assertTrue(degraded(atBar).stream().anyMatch(name -> name.startsWith("provider ") && name.contains("site-b")),
                "site-a's BAR names site-b's BAR: " + atBar);
        JsonNode atNsap = waitFor503(nsap());
        assertEquals(List.of("router core-2"), degraded(atNsap), atNsap.toString());
    }

    private static JsonNode waitFor503(URI service) throws Exception {
        // A probe is kept for a while (10 s for providers, 15 s for routers): /health stays cheap.
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            HttpResponse<String> answer = get(service.resolve(ServiceShell.HEALTH_PATH));
            if (answer.statusCode() == 503) {
                return JSON.readTree(answer.body());
            }
            assertEquals(200, answer.statusCode(), answer.body());
            assertTrue(System.nanoTime() < deadline, service + " still healthy: " + answer.body());
            Thread.sleep(500);
        }
    }

    private static List<String> degraded(JsonNode report) {
        List<String> names = new java.util.ArrayList<>();
        report.get("checks").forEach(c -> {
            if (!c.get("status").asText().equals("UP")) {
                names.add(c.get("name").asText());
            }
        });
        return names;
    }

    private static Path scrape(String name, URI service) throws Exception {
        HttpResponse<String> answer = get(service.resolve(ServiceShell.METRICS_PATH));
        assertEquals(200, answer.statusCode(), name + ": " + answer.body());
        assertTrue(answer.headers().firstValue("Content-Type").orElse("").contains("version=0.0.4"), answer.headers().toString());
        Path file = WORK.resolve(name + ".txt");
        Files.writeString(file, answer.body(), StandardCharsets.UTF_8);
        return file;
    }

    private static HttpResponse<String> get(URI url) throws Exception {
        HttpClient client = "https".equals(url.getScheme()) ? tls : plain;
        return client.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI bar() {
        return federation.bar("site-a").serviceUrl();
    }

    private static URI lnsap() {
        return federation.lnsap("site-a").serviceUrl();
    }

    private static URI nsap() {
        return federation.nsap().serviceUrl();
    }
}
