package org.crs.nsi.contract.xml;

import java.io.StringWriter;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A StAX writer with the few moves the NSI writers need. Children are written unqualified (no
 * default namespace is ever declared); global elements with their namespace's prefix, declared
 * once on the envelope. Writing to a string cannot fail but by a bug, so failures are unchecked.
 */
final class XmlOut {

    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private final StringWriter text = new StringWriter();
    private final XMLStreamWriter out;

    XmlOut() {
        try {
            out = FACTORY.createXMLStreamWriter(text);
            out.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException("StAX cannot write", e);
        }
    }

    /** Opens a qualified element {@code prefix:local}. */
    XmlOut startQualified(String prefix, String local, String namespace) {
        try {
            out.writeStartElement(prefix, local, namespace);
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(local, e);
        }
    }

    /** Declares a prefix on the element just opened. */
    XmlOut declare(String prefix, String namespace) {
        try {
            out.writeNamespace(prefix, namespace);
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(prefix, e);
        }
    }

    /** Opens an unqualified child. */
    XmlOut start(String local) {
        try {
            out.writeStartElement(local);
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(local, e);
        }
    }

    /** An attribute on the element just opened. */
    XmlOut attribute(String name, String value) {
        try {
            out.writeAttribute(name, value);
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(name, e);
        }
    }

    /** Closes the innermost open element. */
    XmlOut end() {
        try {
            out.writeEndElement();
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException("end", e);
        }
    }

    /** Text inside the element just opened. */
    XmlOut text(String value) {
        try {
            out.writeCharacters(value);
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException("text", e);
        }
    }

    /** An unqualified child with text. */
    XmlOut element(String local, Object value) {
        return start(local).text(String.valueOf(value)).end();
    }

    /** The child when the value is present. */
    XmlOut optional(String local, Optional<?> value) {
        value.ifPresent(v -> element(local, v));
        return this;
    }

    /** One child per value. */
    XmlOut each(String local, List<String> values) {
        values.forEach(v -> element(local, v));
        return this;
    }

    /** An instant as {@code xs:dateTime} in UTC, always with {@code Z}. */
    XmlOut instant(String local, Instant value) {
        return element(local, DateTimeFormatter.ISO_INSTANT.format(value));
    }

    /** A type-value list: one {@code item} with {@code @type} and its {@code value}s per entry. */
    XmlOut typeValues(String item, Map<String, List<String>> values) {
        values.forEach((type, list) -> {
            start(item).attribute("type", type);
            each("value", list);
            end();
        });
        return this;
    }

    /** The document written so far, closed. */
    String finish() {
        try {
            out.writeEndDocument();
            out.close();
            return text.toString();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("end of document", e);
        }
    }
}
