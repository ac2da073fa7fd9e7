package org.crs.nsi.contract.message;

import java.util.List;

/**
 * {@code queryNotificationConfirmed}: the answer to a queryNotification.
 *
 * @param notifications what was found, in order; possibly none
 */
public record QueryNotificationConfirmed(List<Notification> notifications) implements RequesterMessage {

    /** The element's local name. */
    public static final String ELEMENT = "queryNotificationConfirmed";

    public QueryNotificationConfirmed {
        notifications = List.copyOf(notifications);
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
