package org.crs.service.soap.client;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Calendar;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.crs.service.soap.SoapTimes;

/**
 * SOAP beans as this client writes and reads them: a property is a public getter ({@code getX},
 * or {@code isX} for a boolean) with a matching setter, named as Axis2 names it (first letter in
 * lower case), and the properties go in name order, as Axis2's schema generator publishes them.
 * Simple values are strings, numbers, booleans and {@code xs:dateTime} ({@link Calendar} in a
 * bean, {@link Instant} as a parameter); an array property is its element repeated.
 */
final class Beans {

    /** One property of a bean class. */
    record Property(String name, Class<?> type, Method getter, Method setter) {
    }

    // Looked up once per class: reflection on every call would cost more than the parsing.
    private static final ClassValue<Map<String, Property>> PROPERTIES = new ClassValue<>() {
        @Override
        protected Map<String, Property> computeValue(Class<?> type) {
            return find(type);
        }
    };

    private Beans() {
    }

    /** The properties of {@code type} in name order (the schema's order). */
    static Collection<Property> properties(Class<?> type) {
        return PROPERTIES.get(type).values();
    }

    /** Whether values of {@code type} are written as one text rather than as a bean. */
    static boolean isSimple(Class<?> type) {
        return type == String.class || type.isPrimitive() || Number.class.isAssignableFrom(type)
                || type == Boolean.class || Calendar.class.isAssignableFrom(type) || type == Instant.class;
    }

    /** A simple value as its element's text; times as UTC with a Z (a valid xs:dateTime). */
    static String text(Object value) {
        if (value instanceof Calendar c) {
            return c.toInstant().toString();
        }
        return value.toString();
    }

    /**
     * The value of {@code text} as {@code type}; null text (a nil element) is the type's default.
     * Blank text is 0 for a number and null for a time.
     *
     * @throws IllegalArgumentException naming the field and the value when the text is not of the type
     */
    static Object value(String field, String text, Class<?> type) {
        if (type == String.class) {
            return text;
        }
        if (text == null || text.isBlank()) {
            return type.isPrimitive() ? defaultOf(type) : null;
        }
        String t = text.trim();
        try {
            if (type == int.class || type == Integer.class) {
                return Integer.valueOf(t);
            }
            if (type == long.class || type == Long.class) {
                return Long.valueOf(t);
            }
            if (type == double.class || type == Double.class) {
                return Double.valueOf(t);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("answered " + field + " '" + text + "', not a number", e);
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true".equals(t) || "1".equals(t);
        }
        if (Calendar.class.isAssignableFrom(type) || type == Instant.class) {
            Instant instant;
            try {
                instant = OffsetDateTime.parse(t).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("answered " + field + " '" + text + "', not an xs:dateTime", e);
            }
            return type == Instant.class ? instant : SoapTimes.calendar(instant);
        }
        throw new IllegalArgumentException("answered " + field + " of a type this client does not read: " + type.getName());
    }

    /**
     * A new bean of {@code type} with the properties named by {@code fields} (element name to its
     * texts, in document order); fields the bean does not have are skipped, so a newer service may
     * answer more.
     */
    static <T> T bean(Class<T> type, Map<String, List<String>> fields) {
        T bean;
        try {
            bean = type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + " is no SOAP bean (a public no-argument constructor)", e);
        }
        Map<String, Property> properties = PROPERTIES.get(type);
        for (Map.Entry<String, List<String>> field : fields.entrySet()) {
            Property p = properties.get(field.getKey());
            if (p != null) {
                set(bean, p, field.getValue());
            }
        }
        return bean;
    }

    private static void set(Object bean, Property p, List<String> texts) {
        Object value;
        if (p.type().isArray()) {
            Class<?> element = p.type().getComponentType();
            value = Array.newInstance(element, texts.size());
            for (int i = 0; i < texts.size(); i++) {
                Array.set(value, i, value(p.name(), texts.get(i), element));
            }
        } else {
            value = value(p.name(), texts.get(0), p.type());
        }
        invoke(p.setter(), bean, value);
    }

    /** The value of a property of {@code bean}. */
    static Object get(Object bean, Property p) {
        return invoke(p.getter(), bean);
    }

    private static Object invoke(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(m + " is not accessible", e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(m + " failed", e.getCause());
        }
    }

    private static Object defaultOf(Class<?> primitive) {
        return Array.get(Array.newInstance(primitive, 1), 0);
    }

    private static Map<String, Property> find(Class<?> type) {
        Map<String, Property> properties = new TreeMap<>();
        for (Method getter : type.getMethods()) {
            String name = getter.getName();
            int prefix = name.startsWith("get") ? 3
                    : name.startsWith("is") && getter.getReturnType() == boolean.class ? 2 : 0;
            if (prefix == 0 || name.length() == prefix || getter.getParameterCount() != 0
                    || Modifier.isStatic(getter.getModifiers()) || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            String property = Character.toLowerCase(name.charAt(prefix)) + name.substring(prefix + 1);
            try {
                Method setter = type.getMethod("set" + name.substring(prefix), getter.getReturnType());
                properties.put(property, new Property(property, getter.getReturnType(), getter, setter));
            } catch (NoSuchMethodException readOnly) {
                // read-only: an answer could not fill it, and no contract bean has one
            }
        }
        return Collections.unmodifiableMap(properties);
    }
}
