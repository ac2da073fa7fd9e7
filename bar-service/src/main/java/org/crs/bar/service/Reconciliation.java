package org.crs.bar.service;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.SegmentCalls;
import org.crs.bar.negotiation.SegmentCalls.Outcome;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.ReservationState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares this BAR's live reservations with what their parts hold, and makes them agree. The
 * BAR runs it at start and periodically. A reserved circuit needs every part COMMITTED; an
 * active one, every part ACTIVE. A part that answers it no longer has the segment (released,
 * aborted, expired, failed, or unknown to it, as a lost database leaves) has lost it: the
 * reservation FAILS and every other part is released (an active circuit is torn down first).
 * An active circuit's part found only COMMITTED (its service rolled an interrupted activation
 * back) is activated again. A part that does not answer is asked again next time.
 *
 * <p>The other direction, a part holding a segment no live reservation wants, is found by the
 * L-NSAPs and the NSAP, which ask the BAR ({@link ReservationService#segmentWanted}).
 */
final class Reconciliation {

    private static final Logger LOG = LoggerFactory.getLogger(Reconciliation.class);
    private static final int BATCH = 10_000;

    private final Recorder recorder;
    private final Negotiation negotiation;
    private final DueWork dueWork;
    private final AtomicBoolean running = new AtomicBoolean();

    Reconciliation(Recorder recorder, Negotiation negotiation, DueWork dueWork) {
        this.recorder = recorder;
        this.negotiation = negotiation;
        this.dueWork = dueWork;
    }

    /**
     * One round over every reserved and active reservation.
     *
     * @return how many reservations were changed
     */
    int run() {
        if (!running.compareAndSet(false, true)) {
            return 0; // a round is still under way
        }
        try {
            return runRound();
        } finally {
            running.set(false);
        }
    }

    private int runRound() {
        int changed = 0;
        for (Reservation r : recorder.store().list(EnumSet.of(ReservationState.RESERVED, ReservationState.ACTIVE), null,
                BATCH)) {
            if (reconcile(r)) {
                changed++;
            }
        }
        if (changed > 0) {
            LOG.warn("reconciliation changed {} reservation(s)", changed);
        }
        return changed;
    }

    private boolean reconcile(Reservation r) {
        List<Outcome> answers = negotiation.calls().onEvery(r.segments(), (controller, s) -> controller.status(s.bookingId()));
        SegmentState needed = r.state() == ReservationState.ACTIVE ? SegmentState.ACTIVE : SegmentState.COMMITTED;
        List<String> lost = answers.stream().filter(o -> lostIt(o, needed)).map(Outcome::describe).toList();
        if (lost.isEmpty()) {
            // one released while up is the due work's to take down, not to bring up again
            if (r.state() == ReservationState.ACTIVE && r.mayBeUp()) {
                return activateAgain(r, answers);
            }
            return false;
        }
        String why = "a part no longer holds its segment: " + String.join("; ", lost);
        LOG.warn("reservation {}: {}", r.requestId(), why);
        List<Segment> segments = SegmentCalls.merge(r.segments(), answers.stream().filter(o -> o.failure() == null).toList());
        Reservation now = recorder.current(r.requestId());
        if (now.state() != r.state()) {
            return false; // it moved on meanwhile; the next round sees it as it is
        }
        if (r.state() == ReservationState.ACTIVE) {
            dueWork.tearDown(now.withSegments(segments), ReservationState.FAILED, ReservationService.SCHEDULER, why);
            return true;
        }
        dueWork.endReleasingParts(now, segments, ReservationState.FAILED, ReservationService.SCHEDULER, why);
        return true;
    }

    /** Whether the part answered that it does not hold the segment as {@code needed}, nor is on its way there. */
    private static boolean lostIt(Outcome o, SegmentState needed) {
        if (o.failure() != null) {
            return o.failure().answered(); // it does not know the booking
        }
        SegmentState s = o.segment().state();
        return s.isFinal() || (needed == SegmentState.COMMITTED && s == SegmentState.HELD);
    }

    /** Activates again the parts of an active circuit that their service rolled back to COMMITTED. */
    private boolean activateAgain(Reservation r, List<Outcome> answers) {
        List<Segment> rolledBack = answers.stream().filter(o -> o.reached(SegmentState.COMMITTED)).map(Outcome::segment)
                .toList();
        if (rolledBack.isEmpty()) {
            return false;
        }
        LOG.warn("reservation {} is ACTIVE but {} part(s) are only COMMITTED; activating them again", r.requestId(),
                rolledBack.size());
        List<Outcome> activated = negotiation.activateAll(rolledBack);
        recorder.store().updateSegments(r.requestId(), SegmentCalls.merge(r.segments(), activated));
        return true;
    }
}
