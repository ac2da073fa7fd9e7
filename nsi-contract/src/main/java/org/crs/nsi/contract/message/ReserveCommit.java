package org.crs.nsi.contract.message;

/**
 * {@code reserveCommit}: Commits a held reservation (answered with an acknowledgment; the result is reserveCommitConfirmed or reserveCommitFailed).
 *
 * @param connectionId the connection
 */
public record ReserveCommit(String connectionId) implements ProviderRequest, ConnectionIdOnly {

    /** The element's local name. */
    public static final String ELEMENT = "reserveCommit";

    public ReserveCommit {
        Checks.text(connectionId, "connectionId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
