package org.crs.bar.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcNsiCallbackOutbox;
import org.crs.bar.adapter.jdbc.JdbcNsiConnections;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.adapter.nsi.NsiWireMessages;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiRequestHeader;
import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.NsiReserveRequest;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.access.Caller;
import org.crs.domain.admission.VlanRange;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.topology.CampusTopology;
import org.crs.domain.topology.EdgeRouter;
import org.crs.domain.topology.HandOff;
import org.crs.domain.topology.HostPort;
import org.crs.domain.topology.Uplink;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The NSI provider service over the BAR's own reservation service, its storage (HSQLDB) and the
 * wire's messages, with a scripted L-NSAP: a hand-off end, a refusal of the parts, a modify. The
 * whole port on the federation with its routers: deploy/demo's NsiProviderTest.
 */
class NsiProviderServiceTest {

    static final String NETWORK = "urn:ogf:network:site-a.crs.example:2026:topology:";
    static final String REQUESTER = "urn:ogf:network:requester.example:2026:nsa";
    static final Caller.Account ALICE = TestCallers.user("alice");
    static final String OTHER_REQUESTER = "urn:ogf:network:other.example:2026:nsa";
    static final Caller.Account BOB = TestCallers.user("bob");

    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2",
            "to-domain-c", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    Database db;
    JdbcReservationStore store;
    JdbcNsiConnections connections;
    NsiProviderService provider;
    SiteStps stps;
    ReservationService reservations;
    final MovableClock clock = new MovableClock();

    /** The provider's clock: the system's, moved on by a test (a hold lapsing). */
    static final class MovableClock extends Clock {
        private volatile Duration ahead = Duration.ZERO;

