package org.crs.nsi.contract.message;

import java.time.Instant;

/**
 * {@code messageDeliveryTimeout}: a message the provider sent on (to a child) was not answered
 * in time.
 *
 * @param connectionId the connection
 * @param notificationId increasing per connection
 * @param timeStamp when
 * @param correlationId the undelivered message's correlation id
 */
public record MessageDeliveryTimeout(String connectionId, long notificationId, Instant timeStamp, String correlationId)
        implements Notification {

    /** The element's local name. */
    public static final String ELEMENT = "messageDeliveryTimeout";

    public MessageDeliveryTimeout {
        Checks.text(connectionId, "connectionId");
        Checks.part(timeStamp, "timeStamp");
        Checks.text(correlationId, "correlationId");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
