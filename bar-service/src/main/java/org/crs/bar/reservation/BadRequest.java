package org.crs.bar.reservation;

import java.util.Objects;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusedException;
import org.crs.domain.refusal.RefusalCode;

/**
 * A client's request that the BAR refuses without changing anything, naming the field and why:
 * bad input ({@link RefusalCode#BAD_FIELD}), or a call the reservation's state does not allow
 * ({@link RefusalCode#POLICY}).
 */
public final class BadRequest extends RefusedException {

    private static final long serialVersionUID = 1L;

    /** Bad input: {@link RefusalCode#BAD_FIELD} naming the field. */
    public BadRequest(String field, String reason) {
        this(Refusal.badField(field, reason));
    }

    /** @param refusal its subject is the request field at fault */
    public BadRequest(Refusal refusal) {
        super(Objects.requireNonNull(refusal, "refusal").subject() + ": " + refusal.message(), refusal, null);
    }

    /** The reservation named by {@code requestId} is in a state that does not allow the call. */
    public static BadRequest notInThisState(String reason) {
        return new BadRequest(new Refusal(RefusalCode.POLICY, "requestId", reason));
    }

    /** The request field at fault. */
    public String field() {
        return refusal().subject();
    }

    /** What is wrong with it. */
    public String reason() {
        return refusal().message();
    }
}
