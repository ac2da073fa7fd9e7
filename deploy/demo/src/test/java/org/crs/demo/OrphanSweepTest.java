package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.peer.PeerServiceClient;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The orphan sweep of the L-NSAPs and the NSAP against the real BARs of a federation: a segment
 * booked under a booking id whose reservation the BAR does not have is released, one a live
 * reservation has stays. The tests share one federation, so a round may also release what an
 * earlier test forged. Each test runs one round of the sweep ({@link SegmentService#releaseOrphans})
 * with the BARs the federation gives the service, as its schedule would.
 */
class OrphanSweepTest {

    static Federation federation;

    @BeforeAll
    static void start() throws Exception {
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(Files.createTempDirectory("crs-orphans")), false,
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2)), Duration.ofSeconds(5), Clock.systemUTC()));
    }

    @AfterAll
    static void stop() {
        federation.close();
    }

    /** The BARs an L-NSAP of {@code site} asks, or the NSAP ({@code site} null). */
    static PeerServiceClient bars(String... sites) {
        Map<String, URI> bars = new LinkedHashMap<>();
        for (String site : sites) {
            bars.put(site, federation.peerUrl(site));
        }
        // Asked as the NSAP asks them: over TLS, with its certificate.
        return new PeerServiceClient(bars, Duration.ofSeconds(10), federation.certificates().client("nsap"));
    }

    static String reserve(String id, int day) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(day)).plus(Duration.ofHours(3));
        String answer = new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE).as("alice", DemoAccounts.password("alice")).call("createReservation",
                "<n:createReservation><n:requestId>" + id + "</n:requestId><n:source>site-a:host-a1</n:source>"
                        + "<n:destination>site-b:host-b1</n:destination><n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start
                        + "</n:start><n:end>" + start.plus(Duration.ofHours(1)) + "</n:end><n:description>test</n:description>"
                        + "<n:holdOnly>false</n:holdOnly></n:createReservation>");
        assertTrue(answer.contains(">RESERVED<"), answer);
        return answer;
    }

    /** A segment booked straight at a service, as a forged or late call books it: no reservation has it. */
    static Segment forged(NsapServer service, String bookingId, Segment like, int day) throws Exception {
        return forged(service, bookingId, like, Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(day)));
    }

    /** As {@link #forged(NsapServer, String, Segment, int)}, starting at {@code start}. */
    static Segment forged(NsapServer service, String bookingId, Segment like, Instant start) throws Exception {
        SegmentRequest r = like.request();
        return service.service().holdAndCommit(new SegmentRequest(bookingId, r.source(), r.destination(), r.bandwidthMbps(),
                TimeInterval.of(start, Duration.ofHours(1)), 0, 0), new Caller.Process("forger"));
    }

    static Transition lastMove(NsapServer service, String bookingId) throws Exception {
        List<Transition> history = service.service().history(bookingId, new Caller.Process("test"));
        return history.get(history.size() - 1);
    }

    @Test
    void aCommittedSegmentNoReservationHasIsAbortedAndOneALiveReservationHasStays() throws Exception {
        reserve("orphan-1", 20);
        NsapServer lnsap = federation.lnsap("site-a");
        Segment wanted = lnsap.service().status("site-a:orphan-1:campus", new Caller.Process("test"));
        assertEquals(SegmentState.COMMITTED, wanted.state());
        forged(lnsap, "site-a:no-such-request:campus", wanted, 21);

        SegmentService.Orphans round = lnsap.service().releaseOrphans(bars("site-a"), Duration.ZERO);

        assertTrue(round.released().contains("site-a:no-such-request:campus"), round.released()::toString);
        assertTrue(!round.released().contains("site-a:orphan-1:campus"), round.released()::toString);
        assertEquals(0, round.unanswered());
        assertEquals(SegmentState.ABORTED, lnsap.service().status("site-a:no-such-request:campus", new Caller.Process("test")).state());
        Transition aborted = lastMove(lnsap, "site-a:no-such-request:campus");
        assertEquals(SegmentService.ORPHAN_ACTOR, aborted.actor());
        assertTrue(aborted.reason().contains("no longer wants"), aborted.reason());
        assertEquals(SegmentState.COMMITTED, lnsap.service().status("site-a:orphan-1:campus", new Caller.Process("test")).state());
    }

    @Test
    void anActiveOrphanAtTheNsapIsTakenOffItsRoutersAndReleased() throws Exception {
        reserve("orphan-2", 22);
        NsapServer nsap = federation.nsap();
        Segment like = nsap.service().status("site-a:orphan-2:wan", new Caller.Process("test"));
        Map<String, String> before = configs();
        // Due now, so that it may be configured: no service configures a booking before its start.
        Segment ghost = forged(nsap, "site-b:no-such-request:wan", like, Instant.now().truncatedTo(ChronoUnit.SECONDS));
        assertEquals(SegmentState.ACTIVE, nsap.service().activate(ghost.bookingId(), new Caller.Process("forger")).state());
        assertTrue(federation.emulator().router("core-1").runningConfig().contains("interface Tunnel" + ghost.circuitId() + "\n"));

        SegmentService.Orphans round = nsap.service().releaseOrphans(bars("site-a", "site-b"), Duration.ZERO);

        assertTrue(round.released().contains("site-b:no-such-request:wan"), round.released()::toString);
        assertEquals(SegmentState.RELEASED, nsap.service().status(ghost.bookingId(), new Caller.Process("test")).state());
        assertEquals(SegmentService.ORPHAN_ACTOR, lastMove(nsap, ghost.bookingId()).actor());
        assertEquals(before, configs(), "the routers are as before the forged segment");
        assertEquals(SegmentState.COMMITTED, nsap.service().status("site-a:orphan-2:wan", new Caller.Process("test")).state());
    }

    @Test
    void anotherSitesBookingIsAskedOfItsBarThroughTheOnlyBarTheLnsapKnows() throws Exception {
        reserve("orphan-3", 24);
        NsapServer lnsapB = federation.lnsap("site-b");
        Segment remote = lnsapB.service().status("site-a:orphan-3:remote", new Caller.Process("test"));
        assertEquals(SegmentState.COMMITTED, remote.state());
        forged(lnsapB, "site-a:no-such-request:remote", remote, 25);

        SegmentService.Orphans round = lnsapB.service().releaseOrphans(bars("site-b"), Duration.ZERO);

        assertTrue(round.released().contains("site-a:no-such-request:remote"), round.released()::toString);
        assertEquals(SegmentState.COMMITTED, lnsapB.service().status("site-a:orphan-3:remote", new Caller.Process("test")).state());
    }

    @Test
    void segmentsWhoseBarDoesNotAnswerAreLeftAsTheyAre() throws Exception {
        NsapServer lnsap = federation.lnsap("site-a");
        Segment like = lnsap.service().status(reserveAndGet("orphan-4", 26), new Caller.Process("test"));
        forged(lnsap, "site-a:unasked:campus", like, 27);
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        PeerServiceClient silent = new PeerServiceClient(Map.of("site-a",
                URI.create("http://127.0.0.1:" + closed + "/services/PeerService")), Duration.ofSeconds(2));

        SegmentService.Orphans round = lnsap.service().releaseOrphans(silent, Duration.ZERO);

        assertEquals(List.of(), round.released());
        assertEquals(round.asked(), round.unanswered());
        assertEquals(SegmentState.COMMITTED, lnsap.service().status("site-a:unasked:campus", new Caller.Process("test")).state());
    }

    static String reserveAndGet(String id, int day) throws Exception {
        reserve(id, day);
        return "site-a:" + id + ":campus";
    }

    static Map<String, String> configs() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String r : List.of("edge-a", "edge-b", "core-1", "core-2", "core-3")) {
            out.put(r, federation.emulator().router(r).runningConfig());
        }
        return out;
    }
}
