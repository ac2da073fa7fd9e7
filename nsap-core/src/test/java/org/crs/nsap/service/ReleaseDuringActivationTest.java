package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A release that arrives while the segment is being put on its routers: the BAR gave up the
 * activation (its grace ended while this service was still configuring) and releases every part.
 * Whatever the activation under way comes to, the segment ends off its routers and RELEASED.
 */
class ReleaseDuringActivationTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval HOUR = new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(7200));
    static final long WAIT_SECONDS = 20;

    Database db;
    SlowRouter router;
    SegmentService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:release-race-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        router = new SlowRouter();
        service = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), router,
                new MutableClock(HOUR.start())); // at the start: activation is due
    }

    @AfterEach
    void stop() {
        router.finishSetUp.countDown();
        db.close();
    }

    @Test
    void aReleaseDuringActivationIsAcceptedAndTheFinishedActivationTakesTheSegmentOffItsRoutersAgain() throws Exception {
        service.holdAndCommit(new SegmentRequest("b1", "x", "y", 400, HOUR, 0, 0), new Caller.Process("bar-a"));
        CompletableFuture<Segment> activation = CompletableFuture.supplyAsync(() -> activate("b1"));
        assertTrue(router.setUpStarted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the activation never reached the router");

        Segment released = service.deactivate("b1", new Caller.Process("bar-a"));
        assertEquals(SegmentState.DEACTIVATING, released.state(),
                "the release is accepted while the activation is under way, and finishes with it");

        router.finishSetUp.countDown();
        Segment afterActivation = activation.get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertEquals(SegmentState.RELEASED, afterActivation.state());
        assertEquals(SegmentState.RELEASED, service.status("b1", new Caller.Process("test")).state());
        assertEquals(Set.of(), router.configured, "nothing of the segment is left on the router");
        assertEquals(List.of(SegmentState.HELD, SegmentState.COMMITTED, SegmentState.ACTIVATING,
                SegmentState.DEACTIVATING, SegmentState.RELEASED),
                service.history("b1", new Caller.Process("test")).stream().map(Transition::to).toList());
        assertEquals(SegmentState.RELEASED, service.deactivate("b1", new Caller.Process("bar-a")).state(),
                "a repeated release answers the segment as it is");
    }

    @Test
    void aReleaseDuringAnActivationThatFailsEndsReleasedWithNothingOnTheRouter() throws Exception {
        router.failSetUp = true;
        service.holdAndCommit(new SegmentRequest("b1", "x", "y", 400, HOUR, 0, 0), new Caller.Process("bar-a"));
        CompletableFuture<Segment> activation = CompletableFuture.supplyAsync(() -> activate("b1"));
        assertTrue(router.setUpStarted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the activation never reached the router");

        assertEquals(SegmentState.DEACTIVATING, service.deactivate("b1", new Caller.Process("bar-a")).state());
        router.finishSetUp.countDown();

        assertEquals(SegmentState.RELEASED, activation.get(WAIT_SECONDS, TimeUnit.SECONDS).state());
        assertEquals(Set.of(), router.configured);
    }

    @Test
    void aReleaseDuringActivationEndsFailedWhenTheSegmentCannotBeTakenOffItsRouters() throws Exception {
        router.failTearDown = true;
        service.holdAndCommit(new SegmentRequest("b1", "x", "y", 400, HOUR, 0, 0), new Caller.Process("bar-a"));
        CompletableFuture<Segment> activation = CompletableFuture.supplyAsync(() -> activate("b1"));
        assertTrue(router.setUpStarted.await(WAIT_SECONDS, TimeUnit.SECONDS), "the activation never reached the router");

        assertEquals(SegmentState.DEACTIVATING, service.deactivate("b1", new Caller.Process("bar-a")).state());
        router.finishSetUp.countDown();

        Segment after = activation.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(SegmentState.FAILED, after.state(), "the routers' repair takes it from there");
        Transition last = service.history("b1", new Caller.Process("test")).get(service.history("b1", new Caller.Process("test")).size() - 1);
        assertEquals(SegmentState.DEACTIVATING, last.from());
        assertTrue(last.reason().contains("tear-down refused"), last.reason());
    }

    private Segment activate(String bookingId) {
        try {
            return service.activate(bookingId, new Caller.Process("bar-a"));
        } catch (RequestRejected e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One router that keeps the segments configured on it, whose set-up waits until the test lets
     * it finish: the activation is under way for as long as the test needs.
     */
    static final class SlowRouter implements SegmentActivator {
        final Set<String> configured = ConcurrentHashMap.newKeySet();
        final CountDownLatch setUpStarted = new CountDownLatch(1);
        final CountDownLatch finishSetUp = new CountDownLatch(1);
        volatile boolean failSetUp;
        volatile boolean failTearDown;

        @Override
        public void activate(Segment segment) throws ActivationFailed {
            setUpStarted.countDown();
            try {
                if (!finishSetUp.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never let the set-up finish");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            if (failSetUp) {
                throw new ActivationFailed("r1", "set-up refused", true, null);
            }
            configured.add(segment.bookingId());
        }

        @Override
        public void deactivate(Segment segment) throws ActivationFailed {
            if (failTearDown) {
                throw new ActivationFailed("r1", "tear-down refused", false, null);
            }
            configured.remove(segment.bookingId());
        }

        @Override
        public List<RouterRepair> repair(Segment segment, RouterRepair.Wanted wanted) {
            return List.of();
        }
    }
}
