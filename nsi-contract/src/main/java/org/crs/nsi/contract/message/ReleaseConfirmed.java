package org.crs.nsi.contract.message;

/**
 * {@code releaseConfirmed}: The connection is released: its circuit is down, its reservation kept.
 *
 * @param connectionId the connection
 */
public record ReleaseConfirmed(String connectionId) implements OperationResult, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "releaseConfirmed";

    public ReleaseConfirmed {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
