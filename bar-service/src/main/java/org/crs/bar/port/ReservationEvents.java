package org.crs.bar.port;

import org.crs.bar.reservation.Reservation;

/**
 * Where the BAR tells of what happened to a reservation that its owner should hear of (by mail,
 * by a webhook): the notifications adapter implements it.
 */
@FunctionalInterface
public interface ReservationEvents {

    /** What happened. */
    enum Event {
        /** An operator approved a booking that waited for approval: it is RESERVED. */
        APPROVED,
        /** An operator rejected a booking that waited for approval: it is REJECTED, its segments released. */
        REJECTED,
        /** A booking that waited for approval was not approved by its deadline: released, REJECTED. */
        APPROVAL_LAPSED
    }

    /** Tells of {@code event}; {@code reservation} is as it is after it. Must not throw. */
    void happened(Event event, Reservation reservation);

    /** Tells nobody. */
    ReservationEvents NONE = (event, reservation) -> { };
}
