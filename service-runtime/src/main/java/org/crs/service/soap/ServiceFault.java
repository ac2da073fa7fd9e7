package org.crs.service.soap;

/**
 * The checked exception a CRS service method declares ({@code throws ServiceFault}) to refuse a
 * request. Axis2's RPCMessageReceiver turns it into a typed {@code wsdl:fault} whose detail
 * carries {@link #getField() field} and {@link #getReason() reason}; a client sees both.
 *
 * <p>Axis2 maps a thrown exception to the declared fault only when its class is exactly one of
 * the classes in the method's {@code throws} clause (not a subclass of one). Throw
 * {@code ServiceFault} itself, or declare the subclass you throw.
 */
public class ServiceFault extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    /**
     * @param field  the input field that was refused, as named in the WSDL, or {@code null} when
     *               the request as a whole was refused
     * @param reason human-readable reason, safe to show to the caller (no secrets, no stack trace)
     */
    public ServiceFault(String field, String reason) {
        super(reason);
        this.field = field;
        this.reason = reason;
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
}
