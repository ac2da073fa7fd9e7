package org.crs.bar.server;

import org.crs.bar.port.MaintenanceNotices;
import org.crs.bar.reservation.Reservation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintenance notices written to the BAR's log, for a BAR started without a way to reach the
 * owners (no mail, no webhooks): the log says whom to tell and what.
 */
public final class LoggedMaintenanceNotices implements MaintenanceNotices {

    private static final Logger LOG = LoggerFactory.getLogger(LoggedMaintenanceNotices.class);

    @Override
    public void moved(Reservation before, Reservation after, String reason) {
        LOG.info("to {}: reservation {} moved from {} to {} ({})", after.owner(), after.requestId(),
                before.request().interval(), after.request().interval(), reason);
    }

    @Override
    public void cancelled(Reservation reservation, String reason) {
        LOG.info("to {}: reservation {} cancelled for maintenance ({})", reservation.owner(), reservation.requestId(),
                reason);
    }
}
