package org.crs.bar.reservation;

/** A client's request that the BAR refuses without changing anything, naming the field and why. */
public final class BadRequest extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    public BadRequest(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    /** The request field at fault. */
    public String field() {
        return field;
    }

    /** What is wrong with it. */
    public String reason() {
        return reason;
    }
}
