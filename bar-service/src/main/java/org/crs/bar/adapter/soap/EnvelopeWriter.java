package org.crs.bar.adapter.soap;

import java.time.Instant;

import org.crs.bar.reservation.SegmentOrder;

/**
 * Writes SOAP 1.1 requests of the NSAP port type: document/literal, qualified elements in the
 * service's namespace, in the order the published schema gives them.
 */
final class EnvelopeWriter {

    private EnvelopeWriter() {
    }

    /** The whole envelope around an operation's element. */
    static String envelope(String namespace, Body body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"" + EnvelopeReader.SOAP11
                + "\" xmlns:n=\"" + escape(namespace) + "\"><soapenv:Body>" + body.xml() + "</soapenv:Body></soapenv:Envelope>";
    }

    /**
     * The body of one operation: its element, and in it the parameters in the order the schema
     * gives them.
     */
    static final class Body {
        private final String operation;
        private final StringBuilder xml = new StringBuilder(256);

        private Body(String operation) {
            this.operation = operation;
        }

        /** The operation the body calls. */
        String operation() {
            return operation;
        }

        /** Adds a simple parameter. */
        Body element(String element, String text) {
            xml.append("<n:").append(element).append('>').append(escape(text)).append("</n:").append(element).append('>');
            return this;
        }

        /** Adds a number. */
        Body element(String element, long number) {
            return element(element, Long.toString(number));
        }

        /** Adds a time, as UTC with a Z (a valid xs:dateTime). */
        Body element(String element, Instant time) {
            return element(element, time.toString());
        }

        /** Adds the order as the port type's {@code SegmentRequestBean}, its elements in the schema's order. */
        Body request(SegmentOrder order) {
            xml.append("<n:request>");
            element("bandwidthMbps", order.bandwidthMbps());
            element("bookingId", order.bookingId());
            element("destination", order.destination());
            element("destinationVlan", order.destinationVlan());
            element("end", order.interval().end());
            element("source", order.source());
            element("sourceVlan", order.sourceVlan());
            element("start", order.interval().start());
            xml.append("</n:request>");
            return this;
        }

        /** The operation's element with the parameters in it. */
        String xml() {
            return "<n:" + operation + ">" + xml + "</n:" + operation + ">";
        }
    }

    /** The body of {@code operation}, parameters to follow. */
    static Body body(String operation) {
        return new Body(operation);
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\r' -> "&#13;";
                default -> null;
            };
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                out.append(replacement != null ? replacement : String.valueOf(c));
            }
        }
        return out == null ? text : out.toString();
    }

}
