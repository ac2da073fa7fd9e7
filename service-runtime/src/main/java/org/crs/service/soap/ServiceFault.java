package org.crs.service.soap;

/**
 * The checked exception a CRS service method declares ({@code throws ServiceFault}) to refuse a
 * request. The message receiver turns it into a typed {@code wsdl:fault} whose detail carries
 * {@link #getField() field} and {@link #getReason() reason}; a client sees both. Its fault code
 * is Client ({@code Sender} in SOAP 1.2): the request cannot succeed as it is. A fault made by
 * {@link #failure(String)} is the service's own failure (a service it depends on did not
 * answer) and has the code Server ({@code Receiver}): the same request may succeed later.
 *
 * <p>Axis2 maps a thrown exception to the declared fault only when its class is exactly one of
 * the classes in the method's {@code throws} clause (not a subclass of one). Throw
 * {@code ServiceFault} itself, or declare the subclass you throw.
 */
public class ServiceFault extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;
    // not a bean property (no getter), so neither the schema nor the fault detail carries it
    private final boolean callersError;

    /**
     * @param field  the input field that was refused, as named in the WSDL, or {@code null} when
     *               the request as a whole was refused
     * @param reason human-readable reason, safe to show to the caller (no secrets, no stack trace)
     */
    public ServiceFault(String field, String reason) {
        this(field, reason, true);
    }

    private ServiceFault(String field, String reason, boolean callersError) {
        super(reason);
        this.field = field;
        this.reason = reason;
        this.callersError = callersError;
    }

    /**
     * A failure of the service itself, not of the request: a service it depends on is down or
     * did not answer in time. Answered with the fault code Server, so that a client may retry.
     */
    public static ServiceFault failure(String reason) {
        return new ServiceFault(null, reason, false);
    }

    /**
     * A refusal of one input field. The fault string names the field too, so a client that
     * shows only the string still tells the user which field to fix; the detail carries field
     * and reason apart.
     */
    public static ServiceFault badField(String field, String reason) {
        return new ServiceFault(field, field + ": " + reason);
    }

    /** A refusal not tied to one input field. */
    public ServiceFault(String reason) {
        this(null, reason);
    }

    /** The input field that was refused, or {@code null}. */
    public String getField() {
        return field;
    }

    /** Human-readable reason. */
    public String getReason() {
        return reason;
    }

    /**
     * True when the request is at fault (fault code Client), false for a {@link #failure}
     * (fault code Server). Named without "is" or "get" so that it is no bean property.
     */
    public boolean callersError() {
        return callersError;
    }
}
