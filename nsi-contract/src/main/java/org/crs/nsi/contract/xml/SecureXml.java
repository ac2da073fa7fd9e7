package org.crs.nsi.contract.xml;

import java.io.IOException;
import java.io.InputStream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.crs.domain.nsi.NsiErrorId;
import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The JDK's DOM parser made safe for messages from outside: no DTD at all (so no external or
 * expanding entities), no XInclude, no external schema, secure processing's limits on.
 */
final class SecureXml {

    private static final DocumentBuilderFactory FACTORY = factory();
    /** A builder is not safe for threads; one per thread, reset before each use. */
    private static final ThreadLocal<DocumentBuilder> BUILDERS = ThreadLocal.withInitial(SecureXml::builder);

    private SecureXml() {
    }

    /**
     * Parses a namespace-aware document.
     *
     * @throws NsiPayloadException {@code 00100} naming {@code Envelope} when it is not
     *     well-formed XML or has a document type declaration
     */
    static Document parse(InputStream in) throws NsiPayloadException {
        DocumentBuilder builder = BUILDERS.get();
        builder.reset();
        builder.setErrorHandler(THROWING);
        try {
            return builder.parse(in);
        } catch (SAXException e) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "Envelope", "not well-formed XML without a DTD ("
                    + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, "Envelope", "could not be read (" + e + ")", e);
        }
    }

    private static DocumentBuilderFactory factory() {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        try {
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            return f;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's DOM parser cannot be made safe", e);
        }
    }

    private static DocumentBuilder builder() {
        try {
            return FACTORY.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's DOM parser cannot be made", e);
        }
    }

    /** Every problem ends the parse (the default prints warnings to stderr and goes on). */
    private static final ErrorHandler THROWING = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };
}
