package org.crs.bar.api.soap;

import java.util.Objects;

import org.crs.bar.service.AccountService;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.service.ReservationService;
import org.crs.domain.access.Caller;
import org.crs.service.soap.ServiceFault;

/**
 * The BAR's port type for network operators: the queue of bookings waiting for approval,
 * approving or rejecting them, ending any circuit, and blocking accounts. A thin layer over
 * {@link ReservationService} and {@link AccountService}; every change is recorded with the
 * operator as actor. Who may call it is the access table's to decide (operators and admins).
 * The published WSDL is kept in schema/wsdl and compared with the served one by a test.
 */
public class OperatorPortType {

    /** The process itself when nobody signed in, named as an anonymous caller is. */
    private static final Caller.Process UNSIGNED = new Caller.Process(new Caller.Anonymous().name());

    private final ReservationService service;
    private final AccountService accounts;

    /**
     * @param service the reservation service
     * @param accounts blocks and unblocks accounts
     */
    public OperatorPortType(ReservationService service, AccountService accounts) {
        this.service = Objects.requireNonNull(service, "service");
        this.accounts = Objects.requireNonNull(accounts, "accounts");
    }

    /**
     * The signed-in operator (the access table lets no one else in); on a server without access
     * control the process itself, recorded as anonymous as before there were accounts.
     */
    private static Caller operator() {
        return SoapCaller.of(UNSIGNED);
    }

    /** Every reservation waiting for an operator's approval, soonest start first; its reason says until when. */
    public ReservationInfo[] listPendingApprovals() {
        try {
            return service.pendingApprovals(operator()).stream().map(ReservationInfo::of)
                    .toArray(ReservationInfo[]::new);
        } catch (BadRequest e) {
            // The access table lets only operators in, whom the service lets list; this operation declares no fault.
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Approves a reservation waiting for approval: RESERVED, and brought up at its start. Approving
     * an approved one answers it; one past its approval deadline is refused. {@code reason} may be
     * left out.
     */
    public ReservationInfo approveReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.approve(operator(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Rejects a reservation waiting for approval, saying why: its segments are released and it is REJECTED. */
    public ReservationInfo rejectReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.reject(operator(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /**
     * Ends a reservation in any live state, saying why: a circuit that is up is torn down, one
     * reserved or waiting is released; it ends CANCELLED with the operator as actor.
     */
    public ReservationInfo terminateReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.terminate(operator(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Blocks an account, saying why: it can no longer sign in. Answers true; blocking a blocked one changes nothing. */
    public boolean blockAccount(String account, String reason) throws ServiceFault {
        return setBlocked(account, true, reason);
    }

    /** Unblocks an account, saying why. Answers false (no longer blocked); unblocking an unblocked one changes nothing. */
    public boolean unblockAccount(String account, String reason) throws ServiceFault {
        return setBlocked(account, false, reason);
    }

    private boolean setBlocked(String account, boolean blocked, String reason) throws ServiceFault {
        try {
            return accounts.block(operator(), account, blocked, reason);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    // The fault string names the field too, for clients that show only the string.
    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
