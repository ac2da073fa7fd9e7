package org.crs.bar.service;

import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.Caller;
import org.crs.domain.access.ReservationAccess;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * The per-reservation access decisions the BAR's services make from the caller every door
 * passes them: an account acts on its own reservations and its sharing groups'
 * ({@link ReservationAccess}), operators and admins on all, and so does the serving process
 * itself ({@link Caller.Process}). Which operations a kind of caller may call at all is the
 * access table's, at the doors.
 */
final class CallerAccess {

    private CallerAccess() {
    }

    /** Refuses with NOT_ALLOWED, naming requestId, when {@code caller} may not act on {@code r}. */
    static Reservation requireMayAct(Caller caller, Reservation r) throws BadRequest {
        if (!ReservationAccess.mayAct(caller, r.owner(), r.group())) {
            throw new BadRequest(new Refusal(RefusalCode.NOT_ALLOWED, "requestId", "reservation " + r.requestId()
                    + " is not allowed to " + caller.name() + ": it is neither its own nor its group's"));
        }
        return r;
    }

    /** Whether {@code caller} acts on every reservation: an operator, an admin, or the process itself. */
    static boolean seesAll(Caller caller) {
        return caller instanceof Caller.Process || caller instanceof Caller.Account a && a.seesAll();
    }

    /** Refuses with NOT_ALLOWED, naming {@code field}, a caller that is no operator (nor admin, nor the process). */
    static void requireOperator(Caller caller, String field, String what) throws BadRequest {
        if (!seesAll(caller)) {
            throw new BadRequest(new Refusal(RefusalCode.NOT_ALLOWED, field, caller.name() + " may not " + what
                    + ": only operators and admins may"));
        }
    }
}
