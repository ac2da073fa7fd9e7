package org.crs.bar.adapter.nsi;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Reads the documents another network publishes (its NSA description, its NML topology) as XML:
 * namespace-aware, with no DOCTYPE, entity expansion or inclusion, since they come from outside.
 */
final class PublishedDocuments {

    private PublishedDocuments() {
    }

    /**
     * The document {@code xml} holds.
     *
     * @throws IOException when it is not well-formed XML, or declares a DOCTYPE
     */
    static Document parse(byte[] xml) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not an XML document: " + e.getMessage(), e);
        }
    }
}
