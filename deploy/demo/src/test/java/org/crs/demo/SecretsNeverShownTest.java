package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo's secrets (device passwords and SNMP pass phrases, the accounts' passwords, API
 * tokens, webhook secrets, the key stores' password) appear in no log line and no answer: a
 * federation runs a circuit up and down on the emulated routers, accounts sign in (and fail to),
 * make tokens and webhooks, operators read the audit trail with its router commands, and every
 * log event of the process and every answer is searched for every secret.
 */
class SecretsNeverShownTest {

    static Federation federation;
    static final List<String> ANSWERS = new CopyOnWriteArrayList<>();
    static final List<String> MADE = new CopyOnWriteArrayList<>();
    static LogCapture log;

    @BeforeAll
    static void start() throws Exception {
        log = LogCapture.attach();
        Path data = Files.createTempDirectory("crs-secrets");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false,
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2)).withSetUpLead(Duration.ofMillis(1500)),
                Duration.ofSeconds(3), Clock.systemUTC()));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
        if (log != null) {
            log.close();
        }
    }

    static String call(RawSoap client, String operation, String body) throws Exception {
        String answer = client.call(operation, body);
        ANSWERS.add(answer);
        return answer;
    }

    @Test
    void noSecretAppearsInAnyLogLineOrAnswer() throws Exception {
        BarServer bar = federation.bar("site-a");
        RawSoap alice = new RawSoap(bar.serviceUrl(), BarServer.NAMESPACE).as("alice", "alice-demo");
        Instant start = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.SECONDS);
        call(alice, "createReservation", "<n:createReservation><n:requestId>secrets-1</n:requestId>"
                + "<n:source>site-a:host-a1</n:source><n:destination>site-b:host-b1</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plusSeconds(3)
                + "</n:end></n:createReservation>");
        String reservation = "";
        for (Instant deadline = Instant.now().plusSeconds(40); Instant.now().isBefore(deadline)
                && !reservation.contains(">FINISHED<"); Thread.sleep(250)) {
            reservation = call(alice, "getReservation", "<n:getReservation><n:requestId>secrets-1</n:requestId>"
                    + "</n:getReservation>");
        }
        assertTrue(reservation.contains(">FINISHED<"), "the circuit came up and went down on the routers: " + reservation);

        // a failed sign-in, a token made and used, a webhook registered
        new RawSoap(bar.serviceUrl(), BarServer.NAMESPACE).as("alice", "not-alices-password").call("listEndpoints",
                "<n:listEndpoints/>");
        RawSoap accounts = new RawSoap(bar.accountUrl(), BarServer.ACCOUNT_NAMESPACE).as("alice", "alice-demo");
        String token = RawSoap.field(accounts.call("createToken", "<n:createToken><n:label>ci</n:label></n:createToken>"),
                "token");
        MADE.add(token);
        call(new RawSoap(bar.accountUrl(), BarServer.ACCOUNT_NAMESPACE).withToken(token), "whoAmI", "<n:whoAmI/>");
        call(accounts, "listTokens", "<n:listTokens/>");
        RawSoap hooks = new RawSoap(bar.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE).as("alice", "alice-demo");
        MADE.add(RawSoap.field(hooks.call("registerWebhook", "<n:registerWebhook><n:url>http://127.0.0.1:9/hook</n:url>"
                + "</n:registerWebhook>"), "secret"));
        call(hooks, "listWebhooks", "<n:listWebhooks/>");
        RawSoap ada = new RawSoap(bar.accountUrl(), BarServer.ACCOUNT_NAMESPACE).as("ada", "ada-demo");
        call(ada, "createAccount", "<n:createAccount><n:name>dave</n:name><n:role>user</n:role><n:email></n:email>"
                + "<n:password>dave-secret-password</n:password></n:createAccount>");
        MADE.add("dave-secret-password");

        // operators read the audit trail, with the router commands of the circuit
        RawSoap audit = new RawSoap(bar.auditUrl(), BarServer.AUDIT_NAMESPACE).as("oscar", "oscar-demo");
        String search = call(audit, "searchAudit", "<n:searchAudit><n:reservationId>secrets-1</n:reservationId>"
                + "<n:offset>0</n:offset><n:limit>500</n:limit></n:searchAudit>");
        assertTrue(search.contains("router-command"), "the router commands are in the answer: " + search);
        call(audit, "exportAuditCsv", "<n:exportAuditCsv/>");
        call(audit, "searchAudit", "<n:searchAudit><n:account>ada</n:account><n:offset>0</n:offset><n:limit>50</n:limit>"
                + "</n:searchAudit>");

        // what monitoring reads of the BAR, without signing in
        for (String path : List.of("/metrics", "/health")) {
            ANSWERS.add(java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    bar.serviceUrl().resolve(path)).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body());
        }

        List<String> secrets = new ArrayList<>(LogCapture.DEMO_SECRETS);
        secrets.add("not-alices-password");
        secrets.addAll(MADE);
        assertFalse(log.lines().isEmpty());
        assertEquals(null, log.firstShowing(secrets), "a log line shows a secret");
        for (String secret : secrets) {
            assertTrue(secret != null && secret.length() >= 8, "a secret to look for: " + secret);
            for (String answer : ANSWERS) {
                assertFalse(answer.contains(secret), "an answer shows a secret: " + answer);
            }
        }
    }
}
