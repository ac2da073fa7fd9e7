package org.crs.domain.access;

import java.util.EnumSet;
import java.util.Set;

/** Who may call an operation: one cell per row of the {@link AccessTable}. */
public enum Permission {
    /** Any account: users, operators, admins. What a user may see or change is narrowed by {@link ReservationAccess}. */
    ACCOUNT(EnumSet.of(CallerKind.USER, CallerKind.OPERATOR, CallerKind.ADMIN)),
    /** Operators and admins. */
    OPERATOR(EnumSet.of(CallerKind.OPERATOR, CallerKind.ADMIN)),
    /** Admins only. */
    ADMIN(EnumSet.of(CallerKind.ADMIN)),
    /** The BAR of another site, on its own site's bookings only. */
    PEER_BAR(EnumSet.of(CallerKind.PEER_BAR)),
    /** Another site's BAR, or an L-NSAP or NSAP this BAR books with. */
    PEER_BAR_OR_CONTROLLER(EnumSet.of(CallerKind.PEER_BAR, CallerKind.CONTROLLER)),
    /** A BAR configured for this L-NSAP or NSAP. */
    SERVED_BAR(EnumSet.of(CallerKind.SERVED_BAR)),
    /** A far network's NSI provider this BAR books from, on the messages of its own NSA only. */
    NSI_PROVIDER(EnumSet.of(CallerKind.NSI_PROVIDER));

    private final Set<CallerKind> allowed;

    Permission(Set<CallerKind> allowed) {
        this.allowed = Set.copyOf(allowed);
    }

    /** The kinds of caller this permission lets in. */
    public Set<CallerKind> allowed() {
        return allowed;
    }

    public boolean allows(CallerKind kind) {
        return allowed.contains(kind);
    }
}
