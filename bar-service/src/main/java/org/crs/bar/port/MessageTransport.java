package org.crs.bar.port;

import java.util.Map;
import java.util.Objects;

/** How notification messages leave the BAR: an SMTP server, an HTTP POST. */
public final class MessageTransport {

    private MessageTransport() {
    }

    /** Sends mails. */
    @FunctionalInterface
    public interface Mail {
        /** @throws DeliveryFailure when the server did not take it (it is tried again later) */
        void send(OutgoingMail mail) throws DeliveryFailure;
    }

    /** POSTs webhook bodies. */
    @FunctionalInterface
    public interface Webhook {
        /** @throws DeliveryFailure on no answer or an answer other than 2xx (it is tried again later) */
        void post(String url, Map<String, String> headers, byte[] body) throws DeliveryFailure;
    }

    /**
     * A mail.
     *
     * @param event the event's name, for the {@code X-CRS-Event} header (mail filters sort by it)
     * @param attachmentName a text/calendar attachment's file name, or null for none
     */
    public record OutgoingMail(String event, String to, String subject, String body, String attachmentName,
                               String attachment) {
        public OutgoingMail {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(body, "body");
        }
    }

    /** A message that did not get through; the message says why, with no secret in it. */
    public static final class DeliveryFailure extends Exception {
        private static final long serialVersionUID = 1L;

        public DeliveryFailure(String message) {
            super(message);
        }

        public DeliveryFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
