package org.crs.nsi.contract.message;

/**
 * {@code provisionConfirmed}: The connection is provisioned: its circuit is up whenever inside the schedule.
 *
 * @param connectionId the connection
 */
public record ProvisionConfirmed(String connectionId) implements OperationResult, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "provisionConfirmed";

    public ProvisionConfirmed {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
