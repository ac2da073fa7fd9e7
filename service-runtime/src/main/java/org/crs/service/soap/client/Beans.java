package org.crs.service.soap.client;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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

    /** A bean class as this client uses it: its no-argument constructor (null when it has none) and its properties by name. */
    private record BeanClass(Constructor<?> constructor, Map<String, Property> properties) {
    }

    // Looked up once per class: reflection on every call would cost more than the parsing.
    private static final ClassValue<BeanClass> CLASSES = new ClassValue<>() {
        @Override
        protected BeanClass computeValue(Class<?> type) {
            Constructor<?> constructor;
            try {
                constructor = type.getConstructor();
            } catch (NoSuchMethodException e) {
                constructor = null;
            }
            return new BeanClass(constructor, find(type));
        }
    };

    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000};

    private Beans() {
    }

    /** The properties of {@code type} in name order (the schema's order). */
    static Collection<Property> properties(Class<?> type) {
        return CLASSES.get(type).properties().values();
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
                instant = instant(t);
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
        BeanClass beanClass = CLASSES.get(type);
        if (beanClass.constructor() == null) {
            throw new IllegalStateException(type.getName() + " is no SOAP bean (a public no-argument constructor)");
        }
        T bean;
        try {
            bean = type.cast(beanClass.constructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a new " + type.getName() + " failed", e);
        }
        Map<String, Property> properties = beanClass.properties();
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

    /**
     * The instant of an xs:dateTime. The form Axis2 writes ({@code 2026-11-22T10:00:00.000Z}, or
     * with an offset {@code +01:00}) is read here directly; anything else goes through
     * {@link OffsetDateTime#parse}, which also says what is wrong. Why: {@code OffsetDateTime.parse}
     * costs about 1 us (measured on this 2-core machine), as much as the rest of reading an answer
     * bean, and a segment's answer has up to six times; this costs about a tenth of that.
     *
     * @throws DateTimeParseException when it is not an xs:dateTime with a zone
     */
    static Instant instant(String t) {
        int n = t.length();
        if (n < 20 || t.charAt(4) != '-' || t.charAt(7) != '-' || t.charAt(10) != 'T' || t.charAt(13) != ':'
                || t.charAt(16) != ':') {
            return OffsetDateTime.parse(t).toInstant();
        }
        int i = 19;
        int nanos = 0;
        if (t.charAt(i) == '.') {
            int start = ++i;
            while (i < n && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
                i++;
            }
            if (i == start || i - start > 9) {
                return OffsetDateTime.parse(t).toInstant();
            }
            nanos = digits(t, start, i) * POWERS_OF_TEN[9 - (i - start)];
        }
        int offset;
        if (i == n - 1 && t.charAt(i) == 'Z') {
            offset = 0;
        } else if (i == n - 6 && (t.charAt(i) == '+' || t.charAt(i) == '-') && t.charAt(i + 3) == ':'
                && digits(t, i + 1, i + 3) >= 0 && digits(t, i + 4, i + 6) >= 0) {
            offset = (t.charAt(i) == '-' ? -60 : 60) * (digits(t, i + 1, i + 3) * 60 + digits(t, i + 4, i + 6));
        } else {
            return OffsetDateTime.parse(t).toInstant();
        }
        int year = digits(t, 0, 4);
        int month = digits(t, 5, 7);
        int day = digits(t, 8, 10);
        int hour = digits(t, 11, 13);
        int minute = digits(t, 14, 16);
        int second = digits(t, 17, 19);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
            return OffsetDateTime.parse(t).toInstant();
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, nanos)
                    .toInstant(ZoneOffset.ofTotalSeconds(offset));
        } catch (DateTimeException e) {
            return OffsetDateTime.parse(t).toInstant(); // out of range (24:00:00, a 13th month): its own message
        }
    }

    /** The number written by the digits of {@code t} from {@code start} to {@code end}, or -1 when one is no digit. */
    private static int digits(String t, int start, int end) {
        int value = 0;
        for (int i = start; i < end; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
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
