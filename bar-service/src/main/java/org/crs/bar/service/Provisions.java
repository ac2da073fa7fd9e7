package org.crs.bar.service;

import java.util.Optional;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.Caller;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;

/**
 * Provision and release of {@link ReservationService}: a reservation booked
 * {@link Provisioning#ON_PROVISION} is up only while it is provisioned and now is inside its
 * schedule. Provision only records it; the due work ({@link DueWork}) brings the circuit up at
 * its activation time, or within a sweep when that has passed, through the usual activation.
 * Release records it and, if the circuit is up, takes it down through the usual tear-down,
 * back to RESERVED with its booking kept; an activation under way when the release arrives
 * takes down what it brought up. Both write a history entry that keeps the state, conditional on
 * it, and both answer the reservation as it is when asked again.
 */
final class Provisions {

    /** How often a provision or release is written again after the state moved under it. */
    private static final int TRIES = 5;

    private final Recorder recorder;
    private final DueWork dueWork;
    private final ReservationLookup lookup;

    Provisions(Recorder recorder, DueWork dueWork, ReservationLookup lookup) {
        this.recorder = recorder;
        this.dueWork = dueWork;
        this.lookup = lookup;
    }

    /**
     * Provisions a committed ON_PROVISION reservation: its circuit is up from its start (at once
     * if that has passed) until its end or a release.
     *
     * @throws BadRequest BAD_FIELD for an unknown request id, NOT_ALLOWED for one the caller may
     *     not act on, POLICY (naming requestId) for an AUTOMATIC reservation or one not committed
     *     (HELD, PENDING_APPROVAL) or ended
     */
    Reservation provision(Caller caller, String requestId) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        for (int i = 0; i < TRIES; i++) {
            requireProvisionable(r, "provisioned");
            if (r.provisioned()) {
                return r;
            }
            Optional<Reservation> written = write(r, true, caller.name(), "provisioned by " + caller.name());
            if (written.isPresent()) {
                return written.get();
            }
            r = lookup.require(requestId); // it moved meanwhile (the sweep), or another provisioned it
        }
        return r;
    }

    /**
     * Releases a committed ON_PROVISION reservation: its circuit is taken down if it is up and it
     * is RESERVED again, its booking kept; a later provision brings it up again.
     *
     * @throws BadRequest as {@link #provision} does
     */
    Reservation release(Caller caller, String requestId) throws BadRequest {
        Reservation r = lookup.require(caller, requestId);
        String why = "released by " + caller.name();
        for (int i = 0; i < TRIES; i++) {
            requireProvisionable(r, "released");
            if (!r.provisioned()) {
                break;
            }
            Optional<Reservation> written = write(r, false, caller.name(), why);
            if (written.isPresent()) {
                break;
            }
            r = lookup.require(requestId);
        }
        // Read after the write: an activation that moved it to ACTIVE before the write is seen here,
        // and one still under way reads the write and takes the circuit down itself.
        Reservation now = lookup.require(requestId);
        if (now.state() == ReservationState.ACTIVE && !now.mayBeUp()) {
            return dueWork.tearDown(now, ReservationState.RESERVED, caller.name(), why);
        }
        return now;
    }

    private Optional<Reservation> write(Reservation r, boolean provisioned, String actor, String reason) {
        ReservationTransition note = recorder.transition(r.state(), r.state(), actor, reason);
        return recorder.store().provision(r.requestId(), provisioned, note);
    }

    /**
     * Refuses, with POLICY naming requestId, a reservation that is not booked ON_PROVISION, or
     * is not committed (or has ended), or is being taken down to its end.
     */
    private static void requireProvisionable(Reservation r, String what) throws BadRequest {
        if (r.request().provisioning() != Provisioning.ON_PROVISION) {
            throw BadRequest.notInThisState("reservation " + r.requestId() + " comes up at its start by itself"
                    + " (provisioning " + r.request().provisioning() + "); only one booked ON_PROVISION is " + what);
        }
        switch (r.state()) {
            case RESERVED, ACTIVATING, ACTIVE -> {
            }
            case RELEASING -> {
                // a release's tear-down keeps the booking; the end's or a cancel's does not
                if (r.work() == null || r.work().settlesAs() != ReservationState.RESERVED) {
                    throw BadRequest.notInThisState("reservation " + r.requestId() + " is being taken down to "
                            + (r.work() == null ? "its end" : r.work().settlesAs()) + "; it cannot be " + what);
                }
            }
            case REQUESTED, HELD, PENDING_APPROVAL -> throw BadRequest.notInThisState("reservation " + r.requestId()
                    + " is " + r.state() + "; it can be " + what + " once it is committed (RESERVED)");
            case FINISHED, REJECTED, ABORTED, FAILED, CANCELLED -> throw BadRequest.notInThisState("reservation "
                    + r.requestId() + " has ended: " + r.state());
        }
    }
}
