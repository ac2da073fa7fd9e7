package org.crs.bar.adapter.jdbc;

import static org.crs.bar.testing.NsiFixtures.BODIES;
import static org.crs.bar.testing.NsiFixtures.REQUESTER_C;
import static org.crs.bar.testing.NsiFixtures.REQUESTER_D;
import static org.crs.bar.testing.NsiFixtures.T0;
import static org.crs.bar.testing.NsiFixtures.body;
import static org.crs.bar.testing.NsiFixtures.criteria;
import static org.crs.bar.testing.NsiFixtures.envelope;
import static org.crs.bar.testing.NsiFixtures.reserved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.crs.bar.nsi.NsiAwaited;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiStates;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections.Callback;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.ChangeOutcome;
import org.crs.bar.port.NsiConnections.CriteriaChange;
import org.crs.bar.port.NsiConnections.Selection;
import org.crs.bar.port.NsiConnections.StoredMessage;
import org.crs.service.db.Database;
import org.crs.bar.testing.NsiStores;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

/** NSI connections, their messages and their callback outbox over JDBC, every behaviour on HSQLDB and on a real PostgreSQL. */
class JdbcNsiConnectionsTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @TempDir
        Path dir;

        @Override
        NsiStores open() {
            return NsiStores.onHsqldbFile(dir); // a file, so that a restart keeps what was written
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        NsiStores open() {
            return NsiStores.onPostgresql();
        }
    }

    static final URI REPLY_TO = URI.create("http://127.0.0.1:9/NSI/services/ConnectionRequester");

    abstract static class Behaviour {

        NsiStores stores;
        Database db;
        JdbcNsiConnections connections;
        JdbcNsiCallbackOutbox outbox;

        abstract NsiStores open();

        @BeforeEach
        void start() {
            stores = open();
            take();
        }

        @AfterEach
        void stop() {
            stores.close();
        }

        void restart() {
            stores.restart();
            take();
        }

        private void take() {
            db = stores.db();
            connections = stores.connections();
            outbox = stores.outbox();
        }

        NsiConnection created(String requester, Optional<String> global, String requestId) {
            NsiConnection c = reserved(requester, global, requestId, Optional.of(REPLY_TO), T0);
            assertTrue(connections.create(c));
            return c;
        }

        /** The change the BAR's hold makes: ReserveHeld, with a reserveConfirmed owed to the requester. */
        static Change held(NsiConnection read, Instant at) {
            Change c = Change.of(read, read.next(NsiEvent.RESERVE_HELD).orElseThrow(), at);
            long id = c.nextId(NsiMessageKind.Family.RESULT);
            String body = body("reserveConfirmed", read.connectionId(), id);
            return c.owe(NsiMessageKind.RESERVE_CONFIRMED, "urn:uuid:" + UUID.randomUUID(), body,
                    Optional.of(new Callback(REPLY_TO.toString(), envelope(body), T0.plus(Duration.ofHours(3)))));
        }

        static Change notify(NsiConnection read, NsiStates next, NsiMessageKind kind, Instant at) {
            Change c = Change.of(read, next, at);
            return c.owe(kind, "urn:uuid:" + UUID.randomUUID(), body(kind.operation(), read.connectionId(),
                    c.nextId(kind.family())), Optional.empty());
        }

        static NsiConnection changed(ChangeOutcome o) {
            return assertInstanceOf(ChangeOutcome.Changed.class, o).now();
        }

        // --- connections

        @Test
        void aConnectionIsReadBackAsItWasCreated() {
            NsiConnection c = created(REQUESTER_C, Optional.of("urn:uuid:global-1"), "nsi-1");

            assertEquals(Optional.of(c), connections.find(c.connectionId()));
        }

        @Test
        void aConnectionIsFoundByItsBarReservation() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");

            assertEquals(Optional.of(c.connectionId()), connections.findByRequestId("nsi-1").map(NsiConnection::connectionId));
        }

        @Test
        void aSecondConnectionOfTheSameReservationIsNotCreated() {
            created(REQUESTER_C, Optional.empty(), "nsi-1");

            assertFalse(connections.create(reserved(REQUESTER_D, Optional.empty(), "nsi-1", Optional.empty(), T0)));
        }

        // --- conditional changes

        @Test
        void aChangeMovesTheStatesAndKeepsItsResultAndItsCallback() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");

            NsiConnection now = changed(connections.change(held(c, T0.plusSeconds(1))));

            assertEquals(List.of("ReserveHeld/Released/Created/down v0", "2", "RESERVE_CONFIRMED 1", "RESERVE_CONFIRMED"),
                    List.of(now.states().toString(), Long.toString(now.nextResultId()),
                            connections.messages(c.connectionId(), NsiMessageKind.Family.RESULT, OptionalLong.empty(),
                                    OptionalLong.empty()).stream().map(m -> m.kind() + " " + m.id()).findFirst().orElseThrow(),
                            outbox.of(c.connectionId()).stream().map(r -> r.kind().name()).findFirst().orElseThrow()));
        }

        @Test
        void aConnectionWithoutReplyToKeepsItsResultsForQueriesAndOwesNoCallback() {
            NsiConnection c = reserved(REQUESTER_C, Optional.empty(), "nsi-1", Optional.empty(), T0);
            connections.create(c);
            Change held = Change.of(c, c.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0);

            changed(connections.change(held.owe(NsiMessageKind.RESERVE_CONFIRMED, "urn:uuid:" + UUID.randomUUID(),
                    body("reserveConfirmed", c.connectionId(), 1), Optional.empty())));

            assertEquals(List.of("1 result(s)", "0 callback(s)"), List.of(results(c).size() + " result(s)",
                    outbox.of(c.connectionId()).size() + " callback(s)"));
        }

        @Test
        void aChangeFromAStaleReadLosesTheRaceAndWritesNothing() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            changed(connections.change(held(c, T0.plusSeconds(1))));

            // a second replica read the connection before the first changed it, and decided a failure
            ChangeOutcome lost = connections.change(Change.of(c, c.next(NsiEvent.RESERVE_FAILED).orElseThrow(),
                    T0.plusSeconds(2)).owe(NsiMessageKind.RESERVE_FAILED, "urn:uuid:" + UUID.randomUUID(), "<reserveFailed/>",
                    Optional.of(new Callback(REPLY_TO.toString(), "<env/>", T0.plusSeconds(3600)))));

            assertEquals(List.of("ReserveHeld/Released/Created/down v0", "1 result(s), 1 callback(s)"),
                    List.of(assertInstanceOf(ChangeOutcome.LostRace.class, lost).now().states().toString(),
                            results(c).size() + " result(s), " + outbox.of(c.connectionId()).size() + " callback(s)"));
        }

        @Test
        void twoChangesFromOneReadAreMadeOnce() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");

            ChangeOutcome first = connections.change(held(c, T0.plusSeconds(1)));
            ChangeOutcome second = connections.change(held(c, T0.plusSeconds(1)));

            assertEquals(List.of(ChangeOutcome.Changed.class, ChangeOutcome.LostRace.class),
                    List.of(first.getClass(), second.getClass()));
        }

        @Test
        void aChangeOfAConnectionThatDoesNotExistIsNotFound() {
            NsiConnection never = reserved(REQUESTER_C, Optional.empty(), "nsi-9", Optional.empty(), T0);

            assertEquals(new ChangeOutcome.NotFound(never.connectionId()),
                    connections.change(Change.of(never, never.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0)));
        }

        @Test
        void aChangeThatFailsLeavesTheStatesAndOwesNoCallback() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            // a result numbered 1 already exists (written behind the store's back): the change's insert of its
            // reserveConfirmed fails after its update of the states, and all of it must be rolled back
            Jdbc.update(db.dataSource(), "plant a result", "INSERT INTO nsi_message (connection_id, family, seq, kind, "
                    + "correlation_id, body, created_at) VALUES (?, 'RESULT', 1, 'RESERVE_FAILED', 'urn:uuid:x', '<x/>', ?)",
                    c.connectionId(), Jdbc.utc(T0));

            assertThrows(StoreException.class, () -> connections.change(held(c, T0.plusSeconds(1))));

            assertEquals(List.of("ReserveChecking/Released/Created/down v0", "0 callback(s)"),
                    List.of(connections.find(c.connectionId()).orElseThrow().states().toString(),
                            outbox.of(c.connectionId()).size() + " callback(s)"));
        }

        @Test
        void messageIdsThatDoNotFollowTheReadAreRefusedBeforeAnythingIsWritten() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");

            assertThrows(IllegalArgumentException.class, () -> new Change(c, c.states(), new CriteriaChange.Unchanged(),
                    List.of(new org.crs.bar.port.NsiConnections.Owed(NsiMessageKind.RESERVE_CONFIRMED, 2, "urn:uuid:a",
                            "<x/>", Optional.empty())), T0));
        }

        // --- criteria versions

        @Test
        void aModifyIsHeldBesideTheCommittedCriteriaAndThenCommitted() {
            NsiConnection c = committed(created(REQUESTER_C, Optional.empty(), "nsi-1"));

            NsiConnection modifying = changed(connections.change(Change.of(c, c.next(NsiEvent.MODIFY).orElseThrow(),
                    T0.plusSeconds(10)).with(new CriteriaChange.Requested(criteria(2)))));
            NsiConnection held = changed(connections.change(Change.of(modifying,
                    modifying.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0.plusSeconds(11))));
            NsiConnection committing = changed(connections.change(Change.of(held,
                    held.next(NsiEvent.RESERVE_COMMIT).orElseThrow(), T0.plusSeconds(12))));
            NsiConnection done = changed(connections.change(Change.of(committing,
                    committing.next(NsiEvent.COMMIT_CONFIRMED).orElseThrow(), T0.plusSeconds(13))
                    .with(new CriteriaChange.Committed())));

            assertEquals(List.of("held v2 over committed v1 (100 Mbit/s)", "committed v2 (200 Mbit/s)"),
                    List.of("held v" + held.requested().version() + " over committed v" + held.committedVersion().getAsInt()
                                    + " (" + held.current().capacityMbps() + " Mbit/s)",
                            "committed v" + done.committedVersion().getAsInt() + " (" + done.current().capacityMbps()
                                    + " Mbit/s)"));
        }

        @Test
        void aModifysDeadlineIsKeptWhileItIsUnderWayAndClearedByItsCommit() {
            NsiConnection c = committed(created(REQUESTER_C, Optional.empty(), "nsi-1"));
            Instant deadline = T0.plusSeconds(130);

            NsiConnection modifying = changed(connections.change(Change.of(c, c.next(NsiEvent.MODIFY).orElseThrow(),
                    T0.plusSeconds(10)).with(new CriteriaChange.Requested(criteria(2), Optional.of(deadline)))));
            NsiConnection held = changed(connections.change(Change.of(modifying,
                    modifying.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0.plusSeconds(11))));
            NsiConnection committing = changed(connections.change(Change.of(held,
                    held.next(NsiEvent.RESERVE_COMMIT).orElseThrow(), T0.plusSeconds(12))));
            NsiConnection done = changed(connections.change(Change.of(committing,
                    committing.next(NsiEvent.COMMIT_CONFIRMED).orElseThrow(), T0.plusSeconds(13))
                    .with(new CriteriaChange.Committed())));

            assertEquals(List.of(Optional.of(deadline), Optional.of(deadline), Optional.<Instant>empty()),
                    List.of(modifying.modifyDeadline(), committing.modifyDeadline(), done.modifyDeadline()));
            assertTrue(held.modifying());
            assertFalse(done.modifying());
        }

        @Test
        void theCorrelationIdsOfTheAwaitedRequestsAreKeptPerMachineAndSurviveARestart() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            NsiConnection held = changed(connections.change(held(c, T0.plusSeconds(1))));
            NsiConnection committing = changed(connections.change(Change.of(held,
                    held.next(NsiEvent.RESERVE_COMMIT).orElseThrow(), T0.plusSeconds(2))
                    .awaiting(held.awaited().with(NsiEvent.RESERVE_COMMIT, "urn:uuid:commit"))));
            changed(connections.change(Change.of(committing, committing.states(), T0.plusSeconds(3))
                    .awaiting(committing.awaited().with(NsiEvent.PROVISION, "urn:uuid:provision"))));

            restart();

            assertEquals(new NsiAwaited(Optional.of("urn:uuid:commit"), Optional.of("urn:uuid:provision"),
                    Optional.empty()), connections.find(c.connectionId()).orElseThrow().awaited());
        }

        @Test
        void aChangeThatDoesNotNameTheAwaitedRequestsKeepsThem() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            NsiConnection awaiting = changed(connections.change(Change.of(c, c.states(), T0.plusSeconds(1))
                    .awaiting(c.awaited().with(NsiEvent.TERMINATE, "urn:uuid:terminate"))));

            NsiConnection now = changed(connections.change(held(awaiting, T0.plusSeconds(2))));

            assertEquals(Optional.of("urn:uuid:terminate"), now.awaited().lifecycle());
        }

        @Test
        void anAbortedModifyLeavesTheCommittedCriteriaRequested() {
            NsiConnection c = committed(created(REQUESTER_C, Optional.empty(), "nsi-1"));
            NsiConnection modifying = changed(connections.change(Change.of(c, c.next(NsiEvent.MODIFY).orElseThrow(),
                    T0.plusSeconds(10)).with(new CriteriaChange.Requested(criteria(2)))));
            NsiConnection failed = changed(connections.change(Change.of(modifying,
                    modifying.next(NsiEvent.RESERVE_FAILED).orElseThrow(), T0.plusSeconds(11))));
            NsiConnection aborting = changed(connections.change(Change.of(failed,
                    failed.next(NsiEvent.RESERVE_ABORT).orElseThrow(), T0.plusSeconds(12))));

            NsiConnection aborted = changed(connections.change(Change.of(aborting,
                    aborting.next(NsiEvent.ABORT_CONFIRMED).orElseThrow(), T0.plusSeconds(13))
                    .with(new CriteriaChange.Reverted())));

            assertEquals(List.of(1, 1), List.of(aborted.requested().version(), aborted.committedVersion().getAsInt()));
        }

        NsiConnection committed(NsiConnection c) {
            NsiConnection held = changed(connections.change(Change.of(c, c.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0)));
            NsiConnection committing = changed(connections.change(Change.of(held,
                    held.next(NsiEvent.RESERVE_COMMIT).orElseThrow(), T0)));
            return changed(connections.change(Change.of(committing,
                    committing.next(NsiEvent.COMMIT_CONFIRMED).orElseThrow(), T0).with(new CriteriaChange.Committed())));
        }

        // --- querySummary's selection

        @Test
        void aQueryNamingNothingGivesAllOfTheRequestersConnectionsAndNoOneElses() {
            NsiConnection c1 = created(REQUESTER_C, Optional.of("urn:uuid:g1"), "nsi-1");
            NsiConnection c2 = created(REQUESTER_C, Optional.of("urn:uuid:g2"), "nsi-2");
            NsiConnection c3 = created(REQUESTER_C, Optional.empty(), "nsi-3");
            created(REQUESTER_D, Optional.of("urn:uuid:g1"), "nsi-4");

            assertEquals(ids(c1, c2, c3), ids(connections.ofRequester(REQUESTER_C, Selection.of(List.of(), List.of()))));
        }

        @Test
        void aQueryByConnectionIdsGivesThoseOfTheRequesterOnly() {
            NsiConnection c1 = created(REQUESTER_C, Optional.of("urn:uuid:g1"), "nsi-1");
            created(REQUESTER_C, Optional.of("urn:uuid:g2"), "nsi-2");
            NsiConnection d = created(REQUESTER_D, Optional.of("urn:uuid:g1"), "nsi-4");

            assertEquals(ids(c1), ids(connections.ofRequester(REQUESTER_C, Selection.of(
                    List.of(c1.connectionId(), d.connectionId(), UUID.randomUUID().toString()), List.of()))));
        }

        @Test
        void aQueryByGlobalReservationIdsGivesThoseOfTheRequesterOnly() {
            NsiConnection c1 = created(REQUESTER_C, Optional.of("urn:uuid:g1"), "nsi-1");
            NsiConnection c2 = created(REQUESTER_C, Optional.of("urn:uuid:g2"), "nsi-2");
            created(REQUESTER_C, Optional.of("urn:uuid:g3"), "nsi-3");
            created(REQUESTER_D, Optional.of("urn:uuid:g1"), "nsi-4");

            assertEquals(ids(c1, c2), ids(connections.ofRequester(REQUESTER_C,
                    Selection.of(List.of(), List.of("urn:uuid:g1", "urn:uuid:g2", "urn:uuid:g9")))));
        }

        @Test
        void aRequesterWithoutConnectionsGetsNone() {
            created(REQUESTER_C, Optional.of("urn:uuid:g1"), "nsi-1");

            assertEquals(List.of(), connections.ofRequester("urn:ogf:network:nobody.example:2026:nsa", new Selection.All()));
        }

        static List<String> ids(NsiConnection... cs) {
            return ids(List.of(cs));
        }

        static List<String> ids(List<NsiConnection> cs) {
            return cs.stream().map(NsiConnection::connectionId).sorted().toList();
        }

        // --- notification and result ids

        @Test
        void notificationIdsIncreasePerConnectionAndSurviveARestart() {
            NsiConnection a = committed(created(REQUESTER_C, Optional.empty(), "nsi-1"));
            NsiConnection b = committed(created(REQUESTER_C, Optional.empty(), "nsi-2"));
            a = changed(connections.change(notify(a, a.states(), NsiMessageKind.ERROR_EVENT, T0)));
            a = changed(connections.change(notify(a, a.states(), NsiMessageKind.ERROR_EVENT, T0)));
            b = changed(connections.change(notify(b, b.states(), NsiMessageKind.ERROR_EVENT, T0)));

            restart();
            NsiConnection again = connections.find(a.connectionId()).orElseThrow();
            changed(connections.change(notify(again, again.states(), NsiMessageKind.ERROR_EVENT, T0)));

            assertEquals(List.of(List.of(1L, 2L, 3L), List.of(1L)),
                    List.of(notificationIds(a), notificationIds(b)));
        }

        @Test
        void aQueryForAnIdRangeGivesThoseMessages() {
            NsiConnection a = committed(created(REQUESTER_C, Optional.empty(), "nsi-1"));
            for (int i = 0; i < 5; i++) {
                a = changed(connections.change(notify(a, a.states(), NsiMessageKind.ERROR_EVENT, T0)));
            }

            assertEquals(List.of(2L, 3L, 4L), connections.messages(a.connectionId(), NsiMessageKind.Family.NOTIFICATION,
                    OptionalLong.of(2), OptionalLong.of(4)).stream().map(StoredMessage::id).toList());
        }

        List<Long> notificationIds(NsiConnection c) {
            return connections.messages(c.connectionId(), NsiMessageKind.Family.NOTIFICATION, OptionalLong.empty(),
                    OptionalLong.empty()).stream().map(StoredMessage::id).toList();
        }

        List<StoredMessage> results(NsiConnection c) {
            return connections.messages(c.connectionId(), NsiMessageKind.Family.RESULT, OptionalLong.empty(),
                    OptionalLong.empty());
        }

        // --- the outbox's storage

        @Test
        void aCallbackIsClaimedByOneReplicaPerAttempt() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            connections.change(held(c, T0));
            NsiCallbackOutbox.Due due = outbox.due(T0, 10).get(0);
            JdbcNsiCallbackOutbox otherReplica = new JdbcNsiCallbackOutbox(db.dataSource());

            assertEquals(List.of(true, false, List.of()), List.of(outbox.claim(due, T0.plusSeconds(60)),
                    otherReplica.claim(due, T0.plusSeconds(60)), otherReplica.due(T0.plusSeconds(59), 10)));
        }

        @Test
        void aCallbackGivenUpKeepsAMessageDeliveryTimeoutOnItsConnection() {
            NsiConnection c = created(REQUESTER_C, Optional.empty(), "nsi-1");
            NsiConnection held = changed(connections.change(held(c, T0)));
            NsiCallbackOutbox.Due due = outbox.due(T0, 10).get(0);
            outbox.claim(due, T0.plusSeconds(60));

            assertTrue(outbox.gaveUp(due, T0.plusSeconds(5), "no answer", BODIES));
            assertFalse(outbox.gaveUp(due, T0.plusSeconds(6), "no answer", BODIES), "given up once");

            List<StoredMessage> notifications = connections.messages(c.connectionId(),
                    NsiMessageKind.Family.NOTIFICATION, OptionalLong.empty(), OptionalLong.empty());
            assertEquals(List.of("MESSAGE_DELIVERY_TIMEOUT 1 names " + due.correlationId()),
                    notifications.stream().map(m -> m.kind() + " " + m.id()
                            + (m.body().contains(due.correlationId()) ? " names " + due.correlationId() : "")).toList());
            // a change from the read before the notice loses: the notice took notificationId 1
            assertInstanceOf(ChangeOutcome.LostRace.class,
                    connections.change(notify(held, held.states(), NsiMessageKind.ERROR_EVENT, T0)));
        }

        @Test
        void aQueryAnswerIsAddedToTheOutboxAlone() {
            outbox.add(NsiMessageKind.QUERY_SUMMARY_CONFIRMED, "urn:uuid:q1",
                    new Callback(REPLY_TO.toString(), envelope("<querySummaryConfirmed/>"), T0.plusSeconds(3600)), T0);

            assertEquals(List.of("QUERY_SUMMARY_CONFIRMED urn:uuid:q1 without a connection"),
                    outbox.due(T0, 10).stream().map(d -> d.kind() + " " + d.correlationId()
                            + d.connectionId().map(x -> " of " + x).orElse(" without a connection")).toList());
        }
    }
}
