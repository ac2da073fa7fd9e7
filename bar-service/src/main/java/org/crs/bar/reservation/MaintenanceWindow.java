package org.crs.bar.reservation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.crs.domain.time.TimeInterval;

/**
 * A maintenance window as an L-NSAP or the NSAP keeps it and answers it: a resource of its
 * network out of service over a half-open interval, and the live bookings it overlaps.
 *
 * @param id the window's number at its controller (numbers are per controller: the campus and
 *     the WAN each count their own)
 * @param resourceId the resource out of service, as the topology names it: a host port or uplink
 *     ({@code edge-a:GigabitEthernet1/1}), a WAN link ({@code core-1-core-3}) or an access point
 *     ({@code core-1:GigabitEthernet3/0})
 * @param interval when, [start, end)
 * @param reason why, as the operator said it
 * @param createdBy who the controller recorded it from
 * @param createdAt when it was recorded
 * @param lift who lifted it, when and why; null while it is live
 * @param affectedBookings the booking ids of the live bookings (held, committed or active) that
 *     use the resource at some instant of the window, at the controller; empty for a lifted window
 */
public record MaintenanceWindow(long id, String resourceId, TimeInterval interval, String reason, String createdBy,
                                Instant createdAt, Lift lift, List<String> affectedBookings) {

    public MaintenanceWindow {
        Objects.requireNonNull(resourceId, "resourceId");
        Objects.requireNonNull(interval, "interval");
        reason = reason == null ? "" : reason;
        createdBy = createdBy == null ? "" : createdBy;
        affectedBookings = List.copyOf(affectedBookings);
    }

    /** How a window was lifted. */
    public record Lift(String by, String reason, Instant at) {
        public Lift {
            Objects.requireNonNull(at, "at");
            by = by == null ? "" : by;
            reason = reason == null ? "" : reason;
        }
    }

    /** Whether it still takes its resource out of service. */
    public boolean live() {
        return lift == null;
    }
}
