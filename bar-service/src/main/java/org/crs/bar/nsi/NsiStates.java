package org.crs.bar.nsi;

import java.util.Objects;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;

/**
 * The states of one NSI connection, as querySummary's {@code connectionStates} reports them.
 *
 * @param reservation the reservation machine's state
 * @param provision the provision machine's state
 * @param lifecycle the lifecycle machine's state
 * @param dataPlaneActive whether the circuit is up
 * @param dataPlaneVersion the criteria version the circuit was last brought up with (0 before it ever was)
 */
public record NsiStates(NsiReservationState reservation, ProvisionState provision, LifecycleState lifecycle,
                        boolean dataPlaneActive, int dataPlaneVersion) {

    public NsiStates {
        Objects.requireNonNull(reservation, "reservation");
        Objects.requireNonNull(provision, "provision");
        Objects.requireNonNull(lifecycle, "lifecycle");
        if (dataPlaneVersion < 0) {
            throw new IllegalArgumentException("a data plane version is not negative: " + dataPlaneVersion);
        }
    }

    /** A connection as a reserve creates it: checking, released, created, down. */
    public static NsiStates checking() {
        return new NsiStates(NsiReservationState.RESERVE_CHECKING, ProvisionState.RELEASED, LifecycleState.CREATED,
                false, 0);
    }

    /** The same states with the reservation machine in {@code r}. */
    public NsiStates with(NsiReservationState r) {
        return new NsiStates(r, provision, lifecycle, dataPlaneActive, dataPlaneVersion);
    }

    /** The same states with the provision machine in {@code p}. */
    public NsiStates with(ProvisionState p) {
        return new NsiStates(reservation, p, lifecycle, dataPlaneActive, dataPlaneVersion);
    }

    /** The same states with the lifecycle machine in {@code l}. */
    public NsiStates with(LifecycleState l) {
        return new NsiStates(reservation, provision, l, dataPlaneActive, dataPlaneVersion);
    }

    /** The data plane up with {@code version}, or down (keeping the version it last carried). */
    public NsiStates withDataPlane(boolean active, int version) {
        return new NsiStates(reservation, provision, lifecycle, active, version);
    }

    /** As the wire and the logs spell it: {@code ReserveHeld/Released/Created/down v0}. */
    @Override
    public String toString() {
        return reservation.wireName() + "/" + provision.wireName() + "/" + lifecycle.wireName() + "/"
                + (dataPlaneActive ? "up" : "down") + " v" + dataPlaneVersion;
    }
}
