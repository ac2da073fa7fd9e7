package org.crs.nsap.service;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.MaintenanceStore;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintenance windows, for {@link SegmentService}: operators take a resource out of service
 * over a window, lift the window, and list the windows with the bookings they overlap. A
 * record of its collaborators: it keeps no state of its own.
 */
record MaintenanceWindows(MaintenanceStore store, RequestChecks checks, Clock clock) {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(SegmentService.class);

    /** The width of the operator columns (schema/nsap V10). */
    private static final int MAX_OPERATOR = 200;

    MaintenanceImpact addMaintenance(String resourceId, TimeInterval window, String actor, Optional<String> operator,
                                     String reason) throws RequestRejected {
        checks.checkResource(resourceId);
        if (window == null) {
            throw RequestRejected.badField("start", "is missing");
        }
        if (!window.end().isAfter(clock.instant())) {
            throw RequestRejected.badField("end", "must be in the future, was " + window.end());
        }
        RequestChecks.checkReason(reason);
        Optional<String> named = checkOperator(operator);
        MaintenanceImpact added = store.addMaintenance(resourceId, window, reason.strip(), actor, named, clock.instant());
        LOG.info("maintenance window {} on {} over {} by {} for operator {}: {}; bookings during it: {}",
                added.window().id(), resourceId, window, actor, named.orElse("(not named)"), added.window().reason(),
                added.affectedBookings());
        return added;
    }

    MaintenanceWindow liftMaintenance(long windowId, String actor, Optional<String> operator, String reason)
            throws RequestRejected {
        if (windowId < 1) {
            throw RequestRejected.badField("windowId", "must be the positive number of a maintenance window, was "
                    + windowId);
        }
        RequestChecks.checkReason(reason);
        Optional<String> named = checkOperator(operator);
        MaintenanceWindow lifted = store.liftMaintenance(windowId,
                        new MaintenanceWindow.Lift(actor, reason.strip(), clock.instant(), named))
                .orElseThrow(() -> RequestRejected.badField("windowId", "no maintenance window " + windowId));
        LOG.info("maintenance window {} on {} lifted by {} for operator {}: {}", windowId, lifted.resourceId(),
                lifted.lifted().by(), lifted.lifted().operator().orElse("(not named)"), lifted.lifted().reason());
        return lifted;
    }

    List<MaintenanceImpact> listMaintenance(String resourceId, TimeInterval window) throws RequestRejected {
        if (resourceId != null) {
            checks.checkResource(resourceId);
        }
        if (window == null) {
            throw RequestRejected.badField("from", "is missing");
        }
        List<MaintenanceImpact> listed = new ArrayList<>();
        for (MaintenanceWindow w : store.maintenance(resourceId, window)) {
            listed.add(new MaintenanceImpact(w, w.live() ? store.bookingsDuring(w.resourceId(), w.interval()) : List.of()));
        }
        return listed;
    }

    /**
     * The operator a caller names, stripped. A caller that names none (a BAR from before the
     * field, the process itself) leaves it empty; a name given must say something and fit the
     * column, rather than be clipped into someone else's.
     */
    private static Optional<String> checkOperator(Optional<String> operator) throws RequestRejected {
        if (operator.isEmpty()) {
            return operator;
        }
        String name = operator.get().strip();
        if (name.isEmpty()) {
            throw RequestRejected.badField("operator", "must name the operator when given, was blank");
        }
        if (name.length() > MAX_OPERATOR) {
            throw RequestRejected.badField("operator", "must be at most " + MAX_OPERATOR + " characters, was "
                    + name.length());
        }
        return Optional.of(name);
    }
}
