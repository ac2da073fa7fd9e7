package org.crs.service.soap.client;

import org.crs.domain.refusal.RefusalCode;

/**
 * A SOAP call that got no answer it could use: no connection, no whole answer before the
 * deadline, or an answer that is not a SOAP answer of the expected shape. Whether the service
 * acted is unknown; every CRS operation may be repeated with its booking id. (A service that
 * answered with a fault is a {@link org.crs.service.soap.ServiceFault} instead.)
 */
public final class SoapCallException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** No whole answer before the call's deadline. */
        TIMEOUT(RefusalCode.TIMEOUT),
        /** No connection, or the connection failed before an answer. */
        NO_CONNECTION(RefusalCode.PROVIDER_SILENT),
        /** An answer came but could not be read: not SOAP, an HTTP error without a fault, a value of the wrong type. */
        UNREADABLE(RefusalCode.PROVIDER_SILENT);

        private final RefusalCode code;

        Kind(RefusalCode code) {
            this.code = code;
        }
    }

    private final Kind kind;

    /**
     * @param kind what went wrong
     * @param message what was called and what happened
     * @param cause the failure that showed it, if any
     */
    public SoapCallException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** What went wrong. */
    public Kind kind() {
        return kind;
    }

    /** The refusal code for it: {@link RefusalCode#TIMEOUT}, else {@link RefusalCode#PROVIDER_SILENT}. */
    public RefusalCode code() {
        return kind.code;
    }
}
