package org.crs.nsap.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;

/** Maintenance windows: resources taken out of service, and the bookings a window affects. */
public interface MaintenanceStore {

    /**
     * Records a maintenance window, in one transaction that locks the resource's row as
     * admission does: a hold admitted at the same time either sees the window (and is refused)
     * or is among the bookings answered. A live window of the same resource, interval and
     * reason recorded by the same actor for the same operator (or for none) is answered instead
     * of recording a second one.
     *
     * @param resourceId a registered resource
     * @param reason why, clipped to 2000 characters
     * @param actor who records it: the authenticated caller
     * @param operator the operator the caller names, clipped to 200 characters; empty for none
     * @param at when it is recorded
     * @return the window and the live bookings that hold bandwidth on the resource during it
     */
    MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor,
                                     Optional<String> operator, Instant at);

    /**
     * Lifts a live window, recording who lifted it (and for which operator), why (clipped to
     * 2000 characters) and when;
     * it stays in the table. A window lifted before is answered as it is.
     *
     * @return the window after the call, or empty when there is no window {@code id}
     */
    Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift);

    /** One maintenance window, live or lifted. */
    Optional<MaintenanceWindow> findMaintenance(long id);

    /**
     * The maintenance windows, live and lifted, of a resource (of every resource when null)
     * that overlap {@code window}, by start time then id.
     */
    List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window);

    /**
     * The live bookings (as {@link CalendarSource#calendar} counts them) that hold bandwidth on
     * a resource at some instant of {@code interval}: their booking ids, sorted.
     */
    List<String> bookingsDuring(String resourceId, TimeInterval interval);
}
