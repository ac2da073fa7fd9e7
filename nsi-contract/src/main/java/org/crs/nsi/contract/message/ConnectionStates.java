package org.crs.nsi.contract.message;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;

/**
 * A connection's three state machines and its data plane.
 *
 * @param reservationState the reservation machine's state
 * @param provisionState the provision machine's state
 * @param lifecycleState the lifecycle machine's state
 * @param dataPlaneStatus whether the circuit is up
 */
public record ConnectionStates(NsiReservationState reservationState, ProvisionState provisionState,
        LifecycleState lifecycleState, DataPlaneStatus dataPlaneStatus) {

    public ConnectionStates {
        Checks.part(reservationState, "reservationState");
        Checks.part(provisionState, "provisionState");
        Checks.part(lifecycleState, "lifecycleState");
        Checks.part(dataPlaneStatus, "dataPlaneStatus");
    }
}
