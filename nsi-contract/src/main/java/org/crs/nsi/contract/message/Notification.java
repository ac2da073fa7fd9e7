package org.crs.nsi.contract.message;

import java.time.Instant;

/** An autonomous message about a connection; what queryNotification lists. */
public sealed interface Notification extends RequesterMessage, NamesConnection permits ErrorEvent, ReserveTimeout, DataPlaneStateChange,
        MessageDeliveryTimeout {

    /** The connection it is about. */
    String connectionId();

    /** Increasing per connection. */
    long notificationId();

    /** When it happened. */
    Instant timeStamp();
}
