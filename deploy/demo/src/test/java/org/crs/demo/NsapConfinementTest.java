package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.net.ssl.SSLContext;

import org.crs.bar.server.BarServer;
import org.crs.demo.faults.Truth;
import org.crs.demo.process.ProcessFederation;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.tls.TlsContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shared WAN NSAP confines each BAR to its own bookings, and configures no booking before
 * its start: every service in its own process, called over TLS with the demo's certificates,
 * as a BAR would call it. Site-b's BAR is refused on each operation that names one of site-a's
 * bookings, and nothing of the booking changes; its query and device log list its own bookings
 * only. Site-a's BAR, activating its own booking weeks early, is refused with nothing sent to a
 * router.
 */
class NsapConfinementTest {

    static final Pattern RETURN = Pattern.compile("(?s)<(?:\\w+:)?return(?: [^>]*)?>(.*?)</(?:\\w+:)?return>");

    static ProcessFederation federation;
    static Truth truth;
    /** Site-a's WAN booking of a circuit three weeks ahead, COMMITTED at the NSAP. */
    static String siteAWan;
    /** Site-b's WAN booking of a circuit three weeks ahead. */
    static String siteBWan;
    /** Site-a's booking as the NSAP told site-a's BAR before the test: what every refusal must leave. */
    static String siteAStatus;

