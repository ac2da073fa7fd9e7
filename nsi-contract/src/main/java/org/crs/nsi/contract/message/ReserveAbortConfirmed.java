package org.crs.nsi.contract.message;

/**
 * {@code reserveAbortConfirmed}: The held reservation is given up.
 *
 * @param connectionId the connection
 */
public record ReserveAbortConfirmed(String connectionId) implements OperationResult, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "reserveAbortConfirmed";

    public ReserveAbortConfirmed {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
