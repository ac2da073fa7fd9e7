package org.crs.bar.nsi;

import java.util.Objects;

import org.crs.domain.nsi.NsiErrorId;

/** An event refused in a connection's states, for callers that move on only when it is allowed. */
public final class NsiTransitionRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient NsiTransition.Refused refusal;

    public NsiTransitionRefused(NsiTransition.Refused refusal) {
        super(Objects.requireNonNull(refusal, "refusal").event() + " refused in " + refusal.current() + ": "
                + refusal.why());
        this.refusal = refusal;
    }

    public NsiTransition.Refused refusal() {
        return refusal;
    }

    /** The NSI error id the requester is answered with. */
    public NsiErrorId errorId() {
        return refusal.errorId();
    }
}
