package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/**
 * Approval and quotas at a BAR, on a real HSQLDB store and controllers that keep their segments'
 * states as the NSAPs do: a rule like the demo's (bookings over 1000 Mbit/s wait for an operator) and a
 * quota for group astro of 3000 Mbit/s at once and 10 hours a month.
 */
class ApprovalAndQuotaTest {

    static final Instant T0 = Instant.parse("2030-01-10T00:00:00Z");
    static final ApprovalRules OVER_1_GBIT_WAITS = new ApprovalRules(List.of(
            new ApprovalRule(1000L, null, null, null, null, null, ApprovalDecision.WAIT)), Duration.ZERO);
    static final Quotas ASTRO = new Quotas(List.of(new Quota("astro", 3000L, 10L)));
    static final Caller.Account ALICE = new Caller.Account("alice", Role.USER, List.of(new Caller.Membership("astro", true)));
    static final Caller.Account CAROL = new Caller.Account("carol", Role.USER, List.of(new Caller.Membership("astro", true)));
    static final Caller.Account BOB = new Caller.Account("bob", Role.USER, List.of(new Caller.Membership("bio", false)));

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final List<String> told = new CopyOnWriteArrayList<>();
    Database db;
    ReservationStore store;
    ReservationService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcReservationStore(db.dataSource(), clock);
        service = serviceWith(OVER_1_GBIT_WAITS);
    }

    ReservationService serviceWith(ApprovalRules rules) {
        ReservationEvents events = (event, r) -> told.add(event + " " + r.requestId() + " " + r.owner());
        return new ReservationService(store, new Site("site-a", campus, wan, Map.of("site-b", peer)),
                BarSettings.defaults(), calls, clock, rules, ASTRO, events);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    /** {@code mbps} from site-a to site-b over [T0 + fromHour, T0 + toHour). */
    static ReservationRequest request(String id, long mbps, int fromHour, int toHour) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), mbps,
                new TimeInterval(T0.plus(Duration.ofHours(fromHour)), T0.plus(Duration.ofHours(toHour))), "test", false);
    }

    Reservation book(String id, long mbps) throws BadRequest {
        return service.create(ALICE, request(id, mbps, 1, 2));
    }

    Reservation runDueWorkAt(Instant t, String requestId) throws Exception {
        clock.set(t);
        service.runDueWork().get();
        return service.get(ITSELF, requestId);
    }

    void assertAtEveryPart(String requestId, SegmentState state) {
        assertEquals(state, wan.segments.get("site-a:" + requestId + ":wan"), "the WAN segment");
        assertEquals(state, campus.segments.get("site-a:" + requestId + ":campus"), "this campus's segment");
        assertEquals(state, peer.segments.get("site-a:" + requestId + ":remote"), "the other campus's segment");
    }

    // ---- approval ----

    @Test
    void aBookingOverTheThresholdWaitsForApprovalWithItsSegmentsBookedAtEveryPart() throws Exception {
        Reservation r = book("big", 2000);

        assertEquals(ReservationState.PENDING_APPROVAL, r.state(), r.reason());
        assertEquals(List.of(ReservationState.REQUESTED, ReservationState.HELD, ReservationState.PENDING_APPROVAL),
                store.history("big").stream().map(ReservationTransition::to).toList());
        assertAtEveryPart("big", SegmentState.COMMITTED);
        assertEquals(List.of("big"), service.pendingApprovals(ITSELF).stream().map(Reservation::requestId).toList());
    }

    @Test
    void aBookingAtTheThresholdIsReservedAtOnce() throws Exception {
        assertEquals(ReservationState.RESERVED, book("small", 1000).state());
        assertEquals(List.of(), service.pendingApprovals(ITSELF));
    }

    @Test
    void aWaitingBookingIsNeverBroughtUpByTheSweep() throws Exception {
        book("big", 2000);

        Reservation r = runDueWorkAt(request("big", 2000, 1, 2).interval().start().minusMillis(1), "big");

        assertEquals(ReservationState.PENDING_APPROVAL, r.state());
        assertTrue(wan.calls.stream().noneMatch(c -> c.startsWith("activate")), wan.calls.toString());
    }

    @Test
    void anApprovedBookingIsReservedAndComesUpAtItsStart() throws Exception {
        book("big", 2000);

        Reservation approved = service.approve(TestCallers.operator("oscar"), "big", "checked with the campus");

        assertEquals(ReservationState.RESERVED, approved.state());
        ReservationTransition last = store.history("big").get(store.history("big").size() - 1);
        assertEquals("oscar", last.actor());
        assertEquals(List.of("APPROVED big alice"), told);
        Instant start = request("big", 2000, 1, 2).interval().start();
        Reservation up = runDueWorkAt(start.minus(BarSettings.defaults().setUpLead()), "big");
        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        assertAtEveryPart("big", SegmentState.ACTIVE);
    }

    @Test
    void aRejectedBookingIsRejectedWithItsSegmentsReleasedAndItsOwnerTold() throws Exception {
        book("big", 2000);

        Reservation r = service.reject(TestCallers.operator("oscar"), "big", "the link is kept for a test that week");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.POLICY, r.refusalCode());
        assertAtEveryPart("big", SegmentState.ABORTED);
        assertEquals(List.of("REJECTED big alice"), told);
        assertEquals(List.of(), service.pendingApprovals(ITSELF));
    }

    @Test
    void aBookingLeftUnapprovedUntilItsStartIsReleasedAndRejectedAndItsOwnerTold() throws Exception {
        book("big", 2000);
        Instant start = request("big", 2000, 1, 2).interval().start();

        assertEquals(ReservationState.PENDING_APPROVAL, runDueWorkAt(start.minusMillis(1), "big").state());
        Reservation r = runDueWorkAt(start, "big");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.POLICY, r.refusalCode());
        assertTrue(r.reason().startsWith("approval lapsed"), r.reason());
        assertEquals(ReservationService.SCHEDULER, store.history("big").get(store.history("big").size() - 1).actor());
        assertAtEveryPart("big", SegmentState.ABORTED);
        assertEquals(List.of("APPROVAL_LAPSED big alice"), told);
    }

    @Test
    void theApprovalDeadlineCanBeSetBeforeTheStart() throws Exception {
        service = serviceWith(new ApprovalRules(OVER_1_GBIT_WAITS.rules(), Duration.ofMinutes(30)));
        book("big", 2000);
        Instant deadline = request("big", 2000, 1, 2).interval().start().minus(Duration.ofMinutes(30));

        assertEquals(ReservationState.PENDING_APPROVAL, runDueWorkAt(deadline.minusMillis(1), "big").state());
        assertEquals(ReservationState.REJECTED, runDueWorkAt(deadline, "big").state());
    }

    @Test
    void aBookingPastItsApprovalDeadlineCannotBeApproved() throws Exception {
        book("big", 2000);
        clock.set(request("big", 2000, 1, 2).interval().start());

        BadRequest e = assertThrows(BadRequest.class, () -> service.approve(TestCallers.operator("oscar"), "big", ""));

        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("requestId", e.field());
    }

    @Test
    void onlyAWaitingBookingCanBeApprovedOrRejected() throws Exception {
        book("small", 500);

        assertEquals(RefusalCode.POLICY, assertThrows(BadRequest.class,
                () -> service.reject(TestCallers.operator("oscar"), "small", "no")).refusal().code());
        assertEquals(ReservationState.RESERVED, service.approve(TestCallers.operator("oscar"), "small", "").state(),
                "approving a reserved booking answers it");
        assertEquals(RefusalCode.BAD_FIELD, assertThrows(BadRequest.class,
                () -> service.approve(TestCallers.operator("oscar"), "nothing", "")).refusal().code());
    }

    @Test
    void theSegmentsOfAWaitingBookingAreStillWanted() throws Exception {
        book("big", 2000);

        assertEquals(BookingWanted.WANTED, service.segmentWanted("site-a:big:wan"));
    }

    @Test
    void aHoldOnlyBookingOverTheThresholdWaitsOnceCommitted() throws Exception {
        ReservationRequest holdOnly = new ReservationRequest("held", Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("site-b:host-b1"), 2000, request("held", 2000, 1, 2).interval(), "", true);
        assertEquals(ReservationState.HELD, service.create(ALICE, holdOnly).state());

        assertEquals(ReservationState.PENDING_APPROVAL, service.commit(ALICE, "held").state());
    }

    @Test
    void aBookingMadeWithoutAnAccountFollowsNoRule() throws Exception {
        assertEquals(ReservationState.RESERVED, service.create(ITSELF, request("old-path", 2000, 1, 2)).state());
    }

    // ---- terminate ----

    @Test
    void anOperatorTerminatesAnActiveCircuitWhichIsTornDownAndCancelled() throws Exception {
        book("small", 500);
        runDueWorkAt(request("small", 500, 1, 2).interval().start(), "small");

        Reservation r = service.terminate(TestCallers.operator("oscar"), "small", "misbehaving host");

        assertEquals(ReservationState.CANCELLED, r.state(), r.reason());
        assertAtEveryPart("small", SegmentState.RELEASED);
        assertTrue(store.history("small").stream().anyMatch(t -> t.actor().equals("oscar")
                && t.to() == ReservationState.RELEASING), store.history("small").toString());
    }

    @Test
    void anOperatorTerminatesAReservedOrWaitingBookingWhoseSegmentsAreReleased() throws Exception {
        book("small", 500);
        book("big", 2000);

        assertEquals(ReservationState.CANCELLED, service.terminate(TestCallers.operator("oscar"), "small", "site closed").state());
        assertEquals(ReservationState.CANCELLED, service.terminate(TestCallers.operator("oscar"), "big", "site closed").state());

        assertAtEveryPart("small", SegmentState.RELEASED);
        assertAtEveryPart("big", SegmentState.ABORTED);
    }

    // ---- quotas ----

    @Test
    void aBookingOverTheGroupsPeakBandwidthIsRefusedNamingTheQuotaAndNothingIsBooked() throws Exception {
        service.create(ALICE, request("a1", 1000, 1, 3));
        service.create(ALICE, request("a2", 1000, 1, 3));
        int wanCalls = wan.calls.size();

        BadRequest e = assertThrows(BadRequest.class,
                () -> service.create(CAROL, request("c1", 1500, 2, 4)));

        assertEquals(RefusalCode.QUOTA_EXCEEDED, e.refusal().code());
        assertEquals(Quota.PEAK_BANDWIDTH, e.refusal().subject());
        assertTrue(store.find("c1").isEmpty(), "nothing stored");
        assertEquals(wanCalls, wan.calls.size(), "nothing negotiated");
    }

    @Test
    void aBookingBesideTheGroupsOthersWithinThePeakIsAdmitted() throws Exception {
        service.create(ALICE, request("a1", 1000, 1, 3));
        service.create(ALICE, request("a2", 1000, 1, 3));

        assertEquals(ReservationState.RESERVED, service.create(CAROL, request("c1", 1000, 2, 4)).state());
        assertEquals(ReservationState.RESERVED, service.create(CAROL, request("c2", 1000, 3, 4)).state(),
                "a1 and a2 have ended by then");
    }

    @Test
    void aBookingOverTheGroupsMonthlyHoursIsRefusedNamingTheQuota() throws Exception {
        service.create(ALICE, request("a1", 10, 1, 9));

        BadRequest e = assertThrows(BadRequest.class,
                () -> service.create(CAROL, request("c1", 10, 20, 23)));

        assertEquals(RefusalCode.QUOTA_EXCEEDED, e.refusal().code());
        assertEquals(Quota.MONTHLY_HOURS, e.refusal().subject());
    }

    @Test
    void endedBookingsAndOtherGroupsBookingsDoNotCountAgainstAQuota() throws Exception {
        for (String id : List.of("a1", "a2", "a3")) {
            service.create(ALICE, request(id, 1000, 1, 3));
        }
        service.cancel(TestCallers.user("alice"), "a1", null);
        service.create(BOB, request("b1", 5000, 1, 3));

        assertEquals(ReservationState.RESERVED, service.create(CAROL, request("c1", 1000, 1, 3)).state());
    }

    @Test
    void aReservationIsRecordedAsBookedForItsAccountsPrimaryGroup() throws Exception {
        service.create(ALICE, request("a1", 100, 1, 3));

        assertEquals(List.of("a1"), store.ofGroup("astro", EnumSet.allOf(ReservationState.class),
                request("a1", 100, 1, 3).interval()).stream().map(Reservation::requestId).toList());
    }
}
