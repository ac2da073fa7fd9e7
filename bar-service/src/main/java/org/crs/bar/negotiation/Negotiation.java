package org.crs.bar.negotiation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.bar.negotiation.SegmentCalls.Outcome;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.reservation.SegmentRole;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.time.TimeInterval;

/**
 * Books a circuit's segments all or nothing. Between two sites the NSAP holds the WAN path
 * first and names the hand-off VLAN at each access point; the two campus segments are then
 * held on those VLANs in parallel. To another network booked over NSI, that network's provider
 * holds the far part first and chooses the VLAN of the hand-off port; this site's campus is then
 * held on it. If any part refuses or does not answer within its
 * controller's deadline, every part that may be held is aborted. Between two hosts of this
 * site one campus segment is held by the site's L-NSAP.
 *
 * <p>A part that did not answer may still book afterwards (a slow peer): it is aborted at once
 * and again {@link #LATE_ABORT} later, as a follow-up the BAR keeps (so a restart does not
 * forget it) and tries again, ever less often, until the controller answers. An abort that did
 * not reach its controller is kept the same way.
 *
 * @param calls the calls on the segments, also for those that act on them later (the due work)
 * @param settings how long holds last during a negotiation, and how calls are tried again
 * @param followUps keeps the calls to try again
 */
public record Negotiation(SegmentCalls calls, BarSettings settings, FollowUps followUps) {

    /** Keeps calls on segments that did not reach their controllers, to be tried again. */
    @FunctionalInterface
    public interface FollowUps {
        /**
         * Keeps the call {@code action} on each of {@code segments} of reservation
         * {@code requestId}, first tried again {@code after} from now.
         */
        void keep(String requestId, List<Segment> segments, FollowUp.Action action, String reason, Duration after);
    }

    /** How long after a hold that did not answer it is aborted again. */
    public static final Duration LATE_ABORT = Duration.ofSeconds(5);

    /**
     * What holding every segment came to: all held (refusal null), or a refusal with every part
     * that may have been held aborted.
     *
     * @param reason why it went on, for the history (null when refused)
     * @param refusal why not: the code of the part that refused (see {@link SegmentCalls#refusalOf}),
     *     and every failed part and why in its message; null when held
     * @param answered whether every part that failed answered (a refusal), rather than stayed silent
     */
    public record Holding(List<Segment> segments, String reason, Refusal refusal, boolean answered) {

        public boolean held() {
            return refusal == null;
        }
    }

    /** What committing came to: the segments as answered, and the parts that could not commit. */
    public record Commitment(List<Segment> segments, List<String> failures) {

        public boolean committed() {
            return failures.isEmpty();
        }
    }

