package org.crs.bar.service;

import java.util.Optional;
import java.util.Set;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.CriteriaChange;
import org.crs.bar.port.NsiOutgoing;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.domain.reservation.ReservationState;

/**
 * What an NSI connection owes its requester given what its BAR reservation did: one decision from
 * the connection and the reservation as they are now, so that it is the same (a result with its
 * request's correlation id) whether it is made right after the provider's own call to the BAR or by the
 * sweep that compares every live connection with its reservation (after a restart, on another
 * replica, or for what the BAR did on its own: the hold lapsing, the circuit coming up at its
 * start, its end, a failure). Each event moves the connection only if the machines allow it, so a
 * decision made twice owes its messages once.
 */
final class NsiFollower {

    private static final Set<ReservationState> COMMITTED = Set.of(ReservationState.RESERVED, ReservationState.ACTIVATING,
            ReservationState.ACTIVE, ReservationState.RELEASING, ReservationState.FINISHED);
    private static final Set<ReservationState> GONE = Set.of(ReservationState.ABORTED, ReservationState.REJECTED);

    private final NsiConnectionChanges changes;
    private final int holdSeconds;

    NsiFollower(NsiConnectionChanges changes, int holdSeconds) {
        this.changes = changes;
        this.holdSeconds = holdSeconds;
    }

    /**
     * The change {@code c} owes for reservation {@code r}; empty when it owes nothing.
     *
     * <p>A result carries the correlation id of the request that started the transition it ends,
     * as kept with the connection ({@link NsiConnection#awaited()}), whoever decides it; a
     * notification a fresh one.
     *
     * @param correlationId the correlation id of the request whose call this decision follows; used
     *     only for a connection that kept none (one from before schema/bar V19); empty: the sweep
     */
    Optional<Change> decide(NsiConnection c, Reservation r, Optional<String> correlationId) {
        Change change = changes.start(c);
        String result = resultId(c.awaited().reservation(), correlationId);
        ReservationState s = r.state();
        NsiReservationState rs = c.states().reservation();
        if (c.modifying()) {
            change = modify(change, r, result);
        } else if (rs == NsiReservationState.RESERVE_CHECKING && s == ReservationState.HELD) {
            NsiCriteria granted = granted(c.requested(), r);
            Optional<Change> held = NsiConnectionChanges.then(change, NsiEvent.RESERVE_HELD);
            if (held.isPresent()) {
                change = changes.owe(held.get().with(new CriteriaChange.Requested(granted)), result,
                        new NsiOutgoing.ReserveConfirmed(c, granted));
            }
        } else if (rs == NsiReservationState.RESERVE_CHECKING && GONE.contains(s)) {
            NsiRefusal why = r.refusalCode() != null ? NsiRefusal.ofBar(r.refusalCode(), r.reason())
                    : NsiRefusal.of(NsiErrorId.RESOURCE_UNAVAILABLE, "the reservation is " + s + ": " + r.reason());
            change = failed(change, result, why, NsiEvent.RESERVE_FAILED, NsiMessageKind.RESERVE_FAILED);
        } else if (rs == NsiReservationState.RESERVE_HELD && s == ReservationState.ABORTED
                && c.states().lifecycle() == LifecycleState.CREATED) {
            Optional<Change> timedOut = NsiConnectionChanges.then(change, NsiEvent.HOLD_TIMED_OUT);
            if (timedOut.isPresent()) {
                Change ch = timedOut.get();
                change = changes.owe(ch, NsiConnectionChanges.newCorrelationId(), new NsiOutgoing.ReserveTimeout(
                        c.connectionId(), NsiConnectionChanges.nextNotificationId(ch), ch.at(), holdSeconds,
                        c.providerNsa()));
            }
        } else if (rs == NsiReservationState.RESERVE_COMMITTING && (COMMITTED.contains(s) || s == ReservationState.CANCELLED
                || s == ReservationState.FAILED)) {
            Optional<Change> confirmed = NsiConnectionChanges.then(change, NsiEvent.COMMIT_CONFIRMED);
            if (confirmed.isPresent()) {
                change = changes.owe(confirmed.get().with(new CriteriaChange.Committed()), result,
                        new NsiOutgoing.Confirmed(NsiMessageKind.RESERVE_COMMIT_CONFIRMED, c.connectionId()));
            }
        } else if (rs == NsiReservationState.RESERVE_COMMITTING && GONE.contains(s)) {
            change = failed(change.with(new CriteriaChange.Reverted()), result, NsiRefusal.of(
                    s == ReservationState.ABORTED ? NsiErrorId.INVALID_TRANSITION : NsiErrorId.RESOURCE_UNAVAILABLE,
                    "the reservation is " + s + (r.reason().isEmpty() ? "" : ": " + r.reason())),
                    NsiEvent.COMMIT_FAILED, NsiMessageKind.RESERVE_COMMIT_FAILED);
        } else if (rs == NsiReservationState.RESERVE_ABORTING && GONE.contains(s)) {
            Optional<Change> aborted = NsiConnectionChanges.then(change, NsiEvent.ABORT_CONFIRMED);
            if (aborted.isPresent()) {
                change = changes.owe(aborted.get().with(new CriteriaChange.Reverted()), result,
                        new NsiOutgoing.Confirmed(NsiMessageKind.RESERVE_ABORT_CONFIRMED, c.connectionId()));
            }
        }
        change = provision(change, r, resultId(c.awaited().provision(), correlationId));
        change = dataPlane(change, r);
        change = lifecycle(change, r, resultId(c.awaited().lifecycle(), correlationId));
        return change.next().equals(c.states()) && change.messages().isEmpty() && change.criteria() instanceof
                CriteriaChange.Unchanged ? Optional.empty() : Optional.of(change);
    }

