package org.crs.bar.port;

import java.time.Instant;

/** The NSI messages the BAR writes on its own, as the wire layer (nsi-contract) writes them. */
@FunctionalInterface
public interface NsiMessageBodies {

    /**
     * A {@code messageDeliveryTimeout} notification element: {@code correlationId}'s message
     * on the connection could not be delivered.
     */
    String messageDeliveryTimeout(String connectionId, long notificationId, Instant timeStamp, String correlationId);
}
