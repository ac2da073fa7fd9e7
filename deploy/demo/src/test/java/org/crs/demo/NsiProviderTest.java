package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javax.net.ssl.SSLContext;
import javax.security.auth.x500.X500Principal;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiPublication;
import org.crs.bar.service.ReservationService;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.domain.reservation.ReservationState;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.NamesConnection;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.ReserveTimeout;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.client.NsiFaultException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Site-a's BAR as an NSI CS 2.0 provider, on the demo's federation with its emulated routers: a
 * requester built from nsi-contract's client, signed in by a TLS client certificate mapped to an
 * account, with a callback endpoint on 127.0.0.1 (docs/nsi.md, "The provider").
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NsiProviderTest {

    static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology";
    static final String PROVIDER = "urn:ogf:network:site-a.crs.example:2026:nsa";
    static final String REQUESTER = "urn:ogf:network:requester.crs.example:2026:nsa";
    static final String OTHER_REQUESTER = "urn:ogf:network:other.crs.example:2026:nsa";
    /** The BAR's client hold, the NSI hold timer: short, so that a lapse is seen within a test. */
    static final Duration HOLD = Duration.ofSeconds(8);
    static final Duration WAIT = Duration.ofSeconds(20);

    static NsiCallbackEndpoint callbacks;
    static NsiClient alice;
    static NsiClient bob;
    static SSLContext stranger;
    static SSLContext aliceTls;
    static URI providerUrl;

    @BeforeAll
    static void start() throws Exception {
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        SiteStps stps = SiteStps.of(CampusTopologyFile.load(repository.resolve("deploy/topology/site-a-campus.yaml")),
                new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of()));
        NsiPublication nsi = new NsiPublication(stps, Optional.empty(),
                new NsiRequesters(Map.of(REQUESTER, "alice", OTHER_REQUESTER, "bob")));
        FederationTestBase.federation = Federation.start(new Federation.Options(repository,
                Federation.Options.hsqldbFiles(Files.createTempDirectory("crs-nsi-provider")), false,
                FederationTestBase.SETTINGS.withClientHold(HOLD), FederationTestBase.CALL_TIMEOUT, Clock.systemUTC())
                .withNsi("site-a", nsi));
        BarServer bar = FederationTestBase.federation.bar("site-a");
        providerUrl = URI.create("https://127.0.0.1:" + bar.tlsPort().orElseThrow() + "/NSI/services/ConnectionProvider");
        Path certificates = Files.createTempDirectory("crs-nsi-requesters");
        aliceTls = requester(certificates, "nsi-requester", "alice");
        alice = new NsiClient(providerUrl, Duration.ofSeconds(10), aliceTls);
        bob = new NsiClient(providerUrl, Duration.ofSeconds(10), requester(certificates, "nsi-other", "bob"));
        stranger = requester(certificates, "nsi-stranger", null);
        callbacks = new NsiCallbackEndpoint();
    }

    /** A client certificate of the demo's CA, mapped to {@code account} at site-a's BAR (none: mapped to nobody). */
    static SSLContext requester(Path folder, String name, String account) throws Exception {
        String subject = "CN=" + name + ",OU=Requesters,O=Demo";
        SSLContext context = FederationTestBase.federation.certificates().issueClient(subject, folder);
        if (account != null) {
            FederationTestBase.federation.bar("site-a").accounts().mapCertificate(ReservationService.ITSELF,
                    new X500Principal(subject).getName(X500Principal.CANONICAL), account);
        }
        return context;
    }

    @AfterAll
    static void stop() {
        if (alice != null) {
            alice.close();
            bob.close();
        }
        if (callbacks != null) {
            callbacks.close();
        }
        if (FederationTestBase.federation != null) {
            FederationTestBase.federation.close();
            FederationTestBase.federation = null;
        }
    }

    // ---- the requester's side ----

    static NsiHeader header() {
        return NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(callbacks.replyTo().toString()));
    }

    static Reserve reserve(String source, String dest, long mbps, Instant start, Instant end) {
        return Reserve.of(Optional.of("urn:uuid:" + java.util.UUID.randomUUID()), Optional.of("test circuit"),
                new Criteria(Optional.of(1), Schedule.between(start, end), Optional.empty(), Optional.of(
                        P2ps.between(Stp.parse(source), Stp.parse(dest), mbps))));
    }

    static String stp(String port) {
        return NETWORK + ":" + port;
    }

    /** Reserves host-a1 to host-a2 (the campus of site-a: one L-NSAP segment on edge-a) as alice. */
    static String reserve(Instant start, Instant end) throws Exception {
        return ((ReserveResponse) alice.send(header(), reserve(stp("host-a1"), stp("host-a2"), 100, start, end))
                .answer()).connectionId();
    }

    static QuerySummaryResult summary(NsiClient client, String requester, String connectionId) throws Exception {
        List<QuerySummaryResult> found = ((QuerySummarySyncConfirmed) client.send(NsiHeader.toProvider(requester,
                PROVIDER, Optional.empty()), QuerySummarySync.of(connectionId)).answer()).reservations();
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }

    static ReservationState barState(String connectionId) {
        return FederationTestBase.federation.bar("site-a").store().find("nsi-" + connectionId).orElseThrow().state();
    }

    static NsiErrorId refusal(NsiClient client, NsiHeader header, NsiMessage message) {
        return assertThrows(NsiFaultException.class, () -> client.send(header, message)).errorId();
    }

    static Optional<String> connectionOf(NsiMessage m) {
        return m instanceof NamesConnection c ? Optional.of(c.connectionId()) : Optional.empty();
    }

    static Instant soon(Duration after) {
        return Instant.now().plus(after).truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- the lifecycle ----

    @Test
    void aConnectionIsReservedCommittedProvisionedReleasedProvisionedAgainAndTerminatedWithTheCircuitFollowing()
            throws Exception {
        Map<String, String> before = FederationTestBase.configs();
        // far enough for reserve, commit and provision to be confirmed before the set-up lead on a busy machine
        Instant start = soon(Duration.ofSeconds(8));
        String id = reserve(start, start.plusSeconds(60));

        ReserveConfirmed held = callbacks.await(id, ReserveConfirmed.class, WAIT);
        assertEquals(Optional.of(1), held.criteria().version());
        assertEquals(ReservationState.HELD, barState(id));
        alice.send(header(), new ReserveCommit(id));
        callbacks.await(id, ReserveCommitConfirmed.class, WAIT);
        assertEquals(ReservationState.RESERVED, barState(id));
        alice.send(header(), new Provision(id));
        callbacks.await(id, ProvisionConfirmed.class, WAIT);
        if (Instant.now().isBefore(start.minus(FederationTestBase.LEAD))) {
            assertEquals(before, FederationTestBase.configs(), "provisioned before its start: not up yet");
        }

        callbacks.await(id, DataPlaneStateChange.class, d -> d.dataPlaneStatus().active(), WAIT);
        assertTrue(!Instant.now().isBefore(start.minus(FederationTestBase.LEAD)), "up at its start");
        assertNotEquals(before.get("edge-a"), FederationTestBase.configs().get("edge-a"), "the circuit is on edge-a");
        assertEquals(ReservationState.ACTIVE, barState(id));

        alice.send(header(), new Release(id));
        callbacks.await(id, ReleaseConfirmed.class, WAIT);
        callbacks.await(id, DataPlaneStateChange.class, d -> !d.dataPlaneStatus().active(), WAIT);
        assertEquals(before, FederationTestBase.configs(), "released: taken down");

        alice.send(header(), new Provision(id));
        callbacks.await(id, ProvisionConfirmed.class, p -> callbacks.of(id).stream()
                .filter(ProvisionConfirmed.class::isInstance).count() == 2, WAIT);
        callbacks.await(id, DataPlaneStateChange.class, d -> d.dataPlaneStatus().active() && d.notificationId() == 3, WAIT);
        assertNotEquals(before.get("edge-a"), FederationTestBase.configs().get("edge-a"), "up again");

        alice.send(header(), new Terminate(id));
        callbacks.await(id, TerminateConfirmed.class, WAIT);
        callbacks.await(id, DataPlaneStateChange.class, d -> !d.dataPlaneStatus().active() && d.notificationId() == 4, WAIT);
        assertEquals(before, FederationTestBase.configs(), "terminated: taken down");
        QuerySummaryResult summary = summary(alice, REQUESTER, id);
        assertEquals(LifecycleState.TERMINATED, summary.connectionStates().lifecycleState());
        assertEquals(ReservationState.CANCELLED, barState(id));
        assertEquals(List.of("reserveConfirmed", "reserveCommitConfirmed", "provisionConfirmed", "dataPlaneStateChange",
                "releaseConfirmed", "dataPlaneStateChange", "provisionConfirmed", "dataPlaneStateChange",
                "dataPlaneStateChange", "terminateConfirmed"), callbacks.of(id).stream().map(NsiMessage::element).toList(),
                "every callback once, in order (the circuit down before the terminate is confirmed)");
    }

    @Test
    void atItsEndTheCircuitGoesDownAndTheConnectionPassesItsEndTimeAndMayThenBeTerminated() throws Exception {
        Map<String, String> before = FederationTestBase.configs();
        Instant start = soon(Duration.ofSeconds(3));
        String id = reserve(start, start.plusSeconds(4));
        callbacks.await(id, ReserveConfirmed.class, WAIT);
        alice.send(header(), new ReserveCommit(id));
        callbacks.await(id, ReserveCommitConfirmed.class, WAIT);
        alice.send(header(), new Provision(id));
        callbacks.await(id, DataPlaneStateChange.class, d -> d.dataPlaneStatus().active(), WAIT);

        callbacks.await(id, DataPlaneStateChange.class, d -> !d.dataPlaneStatus().active(), WAIT);

        assertEquals(LifecycleState.PASSED_END_TIME, awaitLifecycle(id, LifecycleState.PASSED_END_TIME));
        assertEquals(ReservationState.FINISHED, barState(id));
        assertEquals(before, FederationTestBase.configs(), "taken down at its end");
        alice.send(header(), new Terminate(id));
        callbacks.await(id, TerminateConfirmed.class, WAIT);
        assertEquals(LifecycleState.TERMINATED, summary(alice, REQUESTER, id).connectionStates().lifecycleState());
    }

    static LifecycleState awaitLifecycle(String id, LifecycleState wanted) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        LifecycleState now = null;
        while (Instant.now().isBefore(deadline)) {
            now = summary(alice, REQUESTER, id).connectionStates().lifecycleState();
            if (now == wanted) {
                return now;
            }
            Thread.sleep(100);
        }
        return now;
    }

    @Test
    void anAbortedReserveGivesUpTheHold() throws Exception {
        Instant start = soon(Duration.ofMinutes(10));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);

        alice.send(header(), new ReserveAbort(id));

        callbacks.await(id, ReserveAbortConfirmed.class, WAIT);
        assertEquals(ReservationState.ABORTED, barState(id));
        assertEquals(NsiReservationState.RESERVE_START, summary(alice, REQUESTER, id).connectionStates().reservationState());
    }

    @Test
    void aHoldNotCommittedInTimeLapsesWithAReserveTimeout() throws Exception {
        Instant start = soon(Duration.ofMinutes(20));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);

        ReserveTimeout timeout = callbacks.await(id, ReserveTimeout.class, HOLD.plus(WAIT));

        assertEquals(HOLD.toSeconds(), timeout.timeoutValue());
        assertEquals(ReservationState.ABORTED, barState(id));
        assertEquals(NsiReservationState.RESERVE_TIMEOUT, summary(alice, REQUESTER, id).connectionStates()
                .reservationState());
        assertEquals(NsiErrorId.INVALID_TRANSITION, refusal(alice, header(), new Provision(id)));
    }

    // ---- modify ----

    /** A reserve naming connection {@code id}: its modify to {@code version}, {@code mbps} and {@code end}. */
    static Reserve modify(String id, int version, long mbps, Instant start, Instant end) {
        return new Reserve(Optional.of(id), Optional.empty(), Optional.empty(), new Criteria(Optional.of(version),
                Schedule.between(start, end), Optional.empty(), Optional.of(P2ps.between(Stp.parse(stp("host-a1")),
                Stp.parse(stp("host-a2")), mbps))));
    }

    /** A connection of host-a1 to host-a2 at 100 Mbit/s, reserved and committed (criteria version 1). */
    static String committed(Instant start, Instant end) throws Exception {
        String id = reserve(start, end);
        callbacks.await(id, ReserveConfirmed.class, WAIT);
        alice.send(header(), new ReserveCommit(id));
        callbacks.await(id, ReserveCommitConfirmed.class, WAIT);
        return id;
    }

    static long barMbps(String connectionId) {
        return FederationTestBase.federation.bar("site-a").store().find("nsi-" + connectionId).orElseThrow().request()
                .bandwidthMbps();
    }

    @Test
    void aModifyCommittedGivesTheConnectionItsNewCapacityAndVersion() throws Exception {
        Instant start = soon(Duration.ofMinutes(50));
        String id = committed(start, start.plusSeconds(60));

        String answered = ((ReserveResponse) alice.send(header(), modify(id, 2, 300, start, start.plusSeconds(120)))
                .answer()).connectionId();

        assertEquals(id, answered);
        ReserveConfirmed held = callbacks.await(id, ReserveConfirmed.class, r -> r.criteria().version()
                .equals(Optional.of(2)), WAIT);
        assertEquals(300, held.criteria().p2ps().orElseThrow().capacityMbps());
        QuerySummaryResult whileHeld = summary(alice, REQUESTER, id);
        assertEquals(NsiReservationState.RESERVE_HELD, whileHeld.connectionStates().reservationState());
        assertEquals(List.of(1), whileHeld.criteria().stream().map(c -> c.version()).toList(), "v1 until the commit");
        assertEquals(100, barMbps(id));

        alice.send(header(), new ReserveCommit(id));

        callbacks.await(id, ReserveCommitConfirmed.class, c -> callbacks.of(id).stream()
                .filter(ReserveCommitConfirmed.class::isInstance).count() == 2, WAIT);
        QuerySummaryResult after = summary(alice, REQUESTER, id);
        assertEquals(NsiReservationState.RESERVE_START, after.connectionStates().reservationState());
        assertEquals(List.of(2), after.criteria().stream().map(c -> c.version()).toList());
        assertEquals(300, after.criteria().get(0).p2ps().orElseThrow().capacityMbps());
        assertEquals(Optional.of(start.plusSeconds(120)), after.criteria().get(0).schedule().endTime());
        assertEquals(300, barMbps(id));
        assertEquals(ReservationState.RESERVED, barState(id));
        alice.send(header(), new Terminate(id));
    }

    @Test
    void aModifyCommittedWhileTheCircuitIsUpKeepsItUpAndReportsTheNewVersion() throws Exception {
        Instant start = soon(Duration.ofSeconds(6));
        String id = committed(start, start.plusSeconds(90));
        alice.send(header(), new Provision(id));
        callbacks.await(id, DataPlaneStateChange.class, d -> d.dataPlaneStatus().active(), WAIT);

        alice.send(header(), modify(id, 2, 300, start, start.plusSeconds(120)));
        callbacks.await(id, ReserveConfirmed.class, r -> r.criteria().version().equals(Optional.of(2)), WAIT);
        alice.send(header(), new ReserveCommit(id));

        DataPlaneStateChange up = callbacks.await(id, DataPlaneStateChange.class, d -> d.dataPlaneStatus().active()
                && d.dataPlaneStatus().version() == 2, WAIT);
        assertTrue(up.dataPlaneStatus().versionConsistent());
        assertEquals(ReservationState.ACTIVE, barState(id));
        assertEquals(300, barMbps(id));
        QuerySummaryResult after = summary(alice, REQUESTER, id);
        assertEquals(List.of(2), after.criteria().stream().map(c -> c.version()).toList());
        assertEquals(2, after.connectionStates().dataPlaneStatus().version());
        alice.send(header(), new Terminate(id));
        callbacks.await(id, TerminateConfirmed.class, WAIT);
    }

    @Test
    void aModifyAbortedKeepsTheCommittedCriteria() throws Exception {
        Instant start = soon(Duration.ofMinutes(60));
        String id = committed(start, start.plusSeconds(60));
        alice.send(header(), modify(id, 2, 300, start, start.plusSeconds(60)));
        callbacks.await(id, ReserveConfirmed.class, r -> r.criteria().version().equals(Optional.of(2)), WAIT);

        alice.send(header(), new ReserveAbort(id));

        callbacks.await(id, ReserveAbortConfirmed.class, WAIT);
        QuerySummaryResult after = summary(alice, REQUESTER, id);
        assertEquals(NsiReservationState.RESERVE_START, after.connectionStates().reservationState());
        assertEquals(List.of(1), after.criteria().stream().map(c -> c.version()).toList());
        assertEquals(100, after.criteria().get(0).p2ps().orElseThrow().capacityMbps());
        assertEquals(100, barMbps(id));
        alice.send(header(), new Terminate(id));
    }

    @Test
    void aModifyRefusedLeavesTheCommittedReservation() throws Exception {
        Instant start = soon(Duration.ofMinutes(70));
        String id = committed(start, start.plusSeconds(60));
        // host-a1 is busy from two minutes after the start: a longer end cannot be held there
        String later = committed(start.plusSeconds(120), start.plusSeconds(180));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, refusal(alice, header(), modify(id, 1, 300, start,
                start.plusSeconds(60))), "a version not above the committed one");
        assertEquals(NsiErrorId.CAPACITY_UNAVAILABLE, refusal(alice, header(), modify(id, 2, 1_000_000, start,
                start.plusSeconds(60))), "more than the port carries");
        alice.send(header(), modify(id, 2, 100, start, start.plusSeconds(150)));
        ReserveFailed failed = callbacks.await(id, ReserveFailed.class, WAIT);

        assertEquals(NsiErrorId.STP_UNAVAILABLE, failed.serviceException().errorId());
        assertEquals(NsiReservationState.RESERVE_FAILED, summary(alice, REQUESTER, id).connectionStates()
                .reservationState());
        alice.send(header(), new ReserveAbort(id));
        callbacks.await(id, ReserveAbortConfirmed.class, WAIT);
        QuerySummaryResult after = summary(alice, REQUESTER, id);
        assertEquals(List.of(1), after.criteria().stream().map(c -> c.version()).toList());
        assertEquals(Optional.of(start.plusSeconds(60)), after.criteria().get(0).schedule().endTime());
        assertEquals(ReservationState.RESERVED, barState(id));
        alice.send(header(), new Terminate(id));
        alice.send(header(), new Terminate(later));
    }

    // ---- refusals ----

    @Test
    void anStpOfAnotherNetworkIsUnknown() {
        Instant start = soon(Duration.ofMinutes(30));
        assertEquals(NsiErrorId.UNKNOWN_STP, refusal(alice, header(), reserve(
                "urn:ogf:network:elsewhere.example:2026:topology:host-x", stp("host-a2"), 100, start, start.plusSeconds(60))));
    }

    @Test
    void aPortThisNetworkDoesNotHaveIsUnknown() {
        Instant start = soon(Duration.ofMinutes(30));
        assertEquals(NsiErrorId.UNKNOWN_STP, refusal(alice, header(), reserve(stp("host-z9"), stp("host-a2"), 100, start,
                start.plusSeconds(60))));
    }

    @Test
    void aLabelOnAnUntaggedHostPortIsAnInvalidLabel() {
        Instant start = soon(Duration.ofMinutes(30));
        assertEquals(NsiErrorId.INVALID_LABEL_FORMAT, refusal(alice, header(), reserve(stp("host-a1?vlan=3000"),
                stp("host-a2"), 100, start, start.plusSeconds(60))));
    }

    @Test
    void moreCapacityThanThePortCarriesIsCapacityUnavailable() {
        Instant start = soon(Duration.ofMinutes(30));
        assertEquals(NsiErrorId.CAPACITY_UNAVAILABLE, refusal(alice, header(), reserve(stp("host-a1"), stp("host-a2"),
                1_000_000, start, start.plusSeconds(60))));
    }

    @Test
    void provisionBeforeTheFirstCommitIsAnInvalidTransition() throws Exception {
        Instant start = soon(Duration.ofMinutes(40));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);

        assertEquals(NsiErrorId.INVALID_TRANSITION, refusal(alice, header(), new Provision(id)));
        assertEquals(ProvisionState.RELEASED, summary(alice, REQUESTER, id).connectionStates().provisionState());
        alice.send(header(), new ReserveAbort(id));
    }

    @Test
    void aConnectionThatDoesNotExistIsSaidSo() {
        assertEquals(NsiErrorId.RESERVATION_NONEXISTENT, refusal(alice, header(),
                new ReserveCommit(java.util.UUID.randomUUID().toString())));
    }

    @Test
    void aRequesterNsaNotMappedToTheAccountIsUnauthorized() {
        Instant start = soon(Duration.ofMinutes(30));
        assertEquals(NsiErrorId.UNAUTHORIZED, refusal(alice, NsiHeader.toProvider(OTHER_REQUESTER, PROVIDER,
                Optional.empty()), reserve(stp("host-a1"), stp("host-a2"), 100, start, start.plusSeconds(60))));
    }

    @Test
    void anotherRequestersConnectionIsNeitherListedNorChangeable() throws Exception {
        Instant start = soon(Duration.ofMinutes(50));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);

        List<QuerySummaryResult> seen = ((QuerySummarySyncConfirmed) bob.send(NsiHeader.toProvider(OTHER_REQUESTER,
                PROVIDER, Optional.empty()), QuerySummarySync.of(id)).answer()).reservations();

        assertEquals(List.of(), seen);
        assertEquals(NsiErrorId.RESERVATION_NONEXISTENT, refusal(bob, NsiHeader.toProvider(OTHER_REQUESTER, PROVIDER,
                Optional.empty()), new ReserveAbort(id)));
        assertEquals(ReservationState.HELD, barState(id));
        alice.send(header(), new ReserveAbort(id));
    }

    @Test
    void aCertificateMappedToNoAccountIsRefusedWith401() throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(stranger).version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(providerUrl)
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"http://schemas.ogf.org/nsi/2013/12/connection/service/querySummarySync\"")
                .POST(HttpRequest.BodyPublishers.ofString(org.crs.nsi.contract.xml.NsiXml.write(header(),
                        QuerySummarySync.all()))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, answer.statusCode(), answer.body());
    }

    @Test
    void aPayloadThatCannotBeReadIsAPayloadErrorNamingTheElementAndChangesNothing() throws Exception {
        int before = ((QuerySummarySyncConfirmed) alice.send(NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.empty()),
                QuerySummarySync.all()).answer()).reservations().size();
        Instant start = soon(Duration.ofMinutes(30));
        String envelope = org.crs.nsi.contract.xml.NsiXml.write(header(), reserve(stp("host-a1"), stp("host-a2"), 100,
                start, start.plusSeconds(60))).replace("<capacity>100</capacity>", "<capacity>lots</capacity>");
        HttpClient client = HttpClient.newBuilder().sslContext(aliceTls).version(HttpClient.Version.HTTP_1_1)
                .build();

        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(providerUrl)
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "http://schemas.ogf.org/nsi/2013/12/connection/service/reserve")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(500, answer.statusCode(), answer.body());
        org.crs.nsi.contract.message.NsiFault fault = (org.crs.nsi.contract.message.NsiFault)
                org.crs.nsi.contract.xml.NsiXml.read(answer.body()).body();
        assertEquals(NsiErrorId.PAYLOAD_ERROR, fault.errorId());
        assertTrue(fault.serviceException().orElseThrow().text().startsWith("capacity"), fault.faultString());
        assertEquals(before, ((QuerySummarySyncConfirmed) alice.send(NsiHeader.toProvider(REQUESTER, PROVIDER,
                Optional.empty()), QuerySummarySync.all()).answer()).reservations().size(), "nothing reserved");
    }


    // ---- the audit trail ----

    @Test
    void everyRequestThatChangesAConnectionIsInTheAuditTrailRefusedOrNotAndNoQueryIs() throws Exception {
        Instant start = soon(Duration.ofMinutes(90));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);
        refusal(bob, NsiHeader.toProvider(OTHER_REQUESTER, PROVIDER, Optional.empty()), new ReserveCommit(id));
        alice.send(header(), new ReserveAbort(id));
        summary(alice, REQUESTER, id);

        org.crs.service.audit.AuditTrail trail = FederationTestBase.federation.bar("site-a").auditTrail();
        List<org.crs.domain.audit.AuditRecord> commits = records(trail, "reserveCommit", id);
        List<org.crs.domain.audit.AuditRecord> aborts = records(trail, "reserveAbort", id);

        assertEquals(List.of("bob RESERVATION_NONEXISTENT"), commits.stream().map(r -> r.actor() + " " + r.outcome())
                .toList());
        assertEquals(List.of("alice OK"), aborts.stream().map(r -> r.actor() + " " + r.outcome()).toList());
        assertEquals(REQUESTER, aborts.get(0).arguments().get("requesterNSA"));
        assertEquals(List.of(), trail.search(org.crs.domain.audit.AuditQuery.all().withOperation(
                "ConnectionProvider.querySummarySync")), "a query changes nothing and is not recorded");
    }

    static List<org.crs.domain.audit.AuditRecord> records(org.crs.service.audit.AuditTrail trail, String operation,
                                                          String connectionId) {
        return trail.search(org.crs.domain.audit.AuditQuery.all().withOperation("ConnectionProvider." + operation))
                .stream().map(org.crs.domain.audit.AuditEntry::record)
                .filter(r -> connectionId.equals(r.arguments().get("connectionId"))).toList();
    }

    // ---- a requester that does not answer ----

    @Test
    void aCallbackTheRequesterDidNotTakeIsSentAgainAndTheStateCanBeAskedMeanwhile() throws Exception {
        callbacks.downForNext("reserveConfirmed");
        Instant start = soon(Duration.ofMinutes(60));
        String id = reserve(start, start.plusSeconds(60));

        assertEquals(NsiReservationState.RESERVE_HELD, awaitState(id, NsiReservationState.RESERVE_HELD));
        assertTrue(callbacks.of(id).stream().noneMatch(ReserveConfirmed.class::isInstance), "not taken yet");
        ReserveConfirmed confirmed = callbacks.await(id, ReserveConfirmed.class, WAIT);

        assertEquals(id, confirmed.connectionId());
        assertEquals(1, callbacks.refused().stream().filter(b -> b.contains(id)).count(), "refused once, then sent again");
        alice.send(header(), new ReserveAbort(id));
    }

    static NsiReservationState awaitState(String id, NsiReservationState wanted) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        NsiReservationState now = null;
        while (Instant.now().isBefore(deadline)) {
            now = summary(alice, REQUESTER, id).connectionStates().reservationState();
            if (now == wanted) {
                return now;
            }
            Thread.sleep(100);
        }
        return now;
    }

    // ---- callbacks over TLS ----

    /**
     * A requester whose replyTo is {@code https://} and that takes only callers with a client
     * certificate of the authority it trusts gets its callbacks, from site-a's BAR by its own
     * certificate.
     */
    @Test
    void callbacksToAnHttpsReplyToComeOverTlsWithTheBarsOwnCertificate() throws Exception {
        SSLContext endpointTls = FederationTestBase.federation.certificates().issueClient(
                "CN=nsi-requester-callbacks,OU=Requesters,O=Demo", Files.createTempDirectory("crs-nsi-callbacks"));
        try (NsiCallbackEndpoint overTls = NsiCallbackEndpoint.overTls(endpointTls)) {
            Instant start = soon(Duration.ofMinutes(100));
            NsiHeader toTls = NsiHeader.toProvider(REQUESTER, PROVIDER, Optional.of(overTls.replyTo().toString()));
            String id = ((ReserveResponse) alice.send(toTls, reserve(stp("host-a1"), stp("host-a2"), 100, start,
                    start.plusSeconds(60))).answer()).connectionId();

            overTls.await(id, ReserveConfirmed.class, WAIT);

            assertTrue(overTls.replyTo().toString().startsWith("https://"), overTls.replyTo().toString());
            assertEquals(Set.of(FederationTestBase.federation.certificates().subject("bar-site-a")),
                    Set.copyOf(overTls.clientSubjects()));
            assertTrue(callbacks.of(id).isEmpty(), "nothing went to the plain endpoint");
            alice.send(toTls, new ReserveAbort(id));
            overTls.await(id, ReserveAbortConfirmed.class, WAIT);
        }
    }

    // ---- a client no one here wrote ----

    /** Python's zeep, reading only the served WSDL and its XSDs, reserves and asks for the summary. */
    @Test
    void zeepReservesAndReadsTheSummaryFromTheServedWsdl() throws Exception {
        String python = System.getProperty("crs.python", "python3");
        Process check = new ProcessBuilder(python, "-c", "import zeep").redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(check.waitFor() == 0, "Python's zeep is not installed"
                + " (deploy/install-test-tools.sh installs it): the zeep check of the NSI provider is skipped");
        URI plain = FederationTestBase.federation.bar("site-a").serviceUrl().resolve("/NSI/services/ConnectionProvider");
        Instant start = soon(Duration.ofMinutes(70));
        ProcessBuilder zeep = new ProcessBuilder(python, "../nsi/zeep-check.py", plain + "?wsdl", plain.toString(),
                REQUESTER, PROVIDER, stp("host-a3"), stp("host-a4"), start.toString(), start.plusSeconds(60).toString())
                .redirectErrorStream(true);
        zeep.environment().put("CRS_USER", "alice");
        zeep.environment().put("CRS_PASSWORD", DemoAccounts.password("alice"));
        Process p = zeep.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), out);

        assertEquals(0, p.exitValue(), out);
        String id = out.lines().filter(l -> l.startsWith("reserve ")).findFirst().orElseThrow().substring(8);
        assertTrue(out.contains("querySummarySync " + id + " Reserve"), out);
        assertEquals(NsiReservationState.RESERVE_HELD, awaitState(id, NsiReservationState.RESERVE_HELD));
        alice.send(header(), new ReserveAbort(id));
    }

    // ---- a restart ----

    /**
     * The hold lapses while the BAR is down; after its restart the lapse is recorded and the
     * requester told. Last, since it restarts the BAR under the others' clients.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aHoldThatLapsedWhileTheBarWasDownIsToldAfterTheRestart() throws Exception {
        Instant start = soon(Duration.ofMinutes(80));
        String id = reserve(start, start.plusSeconds(60));
        callbacks.await(id, ReserveConfirmed.class, WAIT);

        FederationTestBase.federation.stopBar("site-a");
        Thread.sleep(HOLD.plusSeconds(1).toMillis());
        assertTrue(callbacks.of(id).stream().noneMatch(ReserveTimeout.class::isInstance), "told while down");
        FederationTestBase.federation.startBar("site-a");

        ReserveTimeout timeout = callbacks.await(id, ReserveTimeout.class, WAIT);
        assertEquals(HOLD.toSeconds(), timeout.timeoutValue());
        assertEquals(ReservationState.ABORTED, barState(id));
    }
}
