package org.crs.service.soap;

import org.crs.domain.refusal.Refusal;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNode;
import org.apache.axiom.om.OMText;
import org.apache.axis2.description.AxisService;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaElement;
import org.apache.ws.commons.schema.XmlSchemaSequence;
import org.apache.ws.commons.schema.XmlSchemaSequenceMember;
import org.apache.ws.commons.schema.XmlSchemaType;

/**
 * What an operation's request element may hold, read from the service's generated schema: its
 * child elements in order, how often each may occur, and their types. {@link #check} refuses a
 * request that does not fit, naming the element and the reason, before Axis2 binds it to Java,
 * and rewrites each simple value in the one form Axis2 reads right (numbers without sign or
 * spaces, booleans as true/false, times in UTC), inserting the {@link DefaultValue} of a missing
 * optional parameter.
 *
 * <p>Axis2 itself reads a bad number as a NumberFormatException ("For input string"), an
 * impossible date as an internal error, a repeated element as an index out of bounds, a missing
 * primitive as "unknown", and a time without a UTC offset as UTC, which moves it by hours for a
 * caller in another zone; here each is a refusal naming the element.
 */
final class RequestShape {

    /** Name of the AxisOperation parameter holding the operation's shape. */
    static final String PARAMETER = "crs.requestShape";

