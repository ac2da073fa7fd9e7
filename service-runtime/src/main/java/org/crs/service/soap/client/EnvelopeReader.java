package org.crs.service.soap.client;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapXml;

/**
 * Reads a SOAP 1.1 answer with StAX, without DTDs or external entities ({@link SoapXml}): either
 * a fault, as the {@link ServiceFault} the service threw, or the answer element's {@code return}
 * children, each a simple text or a bean's fields.
 */
final class EnvelopeReader {

    private static final String SOAP11 = EnvelopeWriter.SOAP11;
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final XMLInputFactory XML = SoapXml.inputFactory();

    private EnvelopeReader() {
    }

    /** The body's first element read: either a fault, or the answer's {@code return} elements. */
    static final class Answer {
        /** The fault, null for an answer. */
        Fault fault;
        final List<Element> returns = new ArrayList<>();
    }

    /**
     * A fault as its envelope says it: the detail's {@code code}, {@code field} and {@code reason}
     * (null when absent), its faultstring, and whether its fault code is Server (the service
     * failed, not the request).
     */
    record Fault(String code, String field, String reason, String faultString, boolean serverFault) {

        /**
         * The fault's code: the one its detail names. A fault without a code this client knows
         * (from a service older or newer than its codes) reads as what its shape says: a Server
         * fault as {@link RefusalCode#PROVIDER_SILENT} (the service failed), a fault naming a field
         * as {@link RefusalCode#BAD_FIELD}, any other as {@link RefusalCode#POLICY}.
         */
        RefusalCode refusalCode() {
            return RefusalCode.named(code).orElse(serverFault ? RefusalCode.PROVIDER_SILENT
                    : field != null && !field.isBlank() ? RefusalCode.BAD_FIELD : RefusalCode.POLICY);
        }

        /** Its message: {@code field: reason} from the detail, or the faultstring when there is no reason. */
        String message() {
            String said = reason != null && !reason.isBlank() ? reason.trim()
                    : faultString != null && !faultString.isBlank() ? faultString.trim() : "a SOAP fault without a reason";
            if (field == null || field.isBlank() || said.startsWith(field.trim() + ":")) {
                return said;
            }
            return field.trim() + ": " + said;
        }

        /**
         * The fault as the exception the service threw: its refusal's subject is the field for a
         * code about a field, {@code caller} (the client's name for the service) for a failure of
         * the service, and empty for a resource (the fault names the resource in its text only).
         */
        ServiceFault toServiceFault(String caller) {
            RefusalCode refusalCode = refusalCode();
            String subject = switch (refusalCode.subject()) {
                case FIELD -> field == null ? "" : field.trim();
                case PROVIDER -> caller;
                case RESOURCE -> "";
            };
            Refusal refusal = new Refusal(refusalCode, subject, message());
            return serverFault ? ServiceFault.failure(refusal) : new ServiceFault(refusal);
        }
    }

    /**
     * A {@code return} element: its text when simple (null when nil), its fields when a bean
     * (element name to its texts in document order, several for an array; a nil one is null).
     */
    record Element(String text, Map<String, List<String>> fields) {

        boolean isNil() {
            return text == null && fields == null;
        }
    }

    /** The answer in {@code xml}, or null when it is not a SOAP envelope with a body. */
    static Answer parse(String xml) throws XMLStreamException {
        XMLStreamReader r = XML.createXMLStreamReader(new StringReader(xml));
        try {
            if (!nextElement(r) || !"Envelope".equals(r.getLocalName()) || !SOAP11.equals(r.getNamespaceURI())) {
                return null;
            }
            while (nextElement(r)) {
                if ("Body".equals(r.getLocalName()) && SOAP11.equals(r.getNamespaceURI())) {
                    if (!nextChild(r)) {
                        return new Answer();
                    }
                    return "Fault".equals(r.getLocalName()) && SOAP11.equals(r.getNamespaceURI()) ? fault(r) : returns(r);
                }
                skip(r);
            }
            return null;
        } finally {
            r.close();
        }
    }

    // At a soapenv:Fault: faultcode, faultstring, and code, field and reason anywhere in the detail
    // (the detail's outer element is named after the service: NsapServiceServiceFault, PeerServiceServiceFault).
    private static Answer fault(XMLStreamReader r) throws XMLStreamException {
        String faultCode = null;
        String faultString = null;
        String code = null;
        String field = null;
        String reason = null;
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
                String local = r.getLocalName();
                if ("faultstring".equals(local) && depth == 2) {
                    faultString = r.getElementText();
                    depth--;
                } else if ("faultcode".equals(local) && depth == 2) {
                    faultCode = r.getElementText();
                    depth--;
                } else if ("code".equals(local) && code == null) {
                    code = text(r);
                    depth--;
                } else if ("field".equals(local) && field == null) {
                    field = text(r);
                    depth--;
                } else if ("reason".equals(local) && reason == null) {
                    reason = text(r);
                    depth--;
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.END_DOCUMENT) {
                break;
            }
        }
        Answer a = new Answer();
        // the fault code's local part only: the prefix is the server's choice
        a.fault = new Fault(code, field, reason, faultString, faultCode != null && faultCode.trim().endsWith("Server"));
        return a;
    }

    // At the answer element (opResponse): each child is a return; a bean's fields are its children.
    private static Answer returns(XMLStreamReader r) throws XMLStreamException {
        Answer a = new Answer();
        while (nextChild(r)) {
            if (isNil(r)) {
                skip(r);
                a.returns.add(new Element(null, null));
                continue;
            }
            StringBuilder text = new StringBuilder();
            Map<String, List<String>> fields = null;
            while (true) {
                int event = r.next();
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    text.append(r.getText());
                } else if (event == XMLStreamConstants.START_ELEMENT) {
                    if (fields == null) {
                        fields = new HashMap<>();
                    }
                    String local = r.getLocalName();
                    fields.computeIfAbsent(local, k -> new ArrayList<>(1)).add(text(r));
                } else if (event == XMLStreamConstants.END_ELEMENT || event == XMLStreamConstants.END_DOCUMENT) {
                    break;
                }
            }
            a.returns.add(fields != null ? new Element(null, fields) : new Element(text.toString(), null));
        }
        return a;
    }

    /** The text of a simple element the reader is at, null when nil; leaves the reader at its end. */
    private static String text(XMLStreamReader r) throws XMLStreamException {
        if (isNil(r)) {
            skip(r);
            return null;
        }
        StringBuilder text = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) && depth == 1) {
                text.append(r.getText());
            } else if (event == XMLStreamConstants.END_DOCUMENT) {
                break;
            }
        }
        return text.toString();
    }

    private static boolean isNil(XMLStreamReader r) {
        String nil = r.getAttributeValue(XSI, "nil");
        return nil != null && ("true".equals(nil.trim()) || "1".equals(nil.trim()));
    }

    private static boolean nextElement(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT) {
                return true;
            }
        }
        return false;
    }

    /** To the next child element of the current parent, or false at the parent's end. */
    private static boolean nextChild(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                return true;
            }
            if (event == XMLStreamConstants.END_ELEMENT) {
                return false;
            }
        }
        return false;
    }

    /** From a start element past its end. */
    private static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0 && r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }
}
