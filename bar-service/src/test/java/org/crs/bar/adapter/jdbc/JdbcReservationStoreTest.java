package org.crs.bar.adapter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.crs.service.db.StoreException;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.SegmentOrder;

/** The JDBC reservation store, every behaviour on HSQLDB in memory and on a real PostgreSQL. */
class JdbcReservationStoreTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null, null);
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }
    }

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final Instant NOW = T0.plusSeconds(60);
    static final Endpoint A = new Endpoint("site-a", "host-a1");
    static final Endpoint B = new Endpoint("site-b", "host-b1");

    /** A request for an hour starting {@code hours} after T0. */
    static ReservationRequest request(String id, int hours, long mbps) {
        return new ReservationRequest(id, A, B, mbps, TimeInterval.of(T0.plus(Duration.ofHours(hours)),
                Duration.ofHours(1)), "backup " + id, false);
    }

    /** The three segments of a request between two sites; the remote one not answered yet. */
    static List<Segment> segments(ReservationRequest r, SegmentState state) {
        return List.of(
                new Segment(SegmentRole.LOCAL_CAMPUS, "lnsap-a", order(r, "-local", "host-a1", "site-a", 0, 0),
                        state, 101, 0, "host-a1 -> uplink-a"),
                new Segment(SegmentRole.WAN, "nsap", order(r, "-wan", "site-a", "site-b", 101, 0),
                        state, 101, 202, "site-a -> site-b"),
                new Segment(SegmentRole.REMOTE_CAMPUS, "bar-b", order(r, "-remote", "site-b", "host-b1", 202, 0),
                        null, 0, 0, ""));
    }

    static SegmentOrder order(ReservationRequest r, String suffix, String from, String to, int sourceVlan,
                              int destinationVlan) {
        return new SegmentOrder(r.requestId() + suffix, from, to, r.bandwidthMbps(), r.interval(), sourceVlan,
                destinationVlan);
    }

    static ReservationTransition move(ReservationState from, ReservationState to, String reason, Instant at) {
        return new ReservationTransition(from, to, "bar-a", reason, at);
    }

    abstract static class Behaviour {

        Database db;
        JdbcReservationStore store;

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("bar");
            store = new JdbcReservationStore(db.dataSource(), Clock.fixed(NOW.plusSeconds(3600), ZoneOffset.UTC));
        }

        @AfterEach
        void stop() {
            db.close();
        }

        /** Creates the reservation as alice, its history starting at T0. */
        Reservation create(ReservationRequest r) {
            return store.create(r, "alice", segments(r, null), ReservationTransition.created("alice", "requested", T0))
                    .orElseThrow();
        }

        @Test
        void createThenFindRoundTripsEveryField() {
            ReservationRequest r = new ReservationRequest("r1", A, B, 250,
                    new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(5400)), "nightly backup", true);
            List<Segment> segments = segments(r, SegmentState.HELD);

            Reservation created = store.create(r, "alice", segments,
                    ReservationTransition.created("alice", "asked over SOAP", T0)).orElseThrow();

            Reservation expected = new Reservation(r, "alice", ReservationState.REQUESTED, "asked over SOAP", segments,
                    T0, T0, null);
            assertEquals(expected, created);
            assertEquals(expected, store.find("r1").orElseThrow());
            assertNull(store.find("r1").orElseThrow().segments().get(2).state(), "not answered yet");
            assertTrue(store.find("r2").isEmpty());
        }

        @Test
        void whatAFlexibleRequestAskedRoundTrips() {
            TimeInterval window = new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(36_000));
            TimeInterval chosen = new TimeInterval(T0.plusSeconds(7200), T0.plusSeconds(10_800));
            for (Timing f : List.of(new Timing.InWindow(window, Duration.ofHours(1), 250),
                    new Timing.Transfer(window, 450_000, 1000))) {
                String id = f instanceof Timing.Transfer ? "transfer" : "window";
                ReservationRequest r = new ReservationRequest(id, A, B, 250, chosen, "", false, f);
                create(r);
                assertEquals(r, store.find(id).orElseThrow().request());
            }
        }

        @Test
        void aGroupsReservationsAreFoundByStateOverlappingAWindow() {
            create(request("a1", 1, 100).forGroup("astro"));
            create(request("a2", 3, 100).forGroup("astro"));
            create(request("b1", 1, 100).forGroup("bio"));
            create(request("none", 1, 100));
            store.move("a2", move(ReservationState.REQUESTED, ReservationState.HELD, "held", T0), List.of());

            TimeInterval firstHours = new TimeInterval(T0, T0.plus(Duration.ofHours(4)));
            assertEquals(List.of("a1", "a2"), store.ofGroup("astro", List.of(), firstHours).stream()
                    .map(Reservation::requestId).toList());
            assertEquals(List.of("a2"), store.ofGroup("astro", List.of(ReservationState.HELD), firstHours).stream()
                    .map(Reservation::requestId).toList());
            assertEquals(List.of("a1"), store.ofGroup("astro", List.of(), new TimeInterval(T0, T0.plus(Duration.ofHours(2))))
                    .stream().map(Reservation::requestId).toList(), "a2 starts when the window ends");
        }

        @Test
        void reservationsStartedByATimeAreFoundByState() {
            create(request("r1", 1, 100));
            create(request("r2", 2, 100));

            assertEquals(List.of("r1"), store.startedBy(List.of(ReservationState.REQUESTED), T0.plus(Duration.ofHours(1)), 10)
                    .stream().map(Reservation::requestId).toList());
            assertEquals(List.of(), store.startedBy(List.of(ReservationState.HELD), T0.plus(Duration.ofHours(3)), 10));
        }

        /** r1 moved to RESERVED then ACTIVATING, its attempt leased until {@code lease}. */
        Reservation activating(Instant lease) {
            Reservation r = create(request("r1", 1, 100));
            store.move("r1", List.of(move(ReservationState.REQUESTED, ReservationState.HELD, "held", T0),
                    move(ReservationState.HELD, ReservationState.RESERVED, "committed", T0)), r.segments());
            return store.startWork("r1", move(ReservationState.RESERVED, ReservationState.ACTIVATING, "activating", NOW),
                    r.segments(), lease, ReservationState.ACTIVE).orElseThrow();
        }

        @Test
        void workStartedIsLeasedAndDueOnlyOnceTheLeaseHasPassed() {
            Reservation r = activating(NOW.plusSeconds(15));

            assertEquals(new Reservation.Work(NOW.plusSeconds(15), 1, ReservationState.ACTIVE), r.work());
            assertEquals(List.of(), store.dueWork(NOW.plusSeconds(14), 10));
            assertEquals(List.of("r1"), store.dueWork(NOW.plusSeconds(15), 10).stream().map(Reservation::requestId).toList());
        }

        @Test
        void ofTwoReplicasClaimingTheSameAttemptOneGetsIt() {
            Reservation due = store.dueWork(activating(NOW).work().nextAttemptAt(), 10).get(0);

            Optional<Reservation> first = store.claimWork("r1", ReservationState.ACTIVATING, due.work().nextAttemptAt(),
                    NOW.plusSeconds(30));
            Optional<Reservation> second = store.claimWork("r1", ReservationState.ACTIVATING, due.work().nextAttemptAt(),
                    NOW.plusSeconds(31));

            assertEquals(2, first.orElseThrow().work().attempts());
            assertTrue(second.isEmpty());
        }

        @Test
        void workPutOffKeepsItsStateRecordsTheAttemptAndAnyMoveEndsTheWork() {
            Reservation r = activating(NOW);

            assertTrue(store.workLater("r1", NOW.plusSeconds(2), move(ReservationState.ACTIVATING, ReservationState.ACTIVATING,
                    "attempt 1: not reached", NOW), r.segments()));
            assertEquals(NOW.plusSeconds(2), store.find("r1").orElseThrow().work().nextAttemptAt());
            Reservation active = store.move("r1", move(ReservationState.ACTIVATING, ReservationState.ACTIVE, "up", NOW),
                    r.segments()).orElseThrow();

            assertNull(active.work());
            assertEquals(List.of(), store.dueWork(NOW.plusSeconds(3600), 10));
            assertEquals(ReservationState.ACTIVATING, store.history("r1").get(4).to());
        }

        @Test
        void aFollowUpIsKeptClaimedOnceAndForgottenWhenDone() {
            Reservation r = create(request("r1", 1, 100));
            FollowUp f = FollowUp.of("r1", r.segments().get(1), FollowUp.Action.ABORT, "gave up", NOW);
            store.addFollowUps(List.of(f));
            store.addFollowUps(List.of(f)); // kept once

            FollowUp due = store.dueFollowUps(NOW, 10).get(0);
            assertEquals(f, due);
            assertTrue(store.claimFollowUp(due, NOW.plusSeconds(15)));
            assertFalse(store.claimFollowUp(due, NOW.plusSeconds(16)), "another replica does not get it");
            store.followUpTried(due, NOW.plusSeconds(20), "scheduler", "not reached", NOW);
            assertEquals(List.of(1), store.followUps("r1").stream().map(FollowUp::attempts).toList());
            store.followUpTried(due, null, "scheduler", "answered ABORTED", NOW);

            assertEquals(List.of(), store.followUps("r1"));
            assertEquals("answered ABORTED", store.history("r1").get(store.history("r1").size() - 1).reason());
        }

        @Test
        void secondCreateWithTheSameRequestIdReturnsEmptyAndChangesNothing() {
            Reservation first = create(request("r1", 1, 100));

            ReservationRequest other = request("r1", 5, 900);
            assertTrue(store.create(other, "mallory", List.of(),
                    ReservationTransition.created("mallory", "again", NOW)).isEmpty());

            assertEquals(first, store.find("r1").orElseThrow());
            assertEquals(1, store.history("r1").size());
        }

        @Test
        void createOfAnInvalidRequestFailsRatherThanLookingLikeADuplicate() {
            ReservationRequest zero = request("r1", 1, 0); // the schema's CHECK refuses a bandwidth of 0
            assertThrows(StoreException.class, () -> create(zero));
            assertTrue(store.find("r1").isEmpty());
        }

        @Test
        void moveFromTheCurrentStateRecordsHistoryAndStoresTheGivenSegments() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            List<Segment> held = segments(r, SegmentState.HELD);

            Reservation moved = store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD,
                    "every segment held", NOW), held).orElseThrow();

            assertEquals(ReservationState.HELD, moved.state());
            assertEquals("every segment held", moved.reason());
            assertEquals(held, moved.segments());
            assertEquals(NOW, moved.updatedAt());
            assertEquals(T0, moved.createdAt());
            assertEquals(moved, store.find("r1").orElseThrow());
            assertEquals(move(ReservationState.REQUESTED, ReservationState.HELD, "every segment held", NOW),
                    store.history("r1").get(1));
        }

        @Test
        void aRejectionKeepsItsRefusalCodeForLaterReads() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);

            Reservation rejected = store.reject("r1", move(ReservationState.REQUESTED, ReservationState.REJECTED,
                    "WAN segment: nsap refused: no capacity", NOW), RefusalCode.NO_CAPACITY, List.of()).orElseThrow();

            assertEquals(ReservationState.REJECTED, rejected.state());
            assertEquals(RefusalCode.NO_CAPACITY, rejected.refusalCode());
            assertEquals(RefusalCode.NO_CAPACITY, store.find("r1").orElseThrow().refusalCode());
            assertEquals(RefusalCode.NO_CAPACITY, store.list(List.of(ReservationState.REJECTED), null, 10).get(0)
                    .refusalCode());
        }

        @Test
        void aMoveOtherThanARejectionHasNoRefusalCode() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);

            assertNull(store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW),
                    segments(r, SegmentState.HELD)).orElseThrow().refusalCode());
            assertThrows(IllegalArgumentException.class, () -> store.reject("r1", move(ReservationState.HELD,
                    ReservationState.ABORTED, "aborted", NOW), RefusalCode.POLICY, List.of()));
        }

        @Test
        void moveFromAStaleStateReturnsEmptyAndRecordsNothing() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            Reservation held = store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW),
                    segments(r, SegmentState.HELD)).orElseThrow();

            assertTrue(store.move("r1", move(ReservationState.REQUESTED, ReservationState.REJECTED, "late refusal",
                    NOW.plusSeconds(1)), List.of()).isEmpty());

            assertEquals(held, store.find("r1").orElseThrow());
            assertEquals(2, store.history("r1").size());
        }

        @Test
        void concurrentMovesFromTheSameStateMoveOnceAndAreRecordedOnce() throws Exception {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            int racers = 8;
            CyclicBarrier start = new CyclicBarrier(racers);
            ExecutorService pool = Executors.newFixedThreadPool(racers);
            try {
                List<Future<Boolean>> moves = new ArrayList<>();
                for (int i = 0; i < racers; i++) {
                    String reason = "held by racer " + i;
                    moves.add(pool.submit(() -> {
                        start.await();
                        return store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, reason, NOW),
                                segments(r, SegmentState.HELD)).isPresent();
                    }));
                }
                int moved = 0;
                for (Future<Boolean> m : moves) {
                    moved += m.get() ? 1 : 0;
                }
                assertEquals(1, moved);
            } finally {
                pool.shutdownNow();
            }
            Reservation stored = store.find("r1").orElseThrow();
            assertEquals(ReservationState.HELD, stored.state());
            assertEquals(segments(r, SegmentState.HELD), stored.segments());
            List<ReservationTransition> history = store.history("r1");
            assertEquals(2, history.size(), history.toString());
            assertEquals(stored.reason(), history.get(1).reason());
        }

        @Test
        void moveOfAnUnknownReservationReturnsEmpty() {
            assertTrue(store.move("nobody", move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW),
                    List.of()).isEmpty());
        }

        @Test
        void moveThroughConsecutiveTransitionsEndsInTheLastStateAndRecordsEachOfThem() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            List<Segment> committed = segments(r, SegmentState.COMMITTED);
            ReservationTransition held = move(ReservationState.REQUESTED, ReservationState.HELD, "every segment held", NOW);
            ReservationTransition reserved = move(ReservationState.HELD, ReservationState.RESERVED, "every segment committed",
                    NOW.plusSeconds(1));

            Reservation moved = store.move("r1", List.of(held, reserved), committed).orElseThrow();

            assertEquals(ReservationState.RESERVED, moved.state());
            assertEquals("every segment committed", moved.reason());
            assertEquals(NOW.plusSeconds(1), moved.updatedAt());
            assertEquals(committed, moved.segments());
            assertEquals(List.of(held, reserved), store.history("r1").subList(1, 3));
        }

        @Test
        void moveThroughTransitionsThatDoNotFollowEachOtherIsRefusedAndChangesNothing() {
            ReservationRequest r = request("r1", 1, 100);
            Reservation created = create(r);
            List<ReservationTransition> gap = List.of(
                    move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW),
                    move(ReservationState.RESERVED, ReservationState.ACTIVATING, "activating", NOW.plusSeconds(1)));

            assertThrows(IllegalArgumentException.class, () -> store.move("r1", gap, List.of()));

            assertEquals(created, store.find("r1").orElseThrow());
            assertEquals(1, store.history("r1").size());
        }

        @Test
        void modifyKeepsTheStateChangesBandwidthAndEndAndRecordsAnEntryFromAndToThatState() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW), segments(r,
                    SegmentState.HELD)).orElseThrow();
            store.move("r1", move(ReservationState.HELD, ReservationState.RESERVED, "committed", NOW),
                    segments(r, SegmentState.COMMITTED)).orElseThrow();
            ReservationRequest longer = new ReservationRequest("r1", A, B, 300,
                    new TimeInterval(r.interval().start(), r.interval().end().plusSeconds(1800)), "longer", false);
            Instant at = NOW.plusSeconds(10);

            Reservation modified = store.modify("r1", ReservationState.RESERVED, longer,
                    segments(longer, SegmentState.COMMITTED), "alice", "needs more time", at).orElseThrow();

            assertEquals(ReservationState.RESERVED, modified.state());
            assertEquals(longer, modified.request());
            assertEquals(segments(longer, SegmentState.COMMITTED), modified.segments());
            assertEquals("needs more time", modified.reason());
            assertEquals(at, modified.updatedAt());
            assertEquals(modified, store.find("r1").orElseThrow());
            List<ReservationTransition> history = store.history("r1");
            assertEquals(new ReservationTransition(ReservationState.RESERVED, ReservationState.RESERVED, "alice",
                    "needs more time", at), history.get(history.size() - 1));
        }

        @Test
        void modifyInAStaleStateReturnsEmptyAndChangesNothing() {
            ReservationRequest r = request("r1", 1, 100);
            Reservation created = create(r);

            assertTrue(store.modify("r1", ReservationState.RESERVED, request("r1", 1, 300), List.of(), "alice",
                    "more", NOW).isEmpty());

            assertEquals(created, store.find("r1").orElseThrow());
            assertEquals(1, store.history("r1").size());
        }

        @Test
        void updateSegmentsReplacesThemAndTouchesUpdatedAtWithoutHistory() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            List<Segment> answered = segments(r, SegmentState.HELD);

            store.updateSegments("r1", answered);

            Reservation after = store.find("r1").orElseThrow();
            assertEquals(answered, after.segments());
            assertEquals(ReservationState.REQUESTED, after.state());
            assertEquals(NOW.plusSeconds(3600), after.updatedAt());
            assertEquals(1, store.history("r1").size());
        }

        @Test
        void listFiltersByState() {
            ReservationRequest r1 = request("r1", 1, 100);
            create(r1);
            create(request("r2", 2, 100));
            create(request("r3", 3, 100));
            store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, "held", NOW), segments(r1,
                    SegmentState.HELD));
            store.move("r3", move(ReservationState.REQUESTED, ReservationState.REJECTED, "no capacity", NOW),
                    List.of());

            assertEquals(List.of("r1", "r3"), ids(store.list(Set.of(ReservationState.HELD, ReservationState.REJECTED),
                    null, 10)));
            assertEquals(List.of("r2"), ids(store.list(Set.of(ReservationState.REQUESTED), null, 10)));
            assertEquals(List.of("r1", "r2", "r3"), ids(store.list(Set.of(), null, 10)), "no states: all");
            assertEquals(List.of(), ids(store.list(Set.of(ReservationState.ACTIVE), null, 10)));
        }

        @Test
        void listFiltersByWindowOverlap() {
            create(request("r1", 1, 100)); // [11:00, 12:00)
            create(request("r2", 2, 100)); // [12:00, 13:00)
            create(request("r3", 4, 100)); // [14:00, 15:00)

            Instant noon = T0.plus(Duration.ofHours(2));
            assertEquals(List.of("r2"), ids(store.list(Set.of(), TimeInterval.of(noon, Duration.ofHours(1)), 10)),
                    "touching ends do not overlap");
            assertEquals(List.of("r1", "r2"), ids(store.list(Set.of(),
                    new TimeInterval(noon.minusSeconds(1), noon.plusSeconds(1)), 10)));
            assertEquals(List.of("r3"), ids(store.list(Set.of(ReservationState.REQUESTED),
                    new TimeInterval(noon.plus(Duration.ofMinutes(90)), noon.plus(Duration.ofDays(1))), 10)));
        }

        @Test
        void listOrdersByStartThenRequestIdAndStopsAtTheLimit() {
            create(request("r3", 1, 100));
            create(request("r2", 3, 100));
            create(request("r1", 3, 100));
            create(request("r0", 2, 100));

            assertEquals(List.of("r3", "r0", "r1", "r2"), ids(store.list(Set.of(), null, 10)));
            assertEquals(List.of("r3", "r0"), ids(store.list(Set.of(), null, 2)));
            assertEquals(3, store.list(Set.of(), null, 2).get(0).segments().size(), "listed with their segments");
        }

        @Test
        void historyIsOldestFirstStartingWithTheCreation() {
            ReservationRequest r = request("r1", 1, 100);
            create(r);
            store.move("r1", move(ReservationState.REQUESTED, ReservationState.HELD, "held", T0.plusSeconds(1)),
                    segments(r, SegmentState.HELD));
            store.move("r1", move(ReservationState.HELD, ReservationState.ABORTED, "client abort", T0.plusSeconds(2)),
                    segments(r, SegmentState.ABORTED));

            assertEquals(List.of(
                    ReservationTransition.created("alice", "requested", T0),
                    move(ReservationState.REQUESTED, ReservationState.HELD, "held", T0.plusSeconds(1)),
                    move(ReservationState.HELD, ReservationState.ABORTED, "client abort", T0.plusSeconds(2))),
                    store.history("r1"));
            assertEquals(List.of(), store.history("nobody"));
        }

        static List<String> ids(List<Reservation> reservations) {
            return reservations.stream().map(Reservation::requestId).toList();
        }
    }
}
