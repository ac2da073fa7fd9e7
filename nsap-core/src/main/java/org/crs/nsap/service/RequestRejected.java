package org.crs.nsap.service;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusedException;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsap.port.PlanRefused;

/**
 * A call the service refuses and that changed nothing, as a {@link Refusal}: bad input (naming
 * the field), a request that does not fit (naming the resource), or a call the booking's state
 * does not allow ({@link RefusalCode#POLICY}). The SOAP layer turns it into a fault.
 */
public final class RequestRejected extends RefusedException {

    private static final long serialVersionUID = 1L;

    public RequestRejected(Refusal refusal) {
        super(refusal);
    }

    /** Bad input: {@link RefusalCode#BAD_FIELD} naming the field. */
    public static RequestRejected badField(String field, String reason) {
        return new RequestRejected(Refusal.badField(field, reason));
    }

    /** The booking named by {@code bookingId} is in a state that does not allow the call. */
    static RequestRejected notInThisState(String reason) {
        return new RequestRejected(new Refusal(RefusalCode.POLICY, "bookingId", reason));
    }

    /** The booking named by {@code bookingId} is another BAR's: {@link RefusalCode#NOT_ALLOWED}. */
    static RequestRejected notAllowed(String reason) {
        return new RequestRejected(new Refusal(RefusalCode.NOT_ALLOWED, "bookingId", reason));
    }

    /** The planner's refusal, as it is. */
    static RequestRejected of(PlanRefused e) {
        return new RequestRejected(e.refusal());
    }

    /** The request field at fault, or null. */
    public String field() {
        return refusal().field().isEmpty() ? null : refusal().field();
    }

    /** The resource that cannot take the request, or null. */
    public String resource() {
        return refusal().resource().isEmpty() ? null : refusal().resource();
    }
}
