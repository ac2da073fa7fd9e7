package org.crs.service.soap;

import java.util.Objects;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;

/**
 * The checked exception a CRS service method declares ({@code throws ServiceFault}) to refuse a
 * request. The message receiver turns it into a typed {@code wsdl:fault} whose detail carries
 * {@link #getCode() code}, {@link #getField() field} and {@link #getReason() reason}; a client sees
 * all three. Its fault code is Client ({@code Sender} in SOAP 1.2): the request cannot succeed as
 * it is. A fault made by {@link #failure(Refusal)} is the service's own failure (a service it
 * depends on did not answer) and has the code Server ({@code Receiver}): the same request may
 * succeed later.
 *
 * <p>Axis2 maps a thrown exception to the declared fault only when its class is exactly one of
 * the classes in the method's {@code throws} clause (not a subclass of one). Throw
 * {@code ServiceFault} itself, or declare the subclass you throw.
 */
public class ServiceFault extends Exception {

    private static final long serialVersionUID = 1L;

    // not bean properties (no getters of their own), so neither the schema nor the detail carries them
    private final Refusal refusal;
    private final boolean callersError;

    /**
     * A refusal of the request. The detail's {@code field} is the refusal's subject when its
     * code names a field ({@link Refusal#field()}), and {@code reason} is its message.
     */
    public ServiceFault(Refusal refusal) {
        this(refusal, true);
    }

    private ServiceFault(Refusal refusal, boolean callersError) {
        super(Objects.requireNonNull(refusal, "refusal").message());
        this.refusal = refusal;
        this.callersError = callersError;
    }

    /**
     * A failure of the service itself, not of the request: a service it depends on is down or
     * did not answer in time ({@link RefusalCode#TIMEOUT}, {@link RefusalCode#PROVIDER_SILENT},
     * or the code that service answered). Answered with the fault code Server, so that a client
     * may retry.
     */
    public static ServiceFault failure(Refusal refusal) {
        return new ServiceFault(refusal, false);
    }

    /**
     * A refusal of one input field ({@link RefusalCode#BAD_FIELD}). The fault string names the
     * field too, so a client that shows only the string still tells the user which field to fix;
     * the detail carries field and reason apart.
     */
    public static ServiceFault badField(String field, String reason) {
        return new ServiceFault(Refusal.badField(field, field + ": " + reason));
    }

    /** The refusal's code, by name: one of {@link RefusalCode}. */
    public String getCode() {
        return refusal.code().name();
    }

    /** The input field that was refused, or {@code null}. */
    public String getField() {
        return refusal.field().isEmpty() ? null : refusal.field();
    }

    /** Human-readable reason. */
    public String getReason() {
        return refusal.message();
    }

    /** The refusal this fault carries. Named without "get" so that it is no bean property. */
    public Refusal refusal() {
        return refusal;
    }

    /**
     * True when the request is at fault (fault code Client), false for a {@link #failure}
     * (fault code Server). Named without "is" or "get" so that it is no bean property.
     */
    public boolean callersError() {
        return callersError;
    }
}
