package org.crs.nsi.contract.message;

/**
 * {@code reserveCommitConfirmed}: The reservation is committed.
 *
 * @param connectionId the connection
 */
public record ReserveCommitConfirmed(String connectionId) implements OperationResult, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "reserveCommitConfirmed";

    public ReserveCommitConfirmed {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
