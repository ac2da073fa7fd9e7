package org.crs.nsi.contract.xml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.NsiNamespaces;
import org.crs.nsi.contract.message.NsiBody;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Reads a SOAP 1.1 envelope: at most one {@code nsiHeader} (other header blocks are passed
 * over), and a body of exactly one element, either an NSI message of the connection types
 * namespace or a fault. A fault's {@code serviceException} is found in the framework types or
 * the connection types namespace, directly in the detail or inside an {@code error} element.
 */
final class EnvelopeReader {

    private EnvelopeReader() {
    }

    static NsiEnvelope read(Document document) throws NsiPayloadException {
        Element envelope = document.getDocumentElement();
        if (!isSoap(envelope, "Envelope")) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "Envelope", "not a SOAP 1.1 envelope ({"
                    + envelope.getNamespaceURI() + "}" + envelope.getLocalName() + ")");
        }
        Optional<NsiHeader> header = Optional.empty();
        List<Element> bodies = new ArrayList<>();
        for (Element part : Dom.children(envelope)) {
            if (isSoap(part, "Header")) {
                header = header(part);
            } else if (isSoap(part, "Body")) {
                bodies.add(part);
            }
        }
        if (bodies.size() != 1) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "Body", "a SOAP envelope has one Body, this has "
                    + bodies.size());
        }
        List<Element> content = Dom.children(bodies.get(0));
        if (content.size() != 1) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "Body", "an NSI message body holds one element, this"
                    + " holds " + content.size());
        }
        return new NsiEnvelope(header, body(content.get(0)));
    }

    private static Optional<NsiHeader> header(Element soapHeader) throws NsiPayloadException {
        List<Element> blocks = new ArrayList<>();
        for (Element block : Dom.children(soapHeader)) {
            if ("nsiHeader".equals(block.getLocalName()) && NsiNamespaces.HEADERS.equals(block.getNamespaceURI())) {
                blocks.add(block);
            }
        }
        if (blocks.size() > 1) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "nsiHeader", "a message carries one, this carries "
                    + blocks.size());
        }
        return blocks.isEmpty() ? Optional.empty() : Optional.of(PartsReader.header(blocks.get(0)));
    }

    private static NsiBody body(Element e) throws NsiPayloadException {
        if (isSoap(e, "Fault")) {
            return fault(e);
        }
        if (!NsiNamespaces.CONNECTION_TYPES.equals(e.getNamespaceURI())) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, e.getLocalName(), "not in the namespace "
                    + NsiNamespaces.CONNECTION_TYPES + " but in " + e.getNamespaceURI());
        }
        return MessageReader.read(e);
    }

    /** SOAP 1.1's fault: faultcode and faultstring unqualified, the detail's serviceException if any. */
    private static NsiFault fault(Element f) throws NsiPayloadException {
        String code = Dom.optional(f, "faultcode").map(Dom::text).orElse("");
        String local = code.substring(code.indexOf(':') + 1);
        NsiFault.Code kind = local.equals(NsiFault.Code.SERVER.localName()) ? NsiFault.Code.SERVER : NsiFault.Code.CLIENT;
        String text = Dom.optional(f, "faultstring").map(Element::getTextContent).orElse("");
        Optional<ServiceExceptionInfo> exception = Optional.empty();
        Optional<Element> detail = Dom.optional(f, "detail");
        if (detail.isPresent()) {
            Optional<Element> found = serviceException(detail.get());
            if (found.isPresent()) {
                exception = Optional.of(PartsReader.serviceException(found.get()));
            }
        }
        return new NsiFault(kind, text, exception);
    }

    private static Optional<Element> serviceException(Element detail) {
        for (Element e : Dom.children(detail)) {
            if (Dom.is(e, "serviceException")) {
                return Optional.of(e);
            }
            if (Dom.is(e, "error")) {
                Optional<Element> inner = Dom.optional(e, "serviceException");
                if (inner.isPresent()) {
                    return inner;
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isSoap(Element e, String local) {
        return local.equals(e.getLocalName()) && NsiNamespaces.SOAP_ENVELOPE.equals(e.getNamespaceURI());
    }
}
