package org.crs.nsi.contract.xml;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.nsi.contract.NsiNamespaces;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reading a message's elements strictly in what they say and leniently in how: a child is found
 * by its local name whether unqualified (as the schema says) or qualified in any NSI namespace
 * (as some peers write it), and unknown children are passed over. A value that is missing or
 * malformed is a {@link NsiPayloadException} naming its element.
 */
final class Dom {

    private Dom() {
    }

    /** Whether {@code e} is the element {@code local}, unqualified or in an NSI namespace. */
    static boolean is(Element e, String local) {
        String ns = e.getNamespaceURI();
        return local.equals(e.getLocalName()) && (ns == null || ns.isEmpty() || ns.startsWith(NsiNamespaces.NSI_PREFIX));
    }

    /** The element children of {@code parent}, in order. */
    static List<Element> children(Element parent) {
        List<Element> all = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                all.add((Element) n);
            }
        }
        return all;
    }

    /** The children named {@code local}, in order. */
    static List<Element> children(Element parent, String local) {
        List<Element> named = new ArrayList<>();
        for (Element e : children(parent)) {
            if (is(e, local)) {
                named.add(e);
            }
        }
        return named;
    }

    /** The first child named {@code local}, if any. */
    static Optional<Element> optional(Element parent, String local) {
        for (Element e : children(parent)) {
            if (is(e, local)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** The first child named {@code local}; missing: {@code 00101} naming it. */
    static Element required(Element parent, String local) throws NsiPayloadException {
        Optional<Element> e = optional(parent, local);
        if (e.isEmpty()) {
            throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, local, "missing in " + parent.getLocalName());
        }
        return e.get();
    }

    /** An element's text, blanks around it dropped. */
    static String text(Element e) {
        return e.getTextContent().trim();
    }

    /** A required child's text, not blank; missing or blank: {@code 00101}. */
    static String requiredText(Element parent, String local) throws NsiPayloadException {
        String t = text(required(parent, local));
        if (t.isEmpty()) {
            throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, local, "empty in " + parent.getLocalName());
        }
        return t;
    }

    /** An optional child's text, blanks around it dropped; an empty element counts as absent. */
    static Optional<String> optionalText(Element parent, String local) {
        return optional(parent, local).map(Dom::text).filter(t -> !t.isEmpty());
    }

    /** An optional child's text exactly as sent (a description). */
    static Optional<String> optionalRawText(Element parent, String local) {
        return optional(parent, local).map(Element::getTextContent);
    }

    /**
     * An {@code xs:dateTime} with its zone ({@code Z} or an offset), as an instant; one without
     * a zone, or not a dateTime: {@code 00100} naming the element.
     */
    static Instant instant(Element e) throws NsiPayloadException {
        String t = text(e);
        try {
            return OffsetDateTime.parse(t, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException e1) {
            if (isLocalDateTime(t)) {
                throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, e.getLocalName(), "the dateTime " + t
                        + " has no zone; NSI dateTimes carry Z or an offset", e1);
            }
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, e.getLocalName(), "'" + t
                    + "' is not a dateTime", e1);
        }
    }

    private static boolean isLocalDateTime(String t) {
        try {
            LocalDateTime.parse(t, DateTimeFormatter.ISO_LOCAL_DATE_TIME);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** An optional child's dateTime. */
    static Optional<Instant> optionalInstant(Element parent, String local) throws NsiPayloadException {
        Optional<Element> e = optional(parent, local);
        return e.isEmpty() || text(e.get()).isEmpty() ? Optional.empty() : Optional.of(instant(e.get()));
    }

    /** A required child's dateTime. */
    static Instant requiredInstant(Element parent, String local) throws NsiPayloadException {
        requiredText(parent, local);
        return instant(required(parent, local));
    }

    /** A required child's {@code xs:long}. */
    static long requiredLong(Element parent, String local) throws NsiPayloadException {
        return longValue(local, requiredText(parent, local));
    }

    /** An optional child's {@code xs:long}. */
    static Optional<Long> optionalLong(Element parent, String local) throws NsiPayloadException {
        Optional<String> t = optionalText(parent, local);
        return t.isEmpty() ? Optional.empty() : Optional.of(longValue(local, t.get()));
    }

    /** A required child's {@code xs:int}. */
    static int requiredInt(Element parent, String local) throws NsiPayloadException {
        return intValue(local, requiredText(parent, local));
    }

    /** An attribute's {@code xs:int}, if present. */
    static Optional<Integer> optionalIntAttribute(Element e, String name) throws NsiPayloadException {
        String t = e.getAttribute(name).trim();
        return t.isEmpty() ? Optional.empty() : Optional.of(intValue("@" + name, t));
    }

    /** A required attribute's {@code xs:int}; missing: {@code 00101} naming {@code @name}. */
    static int requiredIntAttribute(Element e, String name) throws NsiPayloadException {
        Optional<Integer> v = optionalIntAttribute(e, name);
        if (v.isEmpty()) {
            throw new NsiPayloadException(NsiErrorId.MISSING_PARAMETER, "@" + name, "missing on " + e.getLocalName());
        }
        return v.get();
    }

    /** A required child's {@code xs:boolean} ({@code true}, {@code false}, {@code 1}, {@code 0}). */
    static boolean requiredBoolean(Element parent, String local) throws NsiPayloadException {
        return booleanValue(local, requiredText(parent, local));
    }

    /** An optional child's {@code xs:boolean}. */
    static Optional<Boolean> optionalBoolean(Element parent, String local) throws NsiPayloadException {
        Optional<String> t = optionalText(parent, local);
        return t.isEmpty() ? Optional.empty() : Optional.of(booleanValue(local, t.get()));
    }

    /**
     * A required child's STP id. Not an STP id: {@code 00701} (unknown STP); a label that is not
     * a VLAN list: {@code 00709} (invalid label format); both naming the element.
     */
    static Stp requiredStp(Element parent, String local) throws NsiPayloadException {
        String t = requiredText(parent, local);
        try {
            return Stp.parse(t);
        } catch (IllegalArgumentException e) {
            NsiErrorId id = Stp.isBadLabel(e) ? NsiErrorId.INVALID_LABEL_FORMAT : NsiErrorId.UNKNOWN_STP;
            throw new NsiPayloadException(id, local, e.getMessage(), e);
        }
    }

    private static long longValue(String element, String t) throws NsiPayloadException {
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, element, "'" + t + "' is not an integer", e);
        }
    }

    private static int intValue(String element, String t) throws NsiPayloadException {
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, element, "'" + t + "' is not an int", e);
        }
    }

    private static boolean booleanValue(String element, String t) throws NsiPayloadException {
        switch (t) {
            case "true":
            case "1":
                return true;
            case "false":
            case "0":
                return false;
            default:
                throw new NsiPayloadException(NsiErrorId.PAYLOAD_ERROR, element, "'" + t + "' is not a boolean");
        }
    }
}
