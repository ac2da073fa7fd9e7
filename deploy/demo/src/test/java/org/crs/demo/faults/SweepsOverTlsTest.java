package org.crs.demo.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.Callable;

import javax.net.ssl.SSLContext;

import org.crs.demo.process.ProcessFederation;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.nsap.contract.client.NsapPortClient;
import org.crs.nsap.server.NsapServer;
import org.crs.service.server.ServiceShell;
import org.crs.service.tls.TlsContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Every sweep that calls another service, doing its work in the federation of processes, where
 * the services call each other over TLS with their own certificates and answer only the
 * certificates their configurations name: the orphan sweeps of the NSAP and the L-NSAPs (asking
 * the BARs' PeerService), and the BAR's reconciliation and due work (calling its L-NSAP, the
 * NSAP and the peer BAR). The due work's activations and tear-downs, and the BAR's traffic check
 * (once a minute), go through the same clients (circuits brought up and down in this federation:
 * FaultMatrixSubsetTest); the due work here is one that needs no router. The sweeps that call no other service (holds, interrupted work, traffic polling over
 * SNMP, notifications by mail and webhook) are not here.
 *
 * <p>An orphan is made as a forged or late call leaves one: a segment booked and committed
 * straight at an L-NSAP or the NSAP by a BAR it serves (its certificate), under a request id no
 * reservation has.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SweepsOverTlsTest {

    static final List<String> SITES = List.of("site-a", "site-b");
    static final Duration ORPHAN_CHECK = Duration.ofSeconds(1);
    static final Duration ORPHAN_AGE = Duration.ofSeconds(2);
    static final Duration RECONCILE_EVERY = Duration.ofSeconds(2);
    /** How long a hold-only reservation waits for its commit: far shorter than the parts' own holds (2 minutes). */
    static final Duration CLIENT_HOLD = Duration.ofSeconds(3);
    /** Far beyond a sweep's period: a first SSH session or call of a fresh JVM is slow. */
    static final Duration WITHIN = Duration.ofSeconds(120);

    static ProcessFederation federation;
    static Truth truth;
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> booking = new LinkedHashMap<>();
        booking.put("clientHold", CLIENT_HOLD.toSeconds() + "s");
        booking.put("retryPause", "200ms");
        booking.put("retryMaxPause", "2s");
        booking.put("reconcileEvery", RECONCILE_EVERY.toSeconds() + "s");
        Map<String, String> upkeep = new LinkedHashMap<>();
        upkeep.put("orphanCheck", ORPHAN_CHECK.toSeconds() + "s");
        upkeep.put("orphanAge", ORPHAN_AGE.toSeconds() + "s");
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "sweeps-over-tls-");
        federation = ProcessFederation.start(new ProcessFederation.Options(Path.of("../..").toAbsolutePath().normalize(),
                work, Duration.ofSeconds(10), booking, upkeep, true, Map.of()));
        truth = new Truth(federation);
        warmUp();
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    @Test
    @Order(1)
    void theNsapsOrphanSweepReleasesAWanSegmentNoReservationWantsAndKeepsOneAReservationHas() throws Exception {
        String reserved = reserve("tls-nsap-kept", 1, 20);
        String orphan = commitAs("bar-site-a", ProcessFederation.NSAP, "site-a:nobody-wan:wan", "site-a", "site-b", 21);

        awaitSegment(ProcessFederation.NSAP, orphan, SegmentState.ABORTED);

        assertEquals(SegmentState.COMMITTED, truth.status(ProcessFederation.NSAP, reserved + ":wan").state(),
                "the reserved circuit's WAN segment was asked about and kept");
        JsonNode sweep = orphanSweepHealth(ProcessFederation.NSAP);
        assertEquals("UP", sweep.get("status").asText(), sweep.toString());
    }

    @Test
    @Order(2)
    void anLnsapsOrphanSweepReleasesItsOwnSitesCampusSegmentNoReservationWants() throws Exception {
        String orphan = commitAs("bar-site-a", "lnsap-site-a", "site-a:nobody-campus:campus", "host-a2", "site-a", 22);

        awaitSegment("lnsap-site-a", orphan, SegmentState.ABORTED);
    }

    @Test
    @Order(3)
    void anLnsapsOrphanSweepReleasesAnotherSitesSegmentThroughItsOwnBarWhichAsksThePeer() throws Exception {
        // As site-a's BAR books its circuits' far end: through site-b's BAR, under site-a's request id.
        String orphan = commitAs("bar-site-b", "lnsap-site-b", "site-a:nobody-remote:remote", "host-b2", "site-b", 23);

        awaitSegment("lnsap-site-b", orphan, SegmentState.ABORTED);
    }

    @Test
    @Order(4)
    void anOrphanSweepWhoseBarDoesNotAnswerKeepsTheSegmentAndSaysSoOnHealthUntilItAnswers() throws Exception {
        federation.link(ProcessFederation.NSAP + "->bar-site-b").refuse();
        String orphan;
        try {
            orphan = commitAs("bar-site-b", ProcessFederation.NSAP, "site-b:nobody-unasked:wan", "site-b", "site-a", 24);

            JsonNode degraded = await(() -> {
                JsonNode check = orphanSweepHealth(ProcessFederation.NSAP);
                return "DEGRADED".equals(check.get("status").asText()) ? check : null;
            });
            assertTrue(degraded.get("detail").asText().contains("UNREACHABLE"), degraded.toString());
            assertEquals(SegmentState.COMMITTED, truth.status(ProcessFederation.NSAP, orphan).state());
        } finally {
            federation.link(ProcessFederation.NSAP + "->bar-site-b").pass();
        }

        awaitSegment(ProcessFederation.NSAP, orphan, SegmentState.ABORTED);
        JsonNode up = await(() -> {
            JsonNode check = orphanSweepHealth(ProcessFederation.NSAP);
            return "UP".equals(check.get("status").asText()) ? check : null;
        });
        assertEquals("UP", up.get("status").asText());
    }

    @Test
    @Order(5)
    void theBarsReconcileSweepFailsAReservationWhoseWanSegmentWasAbortedAndReleasesItsOtherParts() throws Exception {
        String requestId = "tls-reconciled";
        String id = reserve(requestId, 3, 30);
        try (NsapPortClient nsap = clientAs("bar-site-a", ProcessFederation.NSAP)) {
            nsap.abort(id + ":wan", "taken away behind the BAR's back");
        }

        Truth.Reservation failed = await(() -> {
            Truth.Reservation r = truth.reservation("site-a", requestId);
            return r.state() == ReservationState.FAILED ? r : null;
        });

        assertEquals(ReservationState.FAILED, failed.state());
        awaitNotLive("lnsap-site-a", id + ":campus");
        awaitNotLive("lnsap-site-b", id + ":remote");
    }

    @Test
    @Order(6)
    void theBarsDueWorkAbortsAnUncommittedHoldAtItsLnsapTheNsapAndThePeerBar() throws Exception {
        String requestId = "tls-held";
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(40));
        assertEquals(ReservationState.HELD, create(requestId, 4, start, Duration.ofHours(1), true));
        String id = "site-a:" + requestId;

        Truth.Reservation aborted = await(() -> {
            Truth.Reservation r = truth.reservation("site-a", requestId);
            return r.isFinal() ? r : null;
        });

        assertEquals(ReservationState.ABORTED, aborted.state(), aborted.history().toString());
        // ABORTED, not EXPIRED: the BAR's calls released them, long before the parts' own holds lapse.
        assertEquals(SegmentState.ABORTED, truth.status("lnsap-site-a", id + ":campus").state());
        assertEquals(SegmentState.ABORTED, truth.status(ProcessFederation.NSAP, id + ":wan").state());
        assertEquals(SegmentState.ABORTED, truth.status("lnsap-site-b", id + ":remote").state());
    }

    // ---- bookings ----

    /**
     * Asks each BAR for the endpoints until it answers within a call's time: the BAR asks its
     * L-NSAP, the NSAP and its peer, so each of their fresh JVMs has served a first call over TLS
     * (slow on a loaded machine) before a test's own.
     */
    static void warmUp() throws Exception {
        for (String site : SITES) {
            await(() -> {
                try {
                    String answer = truth.bar(site, "listEndpoints", "<n:listEndpoints/>");
                    return answer.contains("Fault>") ? null : answer;
                } catch (HttpTimeoutException e) {
                    return null; // still warming up: ask again
                }
            });
        }
    }

    /**
     * Books a circuit from site-a's host {@code host} to site-b's over {@code [start, start + length)},
     * held only or committed, as the demo's operator; answers the state the client was told, or,
     * when the answer came too late for the call, the state the reservation reached (the BAR books
     * on whether or not its client waits).
     */
    static ReservationState create(String requestId, int host, Instant start, Duration length, boolean holdOnly)
            throws Exception {
        try {
            return ReservationState.valueOf(FaultMatrix.answerOf(truth.bar("site-a", "createReservation",
                    "<n:createReservation><n:requestId>" + requestId + "</n:requestId><n:source>site-a:host-a" + host
                            + "</n:source><n:destination>site-b:host-b" + host + "</n:destination><n:bandwidthMbps>100"
                            + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plus(length) + "</n:end>"
                            + "<n:description>sweeps over TLS</n:description><n:holdOnly>" + holdOnly
                            + "</n:holdOnly></n:createReservation>")));
        } catch (HttpTimeoutException e) {
            return await(() -> {
                Truth.Reservation r = truth.reservation("site-a", requestId);
                boolean negotiating = r.state() == ReservationState.REQUESTED || !holdOnly && r.state() == ReservationState.HELD;
                return r.exists() && !negotiating ? r.state() : null;
            });
        }
    }

    /** A circuit from site-a's host {@code host} to site-b's, {@code day} days ahead, RESERVED; its booking id prefix. */
    static String reserve(String requestId, int host, int day) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(day)).plus(Duration.ofHours(3));
        assertEquals(ReservationState.RESERVED, create(requestId, host, start, Duration.ofHours(1), false), requestId);
        return "site-a:" + requestId;
    }

    /** Books and commits a segment straight at {@code holder} as the BAR {@code bar} (its certificate); its booking id. */
    static String commitAs(String bar, String holder, String bookingId, String source, String destination, int day)
            throws Exception {
        SegmentRequestBean r = new SegmentRequestBean();
        r.setBookingId(bookingId);
        r.setSource(source);
        r.setDestination(destination);
        r.setBandwidthMbps(100);
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(day));
        r.setStart(utc(start));
        r.setEnd(utc(start.plus(Duration.ofHours(1))));
        try (NsapPortClient client = clientAs(bar, holder)) {
            assertEquals(SegmentState.COMMITTED.name(), client.holdAndCommit(r).getState(), bookingId);
        }
        return bookingId;
    }

    static NsapPortClient clientAs(String bar, String holder) {
        return NsapPortClient.of(bar + "->" + holder, federation.nsapUrl(holder), NsapContract.NAMESPACE,
                Duration.ofSeconds(15), federation.certificates().client(bar));
    }

    static Calendar utc(Instant instant) {
        Calendar c = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        c.setTimeInMillis(instant.toEpochMilli());
        return c;
    }

    // ---- waiting and reading ----

    static void awaitSegment(String holder, String bookingId, SegmentState state) throws Exception {
        Truth.Segment s = await(() -> {
            Truth.Segment now = truth.status(holder, bookingId);
            return now != null && now.state() == state ? now : null;
        });
        assertEquals(state, s.state(), bookingId + " at " + holder);
    }

    static void awaitNotLive(String holder, String bookingId) throws Exception {
        Truth.Segment s = await(() -> {
            Truth.Segment now = truth.status(holder, bookingId);
            return now != null && !Truth.LIVE_SEGMENT.contains(now.state()) ? now : null;
        });
        assertTrue(!s.state().holdsResources(), bookingId + " at " + holder + ": " + s.state());
    }

    /** Asks until {@code what} answers something other than null, within {@link #WITHIN}. */
    static <T> T await(Callable<T> what) throws Exception {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (true) {
            T answer = what.call();
            if (answer != null) {
                return answer;
            }
            assertTrue(System.nanoTime() < deadline, "not within " + WITHIN);
            Thread.sleep(250);
        }
    }

    /** The {@code orphan sweep} check of a holder's {@code /health}, read over TLS as a BAR it serves. */
    static JsonNode orphanSweepHealth(String holder) throws Exception {
        SSLContext tls = federation.certificates().client(holder.equals("lnsap-site-b") ? "bar-site-b" : "bar-site-a");
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).sslContext(tls)
                .sslParameters(TlsContexts.parameters(tls)).build();
        URI health = federation.nsapUrl(holder).resolve(ServiceShell.HEALTH_PATH);
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        for (JsonNode check : JSON.readTree(answer.body()).get("checks")) {
            if (check.get("name").asText().equals(NsapServer.ORPHAN_SWEEP_CHECK)) {
                return check;
            }
        }
        assertNotNull(null, "no " + NsapServer.ORPHAN_SWEEP_CHECK + " check at " + holder + ": " + answer.body());
        return null;
    }
}
