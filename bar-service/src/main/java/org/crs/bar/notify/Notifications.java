package org.crs.bar.notify;

import java.util.List;

import org.crs.domain.reservation.ReservationTransition;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;

/**
 * The one way to tell a reservation's owner about it. The recorder calls {@link #recorded} after
 * every move it wrote; an operator's action that is no state change of its own (a booking moved
 * or cancelled by maintenance, approved or rejected) calls {@link #notify}. Telling the same
 * once-only event twice (the recorder and the approval both telling APPROVED) sends it once.
 *
 * <p>Neither method throws, and neither sends anything: they keep the event in the outbox, and a
 * sweep delivers it later, off the caller's path.
 */
public interface Notifications {

    /** Tells nobody: a BAR without notifications, the reservation service's own tests. */
    Notifications NONE = (event, reservation, reason) -> { };

    /**
     * Tells the reservation's owner about an event.
     *
     * @param reservation the reservation as it is after the event
     * @param reason why, in words for the owner (an operator's reason); may be empty
     */
    void notify(NotificationEvent event, Reservation reservation, String reason);

    /**
     * Tells the owner about each recorded move that is an event ({@link NotificationEvent#of}).
     *
     * @param after the reservation after the moves
     * @param steps the moves, in order
     */
    default void recorded(Reservation after, List<ReservationTransition> steps) {
        for (ReservationTransition step : steps) {
            NotificationEvent.of(step).ifPresent(event -> notify(event, after, step.reason()));
        }
    }
}
