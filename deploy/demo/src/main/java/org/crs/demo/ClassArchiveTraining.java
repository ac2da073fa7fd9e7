package org.crs.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.crs.bar.server.BarServer;

/**
 * The training run behind the demo's class-data archive ({@code deploy/demo/target/crs-demo.jsa},
 * docs/deployment.md, "Ready after a restart"): the build runs it once, in the package phase,
 * under {@code -XX:ArchiveClassesAtExit}, on the class path {@code deploy/run-demo.sh} starts the
 * demo with. It starts the demo's federation as the demo does, on free ports and a temporary
 * data folder (a demo already running on its fixed ports is not disturbed), asks each BAR what an
 * operator asks to see that it serves (its health, the JSON API, the SOAP API), stops it and
 * exits, and the JVM writes the classes it loaded to the archive. A demo started with the archive
 * maps those classes, already parsed and verified, rather than loading them from the jars; that
 * works after a kill -9 too, which no archive written at the demo's own exit survives.
 *
 * <p>Run from the repository root: {@code java -XX:ArchiveClassesAtExit=FILE -cp
 * deploy/demo/target/crs-demo.jar org.crs.demo.ClassArchiveTraining}.
 */
public final class ClassArchiveTraining {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private ClassArchiveTraining() {
    }

    public static void main(String[] args) throws Exception {
        DemoCertificates.quickStoresInThisProcess();
        Path data = Files.createTempDirectory("crs-demo-training-");
        try {
            train(Path.of("").toAbsolutePath(), data);
        } finally {
            deleteTree(data);
        }
        // Exits before any non-daemon thread left by a library could keep the JVM, and its archive, waiting.
        System.exit(0);
    }

    private static void train(Path repository, Path data) throws Exception {
        try (Federation federation = Federation.start(Demo.options(repository, data, false, Demo.DEFAULT_MINIMUM,
                FederationRouters.inProcess()))) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();
            String alice = "Basic " + Base64.getEncoder().encodeToString(
                    ("alice:" + DemoAccounts.password("alice")).getBytes(StandardCharsets.UTF_8));
            for (String site : Federation.SITES) {
                BarServer bar = federation.bar(site);
                URI root = bar.apiUrl().resolve("/");
                expectOk(http, HttpRequest.newBuilder(root.resolve("/health")).timeout(CALL_TIMEOUT).build(),
                        List.of(200, 503));
                expectOk(http, HttpRequest.newBuilder(root.resolve("/api/reservations?limit=1")).timeout(CALL_TIMEOUT)
                        .header("Authorization", alice).build(), List.of(200));
                expectOk(http, HttpRequest.newBuilder(bar.serviceUrl()).timeout(CALL_TIMEOUT)
                        .header("Authorization", alice).header("Content-Type", "text/xml")
                        .header("SOAPAction", "urn:listEndpoints")
                        .POST(HttpRequest.BodyPublishers.ofString("<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/"
                                + "envelope/' xmlns:n='urn:crs:bar:1'><s:Body><n:listEndpoints/></s:Body></s:Envelope>"))
                        .build(), List.of(200));
                expectOk(http, HttpRequest.newBuilder(root).timeout(CALL_TIMEOUT).build(), List.of(200));
            }
        }
    }

    // A call that fails would leave its classes out of the archive: the build says so rather than archiving less.
    private static void expectOk(HttpClient http, HttpRequest request, List<Integer> expected)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (!expected.contains(response.statusCode())) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " answered HTTP "
                    + response.statusCode() + ", expected one of " + expected);
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
