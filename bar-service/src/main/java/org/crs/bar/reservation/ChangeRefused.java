package org.crs.bar.reservation;

/** A segment could not take a change of a reservation; nothing was changed. */
public final class ChangeRefused extends Exception {

    private static final long serialVersionUID = 1L;

    public ChangeRefused(String reason) {
        super(reason);
    }
}
