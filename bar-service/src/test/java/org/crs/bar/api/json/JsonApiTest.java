package org.crs.bar.api.json;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.crs.bar.adapter.jdbc.JdbcUsageFlags;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.UsageFlag;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.hsqldb.jdbc.JDBCDataSource;
import org.crs.nsap.testing.RawSoap;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.server.BarPolicy;
import org.crs.bar.server.BarServer;
import org.crs.bar.service.AccountService;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.audit.AuditQuery;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JSON API of a running BAR over real HTTP: sign-in and sessions, CSRF, the access table,
 * errors that name the field, the reservation operations, the operators' queue, live events and
 * calendar feeds. The BAR's parts are controllers that keep their segments as the NSAPs do.
 */
class JsonApiTest {

    static final ScriptedController CAMPUS = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    static final ScriptedController WAN = new ScriptedController("nsap", List.of("site-a", "site-b"));
    static final ScriptedController PEER = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    static final String DATABASE = "jdbc:hsqldb:mem:bar-json-" + System.nanoTime();
    static BarServer server;
    static URI api;
    static Instant day;

    @BeforeAll
    static void start() throws Exception {
        ApprovalRules rules = new ApprovalRules(List.of(new ApprovalRule(1000L, null, null, null, null, null,
                ApprovalDecision.WAIT)), Duration.ZERO);
        server = BarServer.start(new ServerConfig("bar-json", DATABASE, "SA", "",
                "127.0.0.1", 0, false), new Site("site-a", CAMPUS, WAN, Map.of("site-b", PEER)), BarSettings.defaults(),
                Clock.systemUTC(), BarServer.Options.defaults("bar-json").withPolicy(BarPolicy.of(rules, Quotas.none())));
        AccountService a = server.accounts();
        a.createGroup(ADMINISTRATION, "astro", "astronomy", false);
        a.createAccount(ADMINISTRATION, "alice", "user", "alice@example.org", "alice-password");
        a.addMember(ADMINISTRATION, "astro", "alice");
        a.createAccount(ADMINISTRATION, "bob", "user", "bob@example.org", "bob-password");
        a.createAccount(ADMINISTRATION, "oscar", "operator", "", "oscar-password");
        api = server.apiUrl();
        day = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(3));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String booking(String id, long mbps, Instant start) {
        return "{\"requestId\":\"" + id + "\",\"source\":\"site-a:host-a1\",\"destination\":\"site-b:host-b1\","
                + "\"bandwidthMbps\":" + mbps + ",\"description\":\"test " + id + "\",\"timing\":{\"kind\":\"fixed\","
                + "\"start\":\"" + start + "\",\"end\":\"" + start.plus(Duration.ofHours(1)) + "\"}}";
    }

    static ApiClient alice() throws Exception {
        ApiClient c = ApiClient.browser(api);
        assertEquals(200, c.signIn("alice", "alice-password").status());
        return c;
    }

