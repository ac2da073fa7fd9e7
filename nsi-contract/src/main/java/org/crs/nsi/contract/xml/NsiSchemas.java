package org.crs.nsi.contract.xml;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.nsi.contract.NsiNamespaces;
import org.crs.nsi.contract.NsiPort;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * The published NSI schemas and WSDLs (schema/nsi in the repository), from the class path, and
 * validation of an envelope's parts against the XSDs: the {@code nsiHeader} block, and the
 * body's message or, for a fault, its detail's {@code serviceException}. SOAP's own envelope is
 * not validated (its structure is what {@link NsiXml} reads).
 */
public final class NsiSchemas {

    /** Where the files are on the class path. */
    public static final String RESOURCE_FOLDER = "/org/crs/nsi/contract/schema/";
    private static final List<String> XSDS = List.of("nsi-framework-types.xsd", "nsi-framework-headers.xsd",
            "nsi-services-types.xsd", "nsi-services-p2p.xsd", "nsi-connection-types.xsd");

    private NsiSchemas() {
    }

    /**
     * One of the files, by name ({@code nsi-connection-types.xsd}, {@link NsiPort#wsdlFile()}).
     *
     * @throws IllegalArgumentException when there is no such file
     */
    public static URL resource(String file) {
        URL url = NsiSchemas.class.getResource(RESOURCE_FOLDER + file);
        if (url == null || file.contains("/")) {
            throw new IllegalArgumentException("no NSI schema file " + file);
        }
        return url;
    }

    /** The XSD files' names, each importing the others by a relative schemaLocation: served beside a WSDL. */
    public static List<String> xsdFiles() {
        return XSDS;
    }

    /** The WSDL of a port. */
    public static URL wsdl(NsiPort port) {
        return resource(port.wsdlFile());
    }

    /**
     * Validates an envelope's header block and body content against the XSDs.
     *
     * @throws NsiPayloadException {@code 00100} naming the part that is not valid, with the
     *     validator's reason
     */
    public static void validate(String envelope) throws NsiPayloadException {
        Document doc = SecureXml.parse(new ByteArrayInputStream(envelope.getBytes(StandardCharsets.UTF_8)));
        Validator validator = Holder.SCHEMA.newValidator();
        for (Element part : parts(doc.getDocumentElement())) {
            try {
                validator.validate(new DOMSource(part));
            } catch (SAXException | IOException e) {
                throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, part.getLocalName(), e.getMessage(), e);
            }
        }
    }

    /** The header blocks, and the body's element or a fault's detail entries. */
    private static List<Element> parts(Element envelope) {
        List<Element> parts = new ArrayList<>();
        for (Element e : Dom.children(envelope)) {
            if (!NsiNamespaces.SOAP_ENVELOPE.equals(e.getNamespaceURI())) {
                continue;
            }
            for (Element content : Dom.children(e)) {
                boolean fault = "Fault".equals(content.getLocalName())
                        && NsiNamespaces.SOAP_ENVELOPE.equals(content.getNamespaceURI());
                if (!fault) {
                    parts.add(content);
                    continue;
                }
                for (Element detail : Dom.children(content, "detail")) {
                    parts.addAll(Dom.children(detail));
                }
            }
        }
        return parts;
    }

    /** Loaded on first use: the five XSDs as one schema, imports resolved beside them. */
    private static final class Holder {
        static final Schema SCHEMA = load();

        private static Schema load() {
            SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            try {
                f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                // The imports are the files beside them, in the jar or in target/classes.
                f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file,jar");
                f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
                List<StreamSource> sources = new ArrayList<>();
                for (String xsd : XSDS) {
                    sources.add(new StreamSource(resource(xsd).toExternalForm()));
                }
                return f.newSchema(sources.toArray(StreamSource[]::new));
            } catch (SAXException e) {
                throw new IllegalStateException("the NSI schemas on the class path cannot be loaded: " + e.getMessage(), e);
            }
        }
    }
}
