package org.crs.bar.api.json.answer;

import java.time.Instant;
import java.util.List;

import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.service.MaintenanceService;

/**
 * A maintenance window with the bookings it hits (schema {@code MaintenanceWindow}); the lift's
 * fields are absent while it is live.
 */
public record MaintenanceWindowJson(String scope, long id, String resourceId, Instant start, Instant end, String reason,
                                    String createdBy, Instant createdAt, Instant liftedAt, String liftedBy,
                                    String liftReason, List<ReservationJson> reservations, List<String> otherBookings) {

    public static MaintenanceWindowJson of(MaintenanceService.WindowHits h) {
        MaintenanceWindow w = h.window();
        MaintenanceWindow.Lift lift = w.lift();
        return new MaintenanceWindowJson(h.scope().name(), w.id(), w.resourceId(), w.interval().start(),
                w.interval().end(), w.reason(), w.createdBy(), w.createdAt(), lift == null ? null : lift.at(),
                lift == null ? null : lift.by(), lift == null ? null : lift.reason(),
                h.reservations().stream().map(ReservationJson::of).toList(), List.copyOf(h.otherBookings()));
    }
}