    /** The awaited request's correlation id, else the calling request's, else (neither known) a fresh one. */
    private static String resultId(Optional<String> awaited, Optional<String> calling) {
        return awaited.or(() -> calling).orElseGet(NsiConnectionChanges::newCorrelationId);
    }

    /**
     * A modify under way. Its check, hold and commit are the provider's own calls to the BAR, which
     * leave the reservation as it was until the commit; what is decided here is what is seen from
     * the reservation and the clock, the same after a restart: the commit made (the reservation
     * has the asked end and capacity: reserveCommitConfirmed, the new version committed), the abort
     * (reserveAbortConfirmed, the committed version requested again: decided here only past the
     * modify's deadline, when the reserveAbort's own call was lost), and the modify's deadline
     * passed while it was held (reserveTimeout) or checked (reserveFailed): the BAR's hold at the
     * parts has lapsed by then. A commit not seen made fails (reserveCommitFailed) only a further
     * hold after the deadline: its own call began before the deadline and may still be finishing.
     */
    private Change modify(Change change, Reservation r, String result) {
        NsiConnection c = change.read();
        boolean lapsed = c.modifyDeadline().map(d -> !change.at().isBefore(d)).orElse(false);
        return switch (c.states().reservation()) {
            case RESERVE_HELD -> {
                if (!lapsed) {
                    yield change;
                }
                Optional<Change> timedOut = NsiConnectionChanges.then(change, NsiEvent.HOLD_TIMED_OUT);
                yield timedOut.map(ch -> changes.owe(ch, NsiConnectionChanges.newCorrelationId(),
                        new NsiOutgoing.ReserveTimeout(c.connectionId(), NsiConnectionChanges.nextNotificationId(ch),
                                ch.at(), holdSeconds, c.providerNsa()))).orElse(change);
            }
            case RESERVE_COMMITTING -> {
                if (applied(c.requested(), r)) {
                    yield NsiConnectionChanges.then(change, NsiEvent.COMMIT_CONFIRMED).map(ch -> changes.owe(
                            ch.with(new CriteriaChange.Committed()), result, new NsiOutgoing.Confirmed(
                                    NsiMessageKind.RESERVE_COMMIT_CONFIRMED, c.connectionId()))).orElse(change);
                }
                // The commit's own call checked the deadline before it began and may still be under way at
                // the BAR: only a commit not seen made a further hold after the deadline (the call lost in
                // a crash) has failed.
                boolean commitLapsed = c.modifyDeadline()
                        .map(d -> !change.at().isBefore(d.plusSeconds(holdSeconds))).orElse(false);
                yield commitLapsed ? failed(change.with(new CriteriaChange.Reverted()), result, NsiRefusal.of(
                        NsiErrorId.INVALID_TRANSITION, "the modify's hold lapsed at " + c.modifyDeadline().get()
                        + " and it was not seen committed " + holdSeconds + " s later"), NsiEvent.COMMIT_FAILED,
                        NsiMessageKind.RESERVE_COMMIT_FAILED) : change;
            }
            // The reserveAbort's own call confirms it once the BAR dropped the change (NsiModify.abort), so
            // that no new modify races a late abort; the sweep only when its call was lost.
            case RESERVE_ABORTING -> lapsed ? abortConfirmed(change, result) : change;
            case RESERVE_CHECKING -> lapsed ? failed(change, result, NsiRefusal.of(NsiErrorId.INTERNAL_ERROR,
                    "the modify was not checked before its deadline " + c.modifyDeadline().get()),
                    NsiEvent.RESERVE_FAILED, NsiMessageKind.RESERVE_FAILED) : change;
            default -> change;
        };
    }

    /** {@code change} moved by ABORT_CONFIRMED, the committed criteria requested again, owing reserveAbortConfirmed. */
    Change abortConfirmed(Change change, String correlationId) {
        return NsiConnectionChanges.then(change, NsiEvent.ABORT_CONFIRMED).map(ch -> changes.owe(
                ch.with(new CriteriaChange.Reverted()), correlationId, new NsiOutgoing.Confirmed(
                        NsiMessageKind.RESERVE_ABORT_CONFIRMED, ch.read().connectionId()))).orElse(change);
    }

    /** Whether the reservation has the end and capacity of {@code asked}: a modify to them was committed. */
    private static boolean applied(NsiCriteria asked, Reservation r) {
        return r.request().bandwidthMbps() == asked.capacityMbps()
                && asked.end().equals(Optional.of(r.request().interval().end()));
    }