    @BeforeAll
    static void start() throws Exception {
        Path work = Path.of("target/nsap-confinement").toAbsolutePath();
        deleteTree(work);
        Files.createDirectories(work);
        Map<String, String> booking = new LinkedHashMap<>();
        booking.put("setUpLead", "1s");
        booking.put("minimumDuration", "2s");
        booking.put("tearDownAllowance", "2s");
        federation = ProcessFederation.start(new ProcessFederation.Options(Path.of("../..").toAbsolutePath().normalize(),
                work, Duration.ofSeconds(20), booking, Map.of(), true, Map.of()));
        truth = new Truth(federation);

        Instant weeksAhead = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(21)).plus(Duration.ofHours(10));
        assertEquals("RESERVED", create("site-a", "confine-a", "site-a:host-a1", "site-b:host-b1", weeksAhead,
                Duration.ofHours(1)));
        assertEquals("RESERVED", create("site-b", "confine-b", "site-b:host-b3", "site-a:host-a3", weeksAhead,
                Duration.ofHours(1)));
        siteAWan = wanBooking("site-a", "confine-a");
        siteBWan = wanBooking("site-b", "confine-b");
        // A circuit of each site through the routers, so that each has a device log at the NSAP.
        Instant soon = Instant.now().plusSeconds(4).truncatedTo(ChronoUnit.MILLIS);
        create("site-a", "confine-a-now", "site-a:host-a2", "site-b:host-b2", soon, Duration.ofSeconds(3));
        create("site-b", "confine-b-now", "site-b:host-b4", "site-a:host-a4", soon, Duration.ofSeconds(3));
        awaitFinal("site-a", "confine-a-now");
        awaitFinal("site-b", "confine-b-now");
        siteAStatus = asBar("site-a").call("status", status(siteAWan));
        assertEquals("COMMITTED", RawSoap.field(siteAStatus, "state"), siteAStatus);
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    /** The operations of the NSAP port type that name a booking, each naming site-a's. */
    static Stream<Arguments> operationsNamingABooking() {
        String id = "<n:bookingId>" + siteAWan + "</n:bookingId>";
        String request = requestOf(siteAStatus);
        return Stream.of(
                Arguments.of("hold", "<n:hold>" + request + "<n:holdSeconds>60</n:holdSeconds></n:hold>"),
                Arguments.of("holdAndCommit", "<n:holdAndCommit>" + request + "</n:holdAndCommit>"),
                Arguments.of("commit", "<n:commit>" + id + "</n:commit>"),
                Arguments.of("abort", "<n:abort>" + id + "<n:reason>not mine</n:reason></n:abort>"),
                Arguments.of("activate", "<n:activate>" + id + "</n:activate>"),
                Arguments.of("deactivate", "<n:deactivate>" + id + "</n:deactivate>"),
                Arguments.of("suspend", "<n:suspend>" + id + "</n:suspend>"),
                Arguments.of("modify", "<n:modify>" + id + "<n:end>" + Instant.parse(RawSoap.field(siteAStatus, "end"))
                        .plus(Duration.ofHours(1)) + "</n:end><n:bandwidthMbps>100</n:bandwidthMbps>"
                        + "<n:holdSeconds>60</n:holdSeconds></n:modify>"),
                Arguments.of("commitModify", "<n:commitModify>" + id + "</n:commitModify>"),
                Arguments.of("abortModify", "<n:abortModify>" + id + "</n:abortModify>"),
                Arguments.of("status", "<n:status>" + id + "</n:status>"),
                Arguments.of("utilisation", "<n:utilisation>" + id + "<n:from>" + Instant.now().minusSeconds(3600)
                        + "</n:from><n:to>" + Instant.now() + "</n:to></n:utilisation>"),
                Arguments.of("deviceLog", "<n:deviceLog>" + id + "<n:limit>100</n:limit></n:deviceLog>"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operationsNamingABooking")
    void siteBsBarIsRefusedOnSiteAsBookingAndNothingChanges(String operation, String body) throws Exception {
        String answer = asBar("site-b").call(operation, body);
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("NOT_ALLOWED", RawSoap.field(answer, "code"), answer);
        assertEquals("bookingId", RawSoap.field(answer, "field"), answer);
        // The state and the last entry of its history (state, actor, time, reason) as before.
        assertEquals(siteAStatus, asBar("site-a").call("status", status(siteAWan)));
        assertEquals(ReservationState.RESERVED, truth.reservation("site-a", "confine-a").state());
    }

    @Test
    void siteBsBarQueriesOnlyItsOwnBookings() throws Exception {
        List<String> siteB = bookingIds(asBar("site-b").call("query", "<n:query/>"));
        assertTrue(siteB.contains(siteBWan), siteB.toString());
        assertTrue(siteB.stream().allMatch(id -> id.startsWith("site-b:")), siteB.toString());
        List<String> siteA = bookingIds(asBar("site-a").call("query", "<n:query/>"));
        assertTrue(siteA.contains(siteAWan), siteA.toString());
        assertFalse(siteA.contains(siteBWan), siteA.toString());
    }

    @Test
    void theDeviceLogOfAllSegmentsShowsSiteBsBarOnlyItsOwnCircuits() throws Exception {
        String log = asBar("site-b").call("deviceLog", "<n:deviceLog><n:bookingId></n:bookingId><n:limit>10000</n:limit>"
                + "</n:deviceLog>");
        List<String> ids = bookingIds(log);
        assertFalse(ids.isEmpty(), "site-b's circuit was configured on the WAN routers: " + log);
        assertTrue(ids.stream().allMatch(id -> id.startsWith("site-b:")), ids.toString());
        List<String> siteA = bookingIds(asBar("site-a").call("deviceLog", "<n:deviceLog><n:bookingId></n:bookingId>"
                + "<n:limit>10000</n:limit></n:deviceLog>"));
        assertTrue(!siteA.isEmpty() && siteA.stream().allMatch(id -> id.startsWith("site-a:")), siteA.toString());
    }

    @Test
    void anActivationWeeksBeforeTheStartIsRefusedWithNothingSentToARouter() throws Exception {
        Map<String, String> routersBefore = truth.routerConfigs();
        String answer = asBar("site-a").call("activate", "<n:activate><n:bookingId>" + siteAWan
                + "</n:bookingId></n:activate>");
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("ACTIVATION_TOO_EARLY", RawSoap.field(answer, "code"), answer);
        assertEquals("bookingId", RawSoap.field(answer, "field"), answer);
        assertEquals(siteAStatus, asBar("site-a").call("status", status(siteAWan)));
        String log = asBar("site-a").call("deviceLog", "<n:deviceLog><n:bookingId>" + siteAWan
                + "</n:bookingId><n:limit>100</n:limit></n:deviceLog>");
        assertEquals(List.of(), bookingIds(log), "no exchange with a router: " + log);
        assertEquals(routersBefore, truth.routerConfigs());
    }

    @Test
    void aMaintenanceWindowAtTheNsapRecordsTheBarAndTheOperatorThatDeclaredIt() throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(30)).plus(Duration.ofHours(2));
        URI maintenance = federation.reservationUrl("site-b").resolve("/services/MaintenanceService");
        String declared = new RawSoap(maintenance, BarServer.MAINTENANCE_NAMESPACE).as("oscar", DemoAccounts.password("oscar"))
                .call("declareMaintenance", "<n:declareMaintenance><n:resourceId>core-2-core-3</n:resourceId><n:start>"
                        + start + "</n:start><n:end>" + start.plus(Duration.ofHours(1)) + "</n:end><n:reason>fibre work"
                        + "</n:reason></n:declareMaintenance>");
        assertEquals("WAN", RawSoap.field(declared, "scope"), declared);
        String listed = asBar("site-b").call("listMaintenance", "<n:listMaintenance><n:resourceId>core-2-core-3"
                + "</n:resourceId><n:from>" + start + "</n:from><n:to>" + start.plus(Duration.ofHours(1)) + "</n:to>"
                + "</n:listMaintenance>");
        assertEquals("bar-site-b", RawSoap.field(listed, "createdBy"), listed);
        assertTrue(RawSoap.field(listed, "reason").contains("oscar"), listed);
    }

    // ---- helpers ----

    /** The NSAP as a site's BAR calls it: over TLS with that BAR's certificate. */
    static RawSoap asBar(String site) {
        SSLContext tls = federation.certificates().client("bar-" + site);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(tls)
                .sslParameters(TlsContexts.parameters(tls)).connectTimeout(Duration.ofSeconds(3)).build();
        return new RawSoap(federation.nsapUrl(ProcessFederation.NSAP), NsapContract.NAMESPACE).over(client);
    }

    static String create(String site, String id, String source, String destination, Instant start, Duration length)
            throws Exception {
        String answer = truth.bar(site, "createReservation", "<n:createReservation><n:requestId>" + id
                + "</n:requestId><n:source>" + source + "</n:source><n:destination>" + destination + "</n:destination>"
                + "<n:bandwidthMbps>100</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>" + start.plus(length)
                + "</n:end><n:description>confinement</n:description><n:holdOnly>false</n:holdOnly></n:createReservation>");
        return FederationTestBase.state(answer);
    }

    static String wanBooking(String site, String requestId) throws Exception {
        return truth.reservation(site, requestId).bookingIds().stream().filter(id -> id.endsWith(":wan")).findFirst()
                .orElseThrow(() -> new AssertionError(requestId + " has no WAN booking"));
    }

    static void awaitFinal(String site, String requestId) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < until) {
            ReservationState state = truth.reservation(site, requestId).state();
            if (state != null && state.isFinal()) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(requestId + " at " + site + " did not end: " + truth.reservation(site, requestId));
    }

    static String status(String bookingId) {
        return "<n:status><n:bookingId>" + bookingId + "</n:bookingId></n:status>";
    }

    /** The request of a hold that repeats the booking {@code status} answers, under its own booking id. */
    static String requestOf(String status) {
        return "<n:request><n:bandwidthMbps>" + RawSoap.field(status, "bandwidthMbps") + "</n:bandwidthMbps><n:bookingId>"
                + RawSoap.field(status, "bookingId") + "</n:bookingId><n:destination>" + RawSoap.field(status, "destination")
                + "</n:destination><n:destinationVlan>0</n:destinationVlan><n:end>" + RawSoap.field(status, "end")
                + "</n:end><n:source>" + RawSoap.field(status, "source") + "</n:source><n:sourceVlan>0</n:sourceVlan>"
                + "<n:start>" + RawSoap.field(status, "start") + "</n:start></n:request>";
    }

    /** The booking ids of every {@code return} of an answer, in order. */
    static List<String> bookingIds(String answer) {
        List<String> out = new ArrayList<>();
        Matcher m = RETURN.matcher(answer);
        while (m.find()) {
            out.add(RawSoap.field(m.group(1), "bookingId"));
        }
        return out;
    }

    static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
