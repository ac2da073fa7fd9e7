package org.crs.nsi.contract.message;

/**
 * {@code release}: Asks for the circuit to be taken down, keeping the reservation (acknowledged; the result is releaseConfirmed).
 *
 * @param connectionId the connection
 */
public record Release(String connectionId) implements ProviderRequest, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "release";

    public Release {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
