package org.crs.nsi.contract.message;

import java.time.Instant;

/**
 * {@code reserveTimeout}: a held reservation was neither committed nor aborted in time; a
 * later commit fails.
 *
 * @param connectionId the connection
 * @param notificationId increasing per connection
 * @param timeStamp when the hold lapsed
 * @param timeoutValue how long the hold lasted, in seconds
 * @param originatingConnectionId the connection whose hold lapsed (this one, for a uPA)
 * @param originatingNsa the NSA where it lapsed
 */
public record ReserveTimeout(String connectionId, long notificationId, Instant timeStamp, int timeoutValue,
        String originatingConnectionId, String originatingNsa) implements Notification {

    /** The element's local name. */
    public static final String ELEMENT = "reserveTimeout";

    public ReserveTimeout {
        Checks.text(connectionId, "connectionId");
        Checks.part(timeStamp, "timeStamp");
        Checks.text(originatingConnectionId, "originatingConnectionId");
        Checks.text(originatingNsa, "originatingNSA");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
