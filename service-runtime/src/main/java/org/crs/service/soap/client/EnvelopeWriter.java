package org.crs.service.soap.client;

import java.lang.reflect.Array;

/**
 * Writes a {@link SoapRequest} as a SOAP 1.1 envelope: document/literal, every element qualified
 * in the service's namespace under the prefix {@code n}, a bean's properties in the schema's order.
 *
 * <pre>{@code
 * <?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"
 *     xmlns:n="urn:crs:bar-peer:1"><soapenv:Body><n:segmentWanted><n:bookingId>site-a:R1:campus</n:bookingId>
 *     </n:segmentWanted></soapenv:Body></soapenv:Envelope>
 * }</pre>
 */
final class EnvelopeWriter {

    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";

    private EnvelopeWriter() {
    }

    /** The whole envelope of {@code request} in {@code namespace}. */
    static String envelope(String namespace, SoapRequest request) {
        StringBuilder xml = new StringBuilder(512);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"").append(SOAP11)
                .append("\" xmlns:n=\"").append(escape(namespace)).append("\"><soapenv:Body><n:")
                .append(request.operation()).append('>');
        for (SoapRequest.Parameter p : request.parameters()) {
            if (p.value() == null) {
                // an empty text, as the services have always been sent for a missing reason or resource
                xml.append("<n:").append(p.element()).append("></n:").append(p.element()).append('>');
            } else {
                value(xml, p.element(), p.value());
            }
        }
        return xml.append("</n:").append(request.operation()).append("></soapenv:Body></soapenv:Envelope>").toString();
    }

    /** One element for a simple value or a bean, one per item for an array; nothing for null (a bean's absent field). */
    private static void value(StringBuilder xml, String element, Object value) {
        if (value == null) {
            return;
        }
        Class<?> type = value.getClass();
        if (type.isArray()) {
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                value(xml, element, Array.get(value, i));
            }
            return;
        }
        xml.append("<n:").append(element).append('>');
        if (Beans.isSimple(type)) {
            xml.append(escape(Beans.text(value)));
        } else {
            for (Beans.Property p : Beans.properties(type)) {
                value(xml, p.name(), Beans.get(value, p));
            }
        }
        xml.append("</n:").append(element).append('>');
    }

    static String escape(String text) {
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
