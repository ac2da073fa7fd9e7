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
    static String envelope(String namespace, CharSequence body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"" + EnvelopeReader.SOAP11
                + "\" xmlns:n=\"" + escape(namespace) + "\"><soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    /** The order as the port type's {@code SegmentRequestBean}, its elements in the schema's order. */
    static void request(StringBuilder body, SegmentOrder order) {
        body.append("<n:request>");
        element(body, "bandwidthMbps", Long.toString(order.bandwidthMbps()));
        element(body, "bookingId", order.bookingId());
        element(body, "destination", order.destination());
        element(body, "destinationVlan", Integer.toString(order.destinationVlan()));
        element(body, "end", dateTime(order.interval().end()));
        element(body, "source", order.source());
        element(body, "sourceVlan", Integer.toString(order.sourceVlan()));
        element(body, "start", dateTime(order.interval().start()));
        body.append("</n:request>");
    }

    static StringBuilder byId(String operation, String bookingId) {
        StringBuilder body = new StringBuilder(96).append("<n:").append(operation).append('>');
        element(body, "bookingId", bookingId);
        return body.append("</n:").append(operation).append('>');
    }

    static void element(StringBuilder out, String element, String text) {
        out.append("<n:").append(element).append('>').append(escape(text)).append("</n:").append(element).append('>');
    }

    static String dateTime(Instant instant) {
        return instant.toString(); // ISO-8601 in UTC with a Z: a valid xs:dateTime
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
