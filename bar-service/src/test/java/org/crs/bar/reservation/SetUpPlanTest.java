package org.crs.bar.reservation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.junit.jupiter.api.Test;

/** When activations begin: at a fixed lead, or early enough for the work queued on their parts. */
class SetUpPlanTest {

    static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    static final Duration LEAD = Duration.ofMinutes(5);
    static final SetUpPlan.Queued PLAN = new SetUpPlan.Queued(Duration.ofMillis(700), Duration.ofSeconds(6), 50,
            Duration.ofSeconds(1));

    static Reservation circuit(String id, Instant start, String... controllers) {
        List<Segment> segments = new ArrayList<>();
        for (String c : controllers) {
            segments.add(new Segment(SegmentRole.WAN, c, new SegmentOrder(id + "-" + c, "a", "b", 100,
                    new TimeInterval(start.minus(LEAD), start.plus(Duration.ofHours(1))), 0, 0), null, 0, 0, ""));
        }
        return new Reservation(new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"),
                100, new TimeInterval(start, start.plus(Duration.ofHours(1))), "", false),
                "alice", ReservationState.RESERVED, "", segments, START, START, null);
    }

    static List<Reservation> burst(int n, Instant start) {
        List<Reservation> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(circuit("r" + i, start, "lnsap-a", "nsap", "peer-b"));
        }
        return out;
    }

    @Test
    void fixedPlanBeginsEveryActivationAtTheSetUpLead() {
        List<Reservation> due = burst(200, START);
        assertEquals(START.minus(LEAD), new SetUpPlan.Fixed().activationBegins(due.get(7), due, LEAD));
    }

    @Test
    void aLoneCircuitBeginsItsOwnWorkBeforeItsStart() {
        Reservation lone = circuit("lone", START, "lnsap-a", "nsap");
        assertEquals(START.minusMillis(6_700), PLAN.activationBegins(lone, List.of(lone), LEAD));
    }

    @Test
    void aLeadShorterThanTheMinimumIsTheMinimum() {
        SetUpPlan quick = new SetUpPlan.Queued(Duration.ofMillis(10), Duration.ofMillis(100), 50, Duration.ofSeconds(1));
        Reservation lone = circuit("lone", START, "lnsap-a", "nsap");
        assertEquals(START.minusSeconds(1), quick.activationBegins(lone, List.of(lone), LEAD));
    }

    @Test
    void aBurstBeginsEarlyEnoughForEveryCircuitAndBatchQueuedOnItsParts() {
        List<Reservation> due = burst(100, START);
        // 100 circuits of 700 ms; the first alone, then 99 in two batches: three of 6 s; 88 s.
        assertEquals(START.minusSeconds(88), PLAN.activationBegins(due.get(0), due, LEAD));
        assertEquals(START.minusSeconds(88), PLAN.activationBegins(due.get(99), due, LEAD));
    }

    @Test
    void circuitsStartingLaterOrOnOtherPartsAreNotQueuedBeforeIt() {
        List<Reservation> due = new ArrayList<>(burst(10, START.plusSeconds(60)));
        due.add(circuit("elsewhere", START, "lnsap-c", "nsap-2"));
        Reservation first = circuit("first", START, "lnsap-a", "nsap");
        due.add(first);
        // Only itself: 700 ms and one batch.
        assertEquals(START.minusMillis(6_700), PLAN.activationBegins(first, due, LEAD));
    }

    @Test
    void theLeadNeverExceedsTheBookedSetUpLead() {
        List<Reservation> due = burst(1000, START);
        assertEquals(START.minus(LEAD), PLAN.activationBegins(due.get(0), due, LEAD));
    }

    @Test
    void aBatchOfNoCircuitsIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new SetUpPlan.Queued(Duration.ofMillis(700), Duration.ofSeconds(6), 0, Duration.ofSeconds(1)));
    }
}
