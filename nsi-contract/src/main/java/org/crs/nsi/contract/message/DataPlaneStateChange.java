package org.crs.nsi.contract.message;

import java.time.Instant;

/**
 * {@code dataPlaneStateChange}: the circuit came up or went down.
 *
 * @param connectionId the connection
 * @param notificationId increasing per connection
 * @param timeStamp when
 * @param dataPlaneStatus the new status
 */
public record DataPlaneStateChange(String connectionId, long notificationId, Instant timeStamp,
        DataPlaneStatus dataPlaneStatus) implements Notification {

    /** The element's local name. */
    public static final String ELEMENT = "dataPlaneStateChange";

    public DataPlaneStateChange {
        Checks.text(connectionId, "connectionId");
        Checks.part(timeStamp, "timeStamp");
        Checks.part(dataPlaneStatus, "dataPlaneStatus");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
