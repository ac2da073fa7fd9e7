package org.crs.bar.reservation;

import java.util.Objects;

import org.crs.domain.refusal.Refusal;

/** A segment could not take a change of a reservation; nothing was changed. */
public final class ChangeRefused extends Exception {

    private static final long serialVersionUID = 1L;

    private final Refusal refusal;

    /** @param refusal why, with the code of the segment that refused (or did not answer) */
    public ChangeRefused(Refusal refusal) {
        super(Objects.requireNonNull(refusal, "refusal").message());
        this.refusal = refusal;
    }

    public Refusal refusal() {
        return refusal;
    }
}
