package org.crs.domain.access;

import java.util.Optional;

/**
 * Which reservations an account may see and change: its own; those of a group it belongs to
 * when the group shares reservations; every one for operators and admins, and for the serving
 * process itself. Services know no other kind of caller on reservations.
 */
public final class ReservationAccess {

    private ReservationAccess() {
    }

    /**
     * Whether {@code caller} may see and change the reservation of {@code owner} booked for
     * {@code group} (empty when booked for none).
     */
    public static boolean mayAct(Caller caller, String owner, Optional<String> group) {
        if (caller instanceof Caller.Process) {
            return true;
        }
        if (!(caller instanceof Caller.Account account)) {
            return false;
        }
        if (account.seesAll() || account.name().equals(owner)) {
            return true;
        }
        return group.isPresent() && account.groups().stream()
                .anyMatch(m -> m.sharesReservations() && m.group().equals(group.get()));
    }
}
