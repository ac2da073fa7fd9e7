package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.admission.Resource;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.DuplicateBooking;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.OneHopPlanner;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Writes of a segment that may not take place, sent with their commit: a hold over calendars
 * another admission changed since they were read books only what still fits, and a move from
 * a given state takes place only from that state, once, with what goes with it (history, the
 * release of resources) only when it does. Every behaviour on HSQLDB in memory and on a real
 * PostgreSQL.
 */
class GuardedWritesTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:writes-" + UUID.randomUUID(), "SA", "");
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }

        /** Only PostgreSQL locks the last booked resources before the first read (see JdbcBookingStore.tryHold). */
        @Test
        void aHoldUnderTheLocksOfTheLastBookedResourcesWaitsForAnAdmissionHoldingThemAndPlansOnWhatItBooked()
                throws Exception {
            JdbcSegmentStore other = new JdbcSegmentStore(db.dataSource());
            hold("b1", 100);   // this store will lock r1 first for holds from r1 to end
            other.hold(new SegmentRequest("o1", "r1", "end", 100, HOUR, 0, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                    Transition.created("bar-b", "held", T0));   // and so will the other
            CountDownLatch otherRead = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ResourcePlanner pausing = new PlannerAround(planner) {
                @Override
                public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
                    Plan plan = planner.plan(request, calendars);
                    otherRead.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return plan;
                }
            };
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<?> meanwhile = pool.submit(() -> {
                    other.hold(new SegmentRequest("o2", "r1", "end", 400, HOUR, 0, 0), new SegmentOwner.Unrecorded(), pausing, T0.plusSeconds(300),
                            Transition.created("bar-b", "held", T0));
                    return null;
                });
                assertTrue(otherRead.await(10, TimeUnit.SECONDS));
                Future<?> mine = pool.submit(() -> {
                    hold("b2", 600);
                    return null;
                });
                Thread.sleep(300);
                assertFalse(mine.isDone(), "waits on the lock the other admission holds on r1");
                release.countDown();
                meanwhile.get(10, TimeUnit.SECONDS);
                ExecutionException refused = assertThrows(ExecutionException.class, () -> mine.get(10, TimeUnit.SECONDS));
                assertInstanceOf(PlanRefused.class, refused.getCause(), "600 more no longer fits beside 600 booked");
            } finally {
                release.countDown();
                pool.shutdownNow();
            }
            assertEquals(600, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            assertTrue(store.find("b2").isEmpty());
        }
    }

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval HOUR = new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2)));

    abstract static class Behaviour {

        Database db;
        JdbcSegmentStore store;
        final OneHopPlanner planner = new OneHopPlanner(4);

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("nsap");
            store = new JdbcSegmentStore(db.dataSource());
            store.registerResources(planner.resources());
        }

        @AfterEach
        void stop() {
            db.close();
        }

        void hold(String id, long mbps) throws PlanRefused {
            store.hold(new SegmentRequest(id, "r1", "end", mbps, HOUR, 0, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                    Transition.created("bar-a", "held", T0));
        }

        /** A planner that, once, lets another process book {@code mbps} on r1 after reading the calendars. */
        ResourcePlanner bookingMeanwhile(String id, long mbps) {
            JdbcSegmentStore other = new JdbcSegmentStore(db.dataSource());
            AtomicBoolean done = new AtomicBoolean();
            return new PlannerAround(planner) {
                @Override
                public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
                    Plan plan = planner.plan(request, calendars);
                    if (done.compareAndSet(false, true)) {
                        other.hold(new SegmentRequest(id, "r1", "end", mbps, HOUR, 0, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                                Transition.created("bar-b", "held", T0));
                    }
                    return plan;
                }
            };
        }

        @Test
        void aHoldOverCalendarsChangedSinceItsReadIsPlannedAgainAndBooksWhatStillFits() throws Exception {
            store.hold(new SegmentRequest("b1", "r1", "end", 600, HOUR, 0, 0), new SegmentOwner.Unrecorded(), bookingMeanwhile("meanwhile", 300),
                    T0.plusSeconds(300), Transition.created("bar-a", "held", T0));
            assertEquals(900, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            assertEquals(List.of(SegmentState.HELD), store.history("b1").stream().map(Transition::to).toList());
        }

        @Test
        void aHoldOverCalendarsChangedSinceItsReadIsRefusedWhenItNoLongerFits() throws Exception {
            assertThrows(PlanRefused.class, () -> store.hold(new SegmentRequest("b1", "r1", "end", 600, HOUR, 0, 0),
                    new SegmentOwner.Unrecorded(), bookingMeanwhile("meanwhile", 600), T0.plusSeconds(300), Transition.created("bar-a", "held", T0)));
            assertEquals(600, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            assertTrue(store.find("b1").isEmpty());
            assertEquals(List.of(), store.history("b1"));
        }

        @Test
        void aHoldThatBooksOtherResourcesThanTheLastBetweenItsEndpointsIsBookedWhereItsPlanGoes() throws Exception {
            hold("b1", 100); // r1 to end
            ResourcePlanner toR2 = new PlannerAround(planner) {
                @Override
                public Plan plan(SegmentRequest request, CalendarSource calendars) throws PlanRefused {
                    return planner.plan(new SegmentRequest(request.bookingId(), "r2", request.destination(),
                            request.bandwidthMbps(), request.interval(), 0, 0), calendars);
                }
            };
            store.hold(new SegmentRequest("b2", "r1", "end", 300, HOUR, 0, 0), new SegmentOwner.Unrecorded(), toR2, T0.plusSeconds(300),
                    Transition.created("bar-a", "held", T0));
            assertEquals(100, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            assertEquals(300, store.committedCalendars().calendar("r2", HOUR).peak(HOUR));
            assertEquals(SegmentState.HELD, store.find("b2").orElseThrow().state());
        }

        @Test
        void aHoldAndCommitStoresTheSegmentCommittedWithNoHoldToLapseAndRecordsBothSteps() throws Exception {
            var committed = store.holdAndCommit(new SegmentRequest("b1", "r1", "end", 300, HOUR, 0, 0), new SegmentOwner.Unrecorded(), planner,
                    Transition.created("bar-a", "held", T0),
                    new Transition(SegmentState.HELD, SegmentState.COMMITTED, "bar-a", "committed with its hold", T0));
            assertEquals(SegmentState.COMMITTED, committed.state());
            var found = store.find("b1").orElseThrow();
            assertEquals(SegmentState.COMMITTED, found.state());
            assertEquals(null, found.holdExpiresAt());
            assertEquals(committed.circuitId(), found.circuitId());
            assertEquals(List.of(SegmentState.HELD, SegmentState.COMMITTED),
                    store.history("b1").stream().map(Transition::to).toList());
            assertEquals(List.of(), store.expiredHolds(T0.plus(Duration.ofDays(1))));
            assertEquals(300, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
        }

        @Test
        void aHoldAndCommitOverCalendarsChangedSinceItsReadIsRefusedWhenItNoLongerFits() throws Exception {
            assertThrows(PlanRefused.class, () -> store.holdAndCommit(new SegmentRequest("b1", "r1", "end", 600, HOUR, 0, 0),
                    new SegmentOwner.Unrecorded(), bookingMeanwhile("meanwhile", 600), Transition.created("bar-a", "held", T0),
                    new Transition(SegmentState.HELD, SegmentState.COMMITTED, "bar-a", "committed with its hold", T0)));
            assertEquals(600, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            assertTrue(store.find("b1").isEmpty());
            assertEquals(List.of(), store.history("b1"));
        }

        @Test
        void anAbortOfAnIdNoSegmentHasTakesTheIdSoThatAHoldOfItStoresNothing() throws Exception {
            assertTrue(store.abortUnheld("b1", new SegmentOwner.Unrecorded(), "bar-a", "the hold timed out", T0));
            assertThrows(DuplicateBooking.class, () -> hold("b1", 100));
            assertTrue(store.find("b1").isEmpty());
            assertEquals(0, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
            var recorded = store.unheldAbort("b1").orElseThrow();
            assertEquals("bar-a", recorded.actor());
            assertEquals("the hold timed out", recorded.reason());
            assertFalse(store.abortUnheld("b1", new SegmentOwner.Unrecorded(), "bar-a", "again", T0), "recorded once");
        }

        @Test
        void anAbortOfAnIdASegmentHasRecordsNothing() throws Exception {
            hold("b1", 100);
            assertFalse(store.abortUnheld("b1", new SegmentOwner.Unrecorded(), "bar-a", "the hold timed out", T0));
            assertTrue(store.unheldAbort("b1").isEmpty());
            assertEquals(SegmentState.HELD, store.find("b1").orElseThrow().state());
        }

        @Test
        void aMoveFromAStateTheSegmentIsNotInChangesNothingAndRecordsNothing() throws Exception {
            hold("b1", 100);
            assertTrue(store.move("b1", new Transition(SegmentState.COMMITTED, SegmentState.RELEASED, "bar-a", "late release",
                    T0.plusSeconds(1))).isEmpty());
            assertEquals(SegmentState.HELD, store.find("b1").orElseThrow().state());
            assertEquals(1, store.history("b1").size());
            assertEquals(100, store.committedCalendars().calendar("r1", HOUR).peak(HOUR), "still occupying its resource");
        }

        @Test
        void aCommitOfALapsedHoldChangesNothingAndRecordsNothing() throws Exception {
            hold("b1", 100);
            assertTrue(store.commitHold("b1", new Transition(SegmentState.HELD, SegmentState.COMMITTED, "bar-a", "committed",
                    T0.plusSeconds(300))).isEmpty());
            assertEquals(SegmentState.HELD, store.find("b1").orElseThrow().state());
            assertEquals(1, store.history("b1").size());
        }

        @Test
        void aMoveThatEndsTheSegmentRecordsItAndReleasesItsResources() throws Exception {
            hold("b1", 100);
            assertEquals(SegmentState.ABORTED, store.move("b1", new Transition(SegmentState.HELD, SegmentState.ABORTED,
                    "bar-a", "peer refused", T0.plusSeconds(1))).orElseThrow().state());
            assertEquals(List.of(SegmentState.HELD, SegmentState.ABORTED),
                    store.history("b1").stream().map(Transition::to).toList());
            assertEquals(0, store.committedCalendars().calendar("r1", HOUR).peak(HOUR));
        }

        @Test
        void concurrentCommitsOfOneHoldCommitItOnceAndAreRecordedOnce() throws Exception {
            hold("b1", 100);
            int racers = 8;
            CyclicBarrier start = new CyclicBarrier(racers);
            ExecutorService pool = Executors.newFixedThreadPool(racers);
            try {
                List<Future<Boolean>> commits = new ArrayList<>();
                for (int i = 0; i < racers; i++) {
                    String actor = "bar-" + i;
                    commits.add(pool.submit(() -> {
                        start.await();
                        return store.commitHold("b1", new Transition(SegmentState.HELD, SegmentState.COMMITTED, actor,
                                "committed", T0.plusSeconds(1))).isPresent();
                    }));
                }
                int committed = 0;
                for (Future<Boolean> c : commits) {
                    committed += c.get() ? 1 : 0;
                }
                assertEquals(1, committed);
            } finally {
                pool.shutdownNow();
            }
            assertEquals(SegmentState.COMMITTED, store.find("b1").orElseThrow().state());
            List<Transition> history = store.history("b1");
            assertEquals(2, history.size(), history.toString());
        }
    }

    /** A planner passing everything to another; a test overrides what it changes. */
    abstract static class PlannerAround implements ResourcePlanner {
        final ResourcePlanner planner;

        PlannerAround(ResourcePlanner planner) {
            this.planner = planner;
        }

        @Override
        public List<Resource> resources() {
            return planner.resources();
        }

        @Override
        public List<String> endpoints() {
            return planner.endpoints();
        }

        @Override
        public StartTimes availability(String source, String destination, SlotQuery query, CalendarSource calendars)
                throws PlanRefused {
            return planner.availability(source, destination, query, calendars);
        }
    }
}
