package org.crs.bar.adapter.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.domain.access.Caller;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.Redaction;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.server.NsapServer;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsap.store.JdbcTrafficStore;
import org.hsqldb.jdbc.JDBCDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.crs.nsap.contract.NsapContract;
import org.crs.service.server.ServerConfig;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;

/**
 * The SOAP segment controller against a real NSAP (in-memory HSQLDB, one 1000 Mbit/s link
 * between endpoints x and y that hands over the VLANs asked for, no routers) over real HTTP and
 * SOAP, and against servers that do not listen or do not answer.
 */
class SoapSegmentControllerTest {

    static final AtomicInteger IDS = new AtomicInteger();

    static final String DATABASE = "jdbc:hsqldb:mem:bar-soap-" + System.nanoTime();

    static NsapServer server;
    static SoapSegmentController nsap;

    @BeforeAll
    static void start() throws Exception {
        server = NsapServer.start(new ServerConfig("bar-soap-test", DATABASE,
                "SA", "", "127.0.0.1", 0, false), new RequestedVlans(), store -> NoRouters.INSTANCE, Clock.systemUTC());
        nsap = new SoapSegmentController("nsap", server.serviceUrl(), NsapContract.NAMESPACE, Duration.ofSeconds(10));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The one-link network, handing over the VLANs the request names (OneLinkPlanner's are always 0). */
    static final class RequestedVlans extends OneLinkPlanner {

        @Override
        public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
            Plan plan = super.plan(request, calendars);
            return new Plan(plan.uses(), request.sourceVlan(), request.destinationVlan(), plan.routerParts(),
                    plan.description());
        }
    }

    /** A day of its own for each test that reads availability, far from the others' bookings. */
    static Instant farDay(int days) {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(days));
    }

    @Test
    void theDeviceLogOfABookingComesAsRouterCommandRecordsWithoutSecrets() throws Exception {
        Instant at = Instant.parse("2030-01-10T10:00:00Z");
        server.store().logDevice("site-a:r9:campus", List.of(
                new DeviceLogEntry("rt1", DeviceLogEntry.Protocol.CLI, "vlan 1200", "", DeviceLogEntry.Outcome.OK, at, 5),
                new DeviceLogEntry("rt1", DeviceLogEntry.Protocol.CLI, "snmp-server community s3cr3t-c RO", "% Invalid",
                        DeviceLogEntry.Outcome.ERROR, at.plusMillis(10), 3)));
        List<AuditRecord> log = nsap.deviceLog("site-a:r9:campus", 10);
        assertEquals(2, log.size());
        Map<String, String> arguments = new LinkedHashMap<>();
        arguments.put("protocol", "CLI");
        arguments.put("request", "vlan 1200");
        arguments.put("elapsedMs", "5");
        assertEquals(new AuditRecord(at, "nsap", "", "", AuditRecord.ROUTER_COMMAND, arguments, "OK", "r9",
                "site-a:r9:campus", "rt1", ""), log.get(0));
        assertEquals(List.copyOf(arguments.keySet()), List.copyOf(log.get(0).arguments().keySet()));
        assertEquals("snmp-server community " + Redaction.REDACTED + " RO", log.get(1).arguments().get("request"));
        assertEquals("ERROR", log.get(1).outcome());
    }