    private static final String XSD = "http://www.w3.org/2001/XMLSchema";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final int MAX_QUOTED = 40;
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.\\d*|\\.\\d+)");
    private static final Pattern POSITIONAL = Pattern.compile("arg(\\d+)");
    private static final Pattern DATE_TIME = Pattern.compile(
            "(-?\\d{4,})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?");

    private final String operation;
    private final List<Rule> rules;

    private RequestShape(String operation, List<Rule> rules) {
        this.operation = operation;
        this.rules = rules;
    }

    /**
     * The shape of {@code method}'s request element {@code wrapper}, whose sequence lists the
     * method's parameters in order. Parameters annotated {@link DefaultValue} are made optional
     * in the schema here (minOccurs 0), so the served WSDL says what the check accepts.
     *
     * @throws IllegalArgumentException when the schema does not list the method's parameters, or
     *                                  a default is on a parameter that cannot take one
     */
    static RequestShape of(Method method, XmlSchemaElement wrapper, AxisService service) {
        List<XmlSchemaElement> elements = sequence(wrapper == null ? null : wrapper.getSchemaType());
        Parameter[] parameters = method.getParameters();
        if (elements.size() != parameters.length) {
            throw new IllegalArgumentException("Schema of " + method.getName() + " has " + elements.size()
                    + " elements for " + parameters.length + " parameters");
        }
        Map<QName, RequestShape> beans = new HashMap<>();
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < parameters.length; i++) {
            XmlSchemaElement element = elements.get(i);
            DefaultValue defaultValue = parameters[i].getAnnotation(DefaultValue.class);
            String defaultText = null;
            if (defaultValue != null) {
                if (!parameters[i].getType().isPrimitive()) {
                    throw new IllegalArgumentException("@DefaultValue on " + method.getName() + "(" + element.getName()
                            + "): only primitive parameters take a default; absent references arrive as null");
                }
                Rule probe = rule(element, null, service, beans);
                try {
                    defaultText = probe.normalised(defaultValue.value());
                } catch (BadShape e) {
                    throw new IllegalArgumentException("@DefaultValue(\"" + defaultValue.value() + "\") on "
                            + method.getName() + "(" + element.getName() + "): " + e.reason, e);
                }
                element.setMinOccurs(0);
            }
            rules.add(rule(element, defaultText, service, beans));
        }
        return new RequestShape(method.getName(), List.copyOf(rules));
    }

    /**
     * Checks the request element {@code request} against this shape and rewrites it in place
     * (simple values normalised, defaults inserted).
     *
     * @throws BadShape naming the first element that does not fit, and why
     */
    void check(OMElement request) throws BadShape {
        check(request, operation, rules);
    }

    private static void check(OMElement parent, String parentName, List<Rule> rules) throws BadShape {
        boolean[] seen = new boolean[rules.size()];
        int last = -1;
        List<OMElement> children = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (Iterator<OMNode> it = parent.getChildren(); it.hasNext(); ) {
            OMNode node = it.next();
            if (node instanceof OMText text) {
                if (!text.getText().isBlank()) {
                    throw new BadShape(parentName, "must hold elements, not text");
                }
                continue;
            }
            if (!(node instanceof OMElement child)) {
                continue;
            }
            String name = child.getLocalName();
            int index = indexOf(rules, name);
            if (index < 0) {
                throw new BadShape(name, "is not an element of " + parentName + "; expected "
                        + rules.stream().map(r -> r.name).toList());
            }
            Rule rule = rules.get(index);
            if (seen[index] && (index != last || !rule.repeats)) {
                throw new BadShape(name, "appears more than once in " + parentName);
            }
            if (index < last) {
                throw new BadShape(name, "is out of order in " + parentName + ": it must come before "
                        + rules.get(last).name);
            }
            seen[index] = true;
            last = index;
            children.add(child);
            positions.add(index);
            rule.check(child);
        }
        for (int i = 0; i < rules.size(); i++) {
            Rule rule = rules.get(i);
            if (seen[i]) {
                continue;
            }
            if (rule.defaultText != null) {
                OMElement added = parent.getOMFactory().createOMElement(rule.name, parent.getNamespace());
                added.setText(rule.defaultText);
                int next = firstAfter(positions, i);
                if (next < 0) {
                    parent.addChild(added);
                } else {
                    children.get(next).insertSiblingBefore(added);
                }
            } else if (rule.required) {
                throw new BadShape(rule.name, "is missing from " + parentName);
            }
        }
    }

    private static int indexOf(List<Rule> rules, String name) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).name.equals(name)) {
                return i;
            }
        }
        // Axis2's RPCServiceClient names the parameters arg0, arg1, ... by position
        Matcher positional = POSITIONAL.matcher(name);
        if (positional.matches() && positional.group(1).length() < 4) {
            int index = Integer.parseInt(positional.group(1));
            return index < rules.size() ? index : -1;
        }
        return -1;
    }

    private static int firstAfter(List<Integer> positions, int index) {
        for (int i = 0; i < positions.size(); i++) {
            if (positions.get(i) > index) {
                return i;
            }
        }
        return -1;
    }

    private static List<XmlSchemaElement> sequence(XmlSchemaType type) {
        List<XmlSchemaElement> elements = new ArrayList<>();
        if (type instanceof XmlSchemaComplexType complex && complex.getParticle() instanceof XmlSchemaSequence sequence) {
            for (XmlSchemaSequenceMember member : sequence.getItems()) {
                if (member instanceof XmlSchemaElement element) {
                    elements.add(element);
                }
            }
        }
        return elements;
    }

    private static Rule rule(XmlSchemaElement element, String defaultText, AxisService service,
                             Map<QName, RequestShape> beans) {
        QName type = element.getSchemaTypeName();
        Kind kind = Kind.of(type);
        List<Rule> members = null;
        if (kind == Kind.BEAN) {
            members = beanRules(type, element.getSchemaType(), service, beans);
        }
        return new Rule(element.getName(), kind, element.getMinOccurs() > 0, element.getMaxOccurs() > 1,
                element.isNillable(), defaultText, members);
    }

    private static List<Rule> beanRules(QName type, XmlSchemaType inline, AxisService service,
                                        Map<QName, RequestShape> beans) {
        if (type != null && beans.containsKey(type)) {
            RequestShape known = beans.get(type);
            // a type that contains itself: its members are checked when the outer one is complete
            return known == null ? null : known.rules;
        }
        XmlSchemaType schemaType = inline;
        if (schemaType == null && type != null) {
            for (XmlSchema schema : service.getSchema()) {
                schemaType = schema.getTypeByName(type);
                if (schemaType != null) {
                    break;
                }
            }
        }
        if (!(schemaType instanceof XmlSchemaComplexType)) {
            return null;
        }
        if (type != null) {
            beans.put(type, null);
        }
        List<Rule> members = new ArrayList<>();
        for (XmlSchemaElement member : sequence(schemaType)) {
            members.add(rule(member, null, service, beans));
        }
        if (type != null) {
            beans.put(type, new RequestShape(type.getLocalPart(), members));
        }
        return members;
    }

    /** How a value of an XML Schema type is checked. */
    private enum Kind {
        LONG(Long.MIN_VALUE, Long.MAX_VALUE), INT(Integer.MIN_VALUE, Integer.MAX_VALUE),
        SHORT(Short.MIN_VALUE, Short.MAX_VALUE), BYTE(Byte.MIN_VALUE, Byte.MAX_VALUE),
        DECIMAL, BOOLEAN, DATE_TIME, TEXT, BEAN;

        final long min;
        final long max;

        Kind() {
            this(0, 0);
        }

        Kind(long min, long max) {
            this.min = min;
            this.max = max;
        }

        boolean whole() {
            return min != max;
        }

        static Kind of(QName type) {
            if (type == null) {
                return BEAN;
            }
            if (!XSD.equals(type.getNamespaceURI())) {
                return BEAN;
            }
            return switch (type.getLocalPart()) {
                case "long" -> LONG;
                case "int" -> INT;
                case "short" -> SHORT;
                case "byte" -> BYTE;
                case "double", "float", "decimal" -> DECIMAL;
                case "boolean" -> BOOLEAN;
                case "dateTime" -> DATE_TIME;
                default -> TEXT;
            };
        }
    }

    /** One element of a sequence. */
    private record Rule(String name, Kind kind, boolean required, boolean repeats, boolean nillable, String defaultText,
                        List<Rule> members) {

        void check(OMElement element) throws BadShape {
            String nil = element.getAttributeValue(new QName(XSI, "nil"));
            if (nil != null && (nil.trim().equals("true") || nil.trim().equals("1"))) {
                if (!nillable) {
                    throw new BadShape(name, "must not be nil");
                }
                return;
            }
            if (kind == Kind.BEAN) {
                if (members != null) {
                    RequestShape.check(element, name, members);
                }
                return;
            }
            if (kind == Kind.TEXT) {
                return;
            }
            if (element.getFirstElement() != null) {
                throw new BadShape(name, "must be a value, not elements");
            }
            String normalised = normalised(element.getText());
            if (!normalised.equals(element.getText())) {
                element.setText(normalised);
            }
        }

        /** The value in the form Axis2 reads right, or a refusal saying what is wrong with it. */
        String normalised(String raw) throws BadShape {
            String text = raw.strip();
            if (kind.whole()) {
                return whole(text);
            }
            return switch (kind) {
                case DECIMAL -> decimal(text);
                case BOOLEAN -> bool(text);
                case DATE_TIME -> dateTime(text);
                default -> raw;
            };
        }

        private String whole(String text) throws BadShape {
            if (!WHOLE.matcher(text).matches()) {
                if (DECIMAL.matcher(text).matches()) {
                    throw new BadShape(name, "must be a whole number, not a fraction; was " + quoted(text));
                }
                throw new BadShape(name, "must be a whole number, was " + quoted(text));
            }
            BigInteger value = new BigInteger(text);
            if (value.compareTo(BigInteger.valueOf(kind.min)) < 0 || value.compareTo(BigInteger.valueOf(kind.max)) > 0) {
                throw new BadShape(name, "is out of range (" + kind.min + " to " + kind.max + "), was " + quoted(text));
            }
            return value.toString();
        }

        private String decimal(String text) throws BadShape {
            try {
                return new BigDecimal(text).toString();
            } catch (NumberFormatException e) {
                throw new BadShape(name, "must be a number, was " + quoted(text));
            }
        }

        private String bool(String text) throws BadShape {
            return switch (text) {
                case "true", "1" -> "true";
                case "false", "0" -> "false";
                default -> throw new BadShape(name, "must be true, false, 1 or 0, was " + quoted(text));
            };
        }

        private String dateTime(String text) throws BadShape {
            Matcher m = DATE_TIME.matcher(text);
            if (!m.matches()) {
                throw new BadShape(name, "must be a date and time such as 2030-01-31T10:00:00Z, was " + quoted(text));
            }
            String offset = m.group(8);
            if (offset == null) {
                throw new BadShape(name, "has no UTC offset: add Z or ±hh:mm (a time without one is ambiguous), was "
                        + quoted(text));
            }
            ZoneOffset zone;
            if (offset.equals("Z")) {
                zone = ZoneOffset.UTC;
            } else {
                int hours = Integer.parseInt(offset.substring(1, 3));
                int minutes = Integer.parseInt(offset.substring(4, 6));
                if (minutes > 59 || hours > 14 || (hours == 14 && minutes > 0)) {
                    throw new BadShape(name, "has a UTC offset out of range (-14:00 to +14:00), was " + quoted(text));
                }
                zone = ZoneOffset.ofHoursMinutes(offset.charAt(0) == '-' ? -hours : hours,
                        offset.charAt(0) == '-' ? -minutes : minutes);
            }
            LocalDateTime local;
            try {
                String fraction = m.group(7);
                int nanos = fraction == null ? 0 : Integer.parseInt((fraction.substring(1) + "000000000").substring(0, 9));
                local = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                        Integer.parseInt(m.group(6)), nanos);
            } catch (DateTimeException | NumberFormatException e) {
                throw new BadShape(name, "is not a date and time that exists (" + e.getMessage() + "), was " + quoted(text));
            }
            // a Calendar holds milliseconds; UTC, so that nothing after this reads the offset again
            return local.toInstant(zone).truncatedTo(ChronoUnit.MILLIS).toString();
        }
    }

    private static String quoted(String text) {
        return "'" + (text.length() > MAX_QUOTED ? text.substring(0, MAX_QUOTED) + "..." : text) + "'";
    }

    /** A request element that does not fit: the element's name and why. */
    static final class BadShape extends Exception {
        private static final long serialVersionUID = 1L;

        final String field;
        final String reason;

        BadShape(String field, String reason) {
            super(field + ": " + reason, null, false, false);
            this.field = field;
            this.reason = reason;
        }

        /** The refusal a client is answered: a bad field, named after the element. */
        Refusal refusal() {
            return Refusal.badField(field, getMessage());
        }
    }
}
