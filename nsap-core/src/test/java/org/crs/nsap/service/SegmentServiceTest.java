package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The segment service over the JDBC store on HSQLDB: lifecycle, idempotency, refusals. */
class SegmentServiceTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval HOUR = new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(7200));

    Database db;
    MutableClock clock;
    SegmentService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:svc-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        clock = new MutableClock(T0);
        service = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), null, clock);
    }

    @AfterEach
    void stop() {
        db.close();
    }

    static SegmentRequest request(String id, long mbps) {
        return new SegmentRequest(id, "x", "y", mbps, HOUR, 0, 0);
    }

    @Test
    void holdThenCommitRecordsEachStepWithActorAndReason() throws Exception {
        Segment held = service.hold(request("b1", 400), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        assertEquals(SegmentState.HELD, held.state());
        assertEquals(T0.plusSeconds(300), held.holdExpiresAt());

        Segment committed = service.commit("b1", new Caller.Process("bar-a"));
        assertEquals(SegmentState.COMMITTED, committed.state());
        List<Transition> history = service.history("b1", new Caller.Process("test"));
        assertEquals(2, history.size());
        assertEquals(SegmentState.HELD, history.get(0).to());
        assertEquals("bar-a", history.get(1).actor());
        assertEquals("committed", history.get(1).reason());
    }

    @Test
    void holdAndCommitBooksTheSegmentCommittedInOneStepThatNeverLapses() throws Exception {
        Segment committed = service.holdAndCommit(request("b1", 400), new Caller.Process("bar-a"));
        assertEquals(SegmentState.COMMITTED, committed.state());
        List<Transition> history = service.history("b1", new Caller.Process("test"));
        assertEquals(List.of(SegmentState.HELD, SegmentState.COMMITTED), history.stream().map(Transition::to).toList());
        assertEquals("bar-a", history.get(1).actor());
        clock.advance(Duration.ofHours(1));
        assertEquals(0, service.expireDueHolds());
        assertEquals(SegmentState.COMMITTED, service.status("b1", new Caller.Process("test")).state());
    }

    @Test
    void holdAndCommitTwiceAnswersTheSameBookingAndBooksOnce() throws Exception {
        Segment first = service.holdAndCommit(request("b1", 600), new Caller.Process("bar-a"));
        Segment again = service.holdAndCommit(request("b1", 600), new Caller.Process("bar-a"));
        assertEquals(first.circuitId(), again.circuitId());
        assertEquals(SegmentState.COMMITTED, again.state());
        assertEquals(2, service.history("b1", new Caller.Process("test")).size());
        assertEquals(SegmentState.HELD, service.hold(request("b2", 400), Duration.ofMinutes(5), new Caller.Process("bar-a")).state());
    }

    @Test
    void holdAndCommitOfARequestAlreadyHeldCommitsTheHold() throws Exception {
        Segment held = service.hold(request("b1", 600), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        Segment committed = service.holdAndCommit(request("b1", 600), new Caller.Process("bar-a"));
        assertEquals(held.circuitId(), committed.circuitId());
        assertEquals(SegmentState.COMMITTED, service.status("b1", new Caller.Process("test")).state());
    }

    @Test
    void holdAndCommitBeyondCapacityIsRefusedNamingTheResourceAndBooksNothing() throws Exception {
        service.hold(request("b1", 700), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.holdAndCommit(request("b2", 400), new Caller.Process("bar-a")));
        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertEquals("x-y", e.resource());
        assertThrows(RequestRejected.class, () -> service.status("b2", new Caller.Process("test")));
    }

    @Test
    void aSegmentCommittedWithItsHoldCanBeAbortedAndFreesItsCapacity() throws Exception {
        service.holdAndCommit(request("b1", 1000), new Caller.Process("bar-a"));
        assertEquals(SegmentState.ABORTED, service.abort("b1", new Caller.Process("bar-a"), "the local campus refused").state());
        assertEquals(SegmentState.COMMITTED, service.holdAndCommit(request("b2", 1000), new Caller.Process("bar-a")).state());
    }

    @Test
    void anAbortThatArrivesBeforeItsHoldIsRecordedAndTheHoldArrivingLaterBooksNothing() throws Exception {
        RequestRejected abort = assertThrows(RequestRejected.class, () -> service.abort("b1", new Caller.Process("bar-a"), "the hold timed out"));
        assertEquals(RefusalCode.POLICY, abort.refusal().code());
        assertEquals("bookingId", abort.field());
        assertTrue(abort.getMessage().contains("before any hold of it arrived"), abort.getMessage());

        RequestRejected hold = assertThrows(RequestRejected.class,
                () -> service.hold(request("b1", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a")));
        assertEquals(RefusalCode.POLICY, hold.refusal().code());
        assertEquals("bookingId", hold.field());
        assertTrue(hold.getMessage().contains("aborted by bar-a") && hold.getMessage().contains("the hold timed out"),
                hold.getMessage());
        assertEquals("bookingId", assertThrows(RequestRejected.class,
                () -> service.holdAndCommit(request("b1", 1000), new Caller.Process("bar-a"))).field());
        assertEquals(SegmentState.COMMITTED, service.holdAndCommit(request("b2", 1000), new Caller.Process("bar-a")).state(),
                "nothing was booked for b1");
        assertEquals("bookingId", assertThrows(RequestRejected.class, () -> service.abort("b1", new Caller.Process("bar-a"), "again")).field());
    }

    @Test
    void holdingTheSameRequestTwiceAnswersTheSameBookingAndBooksOnce() throws Exception {
        Segment first = service.hold(request("b1", 600), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        Segment again = service.hold(request("b1", 600), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        assertEquals(first.circuitId(), again.circuitId());
        // 600 + 600 would exceed 1000: had it booked twice, this 400 would not fit.
        assertEquals(SegmentState.HELD, service.hold(request("b2", 400), Duration.ofMinutes(5), new Caller.Process("bar-a")).state());
    }

    @Test
    void sameBookingIdForADifferentRequestIsRefused() throws Exception {
        service.hold(request("b1", 100), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        RequestRejected e = assertThrows(RequestRejected.class,
                () -> service.hold(request("b1", 200), Duration.ofMinutes(5), new Caller.Process("bar-a")));
        assertEquals(RefusalCode.BAD_FIELD, e.refusal().code());
        assertEquals("bookingId", e.field());
    }

    @Test
    void requestBeyondCapacityIsRefusedNamingTheResourceAndBooksNothing() throws Exception {
        service.hold(request("b1", 700), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        RequestRejected e = assertThrows(RequestRejected.class,
                () -> service.hold(request("b2", 400), Duration.ofMinutes(5), new Caller.Process("bar-a")));
        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertEquals("x-y", e.resource());
        assertTrue(e.getMessage().contains("700 booked"), e.getMessage());
        assertThrows(RequestRejected.class, () -> service.status("b2", new Caller.Process("test")));
        CheckResult check = service.check(request("b3", 400));
        assertFalse(check.fits());
        assertEquals(RefusalCode.NO_CAPACITY, check.code());
        assertEquals("x-y", check.resource());
        assertTrue(service.check(request("b3", 300)).fits());
    }

    @Test
    void abortedHoldFreesItsCapacity() throws Exception {
        service.hold(request("b1", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        assertEquals(SegmentState.ABORTED, service.abort("b1", new Caller.Process("bar-a"), "peer refused").state());
        assertEquals(SegmentState.ABORTED, service.abort("b1", new Caller.Process("bar-a"), "again").state());
        assertEquals(SegmentState.HELD, service.hold(request("b2", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a")).state());
        assertEquals("peer refused", service.history("b1", new Caller.Process("test")).get(1).reason());
    }

    @Test
    void holdLapsesAtItsExpiryAndCannotBeCommittedAfterwards() throws Exception {
        service.hold(request("b1", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        assertEquals(0, service.expireDueHolds());
        assertEquals(SegmentState.HELD, service.status("b1", new Caller.Process("test")).state(), "not yet due");
        clock.advance(Duration.ofMinutes(5));
        assertEquals(1, service.expireDueHolds());
        assertEquals(SegmentState.EXPIRED, service.status("b1", new Caller.Process("test")).state());
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.commit("b1", new Caller.Process("bar-a")));
        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("bookingId", e.field());
        assertEquals(SegmentState.HELD, service.hold(request("b2", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a")).state());
    }

    @Test
    void holdPastItsExpiryCannotBeCommittedEvenBeforeTheSweep() throws Exception {
        service.hold(request("b1", 1000), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        clock.advance(Duration.ofMinutes(6));
        assertEquals("bookingId", assertThrows(RequestRejected.class, () -> service.commit("b1", new Caller.Process("bar-a"))).field());
        assertEquals(SegmentState.EXPIRED, service.status("b1", new Caller.Process("test")).state());
    }

    @Test
    void committedHoldDoesNotLapse() throws Exception {
        service.hold(request("b1", 100), Duration.ofMinutes(5), new Caller.Process("bar-a"));
        service.commit("b1", new Caller.Process("bar-a"));
        clock.advance(Duration.ofHours(1));
        assertEquals(0, service.expireDueHolds());
        assertEquals(SegmentState.COMMITTED, service.status("b1", new Caller.Process("test")).state());
    }

    @Test
    void badInputNamesTheFieldAndChangesNothing() {
        assertEquals("bandwidthMbps", assertThrows(RequestRejected.class,
                () -> service.hold(request("b1", 0), Duration.ofMinutes(5), new Caller.Process("a"))).field());
        assertEquals("source", assertThrows(RequestRejected.class, () -> service.hold(
                new SegmentRequest("b1", "nowhere", "y", 10, HOUR, 0, 0), Duration.ofMinutes(5), new Caller.Process("a"))).field());
        assertEquals("bookingId", assertThrows(RequestRejected.class,
                () -> service.hold(request("bad id!", 10), Duration.ofMinutes(5), new Caller.Process("a"))).field());
        assertEquals("sourceVlan", assertThrows(RequestRejected.class, () -> service.hold(
                new SegmentRequest("b1", "x", "y", 10, HOUR, 5000, 0), Duration.ofMinutes(5), new Caller.Process("a"))).field());
        assertEquals("holdSeconds", assertThrows(RequestRejected.class,
                () -> service.hold(request("b1", 10), Duration.ZERO, new Caller.Process("a"))).field());
        assertEquals("end", assertThrows(RequestRejected.class, () -> service.hold(new SegmentRequest("b1", "x", "y", 10,
                new TimeInterval(T0.minusSeconds(7200), T0.minusSeconds(3600)), 0, 0), Duration.ofMinutes(5), new Caller.Process("a"))).field());
        assertTrue(service.query(List.of(), null, new Caller.Process("test")).isEmpty());
    }

    @Test
    void queryFiltersByStateAndWindow() throws Exception {
        service.hold(request("b1", 10), Duration.ofMinutes(5), new Caller.Process("a"));
        service.hold(request("b2", 10), Duration.ofMinutes(5), new Caller.Process("a"));
        service.commit("b2", new Caller.Process("a"));
        assertEquals(List.of("b2"), service.query(List.of(SegmentState.COMMITTED), null, new Caller.Process("test")).stream()
                .map(Segment::bookingId).toList());
        assertEquals(2, service.query(List.of(), HOUR, new Caller.Process("test")).size());
        assertEquals(0, service.query(List.of(), new TimeInterval(HOUR.end(), HOUR.end().plusSeconds(60)), new Caller.Process("test")).size());
    }
}