    @Test
    void theUtilisationOfASegmentComesAsItsStoredSamplesOldestFirst() throws Exception {
        Instant day = farDay(50);
        String id = id();
        nsap.hold(new SegmentOrder(id, "x", "y", 100, new TimeInterval(day, day.plus(Duration.ofHours(1))), 0, 0),
                Duration.ofMinutes(5));
        Duration poll = Duration.ofSeconds(30);
        // the NSAP's polling writes its store; this test writes the same tables through a connection of its own
        JDBCDataSource db = new JDBCDataSource();
        db.setUrl(DATABASE);
        db.setUser("SA");
        db.setPassword("");
        JdbcTrafficStore store = new JdbcTrafficStore(db);
        store.addRates(Map.of(id, new TrafficRate(day, day.plus(poll), 80e6, 20e6, 0, 0.5)), poll);
        store.addRates(Map.of(id, new TrafficRate(day.plus(poll), day.plus(poll).plus(poll), 81e6, 21e6, 1, 0)), poll);

        List<TrafficSample> samples = nsap.utilisation(id, new TimeInterval(day, day.plus(Duration.ofHours(1))));

        assertEquals(List.of(new TrafficSample(poll, new TrafficRate(day, day.plus(poll), 80e6, 20e6, 0, 0.5)),
                new TrafficSample(poll, new TrafficRate(day.plus(poll), day.plus(poll).plus(poll), 81e6, 21e6, 1, 0))),
                samples);
        assertEquals(List.of(), nsap.utilisation(id, new TimeInterval(day.plus(Duration.ofMinutes(30)),
                day.plus(Duration.ofHours(1)))), "nothing measured there");
        SegmentFailure unknown = assertThrows(SegmentFailure.class,
                () -> nsap.utilisation("site-a:nope:wan", new TimeInterval(day, day.plus(poll))));
        assertTrue(unknown.answered());
        assertEquals(RefusalCode.BAD_FIELD, unknown.refusal().code());
    }

    @Test
    void aClosedControllerMakesNoMoreCalls() throws Exception {
        SoapSegmentController closed = new SoapSegmentController("nsap", server.serviceUrl(), NsapContract.NAMESPACE,
                Duration.ofSeconds(10));
        assertFalse(closed.endpoints().isEmpty(), "it answers while open");
        closed.close();
        SegmentFailure f = assertThrows(SegmentFailure.class, closed::endpoints);
        assertFalse(f.answered(), "a closed controller reaches nobody");
        assertEquals(RefusalCode.PROVIDER_SILENT, f.refusal().code());
    }

    @Test
    void availabilityAnswersTheStartWindowsAroundABooking() throws Exception {
        Instant day = farDay(40);
        String id = id();
        nsap.hold(new SegmentOrder(id, "x", "y", 1000, new TimeInterval(day.plus(Duration.ofHours(1)),
                day.plus(Duration.ofHours(2))), 0, 0), Duration.ofMinutes(5));
        nsap.commit(id);

        StartTimes starts = nsap.availability("x", "y", new SlotQuery(10, Duration.ofMinutes(30), day,
                day.plus(Duration.ofHours(3))));

        assertEquals(StartTimes.of(List.of(new StartWindow(day, day.plus(Duration.ofMinutes(30))),
                new StartWindow(day.plus(Duration.ofHours(2)), day.plus(Duration.ofHours(3))))), starts);
    }

    @Test
    void widestAnswersTheMostBandwidthFreeAtSomeStart() throws Exception {
        Instant day = farDay(41);
        String id = id();
        nsap.hold(new SegmentOrder(id, "x", "y", 600, new TimeInterval(day, day.plus(Duration.ofHours(1))), 0, 0),
                Duration.ofMinutes(5));

        assertEquals(400, nsap.widest("x", "y", Duration.ofHours(1), day, day));
        assertEquals(1000, nsap.widest("x", "y", Duration.ofHours(1), day, day.plus(Duration.ofHours(1))));
    }

