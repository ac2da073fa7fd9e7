package org.crs.nsi.contract.message;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code errorEvent}: something went wrong with a connection on the provider's side.
 *
 * @param connectionId the connection
 * @param notificationId increasing per connection
 * @param timeStamp when
 * @param event what went wrong
 * @param originatingConnectionId the connection where it happened (this one, for a uPA)
 * @param originatingNsa the NSA where it happened
 * @param additionalInfo named values, in the order sent
 * @param serviceException the error, when there is one
 */
public record ErrorEvent(String connectionId, long notificationId, Instant timeStamp, ErrorEventKind event,
        String originatingConnectionId, String originatingNsa, Map<String, List<String>> additionalInfo,
        Optional<ServiceExceptionInfo> serviceException) implements Notification {

    /** The element's local name. */
    public static final String ELEMENT = "errorEvent";

    public ErrorEvent {
        Checks.text(connectionId, "connectionId");
        Checks.part(timeStamp, "timeStamp");
        Checks.part(event, "event");
        Checks.text(originatingConnectionId, "originatingConnectionId");
        Checks.text(originatingNsa, "originatingNSA");
        additionalInfo = TypeValues.copy(additionalInfo);
        Checks.optional(serviceException, "serviceException");
    }

    @Override
    public String element() {
        return ELEMENT;
    }
}
