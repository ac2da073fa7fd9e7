package org.crs.nsi.contract.message;

/**
 * {@code terminateConfirmed}: The connection is terminated.
 *
 * @param connectionId the connection
 */
public record TerminateConfirmed(String connectionId) implements OperationResult, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "terminateConfirmed";

    public TerminateConfirmed {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
