package org.crs.bar.nsi.topology;

import java.io.StringWriter;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The JDK's DOM, as the two documents write it: a new document, elements, and the text with an XML declaration. */
final class XmlText {

    private XmlText() {
    }

    static Document newDocument() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be configured", e);
        }
    }

    /** A child in {@code namespace} (qualified with {@code qualifiedName}'s prefix), or unqualified when it is null. */
    static Element add(Element parent, String namespace, String qualifiedName) {
        Element child = parent.getOwnerDocument().createElementNS(namespace, qualifiedName);
        parent.appendChild(child);
        return child;
    }

    static Element addText(Element parent, String namespace, String qualifiedName, String text) {
        Element child = add(parent, namespace, qualifiedName);
        child.setTextContent(text);
        return child;
    }

    /** UTF-8 text, indented, with its XML declaration. */
    static String write(Document document) {
        try {
            TransformerFactory factory = TransformerFactory.newInstance();
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            Transformer transformer = factory.newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            document.setXmlStandalone(true);
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("the JDK's XML writer failed on a document it built", e);
        }
    }
}
