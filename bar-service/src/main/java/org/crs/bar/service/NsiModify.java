package org.crs.bar.service;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiReserveRequest;
import org.crs.bar.port.NsiConnections.CriteriaChange;
import org.crs.bar.port.NsiOutgoing;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.domain.access.Caller;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.Stp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NSI modify of a connection at this provider (docs/nsi.md, "Modify"): a reserve naming a
 * connection with committed criteria and a higher version, changing its capacity and end. It
 * runs through the reservation machine as a first reserve does, on the BAR's modify with hold:
 * {@link ReservationService#holdModify} at the reserve (reserveConfirmed with the new version, or
 * reserveFailed with the BAR's code), {@link ReservationService#commitModify} at the reserveCommit
 * (the reservation takes the new end and capacity; the follower confirms it),
 * {@link ReservationService#abortModify} at the reserveAbort. The committed criteria, the
 * provision machine and the circuit stay as they are until the commit. What is decided from the
 * reservation and the clock (a lapsed hold, a commit seen made) is {@link NsiFollower}'s.
 */
final class NsiModify {

    private static final Logger LOG = LoggerFactory.getLogger(NsiProviderService.class);

    private final ReservationService reservations;
    private final NsiConnectionChanges changes;
    private final NsiFollower follower;
    private final Duration hold;

    /** @param hold how long the BAR holds a modify: the NSI hold timer */
    NsiModify(ReservationService reservations, NsiConnectionChanges changes, NsiFollower follower, Duration hold) {
        this.reservations = reservations;
        this.changes = changes;
        this.follower = follower;
        this.hold = hold;
    }

    /**
     * The criteria a modify of {@code c} asks for: the committed ones with the new version, end
     * and capacity.
     *
     * @throws NsiRefused nothing committed on the connection yet ({@code 00103}: a reserve asked
     *     again is not supported); a version missing or not above the committed one
     *     ({@code 00100} naming {@code version}); an STP other than the committed one's
     *     ({@code 00100} naming it); a changed startTime or serviceType ({@code 00102} naming it);
     *     an end not after the start ({@code 00100})
     */
    static NsiCriteria asked(NsiConnection c, NsiReserveRequest request) throws NsiRefused {
        String id = c.connectionId();
        if (c.committed().isEmpty()) {
            throw refused(id, NsiErrorId.NOT_IMPLEMENTED, "connectionId: nothing was committed on connection " + id
                    + " yet, so there is nothing to modify; reserving it again is not supported (reserve anew)");
        }
        NsiCriteria was = c.committed().get();
        int version = request.version().orElseThrow(() -> refused(id, NsiErrorId.PAYLOAD_ERROR,
                "version: a modify names a criteria version above the committed " + was.version()));
        if (version <= was.version()) {
            throw refused(id, NsiErrorId.PAYLOAD_ERROR, "version: a modify asks for a version above the committed "
                    + was.version() + ", was " + version);
        }
        sameStp(id, request.sourceStp(), was.sourceStp(), "sourceSTP");
        sameStp(id, request.destStp(), was.destStp(), "destSTP");
        if (request.serviceType().isPresent() && !request.serviceType().get().equals(was.serviceType())) {
            throw refused(id, NsiErrorId.UNSUPPORTED_PARAMETER, "serviceType: a modify keeps the service type "
                    + was.serviceType() + ", was " + request.serviceType().get());
        }
        if (request.start().isPresent() && !request.start().get().equals(was.start())) {
            throw refused(id, NsiErrorId.UNSUPPORTED_PARAMETER, "startTime: this provider modifies the capacity and "
                    + "the endTime; the start stays " + was.start() + ", was " + request.start().get());
        }
        if (request.end().isEmpty()) {
            throw refused(id, NsiErrorId.UNSUPPORTED_PARAMETER, "endTime: this provider's reservations end; give an"
                    + " endTime");
        }
        Instant end = request.end().get();
        if (!end.isAfter(was.start())) {
            throw refused(id, NsiErrorId.PAYLOAD_ERROR, "endTime: " + end + " is not after the start " + was.start());
        }
        return new NsiCriteria(version, was.start(), Optional.of(end), request.capacityMbps(), was.sourceStp(),
                was.destStp(), was.directionality(), was.serviceType());
    }

    /** A modify's STP: the committed one's port; a label, when given, offering the VLAN it took. */
    private static void sameStp(String connectionId, String askedId, String committedId, String element)
            throws NsiRefused {
        Stp asked = Stp.parse(askedId);
        Stp committed = Stp.parse(committedId);
        boolean samePort = asked.networkId().equals(committed.networkId()) && asked.localId().equals(committed.localId());
        boolean sameVlan = asked.vlans().isEmpty() || committed.vlans().isEmpty()
                || committed.vlans().get().ranges().stream().allMatch(r -> asked.vlans().get().contains(r.first()));
        if (!samePort || !sameVlan) {
            throw refused(connectionId, NsiErrorId.PAYLOAD_ERROR, element + ": a modify keeps the STPs; "
                    + committedId + " is committed, was " + askedId);
        }
    }

    /** The modify's hold at the BAR, and its result owed: reserveConfirmed or reserveFailed. */
    void hold(Caller.Account account, NsiConnection c, NsiCriteria asked, String correlationId) {
        String id = c.connectionId();
        try {
            reservations.holdModify(account, c.requestId(), asked.end().orElseThrow(), asked.capacityMbps(), hold);
        } catch (BadRequest | ChangeRefused e) {
            NsiRefusal why = NsiRefusal.ofBar(e.refusal().code(), "modify refused: " + e.getMessage());
            changes.change(id, now -> !checking(now, asked) ? Optional.empty()
                    : Optional.of(follower.failed(changes.start(now), correlationId, why, NsiEvent.RESERVE_FAILED,
                            NsiMessageKind.RESERVE_FAILED)));
            return;
        }
        Optional<NsiConnection> held = changes.change(id, now -> !checking(now, asked) ? Optional.empty()
                : NsiConnectionChanges.then(changes.start(now), NsiEvent.RESERVE_HELD).map(ch -> changes.owe(
                        ch.with(new CriteriaChange.Requested(asked, now.modifyDeadline())), correlationId,
                        new NsiOutgoing.ReserveConfirmed(now, asked))));
        if (held.isEmpty()) {
            // The connection stopped checking this modify meanwhile (failed past its deadline, say): no
            // requester will commit or abort the hold just made, so it is dropped now.
            drop(account, c);
        }
    }

    /** Whether {@code c} still checks the modify to {@code asked}. */
    private static boolean checking(NsiConnection c, NsiCriteria asked) {
        return c.states().reservation() == NsiReservationState.RESERVE_CHECKING && c.modifying()
                && c.requested().version() == asked.version();
    }

    /**
     * The commit of a held modify at the BAR, the connection ReserveCommitting: the reservation
     * takes the new end and capacity, for the follower to confirm; refused, or past the modify's
     * deadline, reserveCommitFailed is owed here and the committed criteria stay.
     *
     * @return whether the BAR committed it (the caller then follows the reservation)
     */
    boolean commit(Caller.Account account, NsiConnection c, String correlationId) {
        NsiCriteria asked = c.requested();
        Instant deadline = c.modifyDeadline().orElse(Instant.MIN);
        NsiRefusal why;
        if (changes.clock().instant().isBefore(deadline)) {
            try {
                reservations.commitModify(account, c.requestId(), asked.end().orElseThrow(), asked.capacityMbps());
                return true;
            } catch (BadRequest | ChangeRefused e) {
                why = NsiRefusal.ofBar(e.refusal().code(), "modify not committed: " + e.getMessage());
            }
        } else {
            why = NsiRefusal.of(NsiErrorId.INVALID_TRANSITION, "the modify's hold lapsed at " + deadline);
        }
        changes.change(c.connectionId(), now -> now.states().reservation() != NsiReservationState.RESERVE_COMMITTING
                || !now.modifying() ? Optional.empty()
                : Optional.of(follower.failed(changes.start(now).with(new CriteriaChange.Reverted()), correlationId, why,
                        NsiEvent.COMMIT_FAILED, NsiMessageKind.RESERVE_COMMIT_FAILED)));
        return false;
    }

    /**
     * Drops a held (or failed, or lapsed) modify at the BAR, then owes reserveAbortConfirmed: only
     * once the BAR's change is gone, so that a new modify never meets this one's hold.
     */
    void abort(Caller.Account account, NsiConnection c, String correlationId) {
        drop(account, c);
        changes.change(c.connectionId(), now -> now.states().reservation() != NsiReservationState.RESERVE_ABORTING
                || !now.modifying() ? Optional.empty()
                : Optional.of(follower.abortConfirmed(changes.start(now),
                        now.awaited().reservation().orElse(correlationId))));
    }

    private void drop(Caller.Account account, NsiConnection c) {
        try {
            reservations.abortModify(account, c.requestId());
        } catch (BadRequest e) {
            LOG.info("NSI modify of {}: the BAR refused to drop it: {}", c.connectionId(), e.getMessage());
        }
    }

    private static NsiRefused refused(String connectionId, NsiErrorId id, String text) {
        return new NsiRefused(NsiRefusal.of(id, text).about(connectionId));
    }
}
