package org.crs.bar.nsi;

import java.util.Objects;

/** An NSI request refused before anything changed: answered as a SOAP fault carrying {@link #refusal()}. */
public final class NsiRefused extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient NsiRefusal refusal;

    public NsiRefused(NsiRefusal refusal) {
        super(Objects.requireNonNull(refusal, "refusal").errorId().code() + ": " + refusal.text());
        this.refusal = refusal;
    }

    public NsiRefusal refusal() {
        return refusal;
    }
}
