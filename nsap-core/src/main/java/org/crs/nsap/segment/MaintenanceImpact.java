package org.crs.nsap.segment;

import java.util.List;
import java.util.Objects;

/**
 * A maintenance window and the live bookings it overlaps: those already booked on the
 * resource (HELD, COMMITTED, ACTIVATING, ACTIVE or DEACTIVATING) at some instant of the
 * window. Admission refuses new bookings during the window, but the ones made before it was
 * recorded stand; the operator who recorded it is told whom it affects.
 *
 * @param window the window
 * @param affectedBookings the booking ids, sorted; empty for a lifted window
 */
public record MaintenanceImpact(MaintenanceWindow window, List<String> affectedBookings) {

    public MaintenanceImpact {
        Objects.requireNonNull(window, "window");
        affectedBookings = List.copyOf(affectedBookings);
    }
}