    /** Holds every segment of the reservation; see {@link Holding}. */
    public Holding holdAll(Reservation r) {
        if (r.request().sameSite()) {
            return holdCampusOnly(r);
        }
        if (r.segments().stream().anyMatch(s -> s.role() == SegmentRole.FAR_NETWORK)) {
            return holdWithFarNetwork(r);
        }
        Segment wan = r.segment(SegmentRole.WAN);
        Outcome wanHeld = calls.onOne(wan, (controller, s) -> controller.hold(s.order(), settings.negotiationHold()));
        if (wanHeld.failure() != null) {
            List<Segment> segments = r.segments();
            if (!wanHeld.failure().answered()) {
                segments = SegmentCalls.merge(segments, List.of(abortOne(wan, "the WAN hold did not answer in time")));
                abortAgainLater(r.requestId(), List.of(wan));
            }
            return new Holding(segments, null, SegmentCalls.refusalOf(List.of(wanHeld), wanHeld.describe()),
                    wanHeld.failure().answered());
        }
        Segment held = wanHeld.segment();
        Segment local = withVlans(r.segment(SegmentRole.LOCAL_CAMPUS), 0, held.sourceVlan());
        Segment remote = withVlans(r.segment(SegmentRole.REMOTE_CAMPUS), held.destinationVlan(), 0);
        // Unless the client asked to stop at HELD, the remote campus is the last part: the peer BAR
        // holds and commits it in one call (two calls and a write fewer for it and its L-NSAP), and
        // if another part fails it is aborted like a held one.
        boolean commitRemote = !r.request().holdOnly();
        List<Outcome> campuses = calls.onEvery(List.of(local, remote), (controller, s) ->
                commitRemote && s.role() == SegmentRole.REMOTE_CAMPUS ? controller.holdAndCommit(s.order())
                        : controller.hold(s.order(), settings.negotiationHold()));
        List<Segment> segments = new ArrayList<>();
        segments.add(held);
        segments.addAll(SegmentCalls.segmentsOf(campuses));
        List<String> failures = SegmentCalls.failed(campuses);
        if (failures.isEmpty()) {
            return new Holding(segments, "every segment held", null, true);
        }
        // Abort all parts that may be held: those that answered HELD, and those that did not answer.
        List<Segment> toAbort = new ArrayList<>();
        toAbort.add(held);
        campuses.stream().filter(Outcome::mayHold).map(Outcome::segment).forEach(toAbort::add);
        List<Segment> aborted = replaced(segments, abortAll(r.requestId(), toAbort, "another segment of the circuit refused"));
        List<Segment> silent = campuses.stream().filter(o -> o.failure() != null && !o.failure().answered())
                .map(Outcome::segment).toList();
        abortAgainLater(r.requestId(), silent);
        return new Holding(aborted, null, SegmentCalls.refusalOf(campuses, String.join("; ", failures)), silent.isEmpty());
    }

    /**
     * To another network booked over NSI: its provider holds the far part first, choosing the
     * hand-off VLAN from the hand-off's whole range (as the WAN chooses the access points'), then
     * this site's L-NSAP holds the campus from the host to the hand-off on that VLAN, and unless
     * the client asked to stop at HELD commits it in the same call (it is the last part). If the
     * campus fails, the far part is aborted; if the far network refuses or does not answer,
     * nothing else is asked and the far part is aborted when it may be held.
     */
    private Holding holdWithFarNetwork(Reservation r) {
        Segment far = r.segment(SegmentRole.FAR_NETWORK);
        Outcome farHeld = calls.onOne(far, (controller, s) -> controller.hold(s.order(), settings.negotiationHold()));
        if (farHeld.failure() != null) {
            List<Segment> segments = r.segments();
            if (!farHeld.failure().answered()) {
                segments = SegmentCalls.merge(segments, List.of(abortOne(far, "the far network's hold did not answer in time")));
                abortAgainLater(r.requestId(), List.of(far));
            }
            return new Holding(segments, null, SegmentCalls.refusalOf(List.of(farHeld), farHeld.describe()),
                    farHeld.failure().answered());
        }
        Segment held = farHeld.segment();
        // The far part runs from the hand-off: the VLAN it confirmed there is the campus's at the hand-off.
        Segment local = withVlans(r.segment(SegmentRole.LOCAL_CAMPUS), 0, held.sourceVlan());
        Outcome campus = calls.onOne(local, (controller, s) -> r.request().holdOnly()
                ? controller.hold(s.order(), settings.negotiationHold()) : controller.holdAndCommit(s.order()));
        List<Segment> segments = List.of(held, campus.segment());
        if (campus.failure() == null) {
            return new Holding(segments, "every segment held", null, true);
        }
        List<Segment> toAbort = new ArrayList<>(List.of(held));
        if (campus.mayHold()) {
            toAbort.add(campus.segment());
        }
        List<Segment> aborted = replaced(segments, abortAll(r.requestId(), toAbort, "another segment of the circuit refused"));
        if (!campus.failure().answered()) {
            abortAgainLater(r.requestId(), List.of(campus.segment()));
        }
        return new Holding(aborted, null, SegmentCalls.refusalOf(List.of(campus), campus.describe()),
                campus.failure().answered());
    }

