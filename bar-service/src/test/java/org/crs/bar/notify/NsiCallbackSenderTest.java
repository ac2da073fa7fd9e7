package org.crs.bar.notify;

import static org.crs.bar.testing.NsiFixtures.BODIES;
import static org.crs.bar.testing.NsiFixtures.REQUESTER_C;
import static org.crs.bar.testing.NsiFixtures.T0;
import static org.crs.bar.testing.NsiFixtures.body;
import static org.crs.bar.testing.NsiFixtures.envelope;
import static org.crs.bar.testing.NsiFixtures.reserved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.crs.bar.adapter.jdbc.JdbcNsiCallbackOutbox;
import org.crs.bar.adapter.jdbc.JdbcNsiConnections;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections.Callback;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.ChangeOutcome;
import org.crs.bar.testing.RequesterEndpoint;
import org.crs.domain.time.Backoff;
import org.crs.service.db.Database;
import org.crs.bar.testing.NsiStores;
import org.crs.service.schedule.Scheduling;
import org.crs.service.schedule.Sweep;
import org.quartz.JobKey;
import org.quartz.Scheduler;

/**
 * The NSI callback sender against a real HTTP endpoint on 127.0.0.1 and the outbox in a real
 * database (HSQLDB and PostgreSQL): delivered once, retried after doubling pauses, given up at
 * its deadline or when refused, and never sent twice by two senders sharing the database.
 */
class NsiCallbackSenderTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        NsiStores open() {
            return NsiStores.onHsqldbInMemory();
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        NsiStores open() {
            return NsiStores.onPostgresql();
        }
    }

    /** Pauses of 5 s doubling to 60 s, at least an hour of trying, one-minute leases. */
    static final NsiOutboxPolicy POLICY = new NsiOutboxPolicy(new Backoff(Duration.ofSeconds(5), Duration.ofSeconds(60)),
            Duration.ofHours(1), Duration.ofMinutes(1));

    abstract static class Behaviour {

        NsiStores stores;
        JdbcNsiConnections connections;
        JdbcNsiCallbackOutbox outbox;
        RequesterEndpoint requester;
        SettableClock clock;
        NsiCallbackSender sender;

        abstract NsiStores open();

        @BeforeEach
        void start() {
            stores = open();
            connections = stores.connections();
            outbox = stores.outbox();
            requester = new RequesterEndpoint();
            clock = new SettableClock(T0);
            sender = new NsiCallbackSender(outbox, RequesterEndpoint.transport(), BODIES, POLICY, clock);
        }

        @AfterEach
        void stop() {
            requester.close();
            sender.close();
            stores.close();
        }

        /** A connection whose hold, now by the test's clock, owes its requester a reserveConfirmed, tried until {@code deadline}. */
        NsiConnection heldOwingConfirmation(String requestId, Instant deadline) {
            Instant at = clock.instant();
            NsiConnection c = reserved(REQUESTER_C, Optional.empty(), requestId, Optional.of(requester.replyTo()), at);
            assertTrue(connections.create(c));
            Change held = Change.of(c, c.next(NsiEvent.RESERVE_HELD).orElseThrow(), at);
            String body = body("reserveConfirmed", c.connectionId(), held.nextId(NsiMessageKind.Family.RESULT));
            ChangeOutcome o = connections.change(held.owe(NsiMessageKind.RESERVE_CONFIRMED, "urn:uuid:" + UUID.randomUUID(),
                    body, Optional.of(new Callback(c.replyTo().orElseThrow().toString(), envelope(body), deadline))));
            return ((ChangeOutcome.Changed) o).now();
        }

        NsiCallbackOutbox.Delivery only(NsiConnection c) {
            List<NsiCallbackOutbox.Delivery> all = outbox.of(c.connectionId());
            assertEquals(1, all.size(), "one callback owed");
            return all.get(0);
        }

        /** Runs a round at {@code T0 + seconds}. @return how many POSTs the requester got in it */
        int roundAt(long seconds) {
            int before = requester.posts().size();
            clock.set(T0.plusSeconds(seconds));
            sender.deliverDue();
            return requester.posts().size() - before;
        }

        @Test
        void aCallbackIsPostedOnceWithItsOperationsSoapAction() {
            NsiConnection c = heldOwingConfirmation("nsi-1", T0.plus(Duration.ofHours(3)));

            assertEquals(1, sender.deliverDue());
            sender.deliverDue();

            assertEquals(List.of(RequesterEndpoint.soapAction(NsiMessageKind.RESERVE_CONFIRMED) + " "
                            + envelope(body("reserveConfirmed", c.connectionId(), 1))),
                    requester.posts());
            assertEquals(List.of(1, true), List.of(only(c).attempts(), only(c).deliveredAt().isPresent()));
        }

        @Test
        void aCallbackTheRequesterDoesNotTakeIsTriedAgainAfterADoublingPause() {
            requester.answerNext(503, 503);
            NsiConnection c = heldOwingConfirmation("nsi-1", T0.plus(Duration.ofHours(3)));

            // posts per round: at once, not before 5 s, at 5 s, not before 5 + 10 s, at 15 s
            assertEquals(List.of(1, 0, 1, 0, 1, 0), List.of(roundAt(0), roundAt(4), roundAt(5), roundAt(14), roundAt(15),
                    roundAt(100)));
            assertEquals(List.of(3, Optional.of(T0.plusSeconds(15))), List.of(only(c).attempts(), only(c).deliveredAt()));
        }

        @Test
        void aCallbackIsGivenUpAtItsDeadlineAndItsConnectionKeepsAMessageDeliveryTimeout() {
            requester.answerNext(503, 503, 503, 503, 503);
            NsiConnection c = heldOwingConfirmation("nsi-1", T0.plusSeconds(20));

            // attempts at 0 and 5 s; the third, at 15 s, leaves no room for a fourth (15 + 20 s is past the deadline)
            assertEquals(List.of(1, 1, 1, 0), List.of(roundAt(0), roundAt(5), roundAt(15), roundAt(3600)));

            NsiCallbackOutbox.Delivery r = only(c);
            assertEquals(List.of(3, Optional.of(T0.plusSeconds(15)), Optional.empty()),
                    List.of(r.attempts(), r.gaveUpAt(), r.deliveredAt()));
            assertEquals(List.of("MESSAGE_DELIVERY_TIMEOUT 1 of " + r.correlationId()), deliveryTimeouts(c));
        }

        @Test
        void aCallbackPastItsDeadlineIsGivenUpWithoutBeingSent() {
            NsiConnection c = heldOwingConfirmation("nsi-1", T0.plusSeconds(20));

            assertEquals(0, roundAt(20));
            assertEquals(List.of(0, true), List.of(only(c).attempts(), only(c).gaveUpAt().isPresent()));
        }

        @Test
        void aCallbackTheRequesterRefusesIsGivenUpAtOnce() {
            requester.answerNext(500);
            NsiConnection c = heldOwingConfirmation("nsi-1", T0.plus(Duration.ofHours(3)));

            assertEquals(List.of(1, 0), List.of(roundAt(0), roundAt(3600)));
            assertEquals(List.of(1, true), List.of(only(c).attempts(), only(c).gaveUpAt().isPresent()));
        }

        @Test
        void twoSendersOnOneDatabaseDeliverEachCallbackOnce() throws Exception {
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                NsiConnection c = heldOwingConfirmation("nsi-" + i, T0.plus(Duration.ofHours(3)));
                expected.add(envelope(body("reserveConfirmed", c.connectionId(), 1)));
            }
            try (Database replica = stores.openAgain()) {
                NsiCallbackSender other = new NsiCallbackSender(new JdbcNsiCallbackOutbox(replica.dataSource()),
                        RequesterEndpoint.transport(), BODIES, POLICY, clock);
                CountDownLatch go = new CountDownLatch(1);
                CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> awaitThen(go, sender));
                CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> awaitThen(go, other));
                go.countDown();
                int delivered = a.get() + b.get();

                assertEquals(List.of(40, 40, Set.copyOf(expected)),
                        List.of(delivered, requester.posts().size(), new HashSet<>(requester.taken())));
            }
        }

        @Test
        void aSweepOfTheServicesScheduleDeliversWhatIsDue() throws Exception {
            // as the server will run it: a service-runtime Sweep on the service's Quartz schedule, the real clock
            NsiCallbackSender swept = new NsiCallbackSender(outbox, RequesterEndpoint.transport(), BODIES, POLICY,
                    Clock.systemUTC());
            Sweep.Registry sweeps = new Sweep.Registry();
            Scheduler scheduler = Scheduling.start(stores.db(), "nsi-" + UUID.randomUUID(), false,
                    Scheduling.Options.defaults().jobFactory(sweeps.jobFactory()));
            try {
                sweeps.schedule(scheduler, new Sweep(JobKey.jobKey("nsi-callbacks", "bar"), Duration.ofMillis(200),
                        swept::sweep));
                clock.set(Instant.now());
                NsiConnection c = heldOwingConfirmation("nsi-1", Instant.now().plus(Duration.ofHours(1)));

                Instant until = Instant.now().plusSeconds(20);
                while (requester.taken().isEmpty() && Instant.now().isBefore(until)) {
                    Thread.sleep(50);
                }

                assertEquals(List.of(envelope(body("reserveConfirmed", c.connectionId(), 1))), requester.taken());
            } finally {
                scheduler.shutdown(true);
            }
        }

        // --- woken by the stores

        /** The connections as the server wires them: a change owing callbacks wakes the sender. */
        JdbcNsiConnections waking() {
            return new JdbcNsiConnections(stores.db().dataSource(), sender::wake);
        }

        /** A new connection to {@code replyTo}, changed by {@code store} to owe a reserveConfirmed. */
        NsiConnection owingConfirmation(JdbcNsiConnections store, String requestId, RequesterEndpoint to) {
            NsiConnection c = reserved(REQUESTER_C, Optional.empty(), requestId, Optional.of(to.replyTo()), T0);
            assertTrue(store.create(c));
            return owe(store, Change.of(c, c.next(NsiEvent.RESERVE_HELD).orElseThrow(), T0),
                    NsiMessageKind.RESERVE_CONFIRMED);
        }

        NsiConnection owe(JdbcNsiConnections store, Change change, NsiMessageKind kind) {
            NsiConnection c = change.read();
            String body = body(kind.operation(), c.connectionId(), change.nextId(kind.family()));
            ChangeOutcome o = store.change(change.owe(kind, "urn:uuid:" + UUID.randomUUID(), body, Optional.of(
                    new Callback(c.replyTo().orElseThrow().toString(), envelope(body), T0.plus(Duration.ofHours(3))))));
            return ((ChangeOutcome.Changed) o).now();
        }

        static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
            Instant until = Instant.now().plusSeconds(20);
            while (!done.getAsBoolean() && Instant.now().isBefore(until)) {
                Thread.sleep(20);
            }
        }

        @Test
        void aChangeOwingACallbackWakesTheSenderWithoutASweep() throws Exception {
            // no sweep runs and deliverDue is never called: only the wake can send it
            NsiConnection c = owingConfirmation(waking(), "nsi-1", requester);

            await(() -> !requester.taken().isEmpty());

            assertEquals(List.of(envelope(body("reserveConfirmed", c.connectionId(), 1))), requester.taken());
            assertEquals(1, outbox.of(c.connectionId()).get(0).attempts());
        }

        @Test
        void aConnectionsCallbacksWokenOneAfterAnotherArriveInTheirOrder() throws Exception {
            JdbcNsiConnections store = waking();
            NsiConnection c = owingConfirmation(store, "nsi-1", requester);
            NsiConnection now = owe(store, Change.of(c, c.states(), T0), NsiMessageKind.RESERVE_TIMEOUT);
            owe(store, Change.of(now, now.states(), T0), NsiMessageKind.ERROR_EVENT);

            await(() -> requester.taken().size() >= 3);

            assertEquals(List.of(envelope(body("reserveConfirmed", c.connectionId(), 1)),
                    envelope(body("reserveTimeout", c.connectionId(), 1)),
                    envelope(body("errorEvent", c.connectionId(), 2))), requester.taken());
        }

        @Test
        void aRequesterSlowToAnswerDoesNotHoldUpAnothersCallbacks() throws Exception {
            try (RequesterEndpoint slow = new RequesterEndpoint()) {
                slow.holdAnswers();
                JdbcNsiConnections store = waking();
                owingConfirmation(store, "nsi-1", slow);
                await(() -> !slow.posts().isEmpty());

                NsiConnection other = owingConfirmation(store, "nsi-2", requester);
                await(() -> !requester.taken().isEmpty());

                assertEquals(List.of(List.of(envelope(body("reserveConfirmed", other.connectionId(), 1))), List.of()),
                        List.of(requester.taken(), slow.taken()));
                slow.answerHeldPosts();
                await(() -> !slow.taken().isEmpty());
                assertEquals(1, slow.taken().size());
            }
        }

        @Test
        void aCallbackNotDeliveredHoldsBackTheConnectionsLaterOnesSoTheyArriveInOrder() {
            requester.answerNext(503);
            NsiConnection c = owingConfirmation(connections, "nsi-1", requester);
            owe(connections, Change.of(c, c.states(), T0), NsiMessageKind.RESERVE_TIMEOUT);

            // the confirmation fails at 0 s; the timeout waits for it, and both go at its retry at 5 s
            assertEquals(List.of(1, 0, 2), List.of(roundAt(0), roundAt(1), roundAt(5)));
            assertEquals(List.of(envelope(body("reserveConfirmed", c.connectionId(), 1)),
                    envelope(body("reserveTimeout", c.connectionId(), 1))), requester.taken());
        }

        @Test
        void aSweepDoesNotWaitForARequesterSlowToAnswer() throws Exception {
            try (RequesterEndpoint slow = new RequesterEndpoint()) {
                slow.holdAnswers();
                owingConfirmation(connections, "nsi-1", slow);

                sender.sweep();

                assertEquals(List.of(), slow.taken(), "the sweep returned before the requester answered");
                await(() -> !slow.posts().isEmpty());
                slow.answerHeldPosts();
                await(() -> !slow.taken().isEmpty());
                assertEquals(1, slow.taken().size());
            }
        }

        @Test
        void aDeliveryStillQueuedAtCloseSendsNothingAndLeavesItsCallbackDue() throws Exception {
            try (RequesterEndpoint slow = new RequesterEndpoint()) {
                slow.holdAnswers();
                for (int i = 0; i < NsiCallbackSender.PARALLEL; i++) {
                    owingConfirmation(connections, "nsi-" + i, slow);
                }
                NsiConnection queued = owingConfirmation(connections, "nsi-queued", requester);
                sender.sweep();
                await(() -> slow.posts().size() == NsiCallbackSender.PARALLEL);

                sender.close();
                slow.answerHeldPosts();
                await(() -> slow.taken().size() == NsiCallbackSender.PARALLEL);
                Thread.sleep(300);

                NsiCallbackOutbox.Delivery left = outbox.of(queued.connectionId()).get(0);
                assertEquals(List.of(List.of(), 0, Optional.empty()),
                        List.of(requester.posts(), left.attempts(), left.deliveredAt()));
            }
        }

        static int awaitThen(CountDownLatch go, NsiCallbackSender s) {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return s.deliverDue();
        }

        List<String> deliveryTimeouts(NsiConnection c) {
            return connections.messages(c.connectionId(), NsiMessageKind.Family.NOTIFICATION, OptionalLong.empty(),
                    OptionalLong.empty()).stream()
                    .map(m -> m.kind() + " " + m.id() + " of " + (m.body().contains("<correlationId xmlns=\"\">")
                            ? m.body().replaceAll(".*<correlationId xmlns=\"\">([^<]*)<.*", "$1") : "?"))
                    .toList();
        }
    }

    /** A clock the test moves. */
    static final class SettableClock extends Clock {
        private volatile Instant now;

        SettableClock(Instant now) {
            this.now = now;
        }

        void set(Instant t) {
            now = t;
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
            return now;
        }
    }
}
