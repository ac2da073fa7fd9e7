package org.crs.demo;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.server.BarPolicy;
import org.crs.bar.server.BarServer;
import org.crs.domain.access.Caller;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Approval on the federation, on emulated routers, as the demo's alice books and oscar approves
 * over SOAP: a booking that waits for an operator keeps its segment booked at the L-NSAP, comes
 * up at its start once approved over the OperatorService, and is released with nothing left
 * anywhere when nobody approves it. The demo's rule waits above 1000 Mbit/s, which no demo host
 * port can carry (each is 1 Gbit/s), so these BARs wait above 100 Mbit/s. The circuits join two
 * hosts of site-a (one segment at site-a's L-NSAP): the approval is the same for every circuit,
 * and the flow across sites is covered with scripted parts by bar-service's ApprovalAndQuotaTest.
 */
class ApprovalFederationTest {

    static final BarSettings SETTINGS = BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(2))
            .withSetUpLead(Duration.ofMillis(1500));
    static final ApprovalRules OVER_100_WAITS = new ApprovalRules(List.of(new ApprovalRule(100L, null, null, null, null,
            null, ApprovalDecision.WAIT)), Duration.ZERO);
    static final List<String> ROUTERS = List.of("edge-a", "edge-b", "core-1", "core-2", "core-3");
    static Federation federation;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-approval");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, SETTINGS, Duration.ofSeconds(3), Clock.systemUTC())
                .withPolicy(BarPolicy.of(OVER_100_WAITS, Quotas.none())));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    /** Books as the demo's alice over the client port type. */
    static Reservation book(String id, long mbps, Instant start, Duration length) throws Exception {
        String answer = new RawSoap(federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE).as("alice", "alice-demo")
                .call("createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                        + "<n:source>site-a:host-a3</n:source><n:destination>site-a:host-a4</n:destination>"
                        + "<n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                        + start.plus(length) + "</n:end><n:description>approval test</n:description>"
                        + "<n:holdOnly>false</n:holdOnly></n:createReservation>");
        assertTrue(answer.contains("createReservationResponse"), answer);
        return federation.bar("site-a").service().get(ITSELF, id);
    }

    static Reservation waitFor(String id, Set<ReservationState> states, Duration within) throws Exception {
        return waitFor(federation.bar("site-a"), id, states, within);
    }

    /** The reservation once it is in one of {@code states} at {@code bar}; fails after {@code within}. */
    static Reservation waitFor(BarServer bar, String id, Set<ReservationState> states, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        Reservation r;
        do {
            r = bar.service().get(ITSELF, id);
            if (states.contains(r.state())) {
                return r;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return fail("reservation " + id + " not in " + states + " within " + within + ": " + r);
    }

    /** The segments of a reservation booked at the L-NSAPs and the NSAP, with their states. */
    static List<String> bookedAnywhere(String id) {
        List<NsapServer> servers = List.of(federation.lnsap("site-a"), federation.lnsap("site-b"), federation.nsap());
        return servers.stream().flatMap(s -> s.service().query(List.of(), null, new Caller.Process("test")).stream())
                .filter(seg -> seg.bookingId().contains(":" + id + ":") && seg.state().holdsResources())
                .map(seg -> seg.state().name()).toList();
    }

    static Map<String, String> configs() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String r : ROUTERS) {
            out.put(r, federation.emulator().router(r).runningConfig());
        }
        return out;
    }

    static Instant soon(Duration after) {
        return Instant.now().plus(after).truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void aWaitingBookingApprovedOverTheOperatorServiceComesUpOnTheRoutersAtItsStart() throws Exception {
        Map<String, String> before = configs();
        Instant start = soon(Duration.ofSeconds(6));
        Reservation waiting = book("approve-me", 200, start, Duration.ofSeconds(3));
        assertEquals(ReservationState.PENDING_APPROVAL, waiting.state(), waiting.reason());
        assertEquals(List.of("COMMITTED"), bookedAnywhere("approve-me"), "booked at site-a's L-NSAP");

        String answer = new RawSoap(federation.bar("site-a").operatorUrl(), BarServer.OPERATOR_NAMESPACE)
                .as("oscar", "oscar-demo").call(
                "approveReservation", "<n:approveReservation><n:requestId>approve-me</n:requestId>"
                        + "<n:reason>fine</n:reason></n:approveReservation>");
        assertTrue(answer.contains("approveReservationResponse"), answer);
        assertEquals(ReservationState.RESERVED, federation.bar("site-a").service().get(ITSELF, "approve-me").state());

        Reservation up = waitFor("approve-me", Set.of(ReservationState.ACTIVE, ReservationState.FAILED),
                Duration.between(Instant.now(), start).plusSeconds(3));
        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        assertNotEquals(before.get("edge-a"), configs().get("edge-a"), "the campus edge is configured");
        Reservation down = waitFor("approve-me", Set.of(ReservationState.FINISHED, ReservationState.FAILED),
                Duration.ofSeconds(12));
        assertEquals(ReservationState.FINISHED, down.state(), down.reason());
        assertEquals(before, configs(), "every router as it was before");
    }

    @Test
    void aBookingLeftUnapprovedPastItsStartIsReleasedWithNothingLeftAnywhere() throws Exception {
        Map<String, String> before = configs();
        Instant start = soon(Duration.ofSeconds(3));
        assertEquals(ReservationState.PENDING_APPROVAL, book("forget-me", 200, start, Duration.ofSeconds(3)).state());

        Reservation released = waitFor("forget-me", Set.of(ReservationState.REJECTED),
                Duration.between(Instant.now(), start).plusSeconds(5));

        assertTrue(released.reason().startsWith("approval lapsed"), released.reason());
        assertEquals(List.of(), bookedAnywhere("forget-me"));
        assertEquals(before, configs(), "nothing was ever configured");
    }
}
