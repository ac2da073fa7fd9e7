package org.crs.nsi.contract.message;

/**
 * {@code reserveFailed}: The reserve failed (for CRS: it was refused after the reserveResponse).
 *
 * @param connectionId the connection
 * @param connectionStates its states after the failure
 * @param serviceException why
 */
public record ReserveFailed(String connectionId, ConnectionStates connectionStates, ServiceExceptionInfo serviceException)
        implements OperationResult, GenericFailure {

    /** The element's local name. */
    public static final String ELEMENT = "reserveFailed";

    public ReserveFailed {
        Checks.text(connectionId, "connectionId");
        Checks.part(connectionStates, "connectionStates");
        Checks.part(serviceException, "serviceException");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
