package org.crs.nsi.contract.message;

/**
 * {@code provision}: Asks for the circuit to be up while inside the schedule (acknowledged; the result is provisionConfirmed).
 *
 * @param connectionId the connection
 */
public record Provision(String connectionId) implements ProviderRequest, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "provision";

    public Provision {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
