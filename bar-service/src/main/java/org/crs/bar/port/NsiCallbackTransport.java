package org.crs.bar.port;

import org.crs.bar.nsi.NsiMessageKind;

/** How a callback reaches an NSI requester: one POST of its SOAP envelope to the requester's URL. */
@FunctionalInterface
public interface NsiCallbackTransport {

    /**
     * Sends one envelope, with the SOAPAction of {@code kind}'s operation, and reads the answer
     * within the transport's own deadline.
     */
    Outcome send(String replyTo, NsiMessageKind kind, String envelope);

    /** How a send ended. */
    sealed interface Outcome {

        /** The requester acknowledged it. */
        record Delivered() implements Outcome {
        }

        /**
         * The requester answered and will not take it (a SOAP fault, an HTTP client error): sending
         * it again would be answered the same, so it is given up at once.
         */
        record Refused(String reason) implements Outcome {
        }

        /** No answer, or one that says to try later (no connection, a timeout, 502, 503, 504): tried again. */
        record NoAnswer(String reason) implements Outcome {
        }
    }
}
