package org.crs.nsap.testing;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A corpus of malformed requests for every operation of a port type, read from its WSDL: for
 * each operation, a request whose elements are all well formed but one (a number that is not
 * one, a fraction, an overflow, a boolean that is not one, an impossible date, an offset out of
 * range, a time without offset, an element missing, out of order, repeated or unknown), and one
 * sent with the SOAPAction of another operation. Each case names the field its fault must name.
 */
public final class MalformedRequests {

    private static final String XS = "http://www.w3.org/2001/XMLSchema";
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";

    /** One malformed request: its body (with {@code n:} for the port type's namespace), the SOAPAction's operation, the field the fault must name. */
    public record Case(String operation, String what, String body, String soapActionOperation, String field) {
        @Override
        public String toString() {
            return operation + ": " + what;
        }
    }

    private record Param(String name, String type, boolean required, List<Param> members) {
    }

    private MalformedRequests() {
    }

    /** Every case for every operation of the WSDL's port type(s). */
    public static List<Case> of(String wsdl) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        Document doc = dbf.newDocumentBuilder().parse(new ByteArrayInputStream(wsdl.getBytes(StandardCharsets.UTF_8)));
        Map<String, Element> elements = new LinkedHashMap<>();
        Map<String, Element> types = new LinkedHashMap<>();
        for (Element schema : children(doc.getDocumentElement(), WSDL, "types")) {
            for (Element s : children(schema, XS, "schema")) {
                for (Element e : children(s, XS, "element")) {
                    elements.put(e.getAttribute("name"), e);
                }
                for (Element t : children(s, XS, "complexType")) {
                    types.put(t.getAttribute("name"), t);
                }
            }
        }
        List<String> operations = new ArrayList<>();
        for (Element portType : children(doc.getDocumentElement(), WSDL, "portType")) {
            for (Element op : children(portType, WSDL, "operation")) {
                if (!operations.contains(op.getAttribute("name"))) {
                    operations.add(op.getAttribute("name"));
                }
            }
        }
        List<Case> cases = new ArrayList<>();
        for (String op : operations) {
            List<Param> params = sequence(firstChild(elements.get(op), XS, "complexType"), types);
            String other = operations.get((operations.indexOf(op) + 1) % operations.size());
            cases.add(new Case(op, "sent with the SOAPAction of " + other, body(op, params, null, null), other, "SOAPAction"));
            cases.add(new Case(op, "an unknown element", wrap(op, values(params, null, null) + "<n:bogus>1</n:bogus>"), op, "bogus"));
            addCases(op, params, new ArrayList<>(), cases, params);
        }
        return cases;
    }

    // cases for the elements of one sequence (the request's, or a bean's at path)
    private static void addCases(String op, List<Param> sequence, List<Param> path, List<Case> cases, List<Param> top) {
        for (Param p : sequence) {
            for (String[] bad : badValues(p.type)) {
                cases.add(new Case(op, p.name + " " + bad[0], body(op, top, p, bad[1]), op, p.name));
            }
            if (p.required) {
                cases.add(new Case(op, p.name + " missing", body(op, top, p, null), op, p.name));
            }
            if (p.members != null) {
                List<Param> inner = new ArrayList<>(path);
                inner.add(p);
                addCases(op, p.members, inner, cases, top);
            }
        }
        if (!sequence.isEmpty()) {
            Param first = sequence.get(0);
            cases.add(new Case(op, first.name + " repeated", body(op, top, first, REPEAT), op, first.name));
        }
        if (sequence.size() >= 2) {
            Param first = sequence.get(0);
            cases.add(new Case(op, first.name + " after " + sequence.get(1).name, body(op, top, first, SWAP), op, first.name));
        }
    }

    private static final String REPEAT = "\u0000repeat";
    private static final String SWAP = "\u0000swap";

    private static List<String[]> badValues(String type) {
        return switch (type) {
            case "long", "int", "short" -> List.of(new String[] {"not a number", "abc"}, new String[] {"a fraction", "1.5"},
                    new String[] {"overflowing", "99999999999999999999"});
            case "boolean" -> List.<String[]>of(new String[] {"neither true nor false", "yes"});
            case "dateTime" -> List.of(new String[] {"on 30 February", "2030-02-30T10:00:00Z"},
                    new String[] {"with an offset of +25:00", "2030-01-10T10:00:00+25:00"},
                    new String[] {"without a UTC offset", "2030-01-10T10:00:00"},
                    new String[] {"not a time", "tomorrow"});
            default -> List.of();
        };
    }

    private static String good(String type) {
        return switch (type) {
            case "long", "int", "short" -> "1";
            case "boolean" -> "false";
            case "dateTime" -> "2030-01-10T10:00:00Z";
            default -> "x";
        };
    }

    private static String body(String op, List<Param> params, Param target, String replacement) {
        return wrap(op, values(params, target, replacement));
    }

    private static String wrap(String op, String inner) {
        return "<n:" + op + ">" + inner + "</n:" + op + ">";
    }

    /** The elements of a sequence, all good except {@code target}: given {@code replacement}, left out when null, repeated or moved after its successor. */
    private static String values(List<Param> params, Param target, String replacement) {
        StringBuilder out = new StringBuilder();
        String held = null;
        for (Param p : params) {
            String element;
            if (p == target && replacement == null) {
                continue;
            }
            if (p.members != null) {
                element = "<n:" + p.name + ">" + values(p.members, target, replacement) + "</n:" + p.name + ">";
            } else {
                String value = p == target && !replacement.startsWith("\u0000") ? replacement : good(p.type);
                element = "<n:" + p.name + ">" + value + "</n:" + p.name + ">";
            }
            if (p == target && REPEAT.equals(replacement)) {
                element = element + element;
            }
            if (p == target && SWAP.equals(replacement)) {
                held = element;
                continue;
            }
            out.append(element);
            if (held != null) {
                out.append(held);
                held = null;
            }
        }
        return out.toString();
    }

    private static List<Param> sequence(Element complexType, Map<String, Element> types) {
        List<Param> params = new ArrayList<>();
        if (complexType == null) {
            return params;
        }
        Element seq = firstChild(complexType, XS, "sequence");
        if (seq == null) {
            return params;
        }
        for (Element e : children(seq, XS, "element")) {
            String type = e.getAttribute("type");
            String local = type.substring(type.indexOf(':') + 1);
            boolean xsd = XS.equals(e.lookupNamespaceURI(type.contains(":") ? type.substring(0, type.indexOf(':')) : null));
            boolean required = !"0".equals(e.getAttribute("minOccurs"));
            List<Param> members = !xsd && types.containsKey(local) ? sequence(types.get(local), types) : null;
            params.add(new Param(e.getAttribute("name"), xsd ? local : "bean", required, members));
        }
        return params;
    }

    private static Element firstChild(Element parent, String ns, String name) {
        List<Element> all = children(parent, ns, name);
        return all.isEmpty() ? null : all.get(0);
    }

    private static List<Element> children(Element parent, String ns, String name) {
        List<Element> out = new ArrayList<>();
        if (parent == null) {
            return out;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node n = nodes.item(i);
            if (n instanceof Element e && ns.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                out.add(e);
            }
        }
        return out;
    }

    /** The text of the first element named {@code local} (any namespace) in {@code xml}; null when absent. */
    public static String text(String xml, String local) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        Document doc = dbf.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        NodeList nodes = doc.getElementsByTagNameNS("*", local);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
    }

    /** The fault code of a SOAP 1.1 fault as {namespace}local, or null when the answer is no fault. */
    public static String faultCode(String xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        Document doc = dbf.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        NodeList codes = doc.getElementsByTagNameNS("*", "faultcode");
        if (codes.getLength() == 0) {
            return null;
        }
        Element code = (Element) codes.item(0);
        String qname = code.getTextContent().trim();
        String prefix = qname.contains(":") ? qname.substring(0, qname.indexOf(':')) : null;
        return "{" + code.lookupNamespaceURI(prefix) + "}" + qname.substring(qname.indexOf(':') + 1);
    }

    /** The SOAP 1.1 Client fault code, as {@link #faultCode} answers it. */
    public static final String CLIENT = "{http://schemas.xmlsoap.org/soap/envelope/}Client";
}