    /**
     * Between two hosts of this site: this site's L-NSAP holds the one segment, and unless the
     * client asked to stop at HELD commits it in the same call.
     */
    private Holding holdCampusOnly(Reservation r) {
        Outcome held = calls.onOne(r.segment(SegmentRole.LOCAL_CAMPUS), (controller, s) -> r.request().holdOnly()
                ? controller.hold(s.order(), settings.negotiationHold()) : controller.holdAndCommit(s.order()));
        if (held.failure() == null) {
            return new Holding(List.of(held.segment()), "the campus segment is held", null, true);
        }
        if (!held.failure().answered()) {
            abortOne(held.segment(), "the hold did not answer in time");
            abortAgainLater(r.requestId(), List.of(held.segment()));
        }
        return new Holding(List.of(held.segment()), null, SegmentCalls.refusalOf(List.of(held), held.describe()),
                held.failure().answered());
    }

    /**
     * Commits held segments; if one cannot commit, aborts them all (a segment held and committed
     * in one call is committed already, and is aborted like the others).
     */
    public Commitment commitAll(String requestId, List<Segment> heldSegments) {
        List<Outcome> outcomes = calls.onEvery(heldSegments.stream().filter(s -> s.state() != SegmentState.COMMITTED)
                .toList(), (controller, s) -> controller.commit(s.bookingId()));
        List<Segment> segments = SegmentCalls.merge(heldSegments, outcomes);
        List<String> failures = SegmentCalls.notReached(outcomes, SegmentState.COMMITTED);
        if (!failures.isEmpty()) {
            segments = abortAll(requestId, segments, "another segment of the circuit could not be committed");
        }
        return new Commitment(segments, failures);
    }

    /**
     * Aborts every segment that may hold resources (or whose hold was never answered); an abort
     * that does not reach its controller is kept as a follow-up.
     */
    public List<Segment> abortAll(String requestId, List<Segment> segments, String reason) {
        List<Segment> attempted = segments.stream().filter(s -> s.state() == null || s.state().holdsResources()).toList();
        List<Outcome> outcomes = calls.onEvery(attempted, (controller, s) -> controller.abort(s.bookingId(), reason));
        keepUnanswered(requestId, outcomes, FollowUp.Action.ABORT, reason);
        return SegmentCalls.merge(segments, outcomes);
    }

    /** Keeps the calls that did not reach their controllers as follow-ups, first tried after the first pause. */
    public void keepUnanswered(String requestId, List<Outcome> outcomes, FollowUp.Action action, String reason) {
        List<Segment> unanswered = outcomes.stream().filter(o -> o.failure() != null && !o.failure().answered())
                .map(Outcome::segment).toList();
        if (!unanswered.isEmpty()) {
            followUps.keep(requestId, unanswered, action, reason, settings.retries().pause());
        }
    }

    /**
     * Keeps a release follow-up for every part of {@code released} that is not down yet: it did
     * not answer, or it answered that its segment is still on its way (DEACTIVATING, or
     * ACTIVATING at a service that is finishing an activation): a release that raced an
     * activation there is asked again until the part answers a final state, so the BAR's record
     * of it settles and a part that did not finish the release is asked for it again.
     */
    public void keepUntilReleased(String requestId, List<Outcome> released, String reason) {
        List<Segment> notDown = released.stream().filter(o -> o.failure() != null ? !o.failure().answered()
                : o.segment().state() == SegmentState.DEACTIVATING || o.segment().state() == SegmentState.ACTIVATING)
                .map(Outcome::segment).toList();
        if (!notDown.isEmpty()) {
            followUps.keep(requestId, notDown, FollowUp.Action.RELEASE, reason, settings.retries().pause());
        }
    }

    private Outcome abortOne(Segment s, String reason) {
        return calls.onOne(s, (controller, x) -> controller.abort(x.bookingId(), reason));
    }

    /** Aborts segments whose hold did not answer again later, when a late hold would have arrived. */
    private void abortAgainLater(String requestId, List<Segment> silent) {
        if (!silent.isEmpty()) {
            followUps.keep(requestId, silent, FollowUp.Action.ABORT,
                    "the circuit was given up while this hold was under way", LATE_ABORT);
        }
    }

    /** Deactivates every segment (a committed one is released, an active one taken down). */
    public List<Outcome> deactivateAll(List<Segment> segments) {
        return calls.onEvery(segments, (controller, s) -> controller.deactivate(s.bookingId()));
    }