        void pass(Duration d) {
            ahead = ahead.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(ahead);
        }
    }

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcReservationStore(db.dataSource());
        connections = new JdbcNsiConnections(db.dataSource());
        reservations = new ReservationService(store, new Site("site-a", campus, wan, Map.of()),
                BarSettings.defaults(), calls, Clock.systemUTC());
        CampusTopology siteA = new CampusTopology("site-a", List.of(new EdgeRouter("edge-a")),
                List.of(new HostPort("host-a1", "edge-a", "GigabitEthernet1/1", 1000),
                        new HostPort("host-a2", "edge-a", "GigabitEthernet1/2", 500)),
                List.of(new Uplink("edge-a", "TenGigabitEthernet2/1", "site-a", 10000)), new VlanRange(1000, 1999),
                List.of(new HandOff("to-domain-c", "edge-a", "TenGigabitEthernet3/1", 10000, new VlanRange(3000, 3099))));
        stps = SiteStps.of(siteA, new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of()));
        // Runnable::run: the booking after the answer is made before reserve returns, so the test reads its result
        provider = new NsiProviderService(reservations, connections, new JdbcNsiCallbackOutbox(db.dataSource()), stps,
                new NsiRequesters(Map.of(REQUESTER, "alice", OTHER_REQUESTER, "bob")), new NsiWireMessages(), NsiOutboxPolicy.defaults(),
                BarSettings.defaults(), Runnable::run, clock);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static NsiRequestHeader header() {
        return new NsiRequestHeader(REQUESTER, "urn:ogf:network:site-a.crs.example:2026:nsa",
                "urn:uuid:" + UUID.randomUUID(), Optional.of(URI.create("http://127.0.0.1:9/requester")));
    }

    static NsiReserveRequest reserve(String source, String dest, Optional<String> connectionId) {
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        return new NsiReserveRequest(connectionId, Optional.empty(), Optional.of("test"), Optional.of(1),
                Optional.of(start), Optional.of(start.plus(Duration.ofHours(1))), Optional.empty(), 100,
                NsiDirectionality.BIDIRECTIONAL, NETWORK + source, NETWORK + dest, List.of(), List.of());
    }

    NsiConnections.StoredMessage onlyResult(String connectionId) {
        List<NsiConnections.StoredMessage> results = connections.messages(connectionId, NsiMessageKind.Family.RESULT,
                OptionalLong.empty(), OptionalLong.empty());
        assertEquals(1, results.size(), results.toString());
        return results.get(0);
    }

    @Test
    void aHandOffWithoutALabelIsBookedAtTheCampusAndConfirmedWithTheVlanItTook() throws Exception {
        campus.destinationVlan = 3004;

        String id = provider.reserve(ALICE, header(), reserve("host-a1", "to-domain-c", Optional.empty()));

        Reservation r = store.find("nsi-" + id).orElseThrow();
        assertEquals("to-domain-c", r.segment(SegmentRole.LOCAL_CAMPUS).order().destination());
        assertEquals(0, r.segment(SegmentRole.LOCAL_CAMPUS).order().destinationVlan(), "the L-NSAP chooses");
        NsiConnections.StoredMessage confirmed = onlyResult(id);
        assertEquals(NsiMessageKind.RESERVE_CONFIRMED, confirmed.kind());
        assertEquals(NETWORK + "to-domain-c?vlan=3004",
                connections.find(id).orElseThrow().requested().destStp(), "the STP as confirmed");
        assertEquals(NsiReservationState.RESERVE_HELD, connections.find(id).orElseThrow().states().reservation());
    }

    @Test
    void aResultGoesToTheReplyToOfItsRequestNotOnlyToTheReservesOne() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "host-a2", Optional.empty()));
        NsiRequestHeader elsewhere = new NsiRequestHeader(REQUESTER, "urn:ogf:network:site-a.crs.example:2026:nsa",
                "urn:uuid:" + UUID.randomUUID(), Optional.of(URI.create("http://127.0.0.1:10/onsa-commit")));

        provider.reserveCommit(ALICE, elsewhere, id);

        Map<NsiMessageKind, String> sentTo = new java.util.HashMap<>();
        new JdbcNsiCallbackOutbox(db.dataSource()).due(Instant.now().plusSeconds(1), 100).forEach(d ->
                sentTo.put(d.kind(), d.replyTo()));
        assertEquals("http://127.0.0.1:9/requester", sentTo.get(NsiMessageKind.RESERVE_CONFIRMED));
        assertEquals("http://127.0.0.1:10/onsa-commit", sentTo.get(NsiMessageKind.RESERVE_COMMIT_CONFIRMED));
    }

    @Test
    void aRequestOfAnotherRequesterWithTheSameCorrelationIdDoesNotRedirectAResult() throws Exception {
        String correlationId = "urn:uuid:" + UUID.randomUUID();
        NsiRequestHeader bobs = new NsiRequestHeader(OTHER_REQUESTER, "urn:ogf:network:site-a.crs.example:2026:nsa",
                "urn:uuid:" + UUID.randomUUID(), Optional.of(URI.create("http://127.0.0.1:11/bob")));
        String bobsId = provider.reserve(BOB, bobs, reserve("host-a1", "host-a2", Optional.empty()));
        provider.reserveCommit(BOB, new NsiRequestHeader(OTHER_REQUESTER, bobs.providerNsa(), correlationId,
                Optional.of(URI.create("http://127.0.0.1:12/elsewhere"))), bobsId);
        String id = provider.reserve(ALICE, header(), reserve("host-a2", "host-a1", Optional.empty()));

        provider.reserveCommit(ALICE, new NsiRequestHeader(REQUESTER, bobs.providerNsa(), correlationId,
                Optional.empty()), id);

        List<String> alicesCommitTo = new JdbcNsiCallbackOutbox(db.dataSource()).due(Instant.now().plusSeconds(1), 100)
                .stream().filter(d -> d.connectionId().equals(Optional.of(id))
                        && d.kind() == NsiMessageKind.RESERVE_COMMIT_CONFIRMED)
                .map(NsiCallbackOutbox.Due::replyTo).toList();
        assertEquals(List.of("http://127.0.0.1:9/requester"), alicesCommitTo);
    }

    @Test
    void aRefusalOfThePartsIsReserveFailedWithItsErrorIdAndTheBarsCode() throws Exception {
        campus.refuseHolds = new Refusal(RefusalCode.NO_CAPACITY, "host-a1", "no bandwidth left on host-a1");

        String id = provider.reserve(ALICE, header(), reserve("host-a1", "host-a2", Optional.empty()));

        NsiConnections.StoredMessage failed = onlyResult(id);
        assertEquals(NsiMessageKind.RESERVE_FAILED, failed.kind());
        assertEquals(NsiReservationState.RESERVE_FAILED, connections.find(id).orElseThrow().states().reservation());
        // the wire's serviceException: 00705, and the BAR's own code among its variables
        assertEquals(true, failed.body().contains("<errorId>" + NsiErrorId.CAPACITY_UNAVAILABLE.code() + "</errorId>"),
                failed.body());
        assertEquals(true, failed.body().contains(">" + RefusalCode.NO_CAPACITY.name() + "</value>"), failed.body());
    }

    @Test
    void aReserveNamingAConnectionWithNothingCommittedIsNotImplemented() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "host-a2", Optional.empty()));

        NsiRefused refused = assertThrows(NsiRefused.class, () -> provider.reserve(ALICE, header(),
                reserve("host-a1", "host-a2", Optional.of(id))));

        assertEquals(NsiErrorId.NOT_IMPLEMENTED, refused.refusal().errorId());
    }

    // ---- modify ----

    /** A connection reserved and committed at 100 Mbit/s: criteria version 1 committed. */
    String committed() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "host-a2", Optional.empty()));
        provider.reserveCommit(ALICE, header(), id);
        assertEquals(OptionalInt.of(1), connections.find(id).orElseThrow().committedVersion());
        return id;
    }

    /** A modify of {@code id}'s committed criteria to {@code version}, {@code mbps} and {@code end}. */
    NsiReserveRequest modify(String id, int version, long mbps, Instant end) {
        NsiCriteria was = connections.find(id).orElseThrow().committed().orElseThrow();
        return new NsiReserveRequest(Optional.of(id), Optional.empty(), Optional.empty(), Optional.of(version),
                Optional.of(was.start()), Optional.of(end), Optional.empty(), mbps, NsiDirectionality.BIDIRECTIONAL,
                was.sourceStp(), was.destStp(), List.of(), List.of());
    }

    NsiReserveRequest modify(String id, int version, long mbps) {
        return modify(id, version, mbps, connections.find(id).orElseThrow().committed().orElseThrow().end().orElseThrow());
    }

    List<NsiMessageKind> results(String id) {
        return connections.messages(id, NsiMessageKind.Family.RESULT, OptionalLong.empty(), OptionalLong.empty())
                .stream().map(NsiConnections.StoredMessage::kind).toList();
    }

    NsiConnections.StoredMessage lastResult(String id) {
        List<NsiConnections.StoredMessage> all = connections.messages(id, NsiMessageKind.Family.RESULT,
                OptionalLong.empty(), OptionalLong.empty());
        return all.get(all.size() - 1);
    }

    @Test
    void aModifyIsHeldWithItsVersionAndItsCommitGivesTheReservationTheNewCapacity() throws Exception {
        String id = committed();

        provider.reserve(ALICE, header(), modify(id, 2, 200));

        NsiConnection held = connections.find(id).orElseThrow();
        assertEquals(NsiReservationState.RESERVE_HELD, held.states().reservation());
        assertEquals(List.of(2, 1), List.of(held.requested().version(), held.committedVersion().getAsInt()));
        assertEquals(100, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps(), "unchanged until the commit");
        assertEquals(NsiMessageKind.RESERVE_CONFIRMED, lastResult(id).kind());

        provider.reserveCommit(ALICE, header(), id);

        NsiConnection now = connections.find(id).orElseThrow();
        assertEquals(NsiReservationState.RESERVE_START, now.states().reservation());
        assertEquals(OptionalInt.of(2), now.committedVersion());
        assertEquals(200, now.current().capacityMbps());
        assertEquals(200, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps());
        assertEquals(Optional.empty(), now.modifyDeadline());
        assertEquals(List.of(NsiMessageKind.RESERVE_CONFIRMED, NsiMessageKind.RESERVE_COMMIT_CONFIRMED,
                NsiMessageKind.RESERVE_CONFIRMED, NsiMessageKind.RESERVE_COMMIT_CONFIRMED), results(id));
    }

    @Test
    void aModifyAbortedLeavesTheCommittedCriteriaAndTheReservation() throws Exception {
        String id = committed();
        provider.reserve(ALICE, header(), modify(id, 2, 200));

        provider.reserveAbort(ALICE, header(), id);

        NsiConnection now = connections.find(id).orElseThrow();
        assertEquals(NsiReservationState.RESERVE_START, now.states().reservation());
        assertEquals(List.of(1, 1), List.of(now.requested().version(), now.committedVersion().getAsInt()));
        assertEquals(100, now.current().capacityMbps());
        assertEquals(100, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps());
        assertEquals(NsiMessageKind.RESERVE_ABORT_CONFIRMED, lastResult(id).kind());
        assertEquals(0, campus.pending.size(), "the change held at the campus is dropped");
    }

    @Test
    void aModifyWithAVersionNotAboveTheCommittedOneIsRefusedNamingVersion() throws Exception {
        String id = committed();

        NsiRefused refused = assertThrows(NsiRefused.class, () -> provider.reserve(ALICE, header(), modify(id, 1, 200)));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, refused.refusal().errorId());
        assertTrue(refused.refusal().text().startsWith("version:"), refused.refusal().text());
        assertEquals(NsiReservationState.RESERVE_START, connections.find(id).orElseThrow().states().reservation());
    }

    @Test
    void aModifyOfAnStpIsRefusedNamingItAndChangesNothing() throws Exception {
        String id = committed();
        NsiReserveRequest m = modify(id, 2, 100);
        NsiReserveRequest otherDest = new NsiReserveRequest(m.connectionId(), m.globalReservationId(), m.description(),
                m.version(), m.start(), m.end(), m.serviceType(), m.capacityMbps(), m.directionality(), m.sourceStp(),
                NETWORK + "to-domain-c", m.ero(), m.parameters());

        NsiRefused refused = assertThrows(NsiRefused.class, () -> provider.reserve(ALICE, header(), otherDest));

        assertEquals(NsiErrorId.PAYLOAD_ERROR, refused.refusal().errorId());
        assertTrue(refused.refusal().text().startsWith("destSTP:"), refused.refusal().text());
        assertEquals(List.of(1, 1), List.of(connections.find(id).orElseThrow().requested().version(),
                connections.find(id).orElseThrow().committedVersion().getAsInt()));
    }

    @Test
    void aModifyThePartsCannotHoldIsReserveFailedCapacityUnavailableAndTheOldReservationStays() throws Exception {
        String id = committed();
        campus.refuseModify = new Refusal(RefusalCode.NO_CAPACITY, "host-a1", "no bandwidth left on host-a1");

        provider.reserve(ALICE, header(), modify(id, 2, 400));

        NsiConnections.StoredMessage failed = lastResult(id);
        assertEquals(NsiMessageKind.RESERVE_FAILED, failed.kind());
        assertTrue(failed.body().contains("<errorId>" + NsiErrorId.CAPACITY_UNAVAILABLE.code() + "</errorId>"),
                failed.body());
        assertEquals(NsiReservationState.RESERVE_FAILED, connections.find(id).orElseThrow().states().reservation());
        assertEquals(100, connections.find(id).orElseThrow().current().capacityMbps(), "the committed criteria report");
        assertEquals(100, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps());

        provider.reserveAbort(ALICE, header(), id);

        assertEquals(List.of(1, 1), List.of(connections.find(id).orElseThrow().requested().version(),
                connections.find(id).orElseThrow().committedVersion().getAsInt()));
        assertEquals(NsiReservationState.RESERVE_START, connections.find(id).orElseThrow().states().reservation());
    }

    @Test
    void aModifyHoldThatLapsesIsReserveTimeoutAndALaterCommitFails() throws Exception {
        String id = committed();
        provider.reserve(ALICE, header(), modify(id, 2, 200));

        clock.pass(BarSettings.defaults().clientHold().plusSeconds(1));
        provider.follow();

        assertEquals(NsiReservationState.RESERVE_TIMEOUT, connections.find(id).orElseThrow().states().reservation());
        List<NsiConnections.StoredMessage> notes = connections.messages(id, NsiMessageKind.Family.NOTIFICATION,
                OptionalLong.empty(), OptionalLong.empty());
        assertEquals(NsiMessageKind.RESERVE_TIMEOUT, notes.get(notes.size() - 1).kind());

        provider.reserveCommit(ALICE, header(), id);

        assertEquals(NsiMessageKind.RESERVE_COMMIT_FAILED, lastResult(id).kind());
        NsiConnection now = connections.find(id).orElseThrow();
        assertEquals(List.of(1, 1), List.of(now.requested().version(), now.committedVersion().getAsInt()));
        assertEquals(100, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps());
        assertTrue(campus.calls.stream().noneMatch(c -> c.startsWith("commitModify")), campus.calls.toString());
    }

    @Test
    void aModifyCommitStillUnderWayAtItsDeadlineIsConfirmedNotFailedByTheSweep() throws Exception {
        String id = committed();
        provider.reserve(ALICE, header(), modify(id, 2, 200));
        campus.duringCommitModify = () -> { // the commit began in time and takes past the deadline
            clock.pass(BarSettings.defaults().clientHold().plusSeconds(1));
            provider.follow();
        };

        provider.reserveCommit(ALICE, header(), id);

        NsiConnection now = connections.find(id).orElseThrow();
        assertEquals(NsiMessageKind.RESERVE_COMMIT_CONFIRMED, lastResult(id).kind());
        assertEquals(List.of(NsiReservationState.RESERVE_START, OptionalInt.of(2)),
                List.of(now.states().reservation(), now.committedVersion()));
        assertEquals(200, now.current().capacityMbps());
        assertEquals(200, store.find("nsi-" + id).orElseThrow().request().bandwidthMbps());
    }

    /** A provider on the same store whose calls after the acknowledgment wait in {@code deferred}. */
    NsiProviderService deferring(List<Runnable> deferred) {
        return new NsiProviderService(reservations, connections, new JdbcNsiCallbackOutbox(db.dataSource()), stps,
                new NsiRequesters(Map.of(REQUESTER, "alice")), new NsiWireMessages(), NsiOutboxPolicy.defaults(),
                BarSettings.defaults(), deferred::add, clock);
    }

    @Test
    void aModifyAbortIsConfirmedOnlyOnceTheBarDroppedTheChange() throws Exception {
        String id = committed();
        provider.reserve(ALICE, header(), modify(id, 2, 200));
        List<Runnable> deferred = new java.util.ArrayList<>();
        NsiRequestHeader abort = header();

        deferring(deferred).reserveAbort(ALICE, abort, id);
        provider.follow();

        assertEquals(NsiReservationState.RESERVE_ABORTING, connections.find(id).orElseThrow().states().reservation());
        assertEquals(1, campus.pending.size(), "the change is still held at the campus");

        deferred.forEach(Runnable::run);

        NsiConnections.StoredMessage result = lastResult(id);
        assertEquals(List.of(NsiMessageKind.RESERVE_ABORT_CONFIRMED, abort.correlationId()),
                List.of(result.kind(), result.correlationId()));
        assertEquals(NsiReservationState.RESERVE_START, connections.find(id).orElseThrow().states().reservation());
        assertEquals(0, campus.pending.size());
    }

    @Test
    void aModifyHeldAfterTheConnectionStoppedCheckingItIsDroppedAtTheBar() throws Exception {
        String id = committed();
        List<Runnable> deferred = new java.util.ArrayList<>();
        deferring(deferred).reserve(ALICE, header(), modify(id, 2, 200)); // its hold at the BAR waits
        clock.pass(BarSettings.defaults().clientHold().plusSeconds(1));
        provider.follow(); // reserveFailed: not checked before its deadline

        deferred.forEach(Runnable::run);

        assertEquals(NsiReservationState.RESERVE_FAILED, connections.find(id).orElseThrow().states().reservation());
        assertTrue(campus.calls.stream().anyMatch(c -> c.startsWith("abortModify")), campus.calls.toString());
        assertEquals(0, campus.pending.size(), "no hold is left that no requester can commit or abort");
    }

    @Test
    void aSecondTerminateLeavesTheResultToTheFirst() throws Exception {
        String id = committed();
        List<Runnable> deferred = new java.util.ArrayList<>();
        NsiProviderService slow = deferring(deferred);
        NsiRequestHeader first = header();

        slow.terminate(ALICE, first, id);
        slow.terminate(ALICE, header(), id);
        deferred.forEach(Runnable::run);

        NsiConnections.StoredMessage result = lastResult(id);
        assertEquals(List.of(NsiMessageKind.TERMINATE_CONFIRMED, first.correlationId()),
                List.of(result.kind(), result.correlationId()));
    }

    // ---- a result decided by the sweep ----

    @Test
    void aCommitResultTheSweepDecidesBeforeTheRequestsOwnCallCarriesTheRequestsCorrelationId() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "host-a2", Optional.empty()));
        List<Runnable> deferred = new java.util.ArrayList<>();
        NsiProviderService slow = new NsiProviderService(reservations, connections,
                new JdbcNsiCallbackOutbox(db.dataSource()), stps, new NsiRequesters(Map.of(REQUESTER, "alice")),
                new NsiWireMessages(), NsiOutboxPolicy.defaults(), BarSettings.defaults(), deferred::add, clock);
        NsiRequestHeader commit = header();

        slow.reserveCommit(ALICE, commit, id); // ReserveCommitting; its own call to the BAR waits in deferred
        reservations.commit(ALICE, "nsi-" + id); // the BAR commits first (another replica's call, say)
        provider.follow();

        NsiConnections.StoredMessage result = lastResult(id);
        assertEquals(List.of(NsiMessageKind.RESERVE_COMMIT_CONFIRMED, commit.correlationId()),
                List.of(result.kind(), result.correlationId()));
        deferred.forEach(Runnable::run); // the request's own call then finds nothing more owed
        assertEquals(List.of(NsiMessageKind.RESERVE_CONFIRMED, NsiMessageKind.RESERVE_COMMIT_CONFIRMED), results(id));
    }

    @Test
    void aProvisionResultTheSweepDecidesCarriesTheProvisionsCorrelationIdNotTheCommits() throws Exception {
        String id = committed();
        List<Runnable> deferred = new java.util.ArrayList<>();
        NsiProviderService slow = new NsiProviderService(reservations, connections,
                new JdbcNsiCallbackOutbox(db.dataSource()), stps, new NsiRequesters(Map.of(REQUESTER, "alice")),
                new NsiWireMessages(), NsiOutboxPolicy.defaults(), BarSettings.defaults(), deferred::add, clock);
        NsiRequestHeader provision = header();

        slow.provision(ALICE, provision, id);
        reservations.provision(ALICE, "nsi-" + id);
        provider.follow();

        NsiConnections.StoredMessage result = lastResult(id);
        assertEquals(List.of(NsiMessageKind.PROVISION_CONFIRMED, provision.correlationId()),
                List.of(result.kind(), result.correlationId()));
    }

    // ---- a request the BAR refuses after its acknowledgment ----

    @Test
    void aProvisionTheBarRefusesAfterTheAcknowledgmentIsAnErrorWithItsCodeAndTheConnectionIsReleasedAgain()
            throws Exception {
        String id = committed();
        reservations.cancel(ALICE, "nsi-" + id, "an operator ended it"); // not yet seen by the connection

        provider.provision(ALICE, header(), id);

        NsiConnections.StoredMessage error = lastResult(id);
        assertEquals(NsiMessageKind.ERROR, error.kind());
        assertTrue(error.body().contains(">" + RefusalCode.POLICY.name() + "</value>"), error.body());
        assertEquals(ProvisionState.RELEASED, connections.find(id).orElseThrow().states().provision());
    }

    @Test
    void aHandOffVlanTheRequesterChoosesIsAskedOfTheCampusAndConfirmed() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "to-domain-c?vlan=3004", Optional.empty()));

        Reservation r = store.find("nsi-" + id).orElseThrow();
        assertEquals(3004, r.request().destinationVlan(), "kept with the reservation");
        assertEquals(3004, r.segment(SegmentRole.LOCAL_CAMPUS).order().destinationVlan(), "asked of the L-NSAP");
        assertEquals(0, r.segment(SegmentRole.LOCAL_CAMPUS).order().sourceVlan(), "the host port's is the campus's");
        assertEquals(NETWORK + "to-domain-c?vlan=3004", connections.find(id).orElseThrow().requested().destStp());
    }

    @Test
    void aHandOffLabelOfSeveralVlansAsksForItsLowest() throws Exception {
        String id = provider.reserve(ALICE, header(), reserve("host-a1", "to-domain-c?vlan=3010-3020", Optional.empty()));

        assertEquals(3010, store.find("nsi-" + id).orElseThrow().segment(SegmentRole.LOCAL_CAMPUS).order()
                .destinationVlan());
    }

    @Test
    void aHandOffLabelOutsideItsRangeIsStpUnavailable() {
        NsiRefused refused = assertThrows(NsiRefused.class, () -> provider.reserve(ALICE, header(),
                reserve("host-a1", "to-domain-c?vlan=4000", Optional.empty())));

        assertEquals(NsiErrorId.STP_UNAVAILABLE, refused.refusal().errorId());
    }
}
