package org.crs.bar.server;

import java.util.Objects;

import org.crs.bar.port.ReservationEvents;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.Quotas;

/**
 * What a BAR's operators decide: which bookings wait for approval, the groups' quotas, and who
 * is told of approvals.
 *
 * @param approval the approval rules (configuration key {@code approval})
 * @param quotas the groups' quotas (configuration key {@code quotas})
 * @param events told of approvals, rejections and lapsed approvals
 */
public record BarPolicy(ApprovalRules approval, Quotas quotas, ReservationEvents events) {

    public BarPolicy {
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(quotas, "quotas");
        Objects.requireNonNull(events, "events");
    }

    /** Every booking approved at once, no quotas, nobody told. */
    public static BarPolicy none() {
        return new BarPolicy(ApprovalRules.none(), Quotas.none(), ReservationEvents.NONE);
    }

    /** These rules and quotas; nobody told. */
    public static BarPolicy of(ApprovalRules approval, Quotas quotas) {
        return new BarPolicy(approval, quotas, ReservationEvents.NONE);
    }

    public BarPolicy withEvents(ReservationEvents other) {
        return new BarPolicy(approval, quotas, other);
    }
}