    /**
     * Suspends every segment in parallel: an active one is taken off its routers and stays
     * booked (COMMITTED), for a later {@link #activateAll}; a committed one answers as it is.
     */
    public List<Outcome> suspendAll(List<Segment> segments) {
        return calls.onEvery(segments, (controller, s) -> controller.suspend(s.bookingId()));
    }

    /** Activates every segment in parallel. */
    public List<Outcome> activateAll(List<Segment> segments) {
        return calls.onEvery(segments, (controller, s) -> controller.activate(s.bookingId()));
    }

    /**
     * Changes every segment's end and bandwidth, all or nothing: every segment holds the change,
     * then every segment commits it; if one cannot hold it, every held change is dropped.
     *
     * @return the segments as committed with the change
     * @throws ChangeNotHeld naming every segment that refused or did not answer
     */
    public List<Outcome> change(List<Segment> segments, Instant end, long mbps) throws ChangeNotHeld {
        holdChange(segments, end, mbps, settings.negotiationHold());
        return commitChange(segments);
    }

    /**
     * Holds a change of every segment's end and bandwidth until {@code holdFor} from now, all or
     * nothing: if one cannot hold it, every held change is dropped.
     *
     * @throws ChangeNotHeld naming every segment that refused or did not answer
     */
    public void holdChange(List<Segment> segments, Instant end, long mbps, Duration holdFor) throws ChangeNotHeld {
        List<Outcome> held = calls.onEvery(segments, (controller, s) -> controller.modify(s.bookingId(), end, mbps, holdFor));
        List<String> failures = SegmentCalls.failed(held);
        if (!failures.isEmpty()) {
            List<Segment> mayHold = held.stream().filter(Outcome::mayHold).map(Outcome::segment).toList();
            abortChange(mayHold);
            throw new ChangeNotHeld(failures, SegmentCalls.refusalOf(held, String.join("; ", failures)));
        }
    }

    /** Applies every segment's held change; each outcome says whether its segment did. */
    public List<Outcome> commitChange(List<Segment> segments) {
        return calls.onEvery(segments, (controller, s) -> controller.commitModify(s.bookingId()));
    }

    /** Drops every segment's held change (a segment with none answers as it is). */
    public List<Outcome> abortChange(List<Segment> segments) {
        return calls.onEvery(segments, (controller, s) -> controller.abortModify(s.bookingId()));
    }

    /** A change that some segment could not hold; every held change was dropped. */
    public static final class ChangeNotHeld extends Exception {
        private static final long serialVersionUID = 1L;
        private final List<String> failures;
        private final Refusal refusal;

        ChangeNotHeld(List<String> failures, Refusal refusal) {
            super(String.join("; ", failures));
            this.failures = List.copyOf(failures);
            this.refusal = refusal;
        }

        public List<String> failures() {
            return failures;
        }

        /** Why, with the code of the segment that refused the change (see {@link SegmentCalls#refusalOf}). */
        public Refusal refusal() {
            return refusal;
        }
    }

    /** The segments with those of the same booking id in {@code updated} put in their place. */
    private static List<Segment> replaced(List<Segment> segments, List<Segment> updated) {
        return segments.stream().map(s -> updated.stream().filter(u -> u.bookingId().equals(s.bookingId())).findFirst()
                .orElse(s)).toList();
    }

    /** The segment with its order on other hand-off VLANs. */
    private static Segment withVlans(Segment s, int sourceVlan, int destinationVlan) {
        SegmentOrder o = s.order();
        return s.withOrder(new SegmentOrder(o.bookingId(), o.source(), o.destination(), o.bandwidthMbps(), o.interval(),
                sourceVlan, destinationVlan));
    }

    /** The segment with its order at another bandwidth and configured interval. */
    public static Segment withBooking(Segment s, long mbps, TimeInterval interval) {
        SegmentOrder o = s.order();
        return s.withOrder(new SegmentOrder(o.bookingId(), o.source(), o.destination(), mbps, interval, o.sourceVlan(),
                o.destinationVlan()));
    }
}
