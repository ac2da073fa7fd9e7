package org.crs.domain.nsi;

import java.util.Optional;

/**
 * The NSI reservation state machine's states (docs/nsi.md):
 * <pre>
 *   ReserveStart -> ReserveChecking -> ReserveHeld | ReserveFailed
 *   ReserveHeld -> ReserveCommitting -> ReserveStart
 *   ReserveHeld -> ReserveAborting -> ReserveStart
 *   ReserveHeld -> ReserveTimeout (the hold lapsed)
 * </pre>
 */
public enum NsiReservationState {
    RESERVE_START("ReserveStart"),
    RESERVE_CHECKING("ReserveChecking"),
    RESERVE_HELD("ReserveHeld"),
    RESERVE_COMMITTING("ReserveCommitting"),
    RESERVE_FAILED("ReserveFailed"),
    RESERVE_TIMEOUT("ReserveTimeout"),
    RESERVE_ABORTING("ReserveAborting");

    private final String wireName;

    NsiReservationState(String wireName) {
        this.wireName = wireName;
    }

    /** As the schema spells it. */
    public String wireName() {
        return wireName;
    }

    /** Read leniently: any case, and OpenNSA's {@code ReserveComitting}. */
    public static Optional<NsiReservationState> fromWire(String text) {
        return WireNames.read(NsiReservationState.class, NsiReservationState::wireName, text,
                t -> t.equalsIgnoreCase("ReserveComitting") ? "ReserveCommitting" : t);
    }
}
