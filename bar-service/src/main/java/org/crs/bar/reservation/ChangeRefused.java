package org.crs.bar.reservation;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusedException;

/** A segment could not take a change of a reservation; nothing was changed. */
public final class ChangeRefused extends RefusedException {

    private static final long serialVersionUID = 1L;

    /** @param refusal why, with the code of the segment that refused (or did not answer) */
    public ChangeRefused(Refusal refusal) {
        super(refusal);
    }
}
