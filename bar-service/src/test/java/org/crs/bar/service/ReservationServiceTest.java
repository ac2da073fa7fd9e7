package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;

import org.crs.domain.booking.BookingWanted;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.testing.TestCallers;

class ReservationServiceTest extends ScriptedSiteTest {


    static ReservationRequest request(String id, boolean holdOnly) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), 500,
                new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "test", holdOnly);
    }

    private Reservation create(String id) throws BadRequest {
        return service.create(TestCallers.user("alice"), request(id, false));
    }

    private void at(Instant t) {
        clock.set(t);
    }

    private Reservation runDueWorkAt(Instant t, String requestId) throws Exception {
        at(t);
        service.runDueWork().get();
        return service.get(ITSELF, requestId);
    }

    @Test
    void aCrossSiteBookingCommitsAllThreeSegmentsOnTheWansHandOffVlans() throws Exception {
        Reservation r = create("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(List.of(SegmentRole.WAN, SegmentRole.LOCAL_CAMPUS, SegmentRole.REMOTE_CAMPUS),
                r.segments().stream().map(Segment::role).toList());
        r.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, s.state(), s.toString()));
        Segment local = r.segments().get(1);
        Segment remote = r.segments().get(2);
        TimeInterval configured = BarSettings.defaults().configured(request("r1", false).interval());
        assertEquals(new SegmentOrder("site-a:r1:campus", "host-a1", "site-a", 500, configured, 0, 1200),
                local.order(), "this campus joins the WAN on the VLAN the NSAP chose at site-a");
        assertEquals(new SegmentOrder("site-a:r1:remote", "site-b", "host-b1", 500, configured, 1300, 0),
                remote.order(), "the other campus joins it on the VLAN chosen at site-b");
        assertEquals(List.of(ReservationState.REQUESTED, ReservationState.HELD, ReservationState.RESERVED),
                store.history("r1").stream().map(ReservationTransition::to).toList());
    }

    @Test
    void theRemoteCampusIsHeldAndCommittedInOneCallAndTheOtherPartsInTwo() throws Exception {
        create("r1");

        assertEquals(List.of("holdAndCommit site-a:r1:remote"), peer.calls);
        assertEquals(List.of("hold site-a:r1:wan", "commit site-a:r1:wan"), wan.calls);
        assertEquals(List.of("hold site-a:r1:campus", "commit site-a:r1:campus"), campus.calls);
    }

    @Test
    void aLocalCampusThatRefusesAbortsTheRemoteSegmentCommittedWithItsHold() throws Exception {
        campus.refuseHolds = new Refusal(RefusalCode.NO_CAPACITY, "host-a1", "host port host-a1 has no bandwidth left");

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.NO_CAPACITY, r.refusalCode());
        assertTrue(r.reason().contains("local campus segment") && r.reason().contains("host-a1"), r.reason());
        assertEquals(SegmentState.ABORTED, peer.segments.get("site-a:r1:remote"));
        assertFalse(peer.holdsAnything() || wan.holdsAnything(), "nothing stays booked anywhere");
    }

    @Test
    void theSameRequestIdAnswersTheSameReservationWithoutBookingAgain() throws Exception {
        Reservation first = create("r1");
        int holds = wan.calls.size();

        Reservation again = create("r1");

        assertEquals(first.state(), again.state());
        assertEquals(first.segments(), again.segments());
        assertEquals(holds, wan.calls.size(), "nothing sent to the NSAP again");
    }

    @Test
    void theSameRequestIdForAnotherRequestIsRefusedNamingIt() throws Exception {
        create("r1");
        ReservationRequest other = new ReservationRequest("r1", Endpoint.parse("site-a:host-a2"),
                Endpoint.parse("site-b:host-b1"), 500, request("r1", false).interval(), "", false);

        BadRequest e = assertThrows(BadRequest.class, () -> service.create(TestCallers.user("alice"), other));

        assertEquals("requestId", e.field());
    }

    @Test
    void aPeerThatRefusesLeavesNothingHeldAnywhereAndIsNamed() throws Exception {
        peer.refuseHolds = Refusal.badField("destination", "destination: unknown endpoint 'host-b1'");

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.BAD_FIELD, r.refusalCode(), "the peer's code, kept");
        assertTrue(r.reason().contains("remote campus segment") && r.reason().contains("unknown endpoint 'host-b1'"),
                r.reason());
        assertFalse(wan.holdsAnything(), "WAN aborted");
        assertFalse(campus.holdsAnything(), "local campus aborted");
    }

    @Test
    void aPeerThatDoesNotAnswerLeavesNothingHeldAnywhere() throws Exception {
        peer.silent = true;

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.PROVIDER_SILENT, r.refusalCode(), r.reason());
        assertFalse(wan.holdsAnything());
        assertFalse(campus.holdsAnything());
        assertTrue(peer.calls.contains("abort site-a:r1:remote"), "the silent part is aborted too, in case its hold landed");
    }

    @Test
    void anNsapThatRefusesRejectsWithoutAskingTheCampuses() throws Exception {
        wan.refuseHolds = new Refusal(RefusalCode.NO_PATH, "destination", "no links join core-1 to core-2");

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.NO_PATH, r.refusalCode());
        assertTrue(r.reason().startsWith("WAN segment"), r.reason());
        assertTrue(campus.calls.stream().noneMatch(c -> c.startsWith("hold")) && peer.calls.stream().noneMatch(c -> c.startsWith("hold")));
    }

    @Test
    void aRefusedRequestIsTriedOnceMoreAMomentLaterThenRejected() throws Exception {
        wan.refuseHolds = new Refusal(RefusalCode.NO_CAPACITY, "x-y", "link x-y has 10000 Mbit/s, 10000 booked");

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(List.of("hold site-a:r1:wan", "hold site-a:r1:wan:2"),
                wan.calls.stream().filter(c -> c.startsWith("hold")).toList());
    }

    @Test
    void twoRequestsThatEachHoldWhatTheOtherNeedsEndWithOneOfThemBooked() throws Exception {
        campus.refuseNextHolds.set(1); // as if the other request held this campus's port a moment ago

        Reservation r = create("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertTrue(r.segments().get(0).bookingId().endsWith("r1:wan:2"), r.segments().get(0).bookingId());
    }

    @Test
    void aRefusalOffersTheNextStartTimesAtWhichTheCircuitIsFree() throws Exception {
        wan.refuseHolds = new Refusal(RefusalCode.NO_CAPACITY, "x-y", "link x-y has 10000 Mbit/s, 10000 booked");
        wan.booked.add(new TimeInterval(T0, T0.plus(Duration.ofHours(5))), wan.capacityMbps);

        Reservation r = create("r1");

        assertEquals(ReservationState.REJECTED, r.state());
        // The segments book 1 s before the start: the first free start is 1 s after the busy stretch.
        assertTrue(r.reason().contains("free start times: from " + T0.plus(Duration.ofHours(5)).plusSeconds(1)), r.reason());
    }

    // ---- flexible requests ----

    static ReservationRequest flexible(String id, Timing f) {
        TimeInterval window = f instanceof Timing.Transfer t ? t.window() : ((Timing.InWindow) f).window();
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"),
                f.requestedMbps(), window, "test", false, f);
    }

    static TimeInterval hours(int from, int to) {
        return new TimeInterval(T0.plus(Duration.ofHours(from)), T0.plus(Duration.ofHours(to)));
    }

    @Test
    void aWindowRequestBooksTheEarliestStartAtWhichEverySegmentIsFree() throws Exception {
        wan.booked.add(hours(1, 3), wan.capacityMbps);
        Timing f = new Timing.InWindow(hours(1, 10), Duration.ofHours(1), 500);

        Reservation r = service.create(TestCallers.user("alice"), flexible("r1", f));

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        Instant start = T0.plus(Duration.ofHours(3)).plusSeconds(1);
        assertEquals(new TimeInterval(start, start.plus(Duration.ofHours(1))), r.request().interval());
        assertEquals(f, service.get(ITSELF, "r1").request().timing(), "what was asked is kept");
        assertEquals(r.request().interval(), service.create(TestCallers.user("alice"), flexible("r1", f)).request().interval(),
                "the same request answers the same reservation");
    }

    @Test
    void aTransferTakesTheBandwidthThatFinishesFirst() throws Exception {
        // 450,000 MB is 3,600,000 Mbit: an hour at 1,000 Mbit/s, two at 500. Only 500 are free until hour 5.
        wan.booked.add(hours(1, 5), wan.capacityMbps - 500);
        Timing f = new Timing.Transfer(hours(1, 12), 450_000, 1_000);

        Reservation r = service.create(TestCallers.user("alice"), flexible("r1", f));

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(500, r.request().bandwidthMbps(), "two hours at 500 finish before an hour at 1,000 from hour 5");
        assertEquals(hours(1, 3), r.request().interval());
    }

    @Test
    void aSlotTakenBeforeItIsHeldMovesTheRequestToTheNextFreeSlot() throws Exception {
        wan.refuseNextHolds.set(1);
        Timing f = new Timing.InWindow(hours(1, 10), Duration.ofHours(1), 500);
        // Once refused, the slot is taken from then on.
        wan.booked.add(hours(1, 2), wan.capacityMbps);

        Reservation r = service.create(TestCallers.user("alice"), flexible("r1", f));

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(T0.plus(Duration.ofHours(2)).plusSeconds(1), r.request().interval().start());
        assertTrue(r.segments().get(0).bookingId().endsWith(":wan:2"), "new booking ids: " + r.segments().get(0).bookingId());
        assertTrue(store.history("r1").stream().anyMatch(t -> t.from() == ReservationState.REQUESTED
                && t.to() == ReservationState.REQUESTED && t.reason().contains("trying")), "the retry is in the history");
    }

    @Test
    void aFlexibleRequestWithNoFreeSlotIsRejectedNamingTheMostThatIsFree() throws Exception {
        wan.booked.add(hours(0, 24), wan.capacityMbps - 200);
        Timing f = new Timing.InWindow(hours(1, 10), Duration.ofHours(1), 500);

        Reservation r = service.create(TestCallers.user("alice"), flexible("r1", f));

        assertEquals(ReservationState.REJECTED, r.state());
        assertEquals(RefusalCode.NO_CAPACITY, r.refusalCode());
        assertTrue(r.reason().contains("the most free for 3600 s: 200 Mbit/s"), r.reason());
        assertTrue(wan.calls.stream().noneMatch(c -> c.startsWith("hold")), "nothing held");
    }

    @Test
    void aHoldOnlyRequestStopsAtHeldAndCommitReservesIt() throws Exception {
        Reservation held = service.create(TestCallers.user("alice"), request("r1", true));
        assertEquals(ReservationState.HELD, held.state());
        held.segments().forEach(s -> assertEquals(SegmentState.HELD, s.state()));
        assertEquals(List.of("hold site-a:r1:remote"), peer.calls, "the peer only holds until the client commits");

        Reservation reserved = service.commit(TestCallers.user("alice"), "r1");

        assertEquals(ReservationState.RESERVED, reserved.state());
        reserved.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, s.state()));
    }

    @Test
    void aHoldOnlyRequestAbortedReleasesEverySegment() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", true));

        Reservation aborted = service.abort(TestCallers.user("alice"), "r1", "the supercomputer slot went elsewhere");

        assertEquals(ReservationState.ABORTED, aborted.state());
        assertEquals("the supercomputer slot went elsewhere", aborted.reason());
        assertFalse(wan.holdsAnything() || campus.holdsAnything() || peer.holdsAnything());
    }

    @Test
    void aHoldNotCommittedInTimeIsAbortedByTheSweep() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", true));

        Reservation r = runDueWorkAt(T0.plus(BarSettings.defaults().clientHold()), "r1");

        assertEquals(ReservationState.ABORTED, r.state());
        assertFalse(wan.holdsAnything() || campus.holdsAnything() || peer.holdsAnything());
    }

    @Test
    void theCircuitIsActivatedAtStartMinusTheLeadAndReleasedAtTheEnd() throws Exception {
        create("r1");
        Instant start = request("r1", false).interval().start();
        Duration lead = BarSettings.defaults().setUpLead();

        assertEquals(ReservationState.RESERVED, runDueWorkAt(start.minus(lead).minusMillis(1), "r1").state());
        Reservation up = runDueWorkAt(start.minus(lead), "r1");
        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        up.segments().forEach(s -> assertEquals(SegmentState.ACTIVE, s.state()));

        assertEquals(ReservationState.ACTIVE, runDueWorkAt(request("r1", false).interval().end().minusMillis(1), "r1").state());
        Reservation down = runDueWorkAt(request("r1", false).interval().end(), "r1");
        assertEquals(ReservationState.FINISHED, down.state(), down.reason());
        down.segments().forEach(s -> assertEquals(SegmentState.RELEASED, s.state()));
    }

    @Test
    void anActivationFailureOnTheRemoteSiteTakesTheOtherSegmentsDown() throws Exception {
        create("r1");
        peer.failActivations = "router edge-b: '% Invalid input'";

        Reservation r = runDueWorkAt(request("r1", false).interval().start(), "r1");

        assertEquals(ReservationState.FAILED, r.state());
        assertTrue(r.reason().contains("remote campus segment") && r.reason().contains("edge-b"), r.reason());
        assertEquals(SegmentState.RELEASED, wan.segments.get("site-a:r1:wan"));
        assertEquals(SegmentState.RELEASED, campus.segments.get("site-a:r1:campus"));
    }

    @Test
    void cancelBeforeTheStartReleasesEverySegment() throws Exception {
        create("r1");

        Reservation r = service.cancel(TestCallers.user("alice"), "r1", null);

        assertEquals(ReservationState.CANCELLED, r.state());
        r.segments().forEach(s -> assertEquals(SegmentState.RELEASED, s.state()));
        assertSame(ReservationState.CANCELLED, service.cancel(TestCallers.user("alice"), "r1", null).state(), "cancelling again answers it");
    }

    @Test
    void cancelWhileActiveTearsTheCircuitDownFirst() throws Exception {
        create("r1");
        runDueWorkAt(request("r1", false).interval().start(), "r1");

        Reservation r = service.cancel(TestCallers.operator("operator"), "r1", "fibre cut");

        assertEquals(ReservationState.CANCELLED, r.state());
        r.segments().forEach(s -> assertEquals(SegmentState.RELEASED, s.state()));
        assertEquals(List.of(ReservationState.ACTIVE, ReservationState.RELEASING),
                store.history("r1").stream().map(ReservationTransition::from).toList().subList(5, 7));
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndStoresNothing() {
        Instant start = T0.plus(Duration.ofHours(1));
        record Case(String field, ReservationRequest request) {
        }
        List<Case> cases = List.of(
                new Case("requestId", new ReservationRequest("bad id!", Endpoint.parse("site-a:host-a1"),
                        Endpoint.parse("site-b:host-b1"), 1, new TimeInterval(start, start.plusSeconds(3600)), "", false)),
                new Case("bandwidthMbps", new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"),
                        Endpoint.parse("site-b:host-b1"), 0, new TimeInterval(start, start.plusSeconds(3600)), "", false)),
                new Case("end", new ReservationRequest("r2", Endpoint.parse("site-a:host-a1"),
                        Endpoint.parse("site-b:host-b1"), 1, new TimeInterval(start, start.plusSeconds(5)), "", false)),
                new Case("start", new ReservationRequest("r3", Endpoint.parse("site-a:host-a1"),
                        Endpoint.parse("site-b:host-b1"), 1, new TimeInterval(T0.minusSeconds(3600), T0.plusSeconds(60)), "",
                        false)),
                new Case("destination", new ReservationRequest("r4", Endpoint.parse("site-a:host-a1"),
                        Endpoint.parse("site-z:host-z1"), 1, new TimeInterval(start, start.plusSeconds(3600)), "", false)),
                new Case("source", new ReservationRequest("r5", Endpoint.parse("site-b:host-b1"),
                        Endpoint.parse("site-c:host-c1"), 1, new TimeInterval(start, start.plusSeconds(3600)), "", false)));
        for (Case c : cases) {
            BadRequest e = assertThrows(BadRequest.class, () -> service.create(TestCallers.user("alice"), c.request()), c.field());
            assertEquals(c.field(), e.field(), e.getMessage());
        }
        assertTrue(store.list(EnumSet.noneOf(ReservationState.class), null, 100).isEmpty());
        assertTrue(wan.calls.isEmpty());
    }

    @Test
    void aRestartFindsANegotiationHalfDoneAndAbortsItsSegments() throws Exception {
        Reservation held = service.create(TestCallers.user("alice"), request("r1", true));
        // As if the BAR had stopped between holding the segments and recording it.
        store.move("r1", new ReservationTransition(ReservationState.HELD, ReservationState.ABORTED, "test", "x", T0),
                held.segments());
        store.create(request("r2", false), "alice", held.segments().stream().map(s -> new Segment(s.role(), s.controller(),
                new SegmentOrder(s.bookingId().replace("r1", "r2"), s.order().source(), s.order().destination(), 500,
                        s.order().interval(), 0, 0), null, 0, 0, "")).toList(),
                ReservationTransition.created("alice", "requested", T0));
        wan.segments.put("site-a:r2:wan", SegmentState.HELD);

        assertEquals(1, service.reconcile(Duration.ZERO));

        assertEquals(ReservationState.REJECTED, service.get(ITSELF, "r2").state());
        assertEquals(RefusalCode.TIMEOUT, service.get(ITSELF, "r2").refusalCode(), "the negotiation never finished");
        assertEquals(SegmentState.ABORTED, wan.segments.get("site-a:r2:wan"));
    }

    @Test
    void aRestartFindsAnActivationHalfDoneAndCompletesIt() throws Exception {
        Reservation r = create("r1");
        // As if the BAR had stopped mid-activation, its attempt leased for an hour more.
        Instant start = request("r1", false).interval().start();
        at(start);
        store.startWork("r1", new ReservationTransition(ReservationState.RESERVED, ReservationState.ACTIVATING, "scheduler",
                "activating", start), r.segments(), start.plus(Duration.ofHours(1)), ReservationState.ACTIVE);
        wan.activate("site-a:r1:wan");

        service.reconcile(Duration.ZERO);
        Reservation after = runDueWorkAt(start.plusMillis(1), "r1");

        assertEquals(ReservationState.ACTIVE, after.state(), after.reason());
        after.segments().forEach(s -> assertEquals(SegmentState.ACTIVE, s.state()));
    }

    @Test
    void aReplicaTakesOverAnActivationOnlyOnceTheLeaseOfTheOneThatStartedItHasPassed() throws Exception {
        Reservation r = create("r1");
        Instant start = request("r1", false).interval().start();
        Duration lease = BarSettings.defaults().retries().lease();
        at(start);
        store.startWork("r1", new ReservationTransition(ReservationState.RESERVED, ReservationState.ACTIVATING, "scheduler",
                "activating", start), r.segments(), start.plus(lease), ReservationState.ACTIVE);

        assertEquals(ReservationState.ACTIVATING, runDueWorkAt(start.plus(lease).minusMillis(1), "r1").state());
        Reservation after = runDueWorkAt(start.plus(lease), "r1");

        assertEquals(ReservationState.ACTIVE, after.state(), after.reason());
    }

    @Test
    void anActivationThatCannotReachAPartIsTriedAgainAndComesUpOnceThePartAnswers() throws Exception {
        create("r1");
        Instant start = request("r1", false).interval().start();
        peer.silent = true;

        Reservation waiting = runDueWorkAt(start, "r1");
        assertEquals(ReservationState.ACTIVATING, waiting.state(), waiting.reason());
        assertEquals(start.plus(BarSettings.defaults().retries().pause()), waiting.work().nextAttemptAt());
        Reservation second = runDueWorkAt(waiting.work().nextAttemptAt(), "r1");
        assertEquals(ReservationState.ACTIVATING, second.state());
        assertEquals(2, second.work().attempts());
        peer.silent = false;
        Reservation up = runDueWorkAt(second.work().nextAttemptAt(), "r1");

        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        up.segments().forEach(s -> assertEquals(SegmentState.ACTIVE, s.state()));
        assertEquals(2, store.history("r1").stream().filter(t -> t.from() == ReservationState.ACTIVATING
                && t.to() == ReservationState.ACTIVATING).count(), "each failed attempt is in the history");
    }

    @Test
    void anActivationAPartRefusesAsTooEarlyIsTriedAgainAndComesUpOnceThePartAgrees() throws Exception {
        create("r1");
        Instant start = request("r1", false).interval().start();
        wan.refuseActivations = new Refusal(RefusalCode.ACTIVATION_TOO_EARLY, "bookingId",
                "site-a:r1:wan may be activated from " + start.plusSeconds(40));

        Reservation waiting = runDueWorkAt(start, "r1");
        assertEquals(ReservationState.ACTIVATING, waiting.state(), waiting.reason());
        assertEquals(SegmentState.COMMITTED, wan.segments.get("site-a:r1:wan"));
        wan.refuseActivations = null;
        Reservation up = runDueWorkAt(waiting.work().nextAttemptAt(), "r1");

        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
        up.segments().forEach(s -> assertEquals(SegmentState.ACTIVE, s.state()));
    }

    @Test
    void aReservationWhoseWholeIntervalPassedWhileTheBarWasDownFailsAndItsPartsAreReleased() throws Exception {
        create("r1");

        Reservation r = runDueWorkAt(request("r1", false).interval().end().plusSeconds(1), "r1");

        assertEquals(ReservationState.FAILED, r.state(), r.reason());
        assertEquals(SegmentState.RELEASED, wan.segments.get("site-a:r1:wan"));
        assertFalse(wan.calls.contains("activate site-a:r1:wan"), "never configured after its time");
    }

    @Test
    void thePauseBetweenAttemptsDoublesUpToTheLongest() {
        BarSettings.Retries r = new BarSettings.Retries(Duration.ofMinutes(5), Duration.ofSeconds(1), Duration.ofSeconds(5),
                Duration.ofMinutes(5), Duration.ofSeconds(15));

        assertEquals(List.of(1L, 2L, 4L, 5L, 5L), List.of(1, 2, 3, 4, 20).stream().map(n -> r.pauseAfter(n).toSeconds()).toList());
    }

    @Test
    void anActivationStillUnreachableAtTheStartPlusTheGraceFailsAndEveryPartIsRolledBackEvenOneThatWasDown()
            throws Exception {
        create("r1");
        Instant start = request("r1", false).interval().start();
        peer.silent = true;
        runDueWorkAt(start, "r1");

        Reservation failed = runDueWorkAt(BarSettings.defaults().activationDeadline(request("r1", false).interval()), "r1");

        assertEquals(ReservationState.FAILED, failed.state(), failed.reason());
        assertEquals(SegmentState.RELEASED, wan.segments.get("site-a:r1:wan"));
        assertEquals(SegmentState.RELEASED, campus.segments.get("site-a:r1:campus"));
        assertEquals(List.of(FollowUp.Action.RELEASE), service.followUps("r1").stream().map(FollowUp::action).toList());
        peer.silent = false;
        runDueWorkAt(clock.instant().plus(Duration.ofSeconds(1)), "r1");
        assertEquals(SegmentState.RELEASED, peer.segments.get("site-a:r1:remote"), "released once it answers");
        assertEquals(List.of(), service.followUps("r1"));
    }

    @Test
    void anActivationThatFailsWhileAPartIsStillActivatingAsksThatPartAgainUntilItAnswersReleased() throws Exception {
        create("r1");
        Instant start = request("r1", false).interval().start();
        // an earlier attempt that timed out here is still configuring the remote campus there
        peer.segments.put("site-a:r1:remote", SegmentState.ACTIVATING);
        runDueWorkAt(start, "r1");

        Reservation failed = runDueWorkAt(BarSettings.defaults().activationDeadline(request("r1", false).interval()), "r1");

        assertEquals(ReservationState.FAILED, failed.state(), failed.reason());
        assertEquals(SegmentState.RELEASED, wan.segments.get("site-a:r1:wan"));
        assertEquals(SegmentState.RELEASED, campus.segments.get("site-a:r1:campus"));
        assertEquals(SegmentState.DEACTIVATING, peer.segments.get("site-a:r1:remote"), "the release was accepted there");
        assertEquals(List.of("site-a:r1:remote"), service.followUps("r1").stream().map(FollowUp::bookingId).toList(),
                "a part still on its way down is asked again");
        assertEquals(List.of(FollowUp.Action.RELEASE), service.followUps("r1").stream().map(FollowUp::action).toList());
        runDueWorkAt(clock.instant().plus(Duration.ofSeconds(1)), "r1");
        assertEquals(1, service.followUps("r1").size(), "kept while the part answers DEACTIVATING");
        // the activation there finished and took the segment off its routers again
        peer.segments.put("site-a:r1:remote", SegmentState.RELEASED);
        runDueWorkAt(clock.instant().plus(Duration.ofMinutes(1)), "r1");

        assertEquals(List.of(), service.followUps("r1"));
    }

    @Test
    void aTearDownIsNeverAbandonedAndFinishesOnlyWhenEveryPartHasConfirmed() throws Exception {
        create("r1");
        Instant end = request("r1", false).interval().end();
        runDueWorkAt(request("r1", false).interval().start(), "r1");
        peer.silent = true;

        Reservation r = runDueWorkAt(end, "r1");
        for (int i = 0; i < 12; i++) {
            assertEquals(ReservationState.RELEASING, r.state(), r.reason());
            r = runDueWorkAt(r.work().nextAttemptAt(), "r1");
        }
        assertEquals(BarSettings.defaults().retries().maxPause(),
                Duration.between(clock.instant(), r.work().nextAttemptAt()), "the pause stops doubling at the longest");
        peer.silent = false;
        r = runDueWorkAt(r.work().nextAttemptAt(), "r1");

        assertEquals(ReservationState.FINISHED, r.state(), r.reason());
        r.segments().forEach(s -> assertEquals(SegmentState.RELEASED, s.state()));
    }

    @Test
    void aTearDownThatFindsAPartStillGoingDownAsksAgainUntilItIsReleased() throws Exception {
        create("r1");
        runDueWorkAt(request("r1", false).interval().start(), "r1");
        // as a restarted L-NSAP answers while it finishes the tear-down it was killed in
        campus.segments.put("site-a:r1:campus", SegmentState.DEACTIVATING);

        Reservation r = runDueWorkAt(request("r1", false).interval().end(), "r1");
        assertEquals(ReservationState.RELEASING, r.state(), r.reason());
        campus.segments.put("site-a:r1:campus", SegmentState.RELEASED);
        r = runDueWorkAt(r.work().nextAttemptAt(), "r1");

        assertEquals(ReservationState.FINISHED, r.state(), r.reason());
    }

    @Test
    void aCancelWhileActiveThatCannotReachAPartStaysReleasingAndEndsCancelled() throws Exception {
        create("r1");
        runDueWorkAt(request("r1", false).interval().start(), "r1");
        peer.silent = true;

        Reservation r = service.cancel(TestCallers.user("alice"), "r1", "not needed");
        assertEquals(ReservationState.RELEASING, r.state());
        peer.silent = false;
        // past its end by now: it still ends as the cancel it was
        r = runDueWorkAt(request("r1", false).interval().end().plusSeconds(10), "r1");

        assertEquals(ReservationState.CANCELLED, r.state(), r.reason());
    }

    @Test
    void anAbortThatDoesNotReachAPartIsKeptAndTriedUntilThePartAnswers() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", true));
        peer.silent = true;

        Reservation aborted = service.abort(TestCallers.user("alice"), "r1", null);
        assertEquals(ReservationState.ABORTED, aborted.state());
        assertEquals(SegmentState.HELD, peer.segments.get("site-a:r1:remote"));
        runDueWorkAt(clock.instant().plus(Duration.ofSeconds(1)), "r1");
        assertEquals(1, service.followUps("r1").size(), "still kept while the part does not answer");
        peer.silent = false;
        runDueWorkAt(clock.instant().plus(Duration.ofMinutes(1)), "r1");

        assertEquals(SegmentState.ABORTED, peer.segments.get("site-a:r1:remote"));
        assertEquals(List.of(), service.followUps("r1"));
    }

    @Test
    void aReservedCircuitWhosePartLostItsSegmentFailsAndTheOtherPartsAreReleased() throws Exception {
        create("r1");
        wan.segments.put("site-a:r1:wan", SegmentState.EXPIRED);

        assertEquals(1, service.reconcileWithParts());

        Reservation r = service.get(ITSELF, "r1");
        assertEquals(ReservationState.FAILED, r.state(), r.reason());
        assertEquals(SegmentState.RELEASED, campus.segments.get("site-a:r1:campus"));
        assertEquals(SegmentState.RELEASED, peer.segments.get("site-a:r1:remote"));
    }

    @Test
    void anActiveCircuitWhosePartForgotItIsTornDownAndFails() throws Exception {
        create("r1");
        runDueWorkAt(request("r1", false).interval().start(), "r1");
        peer.segments.remove("site-a:r1:remote");

        assertEquals(1, service.reconcileWithParts());

        Reservation r = service.get(ITSELF, "r1");
        assertEquals(ReservationState.FAILED, r.state(), r.reason());
        assertEquals(SegmentState.RELEASED, wan.segments.get("site-a:r1:wan"));
    }

    @Test
    void reservationsWhosePartsHoldThemAreLeftAlone() throws Exception {
        create("r1");

        assertEquals(0, service.reconcileWithParts());
        assertEquals(ReservationState.RESERVED, service.get(ITSELF, "r1").state());
    }

    @Test
    void aSegmentIsWantedWhileItsReservationIsNotOver() throws Exception {
        create("r1");
        assertEquals(BookingWanted.WANTED, service.segmentWanted("site-a:r1:wan"));

        service.cancel(TestCallers.user("alice"), "r1", null);

        assertEquals(BookingWanted.NOT_WANTED, service.segmentWanted("site-a:r1:wan"));
        assertEquals(BookingWanted.NOT_WANTED, service.segmentWanted("site-a:unknown:wan"));
        assertEquals("bookingId", assertThrows(BadRequest.class, () -> service.segmentWanted("r1")).field());
        assertEquals("bookingId", assertThrows(BadRequest.class, () -> service.segmentWanted("site-z:r1:wan")).field());
    }

    @Test
    void modifyChangesEverySegmentAndRecordsTheChangeKeepingTheState() throws Exception {
        create("r1");
        Instant newEnd = request("r1", false).interval().end().plus(Duration.ofHours(1));

        Reservation r = service.modify(TestCallers.user("alice"), "r1", newEnd, 800);

        assertEquals(ReservationState.RESERVED, r.state());
        assertEquals(newEnd, r.request().interval().end());
        assertEquals(800, r.request().bandwidthMbps());
        r.segments().forEach(s -> assertEquals(800, s.order().bandwidthMbps()));
        for (ScriptedController c : List.of(wan, campus, peer)) {
            assertEquals(1, c.applied.size(), c.name());
            assertTrue(c.pending.isEmpty(), c.name());
        }
        ReservationTransition last = store.history("r1").get(store.history("r1").size() - 1);
        assertEquals(ReservationState.RESERVED, last.from());
        assertEquals(ReservationState.RESERVED, last.to());
        assertTrue(last.reason().startsWith("modified"), last.reason());
    }

    @Test
    void aModifyThatOneSegmentRefusesChangesNothingAnywhere() throws Exception {
        Reservation before = create("r1");
        peer.refuseModify = new Refusal(RefusalCode.NO_CAPACITY, "x", "link x has 1000 Mbit/s");

        ChangeRefused e = assertThrows(ChangeRefused.class, () -> service.modify(TestCallers.user("alice"), "r1", null, 900));

        assertEquals(RefusalCode.NO_CAPACITY, e.refusal().code());
        assertTrue(e.getMessage().contains("remote campus segment"), e.getMessage());
        assertEquals(before.request(), service.get(ITSELF, "r1").request());
        assertTrue(wan.pending.isEmpty() && campus.pending.isEmpty(), "held changes dropped");
        assertTrue(wan.applied.isEmpty() && campus.applied.isEmpty());
    }

    @Test
    void aHeldModifyChangesNothingUntilItsCommitAppliesItEverywhere() throws Exception {
        Reservation before = create("r1");

        Reservation held = service.holdModify(TestCallers.user("alice"), "r1", null, 800, Duration.ofMinutes(2));

        assertEquals(before.request(), held.request());
        for (ScriptedController c : List.of(wan, campus, peer)) {
            assertEquals(List.of(1, 0), List.of(c.pending.size(), c.applied.size()), c.name());
        }

        Reservation committed = service.commitModify(TestCallers.user("alice"), "r1", null, 800);

        assertEquals(800, committed.request().bandwidthMbps());
        assertEquals(ReservationState.RESERVED, committed.state());
        for (ScriptedController c : List.of(wan, campus, peer)) {
            assertEquals(List.of(0, 1), List.of(c.pending.size(), c.applied.size()), c.name());
        }
    }

    @Test
    void aHeldModifyAbortedIsDroppedEverywhereAndTheReservationStaysAsItWas() throws Exception {
        Reservation before = create("r1");
        service.holdModify(TestCallers.user("alice"), "r1", null, 800, Duration.ofMinutes(2));

        service.abortModify(TestCallers.user("alice"), "r1");

        assertEquals(before.request(), service.get(ITSELF, "r1").request());
        for (ScriptedController c : List.of(wan, campus, peer)) {
            assertEquals(List.of(0, 0), List.of(c.pending.size(), c.applied.size()), c.name());
        }
    }

    @Test
    void onlyAReservedOrActiveReservationCanBeModified() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", true));

        BadRequest e = assertThrows(BadRequest.class, () -> service.modify(TestCallers.user("alice"), "r1", null, 900));

        assertEquals("requestId", e.field());
    }

    @Test
    void aRescheduleHoldsTheNewIntervalUnderNewIdsEverywhereBeforeReleasingTheOld() throws Exception {
        Reservation before = create("r1");
        TimeInterval later = new TimeInterval(T0.plus(Duration.ofHours(5)), T0.plus(Duration.ofHours(6)));
        wan.calls.clear();
        campus.calls.clear();
        peer.calls.clear();

        Reservation after = service.reschedule(TestCallers.operator("oscar"), "r1", later, "maintenance of edge-a");

        assertEquals(ReservationState.RESERVED, after.state());
        assertEquals(later, after.request().interval());
        for (ScriptedController c : List.of(wan, campus, peer)) {
            String oldId = before.segments().stream().filter(s -> s.controller().equals(c.name())).findFirst()
                    .orElseThrow().bookingId();
            String newId = after.segments().stream().filter(s -> s.controller().equals(c.name())).findFirst()
                    .orElseThrow().bookingId();
            assertTrue(newId.startsWith(oldId + ":m"), newId);
            assertEquals(SegmentState.COMMITTED, c.segments.get(newId), c.name());
            assertEquals(SegmentState.RELEASED, c.segments.get(oldId), c.name());
            assertEquals("deactivate " + oldId, c.calls.get(c.calls.size() - 1), c.name() + ": the old one last");
        }
        ReservationTransition last = store.history("r1").get(store.history("r1").size() - 1);
        assertEquals(ReservationState.RESERVED, last.from());
        assertEquals(ReservationState.RESERVED, last.to());
        assertEquals("oscar", last.actor());
    }

    @Test
    void aRescheduleThatOnePartRefusesAbortsWhatWasHeldAndChangesNothing() throws Exception {
        Reservation before = create("r1");
        peer.refuseHolds = new Refusal(RefusalCode.HOST_PORT_BUSY, "host-b1", "host-b1 is busy then");
        TimeInterval later = new TimeInterval(T0.plus(Duration.ofHours(5)), T0.plus(Duration.ofHours(6)));

        ChangeRefused e = assertThrows(ChangeRefused.class, () -> service.reschedule(TestCallers.operator("oscar"), "r1", later, "maintenance"));

        assertEquals(RefusalCode.HOST_PORT_BUSY, e.refusal().code());
        Reservation now = service.get(ITSELF, "r1");
        assertEquals(before.request(), now.request());
        assertEquals(before.segments().stream().map(Segment::bookingId).toList(),
                now.segments().stream().map(Segment::bookingId).toList());
        for (ScriptedController c : List.of(wan, campus, peer)) {
            c.segments.forEach((id, state) -> {
                boolean old = before.segments().stream().anyMatch(s -> s.bookingId().equals(id));
                assertEquals(old, state.holdsResources(), c.name() + " " + id + " " + state);
            });
        }
        assertEquals(before.state(), now.state());
        assertEquals(3, store.history("r1").size(), "nothing recorded");
    }

    @Test
    void onlyAReservedReservationCanBeRescheduled() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", true));
        TimeInterval later = new TimeInterval(T0.plus(Duration.ofHours(5)), T0.plus(Duration.ofHours(6)));

        BadRequest e = assertThrows(BadRequest.class, () -> service.reschedule(TestCallers.operator("oscar"), "r1", later, "maintenance"));

        assertEquals(RefusalCode.POLICY, e.refusal().code());
        assertEquals("requestId", e.field());
    }

    @Test
    void aCircuitBetweenTwoHostsOfThisSiteIsOneSegmentOfItsCampus() throws Exception {
        ReservationRequest sameSite = new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("site-a:host-a2"), 500, request("r1", false).interval(), "", false);

        Reservation r = service.create(TestCallers.user("alice"), sameSite);

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(1, r.segments().size());
        assertEquals(new SegmentOrder("site-a:r1:campus", "host-a1", "host-a2", 500,
                BarSettings.defaults().configured(sameSite.interval()), 0, 0), r.segments().get(0).order());
        assertTrue(wan.calls.isEmpty() && peer.calls.isEmpty(), "neither the NSAP nor a peer is asked");
        assertEquals(List.of("holdAndCommit site-a:r1:campus"), campus.calls, "one call holds and commits it");
    }

    @Test
    void endpointsAreThisSitesHostsAndThePeersAsSiteHost() {
        assertEquals(List.of("site-a:host-a1", "site-a:host-a2", "site-b:host-b1"), service.endpoints(ITSELF));
    }
}