    private Change provision(Change change, Reservation r, String result) {
        ProvisionState p = change.next().provision();
        boolean settled = r.work() == null;
        if (p == ProvisionState.PROVISIONING && r.provisioned()) {
            return confirm(change, NsiEvent.PROVISION_CONFIRMED, NsiMessageKind.PROVISION_CONFIRMED, result);
        }
        if (p == ProvisionState.RELEASING && !r.provisioned() && settled && r.state() != ReservationState.ACTIVE) {
            return confirm(change, NsiEvent.RELEASE_CONFIRMED, NsiMessageKind.RELEASE_CONFIRMED, result);
        }
        return change;
    }

    /** Up while the reservation is ACTIVE; down otherwise; each change told as a dataPlaneStateChange. */
    private Change dataPlane(Change change, Reservation r) {
        boolean up = r.state() == ReservationState.ACTIVE;
        // Up with an older version: a modify was committed while the circuit was up, which now carries the new one.
        boolean older = up && change.next().dataPlaneActive() && change.read().committedVersion().isPresent()
                && change.next().dataPlaneVersion() != change.read().committedVersion().getAsInt();
        if (up == change.next().dataPlaneActive() && !older) {
            return change;
        }
        Optional<Change> moved = NsiConnectionChanges.then(change, up ? NsiEvent.DATA_PLANE_UP : NsiEvent.DATA_PLANE_DOWN);
        if (moved.isEmpty()) {
            return change;
        }
        Change ch = moved.get();
        return changes.owe(ch, NsiConnectionChanges.newCorrelationId(), new NsiOutgoing.DataPlaneChange(
                ch.read().connectionId(), NsiConnectionChanges.nextNotificationId(ch), ch.at(), ch.next()));
    }

    private Change lifecycle(Change change, Reservation r, String result) {
        LifecycleState l = change.next().lifecycle();
        NsiConnection c = change.read();
        boolean settled = r.work() == null;
        if (l == LifecycleState.TERMINATING && settled && r.state().isFinal()) {
            return confirm(change, NsiEvent.TERMINATE_CONFIRMED, NsiMessageKind.TERMINATE_CONFIRMED, result);
        }
        if (l != LifecycleState.CREATED || !settled) {
            return change;
        }
        if (r.state() == ReservationState.FINISHED) {
            return NsiConnectionChanges.then(change, NsiEvent.END_TIME_PASSED).orElse(change);
        }
        if (r.state() == ReservationState.FAILED || r.state() == ReservationState.CANCELLED) {
            Optional<Change> ended = NsiConnectionChanges.then(change, NsiEvent.FORCED_END);
            if (ended.isPresent()) {
                Change ch = ended.get();
                boolean activateFailed = r.state() == ReservationState.FAILED && c.states().dataPlaneVersion() == 0;
                return changes.owe(ch, NsiConnectionChanges.newCorrelationId(), new NsiOutgoing.ErrorEvent(
                        c.connectionId(), NsiConnectionChanges.nextNotificationId(ch), ch.at(), activateFailed,
                        c.providerNsa(), "the reservation is " + r.state() + (r.reason().isEmpty() ? ""
                                : ": " + r.reason())));
            }
        }
        return change;
    }

    private Change confirm(Change change, NsiEvent event, NsiMessageKind kind, String correlationId) {
        return NsiConnectionChanges.then(change, event)
                .map(ch -> changes.owe(ch, correlationId, new NsiOutgoing.Confirmed(kind, ch.read().connectionId())))
                .orElse(change);
    }

    /** {@code change} moved by a failure {@code event}, owing {@code kind} with the states after it. */
    Change failed(Change change, String correlationId, NsiRefusal why, NsiEvent event, NsiMessageKind kind) {
        Optional<Change> moved = NsiConnectionChanges.then(change, event);
        if (moved.isEmpty()) {
            return change;
        }
        Change ch = moved.get();
        NsiConnection c = ch.read();
        return changes.owe(ch, correlationId, new NsiOutgoing.Failed(kind, c.connectionId(), ch.next(),
                why.about(c.connectionId()), c.providerNsa()));
    }

    /**
     * The criteria as held: each hand-off end with the one VLAN its L-NSAP segment took (a host
     * port has no label).
     */
    static NsiCriteria granted(NsiCriteria asked, Reservation r) {
        Optional<Segment> campus = r.segments().stream().filter(s -> s.role() == SegmentRole.LOCAL_CAMPUS).findFirst();
        String source = label(asked.sourceStp(), campus.map(Segment::sourceVlan));
        String dest = label(asked.destStp(), campus.map(Segment::destinationVlan));
        return new NsiCriteria(asked.version(), asked.start(), asked.end(), asked.capacityMbps(), source, dest,
                asked.directionality(), asked.serviceType());
    }

    private static String label(String stpId, Optional<Integer> vlan) {
        Stp stp = Stp.parse(stpId);
        if (stp.vlans().isEmpty() || vlan.isEmpty() || vlan.get() <= 0) {
            return stpId;
        }
        return stp.withVlan(vlan.get()).toString();
    }
}
