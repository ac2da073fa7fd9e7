package org.crs.nsi.contract.message;

/**
 * {@code terminate}: Ends the connection for good (acknowledged; the result is terminateConfirmed).
 *
 * @param connectionId the connection
 */
public record Terminate(String connectionId) implements ProviderRequest, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "terminate";

    public Terminate {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
