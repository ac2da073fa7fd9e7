package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.testing.MutableClock;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two-phase changes of a segment's end time and bandwidth, over the JDBC store on HSQLDB (one case on PostgreSQL). */
class SegmentModifyTest {

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    static final TimeInterval HOUR = new TimeInterval(T0.plusSeconds(3600), T0.plusSeconds(7200));
    static final TimeInterval NEXT_HOUR = new TimeInterval(HOUR.end(), HOUR.end().plusSeconds(3600));
    static final Duration HOLD = Duration.ofMinutes(5);

    Database db;
    MutableClock clock;
    SegmentService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:modify-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        clock = new MutableClock(T0);
        service = new SegmentService(new JdbcSegmentStore(db.dataSource()), new OneLinkPlanner(), NoRouters.INSTANCE, clock);
    }

    @AfterEach
    void stop() {
        db.close();
    }

    static SegmentRequest request(String id, long mbps, TimeInterval interval) {
        return new SegmentRequest(id, "x", "y", mbps, interval, 0, 0);
    }

    Segment committed(String id, long mbps, TimeInterval interval) throws RequestRejected {
        service.hold(request(id, mbps, interval), HOLD, new Caller.Process("bar-a"));
        return service.commit(id, new Caller.Process("bar-a"));
    }

    boolean fits(String id, long mbps, TimeInterval interval) throws RequestRejected {
        try {
            service.hold(request(id, mbps, interval), HOLD, new Caller.Process("bar-a"));
            service.abort(id, new Caller.Process("bar-a"), "probe");
            return true;
        } catch (RequestRejected e) {
            return false;
        }
    }

    @Test
    void modifyFitsOnlyBecauseItsOwnBookingIsNotCounted() throws Exception {
        committed("b1", 600, HOUR);
        Segment changed = service.modify("b1", HOUR.end(), 800, HOLD, new Caller.Process("bar-a"));
        assertEquals(SegmentState.COMMITTED, changed.state());
        assertEquals(600, changed.request().bandwidthMbps(), "the booking stays as it was until committed");
        assertEquals(new Segment.PendingChange(HOUR.end(), 800, T0.plus(HOLD)), changed.pending());
        assertEquals(new Segment.PendingChange(HOUR.end(), 800, T0.plus(HOLD)), service.status("b1", new Caller.Process("test")).pending());
    }

    @Test
    void pendingChangeOccupiesItsResourcesNextToTheCurrentBooking() throws Exception {
        committed("b1", 300, HOUR);
        service.modify("b1", HOUR.end(), 400, HOLD, new Caller.Process("bar-a"));
        assertTrue(fits("p1", 300, HOUR), "300 + 400 + 300 fits 1000");
        assertTrue(!fits("p2", 301, HOUR), "the current 300 and the pending 400 both count");
    }

    @Test
    void refusedModifyNamesTheResourceAndChangesNothing() throws Exception {
        committed("b1", 600, HOUR);
        committed("b2", 300, HOUR);
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.modify("b1", HOUR.end(), 800, HOLD, new Caller.Process("bar-a")));
        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertEquals("x-y", e.resource());
        assertNull(e.field());
        Segment after = service.status("b1", new Caller.Process("test"));
        assertNull(after.pending());
        assertEquals(600, after.request().bandwidthMbps());
        assertTrue(service.changes("b1", new Caller.Process("test")).isEmpty());
        assertTrue(fits("p1", 100, HOUR), "600 + 300 + 100: nothing of the refused change was booked");
    }

    @Test
    void modifyExtendingIntoAnotherBookingIsRefused() throws Exception {
        committed("b1", 600, HOUR);
        committed("b2", 600, NEXT_HOUR);
        RequestRejected e = assertThrows(RequestRejected.class,
                () -> service.modify("b1", HOUR.end().plusSeconds(1800), 600, HOLD, new Caller.Process("bar-a")));
        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertEquals("x-y", e.resource());
        assertEquals(HOUR, service.status("b1", new Caller.Process("test")).request().interval());
    }

    @Test
    void commitModifyAppliesTheChangeAndFreesTheOldCapacity() throws Exception {
        committed("b1", 600, HOUR);
        Instant later = HOUR.end().plusSeconds(1800);
        service.modify("b1", later, 400, HOLD, new Caller.Process("bar-a"));
        clock.advance(Duration.ofMinutes(1));
        Segment applied = service.commitModify("b1", new Caller.Process("bar-a"));
        assertEquals(SegmentState.COMMITTED, applied.state());
        assertEquals(400, applied.request().bandwidthMbps());
        assertEquals(new TimeInterval(HOUR.start(), later), applied.request().interval());
        assertNull(applied.pending());
        assertTrue(applied.plan().uses().stream().allMatch(u -> u.mbps() == 400));
        assertEquals(T0.plus(Duration.ofMinutes(1)), applied.updatedAt());
        assertTrue(fits("p1", 600, HOUR), "the 600 booked before the change is free: 400 + 600 fits 1000");
        assertTrue(!fits("p2", 700, NEXT_HOUR), "the changed booking runs 30 minutes into the next hour");
        List<SegmentChange> changes = service.changes("b1", new Caller.Process("test"));
        assertEquals(List.of(SegmentChange.Kind.REQUESTED, SegmentChange.Kind.COMMITTED),
                changes.stream().map(SegmentChange::kind).toList());
        assertTrue(changes.get(1).reason().contains("600 -> 400"), changes.get(1).reason());
        assertEquals(2, service.history("b1", new Caller.Process("test")).size(), "a change is not a state transition");
    }

    @Test
    void abortModifyFreesThePendingCapacity() throws Exception {
        committed("b1", 400, HOUR);
        service.modify("b1", HOUR.end(), 600, HOLD, new Caller.Process("bar-a"));
        assertTrue(!fits("p1", 100, HOUR));
        Segment aborted = service.abortModify("b1", new Caller.Process("bar-a"));
        assertNull(aborted.pending());
        assertEquals(400, aborted.request().bandwidthMbps());
        assertTrue(fits("p2", 600, HOUR), "400 + 600 fits once the pending 600 is dropped");
        assertEquals(SegmentChange.Kind.ABORTED, last(service.changes("b1", new Caller.Process("test"))).kind());
        assertNull(service.abortModify("b1", new Caller.Process("bar-a")).pending(), "aborting again answers the segment");
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.commitModify("b1", new Caller.Process("bar-a")));
        assertEquals("bookingId", e.field());
    }

    @Test
    void lapsedPendingChangeIsDroppedByExpireDueHolds() throws Exception {
        committed("b1", 400, HOUR);
        service.modify("b1", HOUR.end(), 1000, HOLD, new Caller.Process("bar-a"));
        assertEquals(0, service.expireDueHolds());
        assertNotNull(service.status("b1", new Caller.Process("test")).pending(), "not yet due");
        clock.advance(HOLD);
        assertEquals(1, service.expireDueHolds());
        assertNull(service.status("b1", new Caller.Process("test")).pending());
        assertEquals(SegmentChange.Kind.LAPSED, last(service.changes("b1", new Caller.Process("test"))).kind());
        assertTrue(fits("p1", 600, HOUR));
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.commitModify("b1", new Caller.Process("bar-a")));
        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("bookingId", e.field());
        assertTrue(e.getMessage().contains("lapsed"), e.getMessage());
    }

    @Test
    void pendingChangePastItsExpiryCannotBeCommittedEvenBeforeTheSweep() throws Exception {
        committed("b1", 400, HOUR);
        service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a"));
        clock.advance(HOLD);
        assertThrows(RequestRejected.class, () -> service.commitModify("b1", new Caller.Process("bar-a")));
        assertNull(service.status("b1", new Caller.Process("test")).pending());
        assertEquals(400, service.status("b1", new Caller.Process("test")).request().bandwidthMbps());
    }

    @Test
    void repeatedModifyAndCommitModifyAreIdempotent() throws Exception {
        committed("b1", 400, HOUR);
        Segment first = service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a"));
        clock.advance(Duration.ofSeconds(10));
        Segment again = service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a"));
        assertEquals(first.pending(), again.pending());
        assertTrue(fits("p1", 100, HOUR), "400 + 500 + 100: the change is booked once");
        Segment applied = service.commitModify("b1", new Caller.Process("bar-a"));
        Segment appliedAgain = service.commitModify("b1", new Caller.Process("bar-a"));
        assertEquals(applied, appliedAgain);
        assertEquals(500, appliedAgain.request().bandwidthMbps());
        assertEquals(applied, service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a")), "a late repeat of the modify");
        assertEquals(2, service.changes("b1", new Caller.Process("test")).size());
    }

    @Test
    void differentChangeWhileOneIsPendingIsRefused() throws Exception {
        committed("b1", 400, HOUR);
        service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a"));
        RequestRejected e = assertThrows(RequestRejected.class, () -> service.modify("b1", HOUR.end(), 450, HOLD, new Caller.Process("bar-a")));
        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("bookingId", e.field());
        assertEquals(500, service.status("b1", new Caller.Process("test")).pending().bandwidthMbps());
    }

    @Test
    void modifyOfAHeldOrReleasedSegmentIsRefusedNamingBookingId() throws Exception {
        service.hold(request("h1", 100, HOUR), HOLD, new Caller.Process("bar-a"));
        RequestRejected held = assertThrows(RequestRejected.class, () -> service.modify("h1", HOUR.end(), 200, HOLD, new Caller.Process("bar-a")));
        assertEquals(RefusalCode.POLICY, held.refusal().code());
        assertEquals("bookingId", held.field());
        committed("r1", 100, HOUR);
        service.deactivate("r1", new Caller.Process("bar-a"));
        assertEquals(SegmentState.RELEASED, service.status("r1", new Caller.Process("test")).state());
        RequestRejected released = assertThrows(RequestRejected.class,
                () -> service.modify("r1", HOUR.end(), 200, HOLD, new Caller.Process("bar-a")));
        assertEquals("bookingId", released.field());
        assertTrue(service.changes("h1", new Caller.Process("test")).isEmpty() && service.changes("r1", new Caller.Process("test")).isEmpty());
    }

    @Test
    void badModifyInputNamesTheField() throws Exception {
        committed("b1", 400, HOUR);
        assertEquals("end", assertThrows(RequestRejected.class,
                () -> service.modify("b1", HOUR.start(), 400, HOLD, new Caller.Process("bar-a"))).field());
        assertEquals("end", assertThrows(RequestRejected.class,
                () -> service.modify("b1", HOUR.end(), 400, HOLD, new Caller.Process("bar-a"))).field(), "nothing changes");
        assertEquals("bandwidthMbps", assertThrows(RequestRejected.class,
                () -> service.modify("b1", HOUR.end(), 0, HOLD, new Caller.Process("bar-a"))).field());
        assertEquals("holdSeconds", assertThrows(RequestRejected.class,
                () -> service.modify("b1", HOUR.end(), 500, Duration.ZERO, new Caller.Process("bar-a"))).field());
        assertNull(service.status("b1", new Caller.Process("test")).pending());
    }

    @Test
    void activeSegmentBandwidthChangeIsRecordedOnly() throws Exception {
        clock.advance(Duration.ofMinutes(90)); // within HOUR
        TimeInterval now = new TimeInterval(clock.instant(), clock.instant().plusSeconds(3600));
        committed("a1", 400, now);
        assertEquals(SegmentState.ACTIVE, service.activate("a1", new Caller.Process("bar-a")).state());
        assertEquals("end", assertThrows(RequestRejected.class,
                () -> service.modify("a1", clock.instant().minusSeconds(1), 400, HOLD, new Caller.Process("bar-a"))).field(),
                "the end of an active segment must be in the future");
        service.modify("a1", now.end(), 800, HOLD, new Caller.Process("bar-a"));
        Segment applied = service.commitModify("a1", new Caller.Process("bar-a"));
        assertEquals(SegmentState.ACTIVE, applied.state());
        assertEquals(800, applied.request().bandwidthMbps());
        assertTrue(last(service.changes("a1", new Caller.Process("test"))).reason().contains("recorded only"), last(service.changes("a1", new Caller.Process("test"))).reason());
    }

    @Test
    void pendingChangeIsDroppedWhenTheSegmentEnds() throws Exception {
        committed("b1", 400, HOUR);
        service.modify("b1", HOUR.end(), 600, HOLD, new Caller.Process("bar-a"));
        service.abort("b1", new Caller.Process("bar-a"), "peer refused");
        assertNull(service.status("b1", new Caller.Process("test")).pending());
        assertEquals(SegmentChange.Kind.ABORTED, last(service.changes("b1", new Caller.Process("test"))).kind());
        assertTrue(fits("p1", 1000, HOUR));
    }

    @Test
    void modifyCommitAndAbortRunOnPostgresql() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        try (Database postgres = Database.open(pg.createDatabase(), EmbeddedPostgres.USER, "")) {
            postgres.migrateService("nsap");
            service = new SegmentService(new JdbcSegmentStore(postgres.dataSource()), new OneLinkPlanner(),
                    NoRouters.INSTANCE, clock);
            committed("b1", 600, HOUR);
            committed("b2", 300, HOUR);
            assertThrows(RequestRejected.class, () -> service.modify("b1", HOUR.end(), 800, HOLD, new Caller.Process("bar-a")));
            service.modify("b1", HOUR.end(), 500, HOLD, new Caller.Process("bar-a"));
            assertTrue(!fits("p1", 1, HOUR), "600 + 300 + the pending 500");
            assertEquals(500, service.commitModify("b1", new Caller.Process("bar-a")).request().bandwidthMbps());
            assertTrue(fits("p2", 200, HOUR), "500 + 300 + 200 once the old 600 is free");
            service.modify("b2", HOUR.end(), 200, HOLD, new Caller.Process("bar-a"));
            service.abortModify("b2", new Caller.Process("bar-a"));
            assertTrue(fits("p3", 200, HOUR), "500 + 300 + 200 after the abort");
        }
    }

    static SegmentChange last(List<SegmentChange> changes) {
        return changes.get(changes.size() - 1);
    }
}
