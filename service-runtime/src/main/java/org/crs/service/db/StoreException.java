package org.crs.service.db;

/** The database failed; what was being done is in the message. */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StoreException(String what, Throwable cause) {
        super(what + (cause == null ? "" : ": " + cause.getMessage()), cause);
    }
}
