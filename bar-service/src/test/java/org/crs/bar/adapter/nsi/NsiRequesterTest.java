package org.crs.bar.adapter.nsi;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiRequester;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.client.NsiFaultException;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A BAR books the part of a circuit that lies in another network from that network's NSI
 * provider: the BAR, its NSI segment controller and its requester port are real (over HTTP on
 * 127.0.0.1); the far network is {@link FarNetworkPeer}, a small NSI provider; this site's
 * L-NSAP is the scripted controller the service's tests use.
 */
class NsiRequesterTest {

    static final String SITE_A_NSA = "urn:ogf:network:site-a.crs.example:2026:nsa";

    final FarNetworkPeer farNetwork = new FarNetworkPeer();
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "to-domain-c", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    BarServer bar;
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    @BeforeEach
    void start() throws Exception {
        bar = startBar("jdbc:hsqldb:file:" + dir.resolve("bar") + ";shutdown=true");
    }

    BarServer startBar(String jdbcUrl) throws Exception {
        FarProvider provider = new FarProvider("domain-c", FarNetworkPeer.NSA, farNetwork.providerUrl(),
                FarNetworkPeer.NETWORK, "to-domain-c", Stp.parse(FarNetworkPeer.NETWORK + ":to-site-a?vlan=3000-3099"),
                Optional.empty(), Duration.ofSeconds(5), Duration.ofMillis(300), Duration.ofSeconds(5));
        return BarServer.start(new ServerConfig("bar-nsi-requester", jdbcUrl, "SA",
                "", "127.0.0.1", 0, false), new Site("site-a", campus, wan, Map.of()),
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)), Clock.systemUTC(),
                BarServer.Options.defaults("bar-nsi-requester").withNsiRequester(Optional.of(new NsiRequester(SITE_A_NSA,
                        List.of(provider), Optional.empty(), Optional.empty()))));
    }

    @AfterEach
    void stop() {
        if (bar != null) {
            bar.close();
        }
        farNetwork.close();
    }

    Reservation book(String id, Duration startIn, Duration length) throws Exception {
        Instant start = Instant.now().plus(startIn).truncatedTo(ChronoUnit.MILLIS);
        return bar.service().create(TestCallers.user("alice"), new ReservationRequest(id, Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("domain-c:host-c1"), 500, new TimeInterval(start, start.plus(length)), "test", false));
    }

    Reservation book(String id) throws Exception {
        return book(id, Duration.ofHours(1), Duration.ofHours(1));
    }

    Reservation awaitState(String id, ReservationState state, Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        Reservation r = bar.service().get(ITSELF, id);
        while (r.state() != state && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
            r = bar.service().get(ITSELF, id);
        }
        assertEquals(state, r.state(), r.reason());
        return r;
    }

    URI requesterPort() {
        return bar.serviceUrl().resolve("/NSI/services/ConnectionRequester");
    }

    String connectionOf(String id) {
        return farNetwork.connectionOf("urn:crs:booking:site-a:" + id + ":far").orElseThrow();
    }

    @Test
    void aConfirmedReserveIsCommittedAndTheCampusTakesTheVlanTheFarNetworkChose() throws Exception {
        Reservation r = book("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(SegmentState.COMMITTED, r.segment(SegmentRole.FAR_NETWORK).state());
        assertEquals(3000, r.segment(SegmentRole.FAR_NETWORK).sourceVlan(), "the far network chose from the range");
        assertEquals(3000, r.segment(SegmentRole.LOCAL_CAMPUS).order().destinationVlan());
        String connection = connectionOf("r1");
        assertEquals(List.of("reserve " + connection, "reserveCommit " + connection), farNetwork.requests);
    }

    @Test
    void aReserveFailedRejectsTheReservationWithTheFarNetworksErrorId() throws Exception {
        farNetwork.reserveMode = FarNetworkPeer.ReserveMode.FAIL;

        Reservation r = book("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, r.refusalCode());
        assertTrue(r.reason().contains("NSI " + NsiErrorId.STP_UNAVAILABLE.code()), r.reason());
        assertTrue(campus.calls.stream().noneMatch(c -> c.startsWith("hold")), campus.calls.toString());
    }

    @Test
    void aServerFaultNamingAnErrorIdIsTheFarNetworksRefusalAsOpenNsaWritesIt() throws Exception {
        farNetwork.reserveMode = FarNetworkPeer.ReserveMode.SERVER_FAULT;

        Reservation r = book("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, r.refusalCode());
        assertTrue(r.reason().contains(" refused: NSI " + NsiErrorId.STP_UNAVAILABLE.code()),
                "an answer, not a part that did not answer: " + r.reason());
        assertTrue(farNetwork.requests.stream().noneMatch(q -> q.startsWith("querySummarySync urn:")),
                "never asked by global reservation id, which OpenNSA does not answer: " + farNetwork.requests);
    }

    @Test
    void aConnectionWhoseIdWasNeverLearntIsFoundByItsGlobalIdAmongAllTheRequestersConnections() throws Exception {
        assertEquals(ReservationState.RESERVED, book("r1").state());
        String connection = connectionOf("r1");
        farNetwork.answersQueriesByGlobalId = false;
        FarProvider provider = new FarProvider("domain-c", FarNetworkPeer.NSA, farNetwork.providerUrl(),
                FarNetworkPeer.NETWORK, "to-domain-c", Stp.parse(FarNetworkPeer.NETWORK + ":to-site-a?vlan=3000-3099"),
                Optional.empty(), Duration.ofSeconds(5), Duration.ofMillis(300), Duration.ofSeconds(5));

        try (ProviderCalls calls = new ProviderCalls(provider, SITE_A_NSA, this::requesterPort, null,
                new RequesterCallbacks(), Clock.systemUTC())) {
            assertEquals(Optional.of(connection), calls.findByGlobalId("site-a:r1:far"));
        }
    }

    @Test
    void withoutCallbacksTheRequesterAsksWithQuerySummarySync() throws Exception {
        farNetwork.callbacks = false;

        Reservation r = book("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(3000, r.segment(SegmentRole.LOCAL_CAMPUS).order().destinationVlan());
        assertTrue(farNetwork.requests.contains("querySummarySync " + connectionOf("r1")), farNetwork.requests.toString());
    }

    @Test
    void aConfirmationBeforeTheReserveResponseIsTaken() throws Exception {
        farNetwork.reserveMode = FarNetworkPeer.ReserveMode.CONFIRM_BEFORE_ACK;

        Reservation r = book("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertTrue(farNetwork.requests.stream().noneMatch(q -> q.startsWith("querySummarySync")),
                "the confirmation itself was taken: " + farNetwork.requests);
    }

    @Test
    void theFarPartIsProvisionedAtTheStartAndReleasedAndTerminatedAtTheEnd() throws Exception {
        book("r1", Duration.ofSeconds(2), Duration.ofSeconds(2));
        String connection = connectionOf("r1");

        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));
        assertTrue(farNetwork.requests.contains("provision " + connection), farNetwork.requests.toString());
        awaitState("r1", ReservationState.FINISHED, Duration.ofSeconds(15));

        assertTrue(farNetwork.requests.containsAll(List.of("release " + connection, "terminate " + connection)),
                farNetwork.requests.toString());
        assertEquals(LifecycleState.TERMINATED, farNetwork.states(connection).lifecycleState());
    }

    @Test
    void aReleasedReservationReleasesTheFarConnectionAndKeepsItUntilItIsProvisionedAgain() throws Exception {
        Instant start = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
        bar.service().create(TestCallers.user("alice"), new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("domain-c:host-c1"), 500, new TimeInterval(start, start.plus(Duration.ofMinutes(5))), "test",
                false).withProvisioning(org.crs.bar.reservation.Provisioning.ON_PROVISION));
        String connection = connectionOf("r1");
        bar.service().provision(TestCallers.user("alice"), "r1");
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));

        bar.service().release(TestCallers.user("alice"), "r1");
        awaitState("r1", ReservationState.RESERVED, Duration.ofSeconds(10));
        assertEquals(org.crs.domain.nsi.ProvisionState.RELEASED, farNetwork.states(connection).provisionState());
        assertEquals(LifecycleState.CREATED, farNetwork.states(connection).lifecycleState(), "the booking is kept");

        bar.service().provision(TestCallers.user("alice"), "r1");
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));
        assertEquals(2, farNetwork.requests.stream().filter(q -> q.equals("provision " + connection)).count(),
                farNetwork.requests.toString());
    }

    @Test
    void aCommitAfterTheFarHoldTimedOutFailsWithTheFarNetworksErrorAndAbortsEveryPart() throws Exception {
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
        Reservation held = bar.service().create(TestCallers.user("alice"), new ReservationRequest("r1",
                Endpoint.parse("site-a:host-a1"), Endpoint.parse("domain-c:host-c1"), 500,
                new TimeInterval(start, start.plus(Duration.ofHours(1))), "test", true));
        assertEquals(ReservationState.HELD, held.state(), held.reason());
        String connection = connectionOf("r1");
        farNetwork.holdTimesOut(connection, requesterPort());

        Reservation r = bar.service().commit(TestCallers.user("alice"), "r1");

        assertEquals(ReservationState.ABORTED, r.state(), r.reason());
        assertTrue(r.reason().contains("NSI " + NsiErrorId.INVALID_TRANSITION.code()), r.reason());
        assertEquals(LifecycleState.TERMINATED, farNetwork.states(connection).lifecycleState());
        assertEquals(SegmentState.ABORTED, campus.segments.get("site-a:r1:campus"));
    }

    @Test
    void aCancelBeforeTheStartTerminatesTheFarConnection() throws Exception {
        book("r1");
        String connection = connectionOf("r1");

        Reservation r = bar.service().cancel(TestCallers.user("alice"), "r1", "plans changed");

        assertEquals(ReservationState.CANCELLED, r.state(), r.reason());
        assertEquals(LifecycleState.TERMINATED, farNetwork.states(connection).lifecycleState());
        assertTrue(farNetwork.requests.stream().noneMatch(q -> q.startsWith("provision")), farNetwork.requests.toString());
    }

    @Test
    void anErrorEventWhileActiveFailsTheReservation() throws Exception {
        book("r1", Duration.ofSeconds(2), Duration.ofMinutes(5));
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));

        farNetwork.forcedEnd(connectionOf("r1"), requesterPort());

        awaitState("r1", ReservationState.FAILED, Duration.ofSeconds(10));
        assertTrue(bar.store().history("r1").stream().anyMatch(t -> t.reason().contains("forcedEnd")),
                bar.store().history("r1").toString());
    }

    @Test
    void theDataPlaneGoingDownWhileActiveFailsTheReservation() throws Exception {
        book("r1", Duration.ofSeconds(2), Duration.ofMinutes(5));
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));

        farNetwork.dataPlaneDown(connectionOf("r1"), requesterPort());

        awaitState("r1", ReservationState.FAILED, Duration.ofSeconds(10));
    }

    @Test
    void aNotificationTheProvidersStatesDoNotBearOutChangesNothing() throws Exception {
        book("r1", Duration.ofSeconds(2), Duration.ofMinutes(5));
        awaitState("r1", ReservationState.ACTIVE, Duration.ofSeconds(10));
        String connection = connectionOf("r1");

        try (NsiClient client = new NsiClient(requesterPort(), Duration.ofSeconds(5), null)) {
            client.send(NsiHeader.toRequester(SITE_A_NSA, FarNetworkPeer.NSA, NsiHeader.newCorrelationId()),
                    new DataPlaneStateChange(connection, 99, Instant.now(), new DataPlaneStatus(false, 1, true)));
        }
        int queries = (int) farNetwork.requests.stream().filter(q -> q.startsWith("querySummarySync")).count();
        Instant deadline = Instant.now().plusSeconds(5);
        while (farNetwork.requests.stream().filter(q -> q.startsWith("querySummarySync")).count() == queries
                && Instant.now().isBefore(deadline)) {
            Thread.sleep(50); // until the reconciliation it started has asked the provider
        }
        Thread.sleep(500);

        assertEquals(ReservationState.ACTIVE, bar.service().get(ITSELF, "r1").state());
    }

    @Test
    void aRestartedBarFindsTheFarConnectionAgainAndTerminatesItOnCancel() throws Exception {
        book("r1");
        String connection = connectionOf("r1");
        bar.close();
        bar = startBar("jdbc:hsqldb:file:" + dir.resolve("bar") + ";shutdown=true");

        Reservation r = bar.service().cancel(TestCallers.user("alice"), "r1", "plans changed");

        assertEquals(ReservationState.CANCELLED, r.state(), r.reason());
        assertEquals(LifecycleState.TERMINATED, farNetwork.states(connection).lifecycleState());
        assertTrue(farNetwork.requests.contains("terminate " + connection), farNetwork.requests.toString());
    }

    /** What the far network was asked, without the querySummarySync polls. */
    List<String> farRequests() {
        return farNetwork.requests.stream().filter(r -> !r.startsWith("querySummarySync")).toList();
    }

    @Test
    void aModifyReservesTheNextVersionAtTheFarNetworkThenCommitsIt() throws Exception {
        Reservation r = book("r1");
        String connection = connectionOf("r1");

        Reservation modified = bar.service().modify(TestCallers.user("alice"), "r1", null, 800);

        assertEquals(800, modified.request().bandwidthMbps());
        assertEquals(List.of("reserve " + connection, "reserveCommit " + connection, "reserve " + connection + " v2",
                "reserveCommit " + connection), farRequests());
        assertEquals(800, farNetwork.criteria(connection).p2ps().orElseThrow().capacityMbps());
        assertEquals(Optional.of(2), farNetwork.criteria(connection).version());
        assertEquals(r.request().interval(), modified.request().interval());
    }

    @Test
    void aModifyCommitAfterTheFarNetworkDroppedItsHoldIsNotAppliedThere() throws Exception {
        Reservation r = book("r1");
        String connection = connectionOf("r1");
        bar.service().holdModify(TestCallers.user("alice"), "r1", r.request().interval().end(), 800,
                Duration.ofMinutes(1));
        farNetwork.dropsHeldModify(connection);

        bar.service().commitModify(TestCallers.user("alice"), "r1", r.request().interval().end(), 800);

        assertEquals(List.of("reserve " + connection, "reserveCommit " + connection, "reserve " + connection + " v2"),
                farRequests(), "no reserveCommit of a hold the far network no longer has");
        assertEquals(Optional.of(1), farNetwork.criteria(connection).version());
        List<org.crs.domain.reservation.ReservationTransition> history = bar.service().history(ITSELF, "r1");
        String last = history.get(history.size() - 1).reason();
        assertTrue(last.contains("NOT applied by") && last.contains("NSI " + NsiErrorId.INVALID_TRANSITION.code()),
                last);
    }

    @Test
    void aModifyAnotherPartRefusesIsAbortedAtTheFarNetwork() throws Exception {
        book("r1");
        String connection = connectionOf("r1");
        campus.refuseModify = new org.crs.domain.refusal.Refusal(RefusalCode.NO_CAPACITY, "host-a1",
                "no bandwidth left on host-a1");

        org.crs.bar.reservation.ChangeRefused e = assertThrows(org.crs.bar.reservation.ChangeRefused.class,
                () -> bar.service().modify(TestCallers.user("alice"), "r1", null, 800));

        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertTrue(farRequests().contains("reserveAbort " + connection), farRequests().toString());
        assertEquals(500, farNetwork.criteria(connection).p2ps().orElseThrow().capacityMbps());
        assertEquals(500, bar.service().get(ITSELF, "r1").request().bandwidthMbps());
    }

    @Test
    void aFarNetworkThatDoesNotImplementModifyRefusesItAndTheReservationStaysAsItWas() throws Exception {
        Reservation r = book("r1");
        farNetwork.modifyMode = FarNetworkPeer.ModifyMode.NOT_IMPLEMENTED;

        org.crs.bar.reservation.ChangeRefused e = assertThrows(org.crs.bar.reservation.ChangeRefused.class,
                () -> bar.service().modify(TestCallers.user("alice"), "r1", r.request().interval().end().plusSeconds(600),
                        500));

        assertEquals(RefusalCode.FAR_NETWORK_REFUSED, e.refusal().code());
        assertTrue(e.getMessage().contains("NSI " + NsiErrorId.NOT_IMPLEMENTED.code()), e.getMessage());
        Reservation now = bar.service().get(ITSELF, "r1");
        assertEquals(r.request().interval(), now.request().interval());
        assertEquals(ReservationState.RESERVED, now.state());
        assertTrue(campus.pending.isEmpty(), "the campus's held change is dropped: " + campus.pending);
    }

    @Test
    void everyNotificationAboutAHeldConnectionIsAcknowledgedWithItsFullHeader() throws Exception {
        book("r1");
        String connection = connectionOf("r1");
        List<org.crs.nsi.contract.message.NsiMessage> notifications = List.of(
                new org.crs.nsi.contract.message.ReserveTimeout(connection, 7, Instant.now(), 120, connection,
                        FarNetworkPeer.NSA),
                new org.crs.nsi.contract.message.MessageDeliveryTimeout(connection, 8, Instant.now(),
                        NsiHeader.newCorrelationId()),
                new DataPlaneStateChange(connection, 9, Instant.now(), new DataPlaneStatus(false, 1, true)));

        try (NsiClient client = new NsiClient(requesterPort(), Duration.ofSeconds(5), null)) {
            for (org.crs.nsi.contract.message.NsiMessage n : notifications) {
                NsiHeader header = NsiHeader.toRequester(SITE_A_NSA, FarNetworkPeer.NSA, NsiHeader.newCorrelationId());
                org.crs.nsi.contract.client.NsiReply reply = client.send(header, n);
                assertEquals(Optional.of(header.acknowledging()), reply.header(), n.element());
            }
        }
        assertEquals(ReservationState.RESERVED, bar.service().get(ITSELF, "r1").state());
    }

    @Test
    void theRequesterPortRefusesAnNsaThatIsNotAConfiguredProvider() throws Exception {
        try (NsiClient client = new NsiClient(requesterPort(), Duration.ofSeconds(5), null)) {
            NsiFaultException e = assertThrows(NsiFaultException.class, () -> client.send(NsiHeader.toRequester(SITE_A_NSA,
                    "urn:ogf:network:elsewhere.example:2026:nsa", NsiHeader.newCorrelationId()),
                    new DataPlaneStateChange("c-1", 1, Instant.now(), new DataPlaneStatus(false, 1, true))));
            assertEquals(NsiErrorId.UNAUTHORIZED, e.errorId());
        }
    }

    @Test
    void theRequesterPortRefusesAMessageAboutAConnectionItDoesNotHold() throws Exception {
        try (NsiClient client = new NsiClient(requesterPort(), Duration.ofSeconds(5), null)) {
            NsiFaultException e = assertThrows(NsiFaultException.class, () -> client.send(NsiHeader.toRequester(SITE_A_NSA,
                    FarNetworkPeer.NSA, NsiHeader.newCorrelationId()),
                    new DataPlaneStateChange("not-ours", 1, Instant.now(), new DataPlaneStatus(false, 1, true))));
            assertEquals(NsiErrorId.RESERVATION_NONEXISTENT, e.errorId());
        }
    }
}