    @Test
    void signingInSetsAnHttpOnlyStrictSessionCookieAndAnswersWhoAndTheCsrfToken() throws Exception {
        ApiClient.Reply r = ApiClient.browser(api).signIn("alice", "alice-password");

        assertEquals(200, r.status(), r.body());
        String cookie = r.raw().headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.startsWith(Sessions.COOKIE + "="), cookie);
        assertTrue(cookie.contains("HttpOnly"), cookie);
        assertTrue(cookie.contains("SameSite=Strict"), cookie);
        assertEquals("alice", r.json().get("account").asText());
        assertEquals("USER", r.json().get("role").asText());
        assertEquals("astro", r.json().get("groups").get(0).asText());
        assertFalse(r.json().get("csrfToken").asText().isEmpty());
    }

    @Test
    void aWrongPasswordIsNotSignedInAndSetsNoCookie() throws Exception {
        ApiClient.Reply r = ApiClient.browser(api).signIn("alice", "wrong");

        assertEquals(401, r.status(), r.body());
        assertEquals("NOT_SIGNED_IN", r.errorCode());
        assertTrue(r.raw().headers().firstValue("Set-Cookie").isEmpty());
    }

    @Test
    void aCallWithoutCredentialsIsRefusedWith401AndAJsonError() throws Exception {
        ApiClient.Reply r = ApiClient.browser(api).get("/reservations");

        assertEquals(401, r.status(), r.body());
        assertEquals("NOT_SIGNED_IN", r.errorCode());
    }

    @Test
    void aChangeWithTheSessionCookieButWithoutTheCsrfTokenIsRefusedAndBooksNothing() throws Exception {
        ApiClient alice = alice();

        ApiClient.Reply r = alice.postWithoutCsrf("/reservations", booking("json-csrf", 100, day));

        assertEquals(403, r.status(), r.body());
        assertEquals("CSRF_TOKEN_MISSING", r.errorCode());
        assertTrue(server.service().find("json-csrf").isEmpty());
    }

    @Test
    void aUserBooksWithItsSessionAndFindsTheBookingInItsList() throws Exception {
        ApiClient alice = alice();

        ApiClient.Reply created = alice.post("/reservations", booking("json-book", 100, day));
        ApiClient.Reply list = alice.get("/reservations?state=RESERVED&q=json-book");

        assertEquals(201, created.status(), created.body());
        assertEquals("RESERVED", created.json().get("state").asText());
        assertEquals("alice", created.json().get("owner").asText());
        assertEquals(200, list.status(), list.body());
        assertEquals(1, list.json().get("total").asInt(), list.body());
        assertEquals("json-book", list.json().get("items").get(0).get("requestId").asText());
    }

    @Test
    void anotherUsersReservationIsNotFoundNamingTheRequestId() throws Exception {
        alice().post("/reservations", booking("json-mine", 100, day.plus(Duration.ofHours(2))));
        ApiClient bob = ApiClient.basic(api, "bob", "bob-password");

        ApiClient.Reply read = bob.get("/reservations/json-mine");
        ApiClient.Reply cancel = bob.post("/reservations/json-mine/cancel", "{\"reason\":\"mine now\"}");
        ApiClient.Reply list = bob.get("/reservations?q=json-mine");

        assertEquals(404, read.status(), read.body());
        assertEquals("NOT_FOUND", read.errorCode());
        assertEquals("requestId", read.errorField());
        assertEquals(404, cancel.status(), cancel.body());
        assertEquals("NOT_FOUND", cancel.errorCode());
        assertEquals("RESERVED", server.service().get(ITSELF, "json-mine").state().name());
        assertEquals(0, list.json().get("total").asInt(), list.body());
    }

    @Test
    void aReservationThatDoesNotExistIsNotFoundAsAnotherUsersIs() throws Exception {
        alice().post("/reservations", booking("json-theirs", 100, day.plus(Duration.ofHours(3))));
        ApiClient bob = ApiClient.basic(api, "bob", "bob-password");

        ApiClient.Reply missing = bob.get("/reservations/json-never-booked");
        ApiClient.Reply theirs = bob.get("/reservations/json-theirs");

        assertEquals(404, missing.status(), missing.body());
        assertEquals("NOT_FOUND", missing.errorCode());
        assertEquals("requestId", missing.errorField());
        assertEquals(theirs.status(), missing.status());
        assertEquals(theirs.errorCode(), missing.errorCode());
        assertEquals(theirs.body().replace("json-theirs", "ID"), missing.body().replace("json-never-booked", "ID"));
    }

    @Test
    void askingWhoIsSignedInWithCredentialsAnswersTheirAccountWithoutACsrfToken() throws Exception {
        ApiClient.Reply r = ApiClient.basic(api, "alice", "alice-password").get("/session");

        assertEquals(200, r.status(), r.body());
        assertEquals("alice", r.json().get("account").asText());
        assertEquals("", r.json().get("csrfToken").asText());
    }

    @Test
    void askingWhoIsSignedInWithoutASessionIsAnsweredWithNoContent() throws Exception {
        ApiClient.Reply r = ApiClient.browser(api).get("/session");

        assertEquals(204, r.status(), r.body());
        assertTrue(r.raw().headers().firstValue("Set-Cookie").isEmpty());
    }

    @Test
    void aMalformedBookingIsRefusedNamingTheFieldAndBooksNothing() throws Exception {
        ApiClient alice = alice();

        ApiClient.Reply negative = alice.post("/reservations", booking("json-bad", -5, day));
        ApiClient.Reply kind = alice.post("/reservations", "{\"source\":\"site-a:host-a1\",\"destination\":"
                + "\"site-b:host-b1\",\"bandwidthMbps\":10,\"timing\":{\"kind\":\"sometime\"}}");
        ApiClient.Reply time = alice.post("/reservations", booking("json-bad-time", 10, day).replace(day.toString(),
                "next tuesday"));
        ApiClient.Reply notJson = alice.post("/reservations", "{not json");

        assertEquals(400, negative.status(), negative.body());
        assertEquals("BAD_FIELD", negative.errorCode());
        assertEquals("bandwidthMbps", negative.errorField());
        assertEquals("timing.kind", kind.errorField(), kind.body());
        assertEquals("start", time.errorField(), time.body());
        assertEquals(400, notJson.status());
        assertEquals("NOT_JSON", notJson.errorCode());
        assertTrue(server.service().find("json-bad").isEmpty());
    }

    @Test
    void aCallTheTableRefusesIsNotAllowedWhateverItsBody() throws Exception {
        ApiClient.Reply r = ApiClient.basic(api, "alice", "alice-password").post("/operator/reservations/x/reject",
                "{not json");

        assertEquals(403, r.status(), r.body());
        assertEquals("NOT_ALLOWED", r.errorCode());
    }

    @Test
    void aQueryStringThatCannotBeReadIsRefusedNamingTheQuery() throws Exception {
        ApiClient.Reply r = ApiClient.basic(api, "alice", "alice-password").get("/topology?=x");

        assertEquals(400, r.status(), r.body());
        assertEquals("query", r.errorField());
    }

    @Test
    void aUserIsNotAllowedTheOperatorsQueue() throws Exception {
        ApiClient.Reply r = alice().get("/operator/approvals");

        assertEquals(403, r.status(), r.body());
        assertEquals("NOT_ALLOWED", r.errorCode());
    }

    @Test
    void aBookingOverTheLimitWaitsAndTheOperatorApprovesItFromTheQueue() throws Exception {
        ApiClient alice = alice();
        ApiClient oscar = ApiClient.browser(api);
        oscar.signIn("oscar", "oscar-password");

        ApiClient.Reply waiting = alice.post("/reservations", booking("json-big", 2000, day.plus(Duration.ofHours(4))));
        ApiClient.Reply queue = oscar.get("/operator/approvals");
        ApiClient.Reply approved = oscar.post("/operator/reservations/json-big/approve", "{\"reason\":\"fine\"}");

        assertEquals("PENDING_APPROVAL", waiting.json().get("state").asText(), waiting.body());
        assertTrue(queue.body().contains("json-big"), queue.body());
        assertEquals(200, approved.status(), approved.body());
        assertEquals("RESERVED", approved.json().get("state").asText());
    }

    @Test
    void aChangeIsRecordedInTheAuditTrailUnderItsPortTypeOperation() throws Exception {
        ApiClient alice = alice();
        alice.post("/reservations", booking("json-audited", 100, day.plus(Duration.ofHours(6))));

        ApiClient.Reply cancelled = alice.post("/reservations/json-audited/cancel", "{\"reason\":\"not needed\"}");

        assertEquals("CANCELLED", cancelled.json().get("state").asText(), cancelled.body());
        var entries = server.auditTrail().search(new AuditQuery("json-audited", "alice", null, null, null, null, 0, 100));
        assertTrue(entries.stream().anyMatch(e -> e.record().operation().equals("ReservationService.cancelReservation")
                && e.record().outcome().equals("OK")), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> e.record().operation().equals("ReservationService.createReservation")),
                entries.toString());
    }

    @Test
    void theEventStreamTellsAChangeWithinASecond() throws Exception {
        ApiClient alice = alice();
        alice.post("/reservations", booking("json-live", 100, day.plus(Duration.ofHours(8))));
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        CompletableFuture<HttpResponse<Stream<String>>> stream = alice.http().sendAsync(
                alice.request(URI.create(api + "/events")).build(), HttpResponse.BodyHandlers.ofLines());
        HttpResponse<Stream<String>> response = stream.get(5, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode());
        Thread reader = new Thread(() -> {
            try {
                response.body().forEach(lines::add);
            } catch (java.io.UncheckedIOException closed) {
                lines.add(": closed"); // the test closed the stream at its end
            }
        });
        reader.setDaemon(true);
        reader.start();
        Thread.sleep(300); // the stream listens before the change

        long t0 = System.nanoTime();
        alice.post("/reservations/json-live/cancel", "{\"reason\":\"watching\"}");
        String seen = null;
        while (seen == null && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(1)) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith("data:") && line.contains("json-live") && line.contains("CANCELLED")) {
                seen = line;
            }
        }

        assertTrue(seen != null, "no event within a second; saw " + lines);
        response.body().close();
    }

    @Test
    void aCalendarFeedUrlWorksWithoutSignInUntilItIsRevoked() throws Exception {
        ApiClient alice = alice();
        alice.post("/reservations", booking("json-feed", 100, day.plus(Duration.ofHours(10))));

        ApiClient.Reply made = alice.post("/me/calendar-feed", "{}");
        URI url = URI.create(made.json().get("url").asText());
        HttpResponse<String> feed = alice.http().send(HttpRequest.newBuilder(url).build(),
                HttpResponse.BodyHandlers.ofString());
        alice.delete("/me/calendar-feed");
        HttpResponse<String> after = alice.http().send(HttpRequest.newBuilder(url).build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(201, made.status(), made.body());
        assertEquals(200, feed.statusCode(), feed.body());
        assertTrue(feed.body().contains("BEGIN:VCALENDAR") && feed.body().contains("UID:json-feed@site-a"), feed.body());
        assertEquals(401, after.statusCode(), after.body());
    }

    /** The published document: rewritten by a run with {@code -Dcrs.writeOpenApi=true}. */
    static final java.nio.file.Path PUBLISHED = java.nio.file.Path.of("../schema/openapi/bar-api.json");

    @Test
    void theServedOpenApiDocumentIsThePublishedOne() throws Exception {
        ApiClient.Reply served = ApiClient.browser(api).get("/openapi.json");
        assertEquals(200, served.status(), served.body());
        String pretty = ApiClient.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(served.json()) + "\n";
        if (Boolean.getBoolean("crs.writeOpenApi")) {
            java.nio.file.Files.createDirectories(PUBLISHED.getParent());
            java.nio.file.Files.writeString(PUBLISHED, pretty);
        }

        assertEquals(java.nio.file.Files.readString(PUBLISHED), pretty,
                "the served OpenAPI document differs from schema/openapi/bar-api.json: rerun with -Dcrs.writeOpenApi=true"
                        + " and review the difference");
        assertEquals("3.0.3", served.json().get("openapi").asText());
        served.json().get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(op ->
                assertTrue(op.getValue().has("x-crs-access"), p.getKey() + " " + op.getKey() + " names no access rule")));
    }

    @Test
    void aReservationsUtilisationComesPerSegmentAndEndToEndToThoseWhoMayReadItOnly() throws Exception {
        ApiClient alice = alice();
        Instant start = day.plus(Duration.ofHours(5));
        assertEquals(201, alice.post("/reservations", booking("json-util", 100, start)).status());
        Duration poll = Duration.ofSeconds(30);
        CAMPUS.traffic.put("site-a:json-util:campus", List.of(new TrafficSample(poll,
                new TrafficRate(start, start.plus(poll), 60e6, 10e6, 0, 0))));
        WAN.traffic.put("site-a:json-util:wan", List.of(new TrafficSample(poll,
                new TrafficRate(start, start.plus(poll), 50e6, 12e6, 0, 0))));

        ApiClient.Reply r = alice.get("/reservations/json-util/utilisation?from=" + start + "&to="
                + start.plus(Duration.ofMinutes(10)));
        ApiClient.Reply whole = alice.get("/reservations/json-util/utilisation");
        ApiClient.Reply bobs = ApiClient.basic(api, "bob", "bob-password").get("/reservations/json-util/utilisation");

        assertEquals(200, r.status(), r.body());
        assertEquals(100_000_000L, r.json().get("bookedBitsPerSecond").asLong());
        assertEquals(3, r.json().get("segments").size(), r.body());
        JsonNode e2e = r.json().get("endToEnd");
        assertEquals(1, e2e.size(), r.body());
        assertEquals(50e6, e2e.get(0).get("inBitsPerSecond").asDouble(), 1e-3);
        assertEquals(10e6, e2e.get(0).get("outBitsPerSecond").asDouble(), 1e-3);
        assertEquals(200, whole.status(), whole.body());
        assertEquals(start.toString(), Instant.parse(whole.json().get("from").asText()).toString());
        assertEquals(404, bobs.status(), bobs.body());
        assertEquals("NOT_FOUND", bobs.errorCode());
    }

    @Test
    void theUtilisationIsAnsweredOverSoapAsOverJson() throws Exception {
        Instant start = day.plus(Duration.ofHours(9));
        assertEquals(201, alice().post("/reservations", booking("soap-util", 200, start)).status());
        Duration poll = Duration.ofSeconds(30);
        WAN.traffic.put("site-a:soap-util:wan", List.of(new TrafficSample(poll,
                new TrafficRate(start, start.plus(poll), 150e6, 140e6, 0, 0))));
        RawSoap soap = new RawSoap(server.serviceUrl(), BarServer.NAMESPACE).as("alice", "alice-password");

        String answer = soap.call("getUtilisation", "<n:getUtilisation><n:requestId>soap-util</n:requestId><n:from>" + start
                + "</n:from><n:to>" + start.plus(Duration.ofMinutes(5)) + "</n:to></n:getUtilisation>");
        String refused = new RawSoap(server.serviceUrl(), BarServer.NAMESPACE).as("bob", "bob-password").call(
                "getUtilisation", "<n:getUtilisation><n:requestId>soap-util</n:requestId><n:from>" + start
                        + "</n:from><n:to>" + start.plus(Duration.ofMinutes(5)) + "</n:to></n:getUtilisation>");

        assertEquals("200000000", RawSoap.field(answer, "bookedBitsPerSecond"), answer);
        assertEquals("1.5E8", RawSoap.field(answer, "inBitsPerSecond"), answer);
        assertTrue(answer.contains("REMOTE_CAMPUS"), answer);
        assertEquals("NOT_ALLOWED", RawSoap.field(refused, "code"), refused);
    }

    @Test
    void aFlaggedReservationShowsItsFlagsAndTheListFiltersByThem() throws Exception {
        ApiClient alice = alice();
        assertEquals(201, alice.post("/reservations", booking("json-idle", 100, day.plus(Duration.ofHours(7)))).status());
        JDBCDataSource db = new JDBCDataSource(); // the BAR's own database, as its traffic check writes it
        db.setUrl(DATABASE);
        db.setUser("SA");
        db.setPassword("");
        new JdbcUsageFlags(db).raise("json-idle", UsageFlag.IDLE, "carried nothing", Instant.now());
        ApiClient oscar = ApiClient.basic(api, "oscar", "oscar-password");

        ApiClient.Reply one = alice.get("/reservations/json-idle");
        ApiClient.Reply flagged = oscar.get("/reservations?flag=IDLE,ERRORS&limit=500");

        assertEquals("IDLE", one.json().get("flags").get(0).asText(), one.body());
        assertEquals(200, flagged.status(), flagged.body());
        List<String> ids = Stream.of(flagged.json().get("items")).flatMap(n -> java.util.stream.StreamSupport
                .stream(n.spliterator(), false)).map(n -> n.get("requestId").asText()).toList();
        assertEquals(List.of("json-idle"), ids);
    }

    @Test
    void anUnknownPathIsA404NamingIt() throws Exception {
        ApiClient.Reply r = ApiClient.basic(api, "alice", "alice-password").get("/reservationz");

        assertEquals(404, r.status(), r.body());
        assertEquals("NO_SUCH_PATH", r.errorCode());
    }

    @Test
    void endpointsAreGroupedBySite() throws Exception {
        JsonNode sites = alice().get("/endpoints").json().get("sites");

        assertEquals("site-a", sites.get(0).get("site").asText());
        assertEquals("site-a:host-a1", sites.get(0).get("endpoints").get(0).get("id").asText());
        assertEquals("site-b", sites.get(1).get("site").asText());
    }

    @Test
    void signingOutEndsTheSession() throws Exception {
        ApiClient alice = alice();

        ApiClient.Reply out = alice.delete("/session");
        ApiClient.Reply after = alice.get("/reservations");

        assertEquals(204, out.status(), out.body());
        assertEquals(401, after.status(), after.body());
    }
}
