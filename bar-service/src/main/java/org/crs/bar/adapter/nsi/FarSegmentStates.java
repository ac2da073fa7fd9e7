package org.crs.bar.adapter.nsi;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.nsi.contract.message.ConnectionStates;

/** An NSI connection's three machines and data plane read as the state of the BAR's far segment. */
final class FarSegmentStates {

    private FarSegmentStates() {
    }

    /**
     * A connection's states as a segment's: Terminated and PassedEndTime are RELEASED, Failed is
     * FAILED; a reservation checking or held is HELD, timed out EXPIRED, failed ABORTED; once
     * committed (ReserveStart) the provision machine and the data plane tell: up ACTIVE,
     * provisioning (or provisioned, not up yet) ACTIVATING, releasing SUSPENDING (the booking is kept),
     * released COMMITTED.
     */
    static SegmentState of(ConnectionStates s) {
        switch (s.lifecycleState()) {
            case TERMINATED, TERMINATING, PASSED_END_TIME:
                return SegmentState.RELEASED;
            case FAILED:
                return SegmentState.FAILED;
            case CREATED:
                break;
        }
        switch (s.reservationState()) {
            case RESERVE_CHECKING, RESERVE_HELD:
                return SegmentState.HELD;
            case RESERVE_TIMEOUT:
                return SegmentState.EXPIRED;
            case RESERVE_FAILED, RESERVE_ABORTING:
                return SegmentState.ABORTED;
            case RESERVE_START, RESERVE_COMMITTING:
                break;
        }
        if (s.dataPlaneStatus().active()) {
            return SegmentState.ACTIVE;
        }
        return switch (s.provisionState()) {
            case PROVISIONING, PROVISIONED -> SegmentState.ACTIVATING;
            case RELEASING -> SegmentState.SUSPENDING;
            case RELEASED -> SegmentState.COMMITTED;
        };
    }

    /**
     * A committed connection's states as a segment's while a modify runs on it: the reservation
     * machine then tells of the modify (held, failed, timed out), not of the booking, which stays
     * committed; the provision machine and the data plane tell as {@link #of} does.
     */
    static SegmentState committedState(ConnectionStates s) {
        return of(new ConnectionStates(NsiReservationState.RESERVE_START, s.provisionState(), s.lifecycleState(),
                s.dataPlaneStatus()));
    }

    /** Whether the reservation machine is back at ReserveStart after a commit, the connection live. */
    static boolean committed(ConnectionStates s) {
        return s.lifecycleState() == LifecycleState.CREATED && s.reservationState() == NsiReservationState.RESERVE_START;
    }
}
