package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

/**
 * The due work of reservations booked ON_PROVISION, on a clock the test sets and parts that
 * follow the NSAP's rules: when it activates, suspends its parts on a release (their bookings
 * kept) and activates them again, and what a release racing an activation leaves. The same behaviours on the federation with its routers:
 * deploy/demo's ProvisionedCircuitsTest.
 */
class ProvisionsTest extends ScriptedSiteTest {

    static final TimeInterval BOOKED = new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2)));
    static final Instant START = BOOKED.start();
    static final Caller ALICE = TestCallers.user("alice");

    static ReservationRequest onProvision(String id) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), 500, BOOKED,
                "test", false).withProvisioning(Provisioning.ON_PROVISION);
    }

    private Reservation book(String id) throws BadRequest {
        Reservation r = service.create(ALICE, onProvision(id));
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        return r;
    }

    private Reservation runDueWorkAt(Instant t, String requestId) throws Exception {
        clock.set(t);
        service.runDueWork().get();
        return service.get(ITSELF, requestId);
    }

    private List<ReservationState> history(String id) {
        return store.history(id).stream().map(ReservationTransition::to).toList();
    }

    private Reservation up(String id) throws Exception {
        book(id);
        service.provision(ALICE, id);
        Reservation active = runDueWorkAt(START, id);
        assertEquals(ReservationState.ACTIVE, active.state(), active.reason());
        return active;
    }

    @Test
    void notProvisionedItIsNotActivatedAtItsStart() throws Exception {
        book("r1");

        Reservation r = runDueWorkAt(START.plusSeconds(1), "r1");

        assertEquals(ReservationState.RESERVED, r.state());
        assertFalse(campus.calls.stream().anyMatch(c -> c.startsWith("activate")), campus.calls.toString());
    }

    @Test
    void notProvisionedAtItsEndItIsFinishedAndItsPartsReleased() throws Exception {
        book("r1");

        Reservation r = runDueWorkAt(BOOKED.end(), "r1");

        assertEquals(ReservationState.FINISHED, r.state(), r.reason());
        assertEquals(List.of(ReservationState.REQUESTED, ReservationState.HELD, ReservationState.RESERVED,
                ReservationState.FINISHED), history("r1"));
        r.segments().forEach(s -> assertEquals(SegmentState.RELEASED, s.state(), s.toString()));
        assertFalse(campus.holdsAnything() || wan.holdsAnything() || peer.holdsAnything());
    }

    @Test
    void provisionedBeforeItsStartItIsActivatedAtItsStart() throws Exception {
        book("r1");
        Reservation provisioned = service.provision(ALICE, "r1");
        assertTrue(provisioned.provisioned());
        assertEquals(ReservationState.RESERVED, provisioned.state());

        assertEquals(ReservationState.RESERVED, runDueWorkAt(START.minusSeconds(5), "r1").state(), "not yet");
        assertEquals(ReservationState.ACTIVE, runDueWorkAt(START, "r1").state());
    }

    @Test
    void aReleaseWhileActiveSuspendsEveryPartKeepingTheSameBookings() throws Exception {
        List<String> before = up("r1").segments().stream().map(Segment::bookingId).toList();
        clock.set(START.plusSeconds(60));
        List.of(campus, wan, peer).forEach(c -> c.calls.clear());

        Reservation released = service.release(ALICE, "r1");

        assertEquals(ReservationState.RESERVED, released.state(), released.reason());
        assertFalse(released.provisioned());
        assertEquals(before, released.segments().stream().map(Segment::bookingId).toList(), "the same booking ids");
        for (Segment s : released.segments()) {
            assertEquals(SegmentState.COMMITTED, s.state(), s.toString());
            assertEquals(SegmentState.COMMITTED, stateAtItsPart(s.bookingId()), s.bookingId());
        }
        // nothing was given up or booked anew: the capacity stayed booked throughout
        for (ScriptedController c : List.of(campus, wan, peer)) {
            assertEquals(1, c.calls.size(), c.name() + ": " + c.calls);
            assertTrue(c.calls.get(0).startsWith("suspend "), c.name() + ": " + c.calls);
        }
        List<ReservationTransition> history = store.history("r1");
        ReservationTransition last = history.get(history.size() - 1);
        assertEquals(ReservationState.RELEASING, last.from());
        assertEquals(ReservationState.RESERVED, last.to());
    }

    @Test
    void aProvisionAfterAReleaseActivatesTheSameSegmentsAgain() throws Exception {
        List<String> before = up("r1").segments().stream().map(Segment::bookingId).toList();
        clock.set(START.plusSeconds(60));
        service.release(ALICE, "r1");

        service.provision(ALICE, "r1");
        Reservation r = runDueWorkAt(START.plusSeconds(61), "r1");

        assertEquals(ReservationState.ACTIVE, r.state(), r.reason());
        assertEquals(before, r.segments().stream().map(Segment::bookingId).toList());
        r.segments().forEach(s -> assertEquals(SegmentState.ACTIVE, stateAtItsPart(s.bookingId()), s.bookingId()));
    }

    @Test
    void aReleaseSuspendsAPartRecordedCommittedWhoseActivationDidNotAnswerButCameUp() throws Exception {
        Reservation active = up("r1");
        clock.set(START.plusSeconds(60));
        // as an activation call that timed out here leaves it: recorded COMMITTED, ACTIVE at its part
        store.updateSegments("r1", active.segments().stream().map(s -> campus.segments.containsKey(s.bookingId())
                ? s.with(new SegmentAnswer(s.bookingId(), SegmentState.COMMITTED, s.sourceVlan(), s.destinationVlan(),
                        s.description(), "")) : s).toList());

        Reservation released = service.release(ALICE, "r1");

        assertEquals(ReservationState.RESERVED, released.state(), released.reason());
        assertFalse(campus.segments.containsValue(SegmentState.ACTIVE), "taken down too: " + campus.segments);
        released.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, stateAtItsPart(s.bookingId()), s.bookingId()));
    }

    @Test
    void aPartNotReachedByTheReleaseIsAskedAgainUntilItAnswers() throws Exception {
        up("r1");
        clock.set(START.plusSeconds(60));
        wan.silent = true;

        Reservation trying = service.release(ALICE, "r1");

        assertEquals(ReservationState.RELEASING, trying.state(), trying.reason());
        wan.silent = false;
        Reservation r = runDueWorkAt(START.plusSeconds(60).plus(BarSettings.defaults().retries().pauseAfter(1)), "r1");
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        r.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, stateAtItsPart(s.bookingId()), s.bookingId()));
    }

    @Test
    void aPartThatRefusesTheReleaseFailsTheReservationAndTheOtherPartsAreReleased() throws Exception {
        Reservation active = up("r1");
        clock.set(START.plusSeconds(60));
        String wanBooking = active.segments().stream().filter(s -> wan.segments.containsKey(s.bookingId())).findFirst()
                .orElseThrow().bookingId();
        wan.segments.put(wanBooking, SegmentState.FAILED); // its routers failed it meanwhile

        Reservation r = service.release(ALICE, "r1");

        assertEquals(ReservationState.FAILED, r.state(), r.reason());
        assertFalse(campus.holdsAnything() || wan.holdsAnything() || peer.holdsAnything(), "nothing stays booked");
    }

    @Test
    void aReleasedReservationNotProvisionedAgainIsFinishedAtItsEndAndItsPartsReleased() throws Exception {
        up("r1");
        clock.set(START.plusSeconds(60));
        service.release(ALICE, "r1");

        Reservation r = runDueWorkAt(BOOKED.end(), "r1");

        assertEquals(ReservationState.FINISHED, r.state(), r.reason());
        r.segments().forEach(s -> assertEquals(SegmentState.RELEASED, stateAtItsPart(s.bookingId()), s.bookingId()));
    }

    @Test
    void reconciliationTakesAReleasedReservationsCommittedPartsAsExpected() throws Exception {
        up("r1");
        clock.set(START.plusSeconds(60));
        service.release(ALICE, "r1");

        assertEquals(0, service.reconcileWithParts());

        Reservation r = service.get(ITSELF, "r1");
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        r.segments().forEach(s -> assertEquals(SegmentState.COMMITTED, stateAtItsPart(s.bookingId()), s.bookingId()));
    }

    @Test
    void aReleaseWhileTheRoutersAreBeingConfiguredLeavesTheCircuitDown() throws Exception {
        book("r1");
        service.provision(ALICE, "r1");
        campus.duringActivation = () -> {
            campus.duringActivation = null;
            try {
                assertEquals(ReservationState.ACTIVATING, service.release(ALICE, "r1").state());
            } catch (BadRequest e) {
                throw new IllegalStateException(e);
            }
        };

        Reservation r = runDueWorkAt(START, "r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertFalse(history("r1").contains(ReservationState.ACTIVE), "never recorded up: " + history("r1"));
        assertFalse(campus.segments.containsValue(SegmentState.ACTIVE) || wan.segments.containsValue(SegmentState.ACTIVE)
                || peer.segments.containsValue(SegmentState.ACTIVE), "nothing left up at any part");
        assertEquals(ReservationState.RESERVED, runDueWorkAt(START.plusSeconds(1), "r1").state(), "and it stays down");
    }

    @Test
    void aReleasedCircuitThatAStoppedBarLeftUpIsTakenDownByTheSweep() throws Exception {
        up("r1");
        // The release was written, and the BAR stopped before it took the circuit down.
        Instant released = START.plusSeconds(10);
        store.provision("r1", false, new ReservationTransition(ReservationState.ACTIVE, ReservationState.ACTIVE, "alice",
                "released by alice", released));

        Reservation r = runDueWorkAt(released.plus(BarSettings.defaults().retries().lease()).plusSeconds(1), "r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertFalse(campus.segments.containsValue(SegmentState.ACTIVE), campus.segments.toString());
    }

    @Test
    void aProvisionLongAfterTheStartIsTriedForTheActivationGraceFromTheProvision() throws Exception {
        book("r1");
        Instant late = START.plus(BarSettings.defaults().retries().activationGrace()).plusSeconds(60);
        clock.set(late);
        service.provision(ALICE, "r1");
        wan.silent = true;

        Reservation trying = runDueWorkAt(late, "r1");
        assertEquals(ReservationState.ACTIVATING, trying.state(), "tried again, not failed: " + trying.reason());
        wan.silent = false;
        Reservation up = runDueWorkAt(late.plusSeconds(2), "r1");

        assertEquals(ReservationState.ACTIVE, up.state(), up.reason());
    }

    @Test
    void aProvisionOrReleaseAskedAgainAnswersTheReservationAsItIs() throws Exception {
        book("r1");

        service.provision(ALICE, "r1");
        Reservation again = service.provision(ALICE, "r1");
        service.release(ALICE, "r1");
        Reservation releasedAgain = service.release(ALICE, "r1");

        assertTrue(again.provisioned());
        assertFalse(releasedAgain.provisioned());
        assertEquals(2, store.history("r1").stream().filter(t -> t.from() == t.to()).count(),
                "one entry for the provision, one for the release: " + store.history("r1"));
    }

    private SegmentState stateAtItsPart(String bookingId) {
        for (ScriptedController c : List.of(campus, wan, peer)) {
            if (c.segments.containsKey(bookingId)) {
                return c.segments.get(bookingId);
            }
        }
        return null;
    }
}
