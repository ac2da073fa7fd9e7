package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code queryNotificationSync}: asks for a connection's notifications, answered at once with queryNotificationSyncConfirmed, those with ids in the range given.
 *
 * @param connectionId the connection
 * @param startNotificationId the first id wanted, when bounded
 * @param endNotificationId the last id wanted, when bounded
 */
public record QueryNotificationSync(String connectionId, Optional<Long> startNotificationId, Optional<Long> endNotificationId)
        implements ProviderRequest, NamesConnection {

    /** The element's local name. */
    public static final String ELEMENT = "queryNotificationSync";

    public QueryNotificationSync {
        Checks.text(connectionId, "connectionId");
        Checks.optional(startNotificationId, "startNotificationId");
        Checks.optional(endNotificationId, "endNotificationId");
    }

    /** Every notification of the connection. */
    public static QueryNotificationSync all(String connectionId) {
        return new QueryNotificationSync(connectionId, Optional.empty(), Optional.empty());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
