package org.crs.bar.nsi;

import java.util.OptionalInt;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;

/**
 * The three NSI state machines of a uPA connection (NSI CS 2.0, docs/nsi.md) as one pure
 * function from the current states and an event to the next states or a refusal:
 * <pre>
 *   reservation  ReserveStart --reserve|modify--> ReserveChecking --held--> ReserveHeld
 *                                                                 --failed--> ReserveFailed
 *                ReserveHeld --commit--> ReserveCommitting --confirmed|failed--> ReserveStart
 *                ReserveHeld --hold timed out--> ReserveTimeout --commit--> ReserveCommitting (then failed)
 *                ReserveHeld|ReserveFailed|ReserveTimeout --abort--> ReserveAborting --confirmed--> ReserveStart
 *   provision    Released --provision--> Provisioning --confirmed--> Provisioned
 *                Provisioned --release--> Releasing --confirmed--> Released
 *                Provisioning --failed--> Released;  Releasing --failed--> Provisioned (with an error)
 *   lifecycle    Created --terminate--> Terminating --confirmed--> Terminated
 *                Created --end time passed--> PassedEndTime;  Created --forced end--> Failed
 *                PassedEndTime|Failed|Terminating --terminate--> Terminating
 *   data plane   up when Provisioned (in Created) with the committed version; down whenever it is up
 * </pre>
 * Further rules: a reserve on a connection names one on which nothing was committed yet, a
 * modify one on which something was; provision before the first commit is refused; a request
 * other than terminate is refused once the lifecycle left Created (terminated, terminating, past
 * its end or failed); nothing but the data plane going down happens once Terminated. A modify
 * runs through the reservation machine as a first reserve does; while it is checked, held,
 * committed or aborted, the committed criteria (and the data plane) stay as they were. A
 * provision or release the BAR refuses after its acknowledgment returns the provision machine
 * to where it was, the requester told by an {@code error} message.
 *
 * <p>Terminate is allowed in every lifecycle state but Terminated. A second terminate while one
 * is under way (Terminating) stays Terminating and is confirmed with the first. A terminate of a
 * connection already Terminated is refused, not answered again: the spec's machine has no such
 * move, and the refusal carries the states, which tell a requester whose terminateConfirmed got
 * lost that the connection is gone.
 */
public final class NsiTransitions {

    private NsiTransitions() {
    }

