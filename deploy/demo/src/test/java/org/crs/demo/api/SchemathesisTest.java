package org.crs.demo.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.crs.demo.Demo;
import org.crs.demo.DemoAccounts;
import org.crs.demo.ExternalProgram;
import org.crs.demo.Federation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * schemathesis, reading only the OpenAPI document site-a's BAR serves at /api/openapi.json,
 * calls every operation of the JSON API of the demo federation (its accounts and approval rule)
 * but the endless event stream and the password sign-in, with the document's examples, its
 * boundary values, random and invalid input and chains of calls along its links, first as the
 * operator oscar, then as the user alice, and fails on any server error (5xx) and on any answer
 * whose body does not match the document.
 *
 * <p>The run is bounded (a fixed seed, {@value #EXAMPLES} cases per operation and phase) so that
 * both runs and the federation's start take under three minutes on two cores. Each run writes a
 * JUnit report to {@code deploy/demo/target/schemathesis/ACCOUNT/}. The accounts' passwords reach
 * schemathesis through its configuration file's environment variables, never its command line,
 * and schemathesis masks the Authorization header in what it prints. deploy/install-test-tools.sh
 * installs schemathesis; {@code -Dcrs.python} names another Python.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SchemathesisTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final Path WORK = REPOSITORY.resolve("deploy/demo/target/schemathesis");
    /** Test cases per operation in each phase: enough to reach every operation's refusals, few enough for the time limit. */
    static final int EXAMPLES = 40;
    /** A fixed seed: a failure found once is found again by the same build. */
    private static final String SEED = "20261127";
    /** A guard against a hung run only: each run took 20 s to 30 s on two cores (about 2,500 cases). */
    private static final Duration TIME_LIMIT = Duration.ofMinutes(3);

    private static final String CONFIGURATION = """
            # Written by SchemathesisTest: HTTP Basic from the environment, so no password is on a command line.
            [auth]
            basic = { username = "${CRS_API_ACCOUNT}", password = "${CRS_API_PASSWORD}" }
            """;

    private static Federation federation;
    private static URI site;

    @BeforeAll
    static void startTheDemoFederation() throws Exception {
        Files.createDirectories(WORK);
        Files.writeString(WORK.resolve("schemathesis.toml"), CONFIGURATION, StandardCharsets.UTF_8);
        federation = Federation.start(Demo.onFreePorts(REPOSITORY, Files.createTempDirectory("crs-schemathesis-federation")));
        site = federation.bar("site-a").apiUrl().resolve("/");
    }

    @AfterAll
    static void stopTheFederation() {
        if (federation != null) {
            federation.close();
        }
    }

    @Test
    @Order(1)
    void everyOperationAnswersTheOperatorWithoutAServerErrorAndAsTheDocumentSays() throws Exception {
        assertSchemathesisFindsNothingAs("oscar");
    }

    @Test
    @Order(2)
    void everyOperationAnswersAUserWithoutAServerErrorAndAsTheDocumentSays() throws Exception {
        assertSchemathesisFindsNothingAs("alice");
    }

    private static void assertSchemathesisFindsNothingAs(String account) throws Exception {
        // A run whose every call is refused at sign-in would pass without testing anything.
        assertEquals(200, signedInStatus(account), account + " signs in to the JSON API with HTTP Basic");
        Path reports = WORK.resolve(account);
        List<String> command = List.of(System.getProperty("crs.python", "python3"), "-m", "schemathesis.cli",
                "--no-color", "--config-file", WORK.resolve("schemathesis.toml").toString(),
                "run", site.resolve("/api/openapi.json").toString(),
                "--checks", "not_a_server_error,response_schema_conformance",
                "--max-examples", String.valueOf(EXAMPLES),
                "--seed", SEED,
                "--phases", "examples,coverage,fuzzing,stateful",
                // The event stream never ends by design; the pages' tests read it.
                "--exclude-path", "/api/events",
                // Made-up sign-ins would count as failures from 127.0.0.1 and, past the BAR's
                // throttle (LoginThrottle), every later call of both runs would be answered 429.
                "--exclude-name", "POST /api/session",
                // The sign-in with an identity provider redirects away from 127.0.0.1: the redirect is the answer.
                "--max-redirects", "0",
                // One worker: with two, hypothesis inside schemathesis once failed on its own
                // ("AST constructor recursion depth mismatch", CPython's parser used from two threads).
                "--workers", "1",
                "--request-timeout", "20",
                "--generation-database", "none",
                "--report", "junit", "--report-dir", reports.toString());

        ExternalProgram.Outcome run = ExternalProgram.run("schemathesis-" + account, command, WORK,
                Map.of("CRS_API_ACCOUNT", account, "CRS_API_PASSWORD", DemoAccounts.password(account), "NO_COLOR", "1"),
                TIME_LIMIT, "install the test tools with deploy/install-test-tools.sh");

        assertTrue(run.succeeded(), "schemathesis as " + account + " (exit " + run.exitCode() + "; JUnit report in "
                + reports + "):\n" + run.output());
    }

    private static int signedInStatus(String account) throws Exception {
        String basic = Base64.getEncoder().encodeToString((account + ":" + DemoAccounts.password(account))
                .getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(site.resolve("/api/reservations?limit=1")).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Basic " + basic).header("Accept", "application/json").build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
