package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.crs.domain.access.Caller;
import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.db.testing.RestartablePostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A service's PostgreSQL server stops for {@link #OUTAGE} and starts again (a restart, a
 * fail-over) while circuits are booked: site-a's BAR on one server, the NSAP on another, the
 * rest of the federation on HSQLDB files, every service in this JVM, the servers real processes.
 * One circuit starts and one ends inside the outage; both must be applied within {@link #SETTLE}
 * of the database's return, no booking FAILS, and a booking asked for meanwhile is refused with
 * the retryable {@code STORE_UNAVAILABLE} and leaves nothing held anywhere.
 */
class DatabaseOutageTest {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseOutageTest.class);

    static final Duration OUTAGE = Duration.ofSeconds(30);
    /**
     * How late after the database is back a start or end that fell in the outage may be applied:
     * Quartz and the pool back at once (under 1 s), a due-work round (250 ms), a retry pause of a
     * part whose database was down (1 s), then the calls to three parts and their routers, which
     * on a loaded test machine take seconds of their own (a router login up to 10 s).
     */
    static final Duration SETTLE = Duration.ofSeconds(10);
    /** A BAR's wait for a part; a part whose database is down answers well within it. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2))
            .withSetUpLead(Duration.ofMillis(1500));

    private static final AtomicInteger IDS = new AtomicInteger();
    static RestartablePostgres barDatabase;
    static RestartablePostgres nsapDatabase;
    static Federation federation;

    @BeforeAll
    static void start() throws Exception {
        Path work = Path.of("target/database-outage").toAbsolutePath();
        deleteTree(work);
        barDatabase = RestartablePostgres.start(work.resolve("postgres-bar"));
        nsapDatabase = RestartablePostgres.start(work.resolve("postgres-nsap"));
        Map<String, Federation.Database> databases = Map.of(
                "bar-site-a", new Federation.Database(barDatabase.createDatabase("crs_bar_site_a"), RestartablePostgres.USER),
                "nsap", new Federation.Database(nsapDatabase.createDatabase("crs_nsap"), RestartablePostgres.USER));
        var files = Federation.Options.hsqldbFiles(work.resolve("hsqldb"));
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                name -> databases.getOrDefault(name, files.apply(name)), false, SETTINGS, CALL_TIMEOUT,
                Clock.systemUTC()));
    }

    @AfterAll
    static void stop() {
        for (RestartablePostgres p : new RestartablePostgres[] {barDatabase, nsapDatabase}) {
            if (p != null && !p.isRunning()) {
                p.restart(); // a test that failed during its outage: the services stop cleanly on a running database
            }
        }
        if (federation != null) {
            federation.close(); // the services first, then their databases
            federation = null;
        }
        for (RestartablePostgres p : new RestartablePostgres[] {barDatabase, nsapDatabase}) {
            if (p != null) {
                p.close();
            }
        }
    }

    @Test
    void aBarWhosePostgresqlIsDownForThirtySecondsKeepsEveryBookingAndAppliesTheStartAndEndItMissedOnceItIsBack()
            throws Exception {
        Outage outage = across(barDatabase, 1);
        try {
            duringTheBarOutage(outage);
        } finally {
            outage.restartIfDown();
        }

        outage.awaitBothApplied();
        String during = call("getReservation", outage.during);
        assertEquals(RefusalCode.BAD_FIELD.name(), RawSoap.field(during, "code"), "no such reservation: " + during);
        assertEquals(List.of(), heldAnywhere(outage.during), "the refused booking holds nothing anywhere");
        assertEquals(List.of(), heldAnywhere(outage.during + "-json"), "the refused booking holds nothing anywhere");
    }

    /** A booking asked for over SOAP and over JSON is refused as retryable: the BAR's database is down. */
    private static void duringTheBarOutage(Outage outage) throws Exception {
        String soap = createAtBar(outage.during, 3);
        assertTrue(soap.contains("Server</faultcode>") || soap.contains("Receiver"), "a Server fault: " + soap);
        assertEquals(RefusalCode.STORE_UNAVAILABLE.name(), RawSoap.field(soap, "code"), soap);
        HttpResponse<String> json = createOverJson(outage.during + "-json", 3);
        assertEquals(503, json.statusCode(), json.body());
        assertTrue(json.body().contains("\"" + RefusalCode.STORE_UNAVAILABLE.name() + "\""), json.body());
        assertEquals("5", json.headers().firstValue("Retry-After").orElse(null), "Retry-After");
    }

    @Test
    void aNsapWhosePostgresqlIsDownForThirtySecondsKeepsEveryBookingAndAppliesTheStartAndEndItMissedOnceItIsBack()
            throws Exception {
        Outage outage = across(nsapDatabase, 3);
        try {
            duringTheNsapOutage(outage);
        } finally {
            outage.restartIfDown();
        }

        outage.awaitBothApplied();
        awaitNothingHeld(outage.during, Duration.ofSeconds(10));
    }

    /**
     * The NSAP answers a BAR a retryable Server fault; the BAR refuses a booking as it refuses one
     * a part could not take (REJECTED, with the part's code), and keeps asking the NSAP to abort.
     */
    private static void duringTheNsapOutage(Outage outage) throws Exception {
        SoapSegmentController asBar = new SoapSegmentController("nsap", federation.nsap().serviceUrl(),
                NsapContract.NAMESPACE, CALL_TIMEOUT, federation.certificates().client("bar-site-a"));
        // Until the NSAP's pool finds its connections dead (at once when a statement fails on one,
        // at most its 10 s wait when none is in use) a call may time out; from then on it is refused at once.
        SegmentFailure direct = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline && (direct == null || direct.refusal().code() != RefusalCode.STORE_UNAVAILABLE)) {
            direct = null;
            try {
                asBar.status("site-a:" + outage.during + ":wan");
            } catch (SegmentFailure e) {
                direct = e;
            }
            assertNotNull(direct, "the NSAP answered while its database was down");
        }
        LOG.info("measured: the NSAP refused with {} {} ms after its database stopped", direct.refusal().code(),
                Duration.between(outage.stopped, Instant.now()).toMillis());
        assertFalse(direct.answered(), "a Server fault: " + direct.getMessage());
        assertEquals(RefusalCode.STORE_UNAVAILABLE, direct.refusal().code(), direct.getMessage());
        String answer = createAtBar(outage.during, 4);
        assertEquals("REJECTED", state(answer), answer);
        assertEquals(RefusalCode.STORE_UNAVAILABLE.name(), RawSoap.field(answer, "refusalCode"), answer);
    }

    // ---- one outage ----

    /**
     * Books a circuit that is up when the database stops and ends during the outage, and one that
     * starts during it and ends after (on hosts {@code host} and the next); stops the database and comes back once the outage is
     * under way, with the id for a booking to ask for meanwhile.
     */
    private Outage across(RestartablePostgres database, int host) throws Exception {
        String ending = newId("ending");
        String starting = newId("starting");
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        // Room for the first circuit to come up on a loaded machine (a router login may take 10 s) before the stop.
        Instant stopAt = now.plusSeconds(35);
        Instant endingEnd = stopAt.plusSeconds(10);
        Instant startingStart = stopAt.plusSeconds(15);
        assertEquals("RESERVED", state(create(ending, host, now.plusSeconds(5), endingEnd)));
        assertEquals("RESERVED", state(create(starting, host + 1, startingStart, stopAt.plus(OUTAGE).plusSeconds(10))));
        waitFor(ending, Set.of("ACTIVE"), Duration.between(Instant.now(), stopAt));
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), stopAt).toMillis()));
        database.stop();
        Instant stopped = Instant.now();
        LOG.info("database stopped at {}; {} ends at {}, {} starts at {}", stopped, ending, endingEnd, starting, startingStart);
        return new Outage(database, stopped, ending, endingEnd, starting, startingStart, newId("during"),
                new AtomicReference<>());
    }

    private record Outage(RestartablePostgres database, Instant stopped, String ending, Instant endingEnd,
                          String starting, Instant startingStart, String during, AtomicReference<Instant> back) {

        /**
         * Starts the database again once the outage has lasted {@link #OUTAGE} (unless done), then watches both
         * circuits: the one due to end is FINISHED, the one due to start ACTIVE, each within
         * {@link #SETTLE} of the database's return, and the latter FINISHED at its end.
         */
        void restartIfDown() throws InterruptedException {
            if (!database.isRunning()) {
                Thread.sleep(Math.max(0, Duration.between(Instant.now(), stopped.plus(OUTAGE)).toMillis()));
                database.restart();
                back.set(Instant.now());
                LOG.info("database back at {} after {} ms", back.get(), Duration.between(stopped, back.get()).toMillis());
            }
        }

        void awaitBothApplied() throws Exception {
            restartIfDown();
            Instant back = this.back.get();
            Instant up = null;
            Instant down = null;
            while ((up == null || down == null) && Instant.now().isBefore(back.plusSeconds(60))) {
                if (up == null && settled(starting, "ACTIVE")) {
                    up = Instant.now();
                }
                if (down == null && settled(ending, "FINISHED")) {
                    down = Instant.now();
                }
                Thread.sleep(100);
            }
            assertNotNull(up, starting + " never came up: " + call("getReservation", starting));
            assertNotNull(down, ending + " never went down: " + call("getReservation", ending));
            LOG.info("measured: {} up {} ms after the database was back ({} ms after its start); {} down {} ms after"
                            + " ({} ms after its end)", starting, Duration.between(back, up).toMillis(),
                    Duration.between(startingStart, up).toMillis(), ending, Duration.between(back, down).toMillis(),
                    Duration.between(endingEnd, down).toMillis());
            assertTrue(!up.isAfter(back.plus(SETTLE)), starting + " up " + Duration.between(back, up).toMillis()
                    + " ms after the database was back");
            assertTrue(!down.isAfter(back.plus(SETTLE)), ending + " down " + Duration.between(back, down).toMillis()
                    + " ms after the database was back");
            assertEquals(List.of(), heldAnywhere(ending), "the ended circuit holds nothing anywhere");
            String finished = waitFor(starting, Set.of("FINISHED", "FAILED"), Duration.ofSeconds(30));
            assertEquals("FINISHED", state(finished), finished);
        }
    }

    /** Whether the reservation is in {@code wanted}; fails at once if it FAILED. */
    private static boolean settled(String id, String wanted) throws Exception {
        String answer = call("getReservation", id);
        if (answer.contains("Fault>")) {
            return false; // the BAR's own database may still be coming back
        }
        String state = state(answer);
        if (state.equals("FAILED")) {
            fail(id + " FAILED: " + answer);
        }
        return state.equals(wanted);
    }

    // ---- the client's side ----

    private static String newId(String what) {
        return "outage-" + what + "-" + IDS.incrementAndGet() + "-" + System.nanoTime() % 100000;
    }

    private static RawSoap bar() {
        return new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE).as("alice",
                DemoAccounts.password("alice"));
    }

    private static String create(String id, int host, Instant start, Instant end) throws Exception {
        return bar().call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:host-a" + host + "</n:source><n:destination>site-b:host-b" + host + "</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + end
                + "</n:end><n:description>outage</n:description><n:holdOnly>false</n:holdOnly></n:createReservation>");
    }

    /** A booking a day ahead, asked for while the database is down. */
    private static String createAtBar(String id, int host) throws Exception {
        Instant start = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
        return create(id, host, start, start.plusSeconds(60));
    }

    private static HttpResponse<String> createOverJson(String id, int host) throws Exception {
        Instant start = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
        String body = "{\"requestId\":\"" + id + "\",\"source\":\"site-a:host-a" + host + "\",\"destination\":"
                + "\"site-b:host-b" + host + "\",\"bandwidthMbps\":100,\"start\":\"" + start + "\",\"end\":\""
                + start.plusSeconds(60) + "\"}";
        URI api = federation.bar("site-a").serviceUrl().resolve("/api/reservations");
        String basic = Base64.getEncoder().encodeToString(("alice:" + DemoAccounts.password("alice"))
                .getBytes(StandardCharsets.UTF_8));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(api).header("Content-Type", "application/json")
                .header("Authorization", "Basic " + basic).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String call(String operation, String id) throws Exception {
        return bar().call(operation, "<n:" + operation + "><n:requestId>" + id + "</n:requestId></n:" + operation + ">");
    }

    private static String state(String answer) {
        String own = answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", "");
        String state = RawSoap.field(own, "state");
        if (state == null) {
            fail("no state in " + answer);
        }
        return state;
    }

    private static String waitFor(String id, Set<String> states, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String answer;
        do {
            answer = call("getReservation", id);
            if (!answer.contains("Fault>") && states.contains(state(answer))) {
                return answer;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        return fail(id + " not in " + states + " within " + within + ": " + answer);
    }

    // ---- what the parts hold ----

    /** The segments of a reservation that hold resources at either L-NSAP or the NSAP. */
    private static List<String> heldAnywhere(String id) {
        List<NsapServer> servers = List.of(federation.lnsap("site-a"), federation.lnsap("site-b"), federation.nsap());
        return servers.stream().flatMap(s -> s.service().query(List.of(), null, new Caller.Process("test")).stream())
                .filter(seg -> seg.bookingId().contains(":" + id + ":") && seg.state().holdsResources())
                .map(seg -> seg.bookingId() + " " + seg.state()).toList();
    }

    /** Waits until nothing of the reservation is held anywhere: a part that was down is asked again to abort. */
    private static void awaitNothingHeld(String id, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        List<String> held = heldAnywhere(id);
        while (!held.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
            held = heldAnywhere(id);
        }
        assertEquals(List.of(), held, "the refused booking holds nothing anywhere");
    }

    private static void deleteTree(Path root) throws Exception {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
