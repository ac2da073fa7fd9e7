package org.crs.nsi.contract.message;

/**
 * {@code reserveResponse}: The synchronous answer to a reserve: the connection id the provider gave it (the result follows as reserveConfirmed or reserveFailed).
 *
 * @param connectionId the connection
 */
public record ReserveResponse(String connectionId) implements SyncAnswer, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "reserveResponse";

    public ReserveResponse {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
