package org.crs.nsi.contract.message;

import java.util.Optional;

/**
 * {@code queryNotification}: asks for a connection's notifications (acknowledged; the answer comes as queryNotificationConfirmed), those with ids in the range given.
 *
 * @param connectionId the connection
 * @param startNotificationId the first id wanted, when bounded
 * @param endNotificationId the last id wanted, when bounded
 */
public record QueryNotification(String connectionId, Optional<Long> startNotificationId, Optional<Long> endNotificationId)
        implements ProviderRequest, NamesConnection {

    /** The element's local name. */
    public static final String ELEMENT = "queryNotification";

    public QueryNotification {
        Checks.text(connectionId, "connectionId");
        Checks.optional(startNotificationId, "startNotificationId");
        Checks.optional(endNotificationId, "endNotificationId");
    }

    /** Every notification of the connection. */
    public static QueryNotification all(String connectionId) {
        return new QueryNotification(connectionId, Optional.empty(), Optional.empty());
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