    /**
     * What {@code event} does to a connection in {@code current}.
     *
     * @param committedVersion the criteria version last committed; empty when nothing was ever committed
     */
    public static NsiTransition next(NsiStates current, OptionalInt committedVersion, NsiEvent event) {
        Step s = new Step(current, event);
        if (current.lifecycle() == LifecycleState.TERMINATED && event != NsiEvent.DATA_PLANE_DOWN) {
            return s.refused("the connection is terminated");
        }
        if (event.source() == NsiEvent.Source.REQUESTER && event != NsiEvent.TERMINATE
                && current.lifecycle() != LifecycleState.CREATED) {
            return s.refused("the connection is " + current.lifecycle().wireName() + "; only terminate is allowed");
        }
        NsiReservationState r = current.reservation();
        ProvisionState p = current.provision();
        LifecycleState l = current.lifecycle();
        return switch (event) {
            case RESERVE -> committedVersion.isPresent()
                    ? s.refused("the connection has committed criteria: a reserve on it is a modify")
                    : s.reservation(r == NsiReservationState.RESERVE_START, NsiReservationState.RESERVE_CHECKING);
            case MODIFY -> committedVersion.isEmpty()
                    ? s.refused("nothing was committed on the connection yet: there is nothing to modify")
                    : s.reservation(r == NsiReservationState.RESERVE_START, NsiReservationState.RESERVE_CHECKING);
            case RESERVE_HELD -> s.reservation(r == NsiReservationState.RESERVE_CHECKING, NsiReservationState.RESERVE_HELD);
            case RESERVE_FAILED -> s.reservation(r == NsiReservationState.RESERVE_CHECKING,
                    NsiReservationState.RESERVE_FAILED);
            case RESERVE_COMMIT -> s.reservation(r == NsiReservationState.RESERVE_HELD
                    || r == NsiReservationState.RESERVE_TIMEOUT, NsiReservationState.RESERVE_COMMITTING);
            case COMMIT_CONFIRMED, COMMIT_FAILED -> s.reservation(r == NsiReservationState.RESERVE_COMMITTING,
                    NsiReservationState.RESERVE_START);
            case RESERVE_ABORT -> s.reservation(r == NsiReservationState.RESERVE_HELD
                    || r == NsiReservationState.RESERVE_FAILED || r == NsiReservationState.RESERVE_TIMEOUT,
                    NsiReservationState.RESERVE_ABORTING);
            case ABORT_CONFIRMED -> s.reservation(r == NsiReservationState.RESERVE_ABORTING,
                    NsiReservationState.RESERVE_START);
            case HOLD_TIMED_OUT -> s.reservation(r == NsiReservationState.RESERVE_HELD, NsiReservationState.RESERVE_TIMEOUT);
            case PROVISION -> committedVersion.isEmpty()
                    ? s.refused("provision before the first commit")
                    : s.provision(p == ProvisionState.RELEASED, ProvisionState.PROVISIONING);
            case PROVISION_CONFIRMED -> s.provision(p == ProvisionState.PROVISIONING, ProvisionState.PROVISIONED);
            case PROVISION_FAILED -> s.provision(p == ProvisionState.PROVISIONING, ProvisionState.RELEASED);
            case RELEASE -> s.provision(p == ProvisionState.PROVISIONED, ProvisionState.RELEASING);
            case RELEASE_CONFIRMED -> s.provision(p == ProvisionState.RELEASING, ProvisionState.RELEASED);
            case RELEASE_FAILED -> s.provision(p == ProvisionState.RELEASING, ProvisionState.PROVISIONED);
            case TERMINATE -> s.lifecycle(l != LifecycleState.TERMINATED, LifecycleState.TERMINATING);
            case TERMINATE_CONFIRMED -> s.lifecycle(l == LifecycleState.TERMINATING, LifecycleState.TERMINATED);
            case END_TIME_PASSED -> s.lifecycle(l == LifecycleState.CREATED, LifecycleState.PASSED_END_TIME);
            case FORCED_END -> s.lifecycle(l == LifecycleState.CREATED, LifecycleState.FAILED);
            case DATA_PLANE_UP -> dataPlaneUp(s, committedVersion);
            case DATA_PLANE_DOWN -> current.dataPlaneActive()
                    ? s.moved(current.withDataPlane(false, current.dataPlaneVersion()))
                    : s.refused("the data plane is not up");
        };
    }

    private static NsiTransition dataPlaneUp(Step s, OptionalInt committedVersion) {
        NsiStates c = s.current;
        if (c.lifecycle() != LifecycleState.CREATED) {
            return s.refused("the connection is " + c.lifecycle().wireName());
        }
        if (c.provision() != ProvisionState.PROVISIONED || committedVersion.isEmpty()) {
            return s.refused("the data plane comes up only when provisioned with committed criteria");
        }
        int version = committedVersion.getAsInt();
        if (c.dataPlaneActive() && c.dataPlaneVersion() == version) {
            return s.refused("the data plane is up with version " + version + " already");
        }
        return s.moved(c.withDataPlane(true, version));
    }

    /** One event in the current states. */
    private record Step(NsiStates current, NsiEvent event) {

        NsiTransition moved(NsiStates to) {
            return new NsiTransition.Moved(event, current, to);
        }

        NsiTransition refused(String why) {
            return new NsiTransition.Refused(event, current, NsiErrorId.INVALID_TRANSITION, why);
        }

        NsiTransition reservation(boolean allowed, NsiReservationState to) {
            return allowed ? moved(current.with(to))
                    : refused("not in reservation state " + current.reservation().wireName());
        }

        NsiTransition provision(boolean allowed, ProvisionState to) {
            return allowed ? moved(current.with(to)) : refused("not in provision state " + current.provision().wireName());
        }

        NsiTransition lifecycle(boolean allowed, LifecycleState to) {
            return allowed ? moved(current.with(to)) : refused("not in lifecycle state " + current.lifecycle().wireName());
        }
    }
}
