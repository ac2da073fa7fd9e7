package org.crs.bar.reservation;

import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.crs.domain.access.Caller;

/**
 * Which reservations a listing shows: all of them (operators, admins, the BAR itself), or an
 * account's own and those of the groups it belongs to that share reservations, as
 * {@link org.crs.domain.access.ReservationAccess} decides for one reservation.
 */
public sealed interface Visibility {

    /** Every reservation. */
    Visibility ALL = new All();

    record All() implements Visibility {
    }

    /**
     * @param account the reservations it owns
     * @param sharedGroups and those booked for these groups
     */
    record Of(String account, Set<String> sharedGroups) implements Visibility {
        public Of {
            Objects.requireNonNull(account, "account");
            sharedGroups = Set.copyOf(sharedGroups);
        }
    }

    /**
     * What {@code caller} may list: everything for operators, admins and the process itself;
     * nothing but its own (and its sharing groups') for an account that sees only its own.
     */
    static Visibility of(Caller caller) {
        if (caller instanceof Caller.Process) {
            return ALL;
        }
        if (caller instanceof Caller.Account account) {
            if (account.seesAll()) {
                return ALL;
            }
            return new Of(account.name(), account.groups().stream().filter(Caller.Membership::sharesReservations)
                    .map(Caller.Membership::group).collect(Collectors.toSet()));
        }
        return new Of(caller.name(), Set.of());
    }
}
