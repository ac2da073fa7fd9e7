package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.crs.bar.server.BarServer;
import org.crs.domain.access.Caller;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.audit.AuditTrail;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.reservation.BarSettings;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

/**
 * A federation of two sites over real SOAP between real service instances and emulated routers:
 * a client books at site-a's BAR, which negotiates with its L-NSAP, the NSAP and site-b's BAR.
 * Subclasses choose the databases.
 */
abstract class FederationTestBase {

    static final Duration LEAD = Duration.ofMillis(1500);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(3);
    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2)).withSetUpLead(LEAD);
    static final List<String> ROUTERS = List.of("edge-a", "edge-b", "core-1", "core-2", "core-3");
    /** Future days no other test books on, so tests never meet on a host port. */
    private static final AtomicInteger DAYS = new AtomicInteger(10);

    static Federation federation;
    private static final AtomicInteger IDS = new AtomicInteger();

    /** Every log line of the suite, searched for the demo's secrets once it is over. */
    static LogCapture log;
    /** Every answer the suite's helpers got, searched likewise. */
    static final List<String> ANSWERS = new java.util.concurrent.CopyOnWriteArrayList<>();

    static void startFederation(Function<String, Federation.Database> databases) throws Exception {
        log = LogCapture.attach();
        ANSWERS.clear();
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(), databases,
                false, SETTINGS, CALL_TIMEOUT, Clock.systemUTC()));
    }

    @AfterAll
    static void stopFederation() {
        if (federation != null) {
            federation.close();
            federation = null;
        }
        if (log != null) {
            log.close();
            String shown = log.firstShowing(LogCapture.DEMO_SECRETS);
            String answered = ANSWERS.stream().filter(a -> LogCapture.DEMO_SECRETS.stream().anyMatch(a::contains))
                    .findFirst().orElse(null);
            log = null;
            assertEquals(null, shown, "a log line of the federation suite shows one of the demo's secrets");
            assertEquals(null, answered, "an answer of the federation suite shows one of the demo's secrets");
        }
    }

    @AfterEach
    void clearFaults() {
        federation.emulator().routers().forEach(r -> r.faults().clear());
    }

    // ---- the client's side ----

    static RawSoap bar() {
        return new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE).as("alice", DemoAccounts.password("alice"));
    }

    static String newId() {
        return "req-" + IDS.incrementAndGet() + "-" + System.nanoTime() % 100000;
    }

    static String create(String id, String source, String destination, long mbps, Instant start, Instant end,
                         boolean holdOnly) throws Exception {
        return create(id, source, destination, mbps, start, end, holdOnly, Optional.empty());
    }

    /** Books a fixed circuit as alice, with {@code provisioning} ({@code ON_PROVISION}, ...) when given. */
    static String create(String id, String source, String destination, long mbps, Instant start, Instant end,
                         boolean holdOnly, Optional<String> provisioning) throws Exception {
        return answer(bar().call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                + "<n:source>" + source + "</n:source><n:destination>" + destination + "</n:destination>"
                + "<n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + end
                + "</n:end><n:description>test</n:description><n:holdOnly>" + holdOnly + "</n:holdOnly>"
                + provisioning.map(p -> "<n:provisioning>" + p + "</n:provisioning>").orElse("")
                + "</n:createReservation>"));
    }

    static String call(String operation, String id) throws Exception {
        return answer(bar().call(operation, "<n:" + operation + "><n:requestId>" + id + "</n:requestId></n:" + operation
                + ">"));
    }

    /** Keeps an answer for the search for secrets at the end of the suite. */
    static String answer(String answer) {
        ANSWERS.add(answer);
        return answer;
    }

    /** The reservation's own state, not one of its segments'. */
    static String state(String answer) {
        String withoutSegments = answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", "");
        String state = RawSoap.field(withoutSegments, "state");
        if (state == null) {
            fail("no state in " + answer);
        }
        return state;
    }

    static String waitFor(String id, Set<String> states, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String answer;
        do {
            answer = call("getReservation", id);
            if (states.contains(state(answer))) {
                return answer;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        fail("reservation " + id + " not in " + states + " within " + within + ": " + answer);
        return answer;
    }

    /** A window on a day no other test uses. */
    static Instant freeDay() {
        return Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(DAYS.incrementAndGet()));
    }

    static Instant soon(Duration after) {
        return Instant.now().plus(after).truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- what the services and routers hold ----

    static Map<String, String> configs() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String r : ROUTERS) {
            out.put(r, federation.emulator().router(r).runningConfig());
        }
        return out;
    }

    /** The segments of a reservation still holding resources anywhere (both L-NSAPs and the NSAP). */
    static List<String> heldAnywhere(String id) {
        List<NsapServer> servers = List.of(federation.lnsap("site-a"), federation.lnsap("site-b"), federation.nsap());
        return servers.stream().flatMap(s -> s.service().query(List.of(), null, new Caller.Process("test")).stream())
                .filter(seg -> seg.bookingId().contains(":" + id + ":") && seg.state().holdsResources())
                .map(seg -> seg.bookingId() + " " + seg.state()).toList();
    }


    static int vlanOf(String answer, String role) {
        Matcher m = Pattern.compile("(?s)<(?:\\w+:)?segments[ >](.*?)</(?:\\w+:)?segments>").matcher(answer);
        while (m.find()) {
            String segment = m.group(1);
            if (role.equals(RawSoap.field(segment, "role"))) {
                return Math.max(Integer.parseInt(RawSoap.field(segment, "sourceVlan")),
                        Integer.parseInt(RawSoap.field(segment, "destinationVlan")));
            }
        }
        return fail("no " + role + " segment in " + answer);
    }

    // ---- the behaviours ----

    @Test
    void aCrossSiteCircuitComesUpOnTimeOnAllThreeSegmentsRoutersAndGoesAwayAtItsEnd() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(4));
        Instant end = start.plusSeconds(4);

        String reserved = create(id, "site-a:host-a1", "site-b:host-b1", 100, start, end, false);
        assertEquals("RESERVED", state(reserved), reserved);
        int localVlan = vlanOf(reserved, "LOCAL_CAMPUS");
        int remoteVlan = vlanOf(reserved, "REMOTE_CAMPUS");

        String active = waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.between(Instant.now(), start).plusSeconds(2));
        Instant upAt = Instant.now();
        assertEquals("ACTIVE", state(active), active);
        assertTrue(!upAt.isAfter(start.plusSeconds(2)), "up at " + upAt + " for a start at " + start);
        Map<String, String> during = configs();
        assertTrue(during.get("edge-a").contains("vlan " + localVlan), during.get("edge-a"));
        assertTrue(during.get("edge-b").contains("vlan " + remoteVlan), during.get("edge-b"));
        assertNotEquals(before.get("core-1"), during.get("core-1"), "the WAN's head end is configured");
        assertNotEquals(before.get("core-3"), during.get("core-3"), "the WAN's tail end is configured");

        String finished = waitFor(id, Set.of("FINISHED", "FAILED"), Duration.between(Instant.now(), end).plusSeconds(5));
        assertEquals("FINISHED", state(finished), finished);
        assertEquals(before, configs(), "every router as it was before");
        assertEquals(List.of(), heldAnywhere(id));
    }

    /** The demo's router secrets (deploy/config/routers-demo.yaml): never in an audit trail. */
    static final List<String> ROUTER_SECRETS = List.of("crs-demo-password", "crs-demo-enable", "crs-demo-auth-pass",
            "crs-demo-priv-pass");

    @Test
    void everyRouterCommandOfACircuitIsInItsControllersAuditTrailAndAnsweredByTheBarsSearch() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofSeconds(4));
        String reserved = create(id, "site-a:host-a1", "site-b:host-b1", 100, start, start.plusSeconds(3), false);
        assertEquals("RESERVED", state(reserved), reserved);
        String finished = waitFor(id, Set.of("FINISHED", "FAILED"), Duration.between(Instant.now(), start).plusSeconds(10));
        assertEquals("FINISHED", state(finished), finished);

        Map<String, NsapServer> controllers = new LinkedHashMap<>();
        controllers.put("edge-a", federation.lnsap("site-a"));
        controllers.put("core-1", federation.nsap());
        controllers.put("edge-b", federation.lnsap("site-b"));
        for (Map.Entry<String, NsapServer> c : controllers.entrySet()) {
            AuditTrail trail = c.getValue().auditTrail();
            List<AuditEntry> entries = trail.search(AuditQuery.all().withReservation(id));
            List<AuditEntry> commands = entries.stream()
                    .filter(e -> e.record().operation().equals(AuditRecord.ROUTER_COMMAND)).toList();
            assertFalse(commands.isEmpty(), c.getKey() + ": no router command of " + id + " in the trail");
            assertTrue(entries.stream().anyMatch(e -> e.record().operation().equals("NsapService.activate")
                    && e.record().actor().startsWith("bar-")), c.getKey() + ": the BAR's activate is recorded too");
            assertTrue(commands.stream().anyMatch(e -> e.record().router().equals(c.getKey())), commands.toString());
            assertTrue(trail.verify().intact(), c.getKey());
            java.io.StringWriter csv = new java.io.StringWriter();
            trail.exportCsv(AuditQuery.all(), csv);
            for (String secret : ROUTER_SECRETS) {
                assertFalse(csv.toString().contains(secret), c.getKey() + "'s trail holds a router secret");
            }
        }

        String answer = new RawSoap(federation.bar("site-a").auditUrl(), BarServer.AUDIT_NAMESPACE)
                .as("oscar", DemoAccounts.password("oscar")).call("searchAudit",
                "<n:searchAudit><n:reservationId>" + id + "</n:reservationId><n:offset>0</n:offset>"
                        + "<n:limit>1000</n:limit></n:searchAudit>");
        assertTrue(answer.contains(">edge-a<") && answer.contains(">core-1<"), answer);
        assertFalse(answer.contains(">edge-b<"), "the remote campus's commands are the other site's to answer");
    }

    @Test
    void aCircuitBetweenTwoHostsOfOneSiteComesUpOnItsEdgeRouterAlone() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(3));
        String reserved = create(id, "site-a:host-a3", "site-a:host-a4", 100, start, start.plusSeconds(2), false);
        assertEquals("RESERVED", state(reserved), reserved);
        int vlan = vlanOf(reserved, "LOCAL_CAMPUS");

        assertEquals("ACTIVE", state(waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(8))));
        String edge = federation.emulator().router("edge-a").runningConfig();
        assertTrue(edge.contains("vlan " + vlan), edge);
        assertEquals(before.get("core-1"), federation.emulator().router("core-1").runningConfig(), "the WAN is not touched");
        assertEquals(before.get("edge-b"), federation.emulator().router("edge-b").runningConfig(), "nor the other site");

        assertEquals("FINISHED", state(waitFor(id, Set.of("FINISHED", "FAILED"), Duration.ofSeconds(8))));
        assertEquals(before, configs());
    }

    @Test
    void aPeerBarThatIsDownRejectsTheBookingAsProviderSilentAndLeavesNothingHeld() throws Exception {
        federation.stopBar("site-b");
        try {
            String id = newId();
            Instant start = freeDay();
            String answer = create(id, "site-a:host-a2", "site-b:host-b2", 100, start, start.plusSeconds(3600), false);

            assertEquals("REJECTED", state(answer), answer);
            assertEquals("PROVIDER_SILENT", RawSoap.field(answer, "refusalCode"), answer);
            assertEquals(List.of(), heldAnywhere(id));
        } finally {
            federation.startBar("site-b");
        }
    }

    @Test
    void aPeerBarSlowerThanTheTimeoutRejectsTheBookingAsTimeoutAndLeavesNothingHeld() throws Exception {
        URI peer = federation.peerUrl("site-b");
        try (DelayingProxy slow = new DelayingProxy(peer.getPort(), CALL_TIMEOUT.plusSeconds(1))) {
            federation.routePeer("site-b", slow.in(peer));
            federation.stopBar("site-a");
            federation.startBar("site-a");
            String id = newId();
            Instant start = freeDay();

            String answer = create(id, "site-a:host-a3", "site-b:host-b3", 100, start, start.plusSeconds(3600), false);

            assertEquals("REJECTED", state(answer), answer);
            assertEquals("TIMEOUT", RawSoap.field(answer, "refusalCode"), answer);
            // The late hold lands at site-b after the first abort; the second abort takes it away.
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (!heldAnywhere(id).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(List.of(), heldAnywhere(id));
        } finally {
            federation.routePeer("site-b", null);
            federation.stopBar("site-a");
            federation.startBar("site-a");
        }
    }

    @Test
    void anNsapThatRefusesRejectsTheBookingNamingTheWanAndLeavesNothingHeld() throws Exception {
        String id = newId();
        Instant start = freeDay();
        String answer = create(id, "site-a:host-a2", "site-b:host-b2", 5000, start, start.plusSeconds(3600), false);

        assertEquals("REJECTED", state(answer), answer);
        assertEquals("NO_CAPACITY", RawSoap.field(answer, "refusalCode"), answer);
        assertTrue(RawSoap.field(answer, "reason").startsWith("WAN segment"), answer);
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void aRemoteCampusRefusalReachesTheClientWithTheRemoteLnsapsCodeAndIsKept() throws Exception {
        Instant start = freeDay();
        String first = newId();
        assertEquals("RESERVED", state(create(first, "site-a:host-a1", "site-b:host-b1", 100, start,
                start.plusSeconds(3600), false)));
        String id = newId();

        String answer = create(id, "site-a:host-a2", "site-b:host-b1", 100, start, start.plusSeconds(3600), false);

        assertEquals("REJECTED", state(answer), answer);
        // site-b's L-NSAP refused, its BAR passed the code on, and site-a's BAR kept it
        assertEquals("HOST_PORT_BUSY", RawSoap.field(answer, "refusalCode"), answer);
        assertEquals("HOST_PORT_BUSY", RawSoap.field(call("getReservation", id), "refusalCode"), "read again later");
        assertEquals(List.of(), heldAnywhere(id));
        call("cancelReservation", first);
    }

    @Test
    void anActivationThatFailsOnTheRemoteSitesRouterRollsBackEverySegment() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(3));
        String reserved = create(id, "site-a:host-a3", "site-b:host-b3", 100, start, start.plusSeconds(5), false);
        assertEquals("RESERVED", state(reserved), reserved);
        federation.emulator().router("edge-b").faults().rejectCommand("switchport access vlan .*", 1);

        String failed = waitFor(id, Set.of("FAILED", "ACTIVE"), Duration.ofSeconds(8));

        assertEquals("FAILED", state(failed), failed);
        assertTrue(RawSoap.field(failed, "reason").contains("remote campus segment"), failed);
        assertEquals(before, configs(), "every router as it was before");
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void aHoldOnlyBookingWaitsAtHeldUntilTheClientCommits() throws Exception {
        String id = newId();
        Instant start = freeDay();
        String held = create(id, "site-a:host-a4", "site-b:host-b4", 100, start, start.plusSeconds(3600), true);
        assertEquals("HELD", state(held), held);

        String reserved = call("commitReservation", id);

        assertEquals("RESERVED", state(reserved), reserved);
        assertEquals(3, heldAnywhere(id).size());
        assertTrue(heldAnywhere(id).stream().allMatch(s -> s.endsWith("COMMITTED")), heldAnywhere(id).toString());
        call("cancelReservation", id);
    }

    @Test
    void aHoldOnlyBookingAbortedLeavesNothingHeld() throws Exception {
        String id = newId();
        Instant start = freeDay();
        assertEquals("HELD", state(create(id, "site-a:host-a4", "site-b:host-b4", 100, start, start.plusSeconds(3600), true)));

        String aborted = call("abortReservation", id);

        assertEquals("ABORTED", state(aborted), aborted);
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void cancelBeforeTheStartReleasesEverySegment() throws Exception {
        String id = newId();
        Instant start = freeDay();
        assertEquals("RESERVED", state(create(id, "site-a:host-a1", "site-b:host-b1", 100, start, start.plusSeconds(3600),
                false)));

        String cancelled = call("cancelReservation", id);

        assertEquals("CANCELLED", state(cancelled), cancelled);
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void cancelWhileActiveTearsTheCircuitDown() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(3));
        assertEquals("RESERVED", state(create(id, "site-a:host-a2", "site-b:host-b2", 100, start, start.plusSeconds(60),
                false)));
        assertEquals("ACTIVE", state(waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(8))));

        String cancelled = call("cancelReservation", id);

        assertEquals("CANCELLED", state(cancelled), cancelled);
        assertEquals(before, configs());
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void aSegmentIsWantedWhileItsReservationLivesAndNotOnceItIsOverAskedOfEitherSite() throws Exception {
        String id = newId();
        Instant start = freeDay();
        assertEquals("RESERVED", state(create(id, "site-a:host-a1", "site-b:host-b3", 100, start, start.plusSeconds(3600),
                false)));
        String remote = "site-a:" + id + ":remote";

        assertEquals("WANTED", wanted("site-a", remote));
        assertEquals("WANTED", wanted("site-b", remote)); // site-b asks site-a
        call("cancelReservation", id);

        assertEquals("NOT_WANTED", wanted("site-a", remote));
        assertEquals("NOT_WANTED", wanted("site-b", remote));
        assertEquals("NOT_WANTED", wanted("site-a", "site-a:no-such-request:wan"));
    }

    /** What a site's PeerService answers to whether a booking is wanted. */
    /** Asks the BAR of {@code site} as the NSAP asks it: by the NSAP's certificate, over TLS. */
    static String wanted(String site, String bookingId) throws Exception {
        var tls = federation.certificates().client("nsap");
        java.net.http.HttpClient asNsap = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .sslContext(tls).sslParameters(TlsContexts.parameters(tls)).build();
        String answer = new RawSoap(federation.bar(site).tlsPeerUrl().orElseThrow(), BarServer.PEER_NAMESPACE).over(asNsap)
                .call("segmentWanted",
                "<n:segmentWanted><n:bookingId>" + bookingId + "</n:bookingId></n:segmentWanted>");
        return RawSoap.field(answer, "return");
    }

    @Test
    void aBarRestartedBetweenCommitAndStartStillBringsTheCircuitUpOnTime() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofSeconds(5));
        assertEquals("RESERVED", state(create(id, "site-a:host-a4", "site-b:host-b4", 100, start, start.plusSeconds(3),
                false)));

        federation.stopBar("site-a");
        federation.startBar("site-a");

        // on time, or soon after when a part is slow to answer on a loaded machine and is tried again
        String active = waitFor(id, Set.of("ACTIVE", "FAILED", "FINISHED"), Duration.between(Instant.now(), start).plusSeconds(5));
        assertEquals("ACTIVE", state(active), active);
        assertEquals("FINISHED", state(waitFor(id, Set.of("FINISHED", "FAILED"), Duration.ofSeconds(8))));
    }

    @Test
    void theSameRequestIdTwiceAnswersTheSameReservation() throws Exception {
        String id = newId();
        Instant start = freeDay();
        String first = create(id, "site-a:host-a1", "site-b:host-b1", 100, start, start.plusSeconds(3600), false);

        String second = create(id, "site-a:host-a1", "site-b:host-b1", 100, start, start.plusSeconds(3600), false);

        assertEquals("RESERVED", state(second), second);
        assertEquals(RawSoap.field(first, "createdAt"), RawSoap.field(second, "createdAt"));
        assertEquals(3, heldAnywhere(id).size(), "one booking per segment, not two");
        call("cancelReservation", id);
    }

    static String modify(String id, Instant end, long mbps) throws Exception {
        return bar().call("modifyReservation", "<n:modifyReservation><n:requestId>" + id + "</n:requestId>"
                + (end == null ? "" : "<n:end>" + end + "</n:end>") + "<n:bandwidthMbps>" + mbps + "</n:bandwidthMbps>"
                + "</n:modifyReservation>");
    }

    @Test
    void modifyExtendsTheEndAndRaisesTheBandwidthOfEverySegment() throws Exception {
        String id = newId();
        Instant start = freeDay();
        assertEquals("RESERVED", state(create(id, "site-a:host-a1", "site-b:host-b1", 100, start, start.plusSeconds(3600),
                false)));

        String modified = modify(id, start.plusSeconds(7200), 300);

        assertEquals("RESERVED", state(modified), modified);
        assertEquals("300", RawSoap.field(modified, "bandwidthMbps"));
        for (var segment : List.of(federation.nsap().service().status("site-a:" + id + ":wan", new Caller.Process("test")),
                federation.lnsap("site-a").service().status("site-a:" + id + ":campus", new Caller.Process("test")),
                federation.lnsap("site-b").service().status("site-a:" + id + ":remote", new Caller.Process("test")))) {
            assertEquals(300, segment.request().bandwidthMbps(), segment.bookingId());
            assertEquals(start.plusSeconds(7200).plus(SETTINGS.tearDownAllowance()), segment.request().interval().end(),
                    segment.bookingId());
        }
        call("cancelReservation", id);
    }

    @Test
    void aModifyTheWanCannotTakeIsRefusedAndChangesNothing() throws Exception {
        String id = newId();
        Instant start = freeDay();
        assertEquals("RESERVED", state(create(id, "site-a:host-a2", "site-b:host-b2", 100, start, start.plusSeconds(3600),
                false)));

        String refused = modify(id, null, 1500);

        assertTrue(refused.contains("Fault") && refused.contains("WAN segment"), refused);
        assertEquals("NO_CAPACITY", RawSoap.field(refused, "code"), refused);
        String after = call("getReservation", id);
        assertEquals("100", RawSoap.field(after, "bandwidthMbps"));
        assertEquals(100, federation.nsap().service().status("site-a:" + id + ":wan", new Caller.Process("test")).request().bandwidthMbps());
        call("cancelReservation", id);
    }

    @Test
    void badInputGetsAFaultNamingTheFieldAndBooksNothing() throws Exception {
        String id = newId();
        Instant start = freeDay();
        String answer = create(id, "site-a:host-a1", "site-b:host-b1", 0, start, start.plusSeconds(3600), false);

        assertTrue(answer.contains("Fault"), answer);
        assertEquals("BAD_FIELD", RawSoap.field(answer, "code"), answer);
        assertEquals("bandwidthMbps", RawSoap.field(answer, "field"), answer);
        assertTrue(call("getReservation", id).contains("no reservation"));
        assertFalse(heldAnywhere(id).iterator().hasNext());
    }

    @Test
    void listEndpointsNamesTheHostsOfBothSites() throws Exception {
        String answer = bar().call("listEndpoints", "<n:listEndpoints/>");

        assertTrue(answer.contains("site-a:host-a1") && answer.contains("site-b:host-b4"), answer);
    }

    // ---- when can I have it ----

    /** The start windows a findAvailability answer lists, each [earliest, latest]. */
    static List<Instant[]> findAvailability(String source, String destination, long mbps, Duration duration,
                                           Instant windowStart, Instant windowEnd) throws Exception {
        String answer = bar().call("findAvailability", "<n:findAvailability><n:source>" + source + "</n:source>"
                + "<n:destination>" + destination + "</n:destination><n:bandwidthMbps>" + mbps + "</n:bandwidthMbps>"
                + "<n:durationSeconds>" + duration.toSeconds() + "</n:durationSeconds><n:windowStart>" + windowStart
                + "</n:windowStart><n:windowEnd>" + windowEnd + "</n:windowEnd></n:findAvailability>");
        assertFalse(answer.contains("Fault"), answer);
        List<Instant[]> windows = new ArrayList<>();
        Matcher m = Pattern.compile("(?s)<(?:\\w+:)?starts[ >](.*?)</(?:\\w+:)?starts>").matcher(answer);
        while (m.find()) {
            windows.add(new Instant[] {OffsetDateTime.parse(RawSoap.field(m.group(1), "earliest")).toInstant(),
                    OffsetDateTime.parse(RawSoap.field(m.group(1), "latest")).toInstant()});
        }
        return windows;
    }

    static boolean offers(List<Instant[]> windows, Instant start) {
        return windows.stream().anyMatch(w -> !start.isBefore(w[0]) && !start.isAfter(w[1]));
    }

    static Instant startOf(String answer) {
        return OffsetDateTime.parse(RawSoap.field(answer, "start")).toInstant();
    }

    @Test
    void findAvailabilityOffersStartsThatOnlyTheLongerWanPathCanCarry() throws Exception {
        Instant day = freeDay();
        Duration half = Duration.ofMinutes(30);
        Instant from = day.plus(Duration.ofHours(9));
        Instant to = day.plus(Duration.ofHours(13));
        assertTrue(offers(findAvailability("site-a:host-a1", "site-b:host-b1", 100, half, from, to),
                day.plus(Duration.ofMinutes(630))));

        var wan = federation.nsap().service();
        wan.addMaintenance("core-1-core-3", new TimeInterval(day.plus(Duration.ofHours(10)),
                day.plus(Duration.ofHours(12))), "operator", "fibre work on the direct link");
        List<Instant[]> direct = findAvailability("site-a:host-a1", "site-b:host-b1", 100, half, from, to);
        assertTrue(offers(direct, day.plus(Duration.ofMinutes(630))), "10:30 over core-2 while the direct link is down");

        wan.addMaintenance("core-1-core-2", new TimeInterval(day.plus(Duration.ofMinutes(630)),
                day.plus(Duration.ofHours(11))), "operator", "line card swap on core-2");
        List<Instant[]> both = findAvailability("site-a:host-a1", "site-b:host-b1", 100, half, from, to);
        assertFalse(offers(both, day.plus(Duration.ofMinutes(640))), "no path at 10:40: " + both.size());
        assertTrue(offers(both, day.plus(Duration.ofMinutes(690))), "11:30 over core-2 again");
        assertTrue(offers(both, day.plus(Duration.ofMinutes(570))), "09:30 on either path");
    }

    @Test
    void aFixedBookingDuringMaintenanceIsRefusedAndTheSearchOffersTheTimeAfterIt() throws Exception {
        Instant day = freeDay();
        federation.nsap().service().addMaintenance("core-3:GigabitEthernet3/0", new TimeInterval(
                day.plus(Duration.ofHours(10)), day.plus(Duration.ofHours(12))), "operator", "site-b hand-off upgrade");

        String answer = create(newId(), "site-a:host-a1", "site-b:host-b1", 100, day.plus(Duration.ofMinutes(630)),
                day.plus(Duration.ofHours(11)), false);

        assertEquals("REJECTED", state(answer), answer);
        assertEquals("MAINTENANCE", RawSoap.field(answer, "refusalCode"), answer);
        // The first free start: just after the window, once the set-up lead clears it.
        assertTrue(answer.contains("free start times: from " + day.plus(Duration.ofHours(12)).toString().substring(0, 16)),
                "the next free start: " + answer);
        List<Instant[]> windows = findAvailability("site-a:host-a1", "site-b:host-b1", 100, Duration.ofHours(1),
                day.plus(Duration.ofHours(9)), day.plus(Duration.ofHours(14)));
        assertTrue(windows.stream().allMatch(w -> !w[0].isBefore(day.plus(Duration.ofHours(12)))), "after the window only");
    }

    @Test
    void aWindowBookingTakesTheEarliestStartAtWhichTheWholeCircuitIsFree() throws Exception {
        Instant day = freeDay();
        String first = create(newId(), "site-a:host-a3", "site-b:host-b3", 100, day.plus(Duration.ofHours(10)),
                day.plus(Duration.ofHours(11)), false);
        assertEquals("RESERVED", state(first), first);

        String id = newId();
        String answer = createInWindow(id, "site-a:host-a3", "site-b:host-b3", Duration.ofHours(1),
                day.plus(Duration.ofHours(10)), day.plus(Duration.ofHours(14)));

        assertEquals("RESERVED", state(answer), answer);
        Instant start = startOf(answer);
        assertTrue(start.isAfter(day.plus(Duration.ofHours(11))) && start.isBefore(day.plus(Duration.ofMinutes(661))),
                "just after the host ports' first booking (and its lead and allowance): " + start);
    }

    static String createInWindow(String id, String source, String destination, Duration duration, Instant windowStart,
                                 Instant windowEnd) throws Exception {
        return bar().call("createReservationInWindow", "<n:createReservationInWindow><n:requestId>" + id
                + "</n:requestId><n:source>" + source + "</n:source><n:destination>" + destination + "</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:durationSeconds>" + duration.toSeconds()
                + "</n:durationSeconds><n:windowStart>" + windowStart + "</n:windowStart><n:windowEnd>" + windowEnd
                + "</n:windowEnd><n:description>test</n:description><n:holdOnly>false</n:holdOnly>"
                + "</n:createReservationInWindow>");
    }

    @Test
    void twoWindowBookingsRacingForOneSlotEndInTwoSlotsOneAfterTheOther() throws Exception {
        Instant day = freeDay();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                answers.add(pool.submit(() -> createInWindow(newId(), "site-a:host-a1", "site-b:host-b1",
                        Duration.ofHours(1), day.plus(Duration.ofHours(10)), day.plus(Duration.ofMinutes(750)))));
            }
            List<Instant> starts = new ArrayList<>();
            for (Future<String> a : answers) {
                String answer = a.get();
                assertEquals("RESERVED", state(answer), answer);
                starts.add(startOf(answer));
            }
            starts.sort(null);
            assertEquals(day.plus(Duration.ofHours(10)), starts.get(0), "the first takes the earliest slot");
            assertTrue(starts.get(1).isAfter(day.plus(Duration.ofHours(11))), "the other the next, after it: " + starts);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTransferByADeadlineRunsAtTheMostItMayUseFromTheEarliestStart() throws Exception {
        Instant day = freeDay();
        String id = newId();
        // 450,000 MB is 3,600,000 Mbit: an hour at 1,000 Mbit/s.
        String answer = bar().call("createTransfer", "<n:createTransfer><n:requestId>" + id + "</n:requestId>"
                + "<n:source>site-a:host-a4</n:source><n:destination>site-b:host-b4</n:destination>"
                + "<n:volumeMegabytes>450000</n:volumeMegabytes><n:maxBandwidthMbps>1000</n:maxBandwidthMbps>"
                + "<n:earliestStart>" + day.plus(Duration.ofHours(9)) + "</n:earliestStart><n:deadline>"
                + day.plus(Duration.ofHours(18)) + "</n:deadline><n:description>test</n:description>"
                + "<n:holdOnly>false</n:holdOnly></n:createTransfer>");

        assertEquals("RESERVED", state(answer), answer);
        assertEquals("1000", RawSoap.field(answer.replaceAll("(?s)<(\\w+:)?segments[ >].*?</(\\w+:)?segments>", ""),
                "bandwidthMbps"), answer);
        assertEquals(day.plus(Duration.ofHours(9)), startOf(answer));
    }

    @Test
    void twoClientsRacingForTheLastSlotEndWithOneBookingAndOneHelpfulRefusal() throws Exception {
        Instant day = freeDay();
        Instant start = day.plus(Duration.ofHours(10));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                answers.add(pool.submit(() -> create(newId(), "site-a:host-a2", "site-b:host-b2", 100, start,
                        start.plus(Duration.ofHours(1)), false)));
            }
            List<String> states = new ArrayList<>();
            String refusal = null;
            for (var a : answers) {
                String answer = a.get();
                states.add(state(answer));
                if (state(answer).equals("REJECTED")) {
                    refusal = answer;
                }
            }
            assertEquals(List.of("REJECTED", "RESERVED"), states.stream().sorted().toList(), String.valueOf(refusal));
            assertTrue(refusal.contains("carries") || refusal.contains("in use") || refusal.contains("booked"),
                    "names what is taken: " + refusal);
            assertTrue(refusal.contains("free start times: from "), "offers the next free start: " + refusal);
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- the services trust each other by certificate ----

    @Test
    void theLnsapsAndTheNsapServeOnlyCallersWithACertificateOfTheFederationsAuthority() throws Exception {
        Path dir = Files.createTempDirectory("crs-stranger");
        // Another authority of the very same name: only its key tells it apart.
        CertificateAuthority.create(DemoCertificates.CA_SUBJECT).issue("CN=bar-site-a,OU=CRS,O=Demo",
                dir.resolve("stranger.p12"), "stranger");
        SSLContext stranger = TlsContexts.client(new TlsSettings(dir.resolve("stranger.p12"), "stranger",
                federation.certificates().trustStore(), DemoCertificates.PASSWORD, ClientAuth.NONE));
        for (NsapServer service : List.of(federation.lnsap("site-a"), federation.lnsap("site-b"), federation.nsap())) {
            URI wsdl = URI.create(service.wsdlUrl().toString());

            assertEquals("https", wsdl.getScheme());
            assertThrows(IOException.class, () -> get(wsdl, trustingTheFederation()), "no certificate: " + wsdl);
            assertThrows(IOException.class, () -> get(wsdl, stranger), "another authority's certificate: " + wsdl);
            assertEquals(200, get(wsdl, federation.certificates().client("bar-site-a")).statusCode());
        }
    }

    @Test
    void aBarServesPeopleInPlainHttpAndTheOtherServicesOverTls() throws Exception {
        BarServer bar = federation.bar("site-b");

        assertEquals(200, get(bar.wsdlUrl(), null).statusCode());
        assertEquals(federation.peerUrl("site-b"), bar.tlsPeerUrl().orElseThrow());
        assertEquals(200, get(URI.create(bar.tlsPeerUrl().orElseThrow() + "?wsdl"),
                federation.certificates().client("bar-site-a")).statusCode());
    }

    /** A client that trusts the federation's authority and has no certificate of its own. */
    static SSLContext trustingTheFederation() throws Exception {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(TlsContexts.load(federation.certificates().trustStore(), DemoCertificates.PASSWORD, "trustStore"));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    static HttpResponse<String> get(URI url, SSLContext tls) throws IOException, InterruptedException {
        HttpClient.Builder client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            client.sslContext(tls).sslParameters(TlsContexts.parameters(tls));
        }
        return client.build().send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
