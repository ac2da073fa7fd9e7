package org.crs.nsi.contract.message;

/**
 * {@code reserveCommitFailed}: The commit failed (e.g. the hold had lapsed).
 *
 * @param connectionId the connection
 * @param connectionStates its states after the failure
 * @param serviceException why
 */
public record ReserveCommitFailed(String connectionId, ConnectionStates connectionStates, ServiceExceptionInfo serviceException)
        implements OperationResult, GenericFailure {

    /** The element's local name. */
    public static final String ELEMENT = "reserveCommitFailed";

    public ReserveCommitFailed {
        Checks.text(connectionId, "connectionId");
        Checks.part(connectionStates, "connectionStates");
        Checks.part(serviceException, "serviceException");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
