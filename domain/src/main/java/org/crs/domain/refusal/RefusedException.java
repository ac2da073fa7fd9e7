package org.crs.domain.refusal;

import java.util.Objects;

/**
 * What every refusing exception shares: the {@link Refusal} it carries. Each layer throws its
 * own kind (a planner's, a service's, the BAR's), so that a caller catches what its layer may
 * refuse; all answer the same refusal.
 */
public abstract class RefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Refusal refusal;

    /** With the refusal's message. */
    protected RefusedException(Refusal refusal) {
        this(Objects.requireNonNull(refusal, "refusal").message(), refusal, null);
    }

    /** With a message of the subclass's own (which names the refusal's subject, say). */
    protected RefusedException(String message, Refusal refusal, Throwable cause) {
        super(message, cause);
        this.refusal = Objects.requireNonNull(refusal, "refusal");
    }

    /** Why, with its code. */
    public final Refusal refusal() {
        return refusal;
    }
}
