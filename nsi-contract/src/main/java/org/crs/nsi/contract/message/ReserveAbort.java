package org.crs.nsi.contract.message;

/**
 * {@code reserveAbort}: Gives up a held or failed reservation (acknowledged; the result is reserveAbortConfirmed).
 *
 * @param connectionId the connection
 */
public record ReserveAbort(String connectionId) implements ProviderRequest, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "reserveAbort";

    public ReserveAbort {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
