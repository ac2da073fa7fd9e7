package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryNotificationSyncConfirmed}: the synchronous answer to a queryNotificationSync.
 *
 * @param notifications what was found, in order; possibly none
 */
public record QueryNotificationSyncConfirmed(List<Notification> notifications) implements SyncAnswer {

    /** The element's local name. */
    public static final String ELEMENT = "queryNotificationSyncConfirmed";

    public QueryNotificationSyncConfirmed {
        notifications = List.copyOf(notifications);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
