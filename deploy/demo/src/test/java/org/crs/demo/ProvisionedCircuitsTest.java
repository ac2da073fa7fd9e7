package org.crs.demo;

import static org.crs.demo.FederationTestBase.call;
import static org.crs.demo.FederationTestBase.configs;
import static org.crs.demo.FederationTestBase.create;
import static org.crs.demo.FederationTestBase.heldAnywhere;
import static org.crs.demo.FederationTestBase.newId;
import static org.crs.demo.FederationTestBase.soon;
import static org.crs.demo.FederationTestBase.state;
import static org.crs.demo.FederationTestBase.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.crs.bar.server.BarServer;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.nsap.testing.RawSoap;
import org.crs.routers.emulator.sessions.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reservations booked ON_PROVISION (an NSI connection's): up only while provisioned and inside
 * their schedule, on the federation of the demo with its emulated routers, over the BAR's SOAP
 * port type and JSON API. docs/bar-services.md, "Provision and release".
 */
class ProvisionedCircuitsTest {

    static final Optional<String> ON_PROVISION = Optional.of("ON_PROVISION");

    @BeforeAll
    static void start() throws Exception {
        FederationTestBase.startFederation(Federation.Options.hsqldbFiles(Files.createTempDirectory("crs-provision")));
    }

    @AfterAll
    static void stop() {
        FederationTestBase.stopFederation();
    }

    @AfterEach
    void clearFaults() {
        FederationTestBase.federation.emulator().routers().forEach(r -> r.faults().clear());
    }

    static String onProvision(String id, Instant start, Instant end) throws Exception {
        String reserved = create(id, "site-a:host-a1", "site-b:host-b1", 100, start, end, false, ON_PROVISION);
        assertEquals("RESERVED", state(reserved), reserved);
        assertEquals("ON_PROVISION", RawSoap.field(reserved, "provisioning"), reserved);
        assertEquals("false", RawSoap.field(reserved, "provisioned"), reserved);
        return reserved;
    }

    /** Books host-a1 to host-b1 ON_PROVISION from in two seconds for a minute, provisions it and waits until it is up. */
    static String upOnProvision() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofSeconds(2));
        onProvision(id, start, start.plusSeconds(60));
        call("provisionReservation", id);
        assertEquals("ACTIVE", state(waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(6))));
        return id;
    }

    static List<ReservationState> history(String id) {
        return FederationTestBase.federation.bar("site-a").store().history(id).stream().map(ReservationTransition::to)
                .toList();
    }

    static long lastSession(String router) {
        List<Session> all = FederationTestBase.federation.emulator().router(router).sessions();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
    }

    static List<String> commandsSince(String router, long session) {
        return FederationTestBase.federation.emulator().router(router).sessions().stream().filter(s -> s.id() > session)
                .flatMap(s -> s.commands().stream()).toList();
    }

    /** Waits until the reservation's answer is in {@code state} and has no work under way. */
    static String waitUntil(String id, String state, Duration within) throws Exception {
        return waitFor(id, Set.of(state, "FAILED", "FINISHED", "CANCELLED"), within);
    }

    @Test
    void notProvisionedItDoesNotComeUpAtItsStartAndEndsFinishedWithNothingConfigured() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(3));
        Instant end = start.plusSeconds(3);
        onProvision(id, start, end);

        Thread.sleep(Duration.between(Instant.now(), start.plusSeconds(1)).toMillis());
        assertEquals("RESERVED", state(call("getReservation", id)), "past its start, not provisioned: not up");
        assertEquals(before, configs(), "nothing configured at its start");

        String finished = waitFor(id, Set.of("FINISHED", "FAILED"), Duration.between(Instant.now(), end).plusSeconds(5));
        assertEquals("FINISHED", state(finished), finished);
        assertEquals(List.of(ReservationState.REQUESTED, ReservationState.HELD, ReservationState.RESERVED,
                ReservationState.FINISHED), history(id), "never activated");
        assertEquals(before, configs());
        assertEquals(List.of(), heldAnywhere(id), "its bookings are released at every part");
    }

    @Test
    void provisionedBeforeItsStartItComesUpAtItsStartAndGoesAtItsEnd() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(4));
        Instant end = start.plusSeconds(3);
        onProvision(id, start, end);

        String provisioned = call("provisionReservation", id);
        assertEquals("RESERVED", state(provisioned), provisioned);
        assertEquals("true", RawSoap.field(provisioned, "provisioned"), provisioned);

        String active = waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.between(Instant.now(), start).plusSeconds(3));
        assertEquals("ACTIVE", state(active), active);
        Instant activating = FederationTestBase.federation.bar("site-a").store().history(id).stream()
                .filter(t -> t.to() == ReservationState.ACTIVATING).findFirst().orElseThrow().at();
        assertFalse(activating.isBefore(start.minus(FederationTestBase.LEAD)), "activated at " + activating
                + ", not before its activation time " + start.minus(FederationTestBase.LEAD));
        assertNotEquals(before.get("edge-a"), configs().get("edge-a"), "the campus is configured");
        assertEquals("FINISHED", state(waitFor(id, Set.of("FINISHED", "FAILED"),
                Duration.between(Instant.now(), end).plusSeconds(5))));
        assertEquals(before, configs());
    }

    @Test
    void provisionedAfterItsStartItComesUpAtOnce() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(2));
        onProvision(id, start, start.plusSeconds(60));
        Thread.sleep(Duration.between(Instant.now(), start.plusSeconds(2)).toMillis());
        assertEquals("RESERVED", state(call("getReservation", id)));

        Instant asked = Instant.now();
        call("provisionReservation", id);
        String active = waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(5));

        assertEquals("ACTIVE", state(active), active);
        assertTrue(Duration.between(asked, Instant.now()).toMillis() < 5000, "up within seconds of the provision");
        assertNotEquals(before.get("edge-a"), configs().get("edge-a"));
        call("cancelReservation", id);
        assertEquals("CANCELLED", state(waitFor(id, Set.of("CANCELLED", "FAILED"), Duration.ofSeconds(10))));
        assertEquals(before, configs());
    }

    @Test
    void aReleaseWhileActiveTakesTheCircuitDownAndLeavesItReservedWithTheSameBookingsCommitted() throws Exception {
        Map<String, String> before = configs();
        String id = upOnProvision();
        List<String> up = heldAnywhere(id);
        long edgeSession = lastSession("edge-a");

        String released = call("releaseReservation", id);

        assertEquals("RESERVED", state(released), released);
        assertEquals("false", RawSoap.field(released, "provisioned"), released);
        assertTrue(commandsSince("edge-a", edgeSession).stream().anyMatch(c -> c.startsWith("no switchport access vlan")),
                "edge-a's session log shows the tear-down: " + commandsSince("edge-a", edgeSession));
        assertEquals(before, configs(), "every router as before");
        assertEquals(3, up.size(), up.toString());
        assertEquals(up.stream().map(s -> s.replace(" ACTIVE", " COMMITTED")).toList(), heldAnywhere(id),
                "the same bookings, COMMITTED at every part");
        List<ReservationState> history = history(id);
        assertEquals(List.of(ReservationState.ACTIVE, ReservationState.RELEASING, ReservationState.RESERVED),
                history.subList(history.size() - 3, history.size()));
        call("cancelReservation", id);
    }

    @Test
    void noOtherBookingTakesTheCapacityWhileTheCircuitIsBeingReleased() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofSeconds(2));
        Instant end = start.plusSeconds(60);
        onProvision(id, start, end);
        call("provisionReservation", id);
        assertEquals("ACTIVE", state(waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(6))));
        // The campus's save takes two seconds: the release is under way that long.
        FederationTestBase.federation.emulator().router("edge-a").faults().slowSaves(Duration.ofSeconds(2), 1);

        CompletableFuture<String> release = CompletableFuture.supplyAsync(() -> {
            try {
                return call("releaseReservation", id);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        waitUntilSuspending(id, Duration.ofSeconds(5));
        String during = create(newId(), "site-a:host-a1", "site-b:host-b1", 100, Instant.now().plusSeconds(5), end,
                false);
        String released = release.get(20, TimeUnit.SECONDS);
        String after = create(newId(), "site-a:host-a1", "site-b:host-b1", 100, Instant.now().plusSeconds(5), end,
                false);

        assertEquals("RESERVED", state(released), released);
        assertEquals("REJECTED", state(during), "host-a1 is still booked while its circuit is taken down: " + during);
        assertEquals("REJECTED", state(after), "and once it is down: " + after);
        assertEquals(3, heldAnywhere(id).stream().filter(s -> s.endsWith(" COMMITTED")).count(), heldAnywhere(id).toString());
        call("cancelReservation", id);
    }

    /** Waits until the reservation's campus segment at site-a's L-NSAP is being suspended. */
    private static void waitUntilSuspending(String id, Duration within) throws Exception {
        Instant until = Instant.now().plus(within);
        while (Instant.now().isBefore(until)) {
            if (heldAnywhere(id).stream().anyMatch(s -> s.endsWith(" SUSPENDING"))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no part of " + id + " was seen SUSPENDING: " + heldAnywhere(id));
    }

    @Test
    void aProvisionAfterAReleaseBringsTheSameSegmentsUpAgain() throws Exception {
        Map<String, String> before = configs();
        String id = upOnProvision();
        List<String> firstUp = heldAnywhere(id);
        assertEquals("RESERVED", state(call("releaseReservation", id)));

        call("provisionReservation", id);
        String active = waitFor(id, Set.of("ACTIVE", "FAILED"), Duration.ofSeconds(5));

        assertEquals("ACTIVE", state(active), active);
        assertEquals(firstUp, heldAnywhere(id), "the same bookings, ACTIVE again");
        assertNotEquals(before.get("edge-a"), configs().get("edge-a"), "configured again");
        call("cancelReservation", id);
        assertEquals("CANCELLED", state(waitFor(id, Set.of("CANCELLED", "FAILED"), Duration.ofSeconds(10))));
        assertEquals(before, configs());
        assertEquals(List.of(), heldAnywhere(id));
    }

    @Test
    void aReleaseWhileTheActivationIsUnderWayLeavesTheCircuitDown() throws Exception {
        Map<String, String> before = configs();
        String id = newId();
        Instant start = soon(Duration.ofSeconds(3));
        onProvision(id, start, start.plusSeconds(60));
        // The campus's save takes two seconds: the activation is under way that long.
        FederationTestBase.federation.emulator().router("edge-a").faults().slowSaves(Duration.ofSeconds(2), 1);
        call("provisionReservation", id);
        waitFor(id, Set.of("ACTIVATING", "ACTIVE", "FAILED"), Duration.ofSeconds(6));

        String released = call("releaseReservation", id);
        assertEquals("ACTIVATING", state(released), "released while the routers were being configured: " + released);
        assertEquals("false", RawSoap.field(released, "provisioned"), released);
        // Each part is suspended once its activation has finished there (until then it answers
        // ACTIVATING and is asked again, the pause doubling): on a loaded machine the first SSH
        // sessions alone take seconds.
        String settled = waitUntil(id, "RESERVED", Duration.ofSeconds(45));

        assertEquals("RESERVED", state(settled), settled);
        List<ReservationTransition> moves = FederationTestBase.federation.bar("site-a").store().history(id);
        assertTrue(moves.stream().anyMatch(t -> t.from() == ReservationState.ACTIVATING
                && t.to() == ReservationState.RELEASING), "what came up is taken down: " + moves);
        assertFalse(moves.stream().anyMatch(t -> t.to() == ReservationState.ACTIVE), "never recorded up: " + moves);
        Thread.sleep(1000); // a sweep or two: nothing brings it up again
        assertEquals("RESERVED", state(call("getReservation", id)));
        assertEquals(before, configs(), "every router as before");
        call("cancelReservation", id);
    }

    @Test
    void aHeldReservationIsNotProvisionable() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(30));
        String held = create(id, "site-a:host-a2", "site-b:host-b2", 100, start, start.plusSeconds(3600), true,
                ON_PROVISION);
        assertEquals("HELD", state(held), held);

        String refused = call("provisionReservation", id);

        assertEquals("POLICY", RawSoap.field(refused, "code"), refused);
        assertEquals("requestId", RawSoap.field(refused, "field"), refused);
        assertEquals("false", RawSoap.field(call("getReservation", id), "provisioned"));
        call("abortReservation", id);
    }

    @Test
    void anAutomaticReservationIsNotProvisionableNorReleasable() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(31));
        String reserved = create(id, "site-a:host-a2", "site-b:host-b2", 100, start, start.plusSeconds(3600), false);
        assertEquals("AUTOMATIC", RawSoap.field(reserved, "provisioning"), reserved);

        String provision = call("provisionReservation", id);
        String release = call("releaseReservation", id);

        assertEquals("POLICY", RawSoap.field(provision, "code"), provision);
        assertEquals("POLICY", RawSoap.field(release, "code"), release);
        assertEquals("RESERVED", state(call("getReservation", id)));
        call("cancelReservation", id);
    }

    @Test
    void anotherUsersReservationIsNotAllowedToBeProvisioned() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(32));
        onProvisionOn(id, "site-a:host-a3", "site-b:host-b3", start);
        RawSoap bob = new RawSoap(FederationTestBase.federation.bar("site-a").serviceUrl(), BarServer.NAMESPACE)
                .as("bob", DemoAccounts.password("bob"));

        String refused = bob.call("provisionReservation", "<n:provisionReservation><n:requestId>" + id
                + "</n:requestId></n:provisionReservation>");

        assertEquals("NOT_ALLOWED", RawSoap.field(refused, "code"), refused);
        assertEquals("requestId", RawSoap.field(refused, "field"), refused);
        assertEquals("false", RawSoap.field(call("getReservation", id), "provisioned"));
        call("cancelReservation", id);
    }

    @Test
    void aModifyKeepsTheProvisioningAndTheProvision() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(33));
        onProvisionOn(id, "site-a:host-a3", "site-b:host-b3", start);
        call("provisionReservation", id);

        String modified = FederationTestBase.bar().call("modifyReservation", "<n:modifyReservation><n:requestId>" + id
                + "</n:requestId><n:end>" + start.plusSeconds(7200) + "</n:end></n:modifyReservation>");

        assertEquals("RESERVED", state(modified), modified);
        assertEquals("ON_PROVISION", RawSoap.field(modified, "provisioning"), modified);
        assertEquals("true", RawSoap.field(modified, "provisioned"), modified);
        call("cancelReservation", id);
    }

    @Test
    void theProvisionSurvivesARestartOfTheBar() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(34));
        onProvisionOn(id, "site-a:host-a4", "site-b:host-b4", start);
        call("provisionReservation", id);

        FederationTestBase.federation.stopBar("site-a");
        FederationTestBase.federation.startBar("site-a");

        String after = call("getReservation", id);
        assertEquals("RESERVED", state(after), after);
        assertEquals("ON_PROVISION", RawSoap.field(after, "provisioning"), after);
        assertEquals("true", RawSoap.field(after, "provisioned"), after);
        call("cancelReservation", id);
    }

    @Test
    void overJsonABookingOnProvisionIsProvisionedAndReleased() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(35));
        HttpResponse<String> created = jsonCreate(id, "ON_PROVISION", start);
        assertEquals(201, created.statusCode(), created.body());
        assertTrue(created.body().contains("\"provisioning\":\"ON_PROVISION\""), created.body());

        HttpResponse<String> provisioned = json("POST", "/api/reservations/" + id + "/provision", "{}");
        HttpResponse<String> released = json("POST", "/api/reservations/" + id + "/release", "{}");

        assertEquals(200, provisioned.statusCode(), provisioned.body());
        assertTrue(provisioned.body().contains("\"provisioned\":true"), provisioned.body());
        assertEquals(200, released.statusCode(), released.body());
        assertTrue(released.body().contains("\"provisioned\":false"), released.body());
        call("cancelReservation", id);
    }

    @Test
    void overJsonAnUnknownProvisioningIsRefusedNamingTheField() throws Exception {
        String id = newId();
        Instant start = soon(Duration.ofHours(36));
        HttpResponse<String> refused = jsonCreate(id, "LATER", start);

        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("\"code\":\"BAD_FIELD\"") && refused.body().contains("\"field\":\"provisioning\""),
                refused.body());
        assertTrue(call("getReservation", id).contains("no reservation"), "nothing booked");
    }

    private static void onProvisionOn(String id, String source, String destination, Instant start) throws Exception {
        String reserved = create(id, source, destination, 100, start, start.plusSeconds(3600), false, ON_PROVISION);
        assertEquals("RESERVED", state(reserved), reserved);
    }

    /** Books host-a4 to host-b4 for an hour from {@code start} over JSON, with {@code provisioning} as it is written. */
    private static HttpResponse<String> jsonCreate(String id, String provisioning, Instant start) throws Exception {
        return json("POST", "/api/reservations", "{\"requestId\":\"" + id + "\",\"source\":\"site-a:host-a4\","
                + "\"destination\":\"site-b:host-b4\",\"bandwidthMbps\":100,\"provisioning\":\"" + provisioning
                + "\",\"timing\":{\"kind\":\"fixed\",\"start\":\"" + start + "\",\"end\":\"" + start.plusSeconds(3600)
                + "\"}}");
    }

    private static HttpResponse<String> json(String method, String path, String body) throws Exception {
        URI uri = FederationTestBase.federation.bar("site-a").serviceUrl().resolve(path);
        String basic = Base64.getEncoder().encodeToString(("alice:" + DemoAccounts.password("alice"))
                .getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json").header("Authorization", "Basic " + basic)
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        FederationTestBase.answer(answer.body());
        return answer;
    }
}
