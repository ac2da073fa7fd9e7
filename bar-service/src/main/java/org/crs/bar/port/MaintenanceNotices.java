package org.crs.bar.port;

import org.crs.bar.reservation.Reservation;

/**
 * Tells a reservation's owner what an operator did to it for maintenance. The maintenance
 * service calls it after the change is recorded; what the owner receives (a mail, a webhook) is
 * the implementation's. An implementation must not throw for a notice it cannot deliver: the
 * change stands either way.
 */
public interface MaintenanceNotices {

    /**
     * The reservation was moved out of a maintenance window.
     *
     * @param before as it was (its old interval and segments)
     * @param after as it is now, at its new interval
     * @param reason the operator's reason, with the window that caused the move
     */
    void moved(Reservation before, Reservation after, String reason);

    /**
     * The reservation was cancelled because of a maintenance window.
     *
     * @param reservation as it is now (CANCELLED, or still RELEASING while an active circuit comes down)
     * @param reason the operator's reason
     */
    void cancelled(Reservation reservation, String reason);
}
