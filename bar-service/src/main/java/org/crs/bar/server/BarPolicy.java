package org.crs.bar.server;

import java.util.Objects;

import org.crs.bar.port.AccountBlocking;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.Quotas;

/**
 * What a BAR's operators decide and act through: which bookings wait for approval, the groups'
 * quotas, who is told of approvals, and the accounts they block.
 *
 * @param approval the approval rules (configuration key {@code approval})
 * @param quotas the groups' quotas (configuration key {@code quotas})
 * @param events told of approvals, rejections and lapsed approvals
 * @param accounts blocks and unblocks accounts for the OperatorService
 */
public record BarPolicy(ApprovalRules approval, Quotas quotas, ReservationEvents events, AccountBlocking accounts) {

    public BarPolicy {
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(quotas, "quotas");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(accounts, "accounts");
    }

    /** Every booking approved at once, no quotas, nobody told, no accounts. */
    public static BarPolicy none() {
        return new BarPolicy(ApprovalRules.none(), Quotas.none(), ReservationEvents.NONE, AccountBlocking.NONE);
    }

    /** These rules and quotas; nobody told, no accounts. */
    public static BarPolicy of(ApprovalRules approval, Quotas quotas) {
        return new BarPolicy(approval, quotas, ReservationEvents.NONE, AccountBlocking.NONE);
    }

    public BarPolicy withEvents(ReservationEvents other) {
        return new BarPolicy(approval, quotas, other, accounts);
    }

    public BarPolicy withAccounts(AccountBlocking other) {
        return new BarPolicy(approval, quotas, events, other);
    }
}