    @Test
    void availabilityOfAnUnknownEndpointIsARefusalNamingTheField() {
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> nsap.availability("nowhere", "y",
                new SlotQuery(10, Duration.ofMinutes(30), farDay(42), farDay(43))));
        assertTrue(f.answered(), f.getMessage());
        assertEquals(Refusal.badField("source", f.refusal().message()), f.refusal());
    }

    /** A fresh booking id, so that each test's segments are its own on the shared server. */
    static String id() {
        return "seg-" + IDS.incrementAndGet();
    }

    /** An order between x and y an hour from now, for an hour. */
    static SegmentOrder order(String bookingId, String source, long mbps, int sourceVlan, int destinationVlan) {
        // Due now: an L-NSAP or the NSAP configures no booking before its start.
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return new SegmentOrder(bookingId, source, "y", mbps, new TimeInterval(start, start.plus(Duration.ofHours(1))),
                sourceVlan, destinationVlan);
    }

    static SegmentAnswer hold(String bookingId) throws SegmentFailure {
        return nsap.hold(order(bookingId, "x", 10, 0, 0), Duration.ofMinutes(5));
    }

    @Test
    void holdAnswersHeldWithTheVlansAndThePath() throws Exception {
        String id = id();
        SegmentAnswer held = nsap.hold(order(id, "x", 100, 101, 202), Duration.ofMinutes(5));
        assertEquals(id, held.bookingId());
        assertEquals(SegmentState.HELD, held.state());
        assertEquals(101, held.sourceVlan());
        assertEquals(202, held.destinationVlan());
        assertEquals("link x-y", held.description());
        Instant expires = server.service().status(id, new Caller.Process("test")).holdExpiresAt();
        long heldFor = Duration.between(Instant.now(), expires).toSeconds();
        assertTrue(heldFor > 250 && heldFor <= 300, "held for about 300 s: " + heldFor);
    }

    @Test
    void commitThenStatusAnswersCommitted() throws Exception {
        String id = id();
        hold(id);
        assertEquals(SegmentState.COMMITTED, nsap.commit(id).state());
        SegmentAnswer status = nsap.status(id);
        assertEquals(SegmentState.COMMITTED, status.state());
        assertEquals(id, status.bookingId());
    }

    @Test
    void holdAndCommitAnswersCommittedWithTheVlansAndThePath() throws Exception {
        String id = id();
        SegmentAnswer committed = nsap.holdAndCommit(order(id, "x", 100, 101, 202));
        assertEquals(SegmentState.COMMITTED, committed.state());
        assertEquals(101, committed.sourceVlan());
        assertEquals(202, committed.destinationVlan());
        assertEquals("link x-y", committed.description());
        assertEquals(SegmentState.COMMITTED, server.service().status(id, new Caller.Process("test")).state());
        assertEquals(null, server.service().status(id, new Caller.Process("test")).holdExpiresAt(), "no hold left to lapse");
    }

    @Test
    void holdAndCommitThatDoesNotFitIsARefusalNamingTheResource() {
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> nsap.holdAndCommit(order(id(), "x", 1001, 0, 0)));
        assertTrue(f.answered(), f.getMessage());
        assertEquals(RefusalCode.NO_CAPACITY, f.refusal().code(), "the NSAP's code, read from the fault");
        assertTrue(f.getMessage().contains("x-y"), f.getMessage());
    }

    @Test
    void abortAnswersAbortedWithTheReason() throws Exception {
        String id = id();
        hold(id);
        SegmentAnswer aborted = nsap.abort(id, "the WAN segment was refused <capacity> & more");
        assertEquals(SegmentState.ABORTED, aborted.state());
        assertTrue(aborted.reason().contains("the WAN segment was refused <capacity> & more"), aborted.reason());
    }

    @Test
    void activateThenDeactivateAnswersActiveThenReleased() throws Exception {
        String id = id();
        hold(id);
        nsap.commit(id);
        assertEquals(SegmentState.ACTIVE, nsap.activate(id).state());
        assertEquals(SegmentState.RELEASED, nsap.deactivate(id).state());
    }

    @Test
    void holdThatDoesNotFitIsANoCapacityRefusalNamingTheResource() {
        SegmentFailure f = assertThrows(SegmentFailure.class,
                () -> nsap.hold(order(id(), "x", 1001, 0, 0), Duration.ofMinutes(5)));
        assertTrue(f.answered(), f.getMessage());
        assertEquals("nsap", f.controller());
        assertEquals(RefusalCode.NO_CAPACITY, f.refusal().code(), "the NSAP's code, read from the fault");
        assertTrue(f.getMessage().contains("x-y"), f.getMessage());
    }

    @Test
    void badInputIsARefusalNamingTheField() {
        SegmentFailure f = assertThrows(SegmentFailure.class,
                () -> nsap.hold(order(id(), "nowhere", 10, 0, 0), Duration.ofMinutes(5)));
        assertTrue(f.answered(), f.getMessage());
        assertEquals(RefusalCode.BAD_FIELD, f.refusal().code());
        assertEquals("source", f.refusal().subject());
        assertTrue(f.getMessage().contains("source: unknown endpoint 'nowhere'"), f.getMessage());
        assertFalse(f.getMessage().contains("source: source:"), "the field is named once: " + f.getMessage());
    }

    @Test
    void anUnknownBookingIsABadFieldNamingBookingId() {
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> nsap.commit("never-held-" + id()));
        assertTrue(f.answered(), f.getMessage());
        assertEquals(RefusalCode.BAD_FIELD, f.refusal().code());
        assertEquals("bookingId", f.refusal().subject());
    }

    @Test
    void aCallTheBookingsStateDoesNotAllowIsAPolicyRefusalNamingBookingId() throws Exception {
        String id = id();
        hold(id);
        nsap.abort(id, "given up");
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> nsap.commit(id));
        assertTrue(f.answered(), f.getMessage());
        assertEquals(RefusalCode.POLICY, f.refusal().code());
        assertEquals("bookingId", f.refusal().subject());
    }

    @Test
    void endpointsListsXAndY() throws Exception {
        assertEquals(List.of("x", "y"), nsap.endpoints());
    }

    @Test
    void serverNotListeningDidNotAnswerAndIsProviderSilent() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        SoapSegmentController down = new SoapSegmentController("lnsap-a",
                URI.create("http://127.0.0.1:" + port + "/services/NsapService"), NsapContract.NAMESPACE, Duration.ofSeconds(2));
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> down.status("s1"));
        assertFalse(f.answered(), f.getMessage());
        assertEquals("lnsap-a", f.controller());
        assertEquals(new Refusal(RefusalCode.PROVIDER_SILENT, "lnsap-a", f.refusal().message()), f.refusal());
    }

    @Test
    void serverSlowerThanTheTimeoutDidNotAnswerWithinAboutTheTimeoutAndIsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0)) {
            Thread acceptor = new Thread(() -> {
                List<Socket> accepted = new ArrayList<>();
                try {
                    while (true) {
                        accepted.add(silent.accept()); // and never answer
                    }
                } catch (Exception closed) {
                    accepted.forEach(s -> {
                        try {
                            s.close();
                        } catch (Exception ignored) {
                            // closing anyway
                        }
                    });
                }
            }, "silent-server");
            acceptor.setDaemon(true);
            acceptor.start();
            SoapSegmentController slow = new SoapSegmentController("peer-b",
                    URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/services/PeerService"), "urn:crs:bar-peer:1",
                    Duration.ofMillis(500));
            long t0 = System.nanoTime();
            SegmentFailure f = assertThrows(SegmentFailure.class, () -> slow.status("s1"));
            long millis = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            assertFalse(f.answered(), f.getMessage());
            assertEquals(new Refusal(RefusalCode.TIMEOUT, "peer-b", f.refusal().message()), f.refusal());
            assertTrue(millis >= 450 && millis < 1500, "gave up after " + millis + " ms");
        }
    }

    @Test
    void httpErrorWithoutASoapFaultIsReportedAsThatErrorNotAsSilence() {
        URI wrongPath = server.serviceUrl().resolve("/nothing-here");
        SoapSegmentController lost = new SoapSegmentController("nsap", wrongPath, NsapContract.NAMESPACE, Duration.ofSeconds(5));
        SegmentFailure f = assertThrows(SegmentFailure.class, () -> lost.status("s1"));
        assertFalse(f.answered(), f.getMessage());
        assertEquals(RefusalCode.PROVIDER_SILENT, f.refusal().code(), "an answer that is no SOAP answer is none");
        assertTrue(f.getMessage().startsWith("nsap failed: status: HTTP 404"), f.getMessage());
    }

    @Test
    void manyThreadsShareOneController() throws Exception {
        String id = id();
        hold(id);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<SegmentState>> answers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                answers.add(pool.submit(() -> nsap.status(id).state()));
            }
            for (Future<SegmentState> answer : answers) {
                assertEquals(SegmentState.HELD, answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void holdSecondsAreWholeRoundedUpAndAtLeastOne() {
        assertEquals(1, SoapSegmentController.holdSeconds(Duration.ZERO));
        assertEquals(1, SoapSegmentController.holdSeconds(Duration.ofMillis(10)));
        assertEquals(2, SoapSegmentController.holdSeconds(Duration.ofMillis(1500)));
        assertEquals(300, SoapSegmentController.holdSeconds(Duration.ofMinutes(5)));
    }
}
