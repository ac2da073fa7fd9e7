package org.crs.bar.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Calendar;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How the JSON API writes and reads values: the port types' beans as JSON objects by their bean
 * properties (absent values left out), every time as an ISO-8601 UTC instant; and the fields of
 * a request body, each refused by name when malformed.
 */
final class Json {

    static final ObjectMapper MAPPER = mapper();

    private Json() {
    }

    private static ObjectMapper mapper() {
        SimpleModule times = new SimpleModule("crs-times");
        times.addSerializer(Calendar.class, new StdSerializer<>(Calendar.class) {
            @Override
            public void serialize(Calendar value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(value.toInstant().toString());
            }
        });
        times.addSerializer(Instant.class, new StdSerializer<>(Instant.class) {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(value.toString());
            }
        });
        return new ObjectMapper().registerModule(times)
                .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /** A bean (or array of beans) as a JSON tree. */
    static JsonNode tree(Object bean) {
        return MAPPER.valueToTree(bean);
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** {@code {"items": [...]}}. */
    static ObjectNode items(Object beans) {
        ObjectNode o = object();
        o.set("items", tree(beans));
        return o;
    }

    // ---- reading a body's fields ----

    /** A text field; empty when absent or null. */
    static Optional<String> text(JsonNode body, String field) throws ApiError {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw ApiError.badField(field, "must be a string");
        }
        return Optional.of(v.asText());
    }

    static String requiredText(JsonNode body, String field) throws ApiError {
        return text(body, field).orElseThrow(() -> ApiError.badField(field, "is missing"));
    }

    /** A whole-number field; empty when absent or null. */
    static OptionalLong number(JsonNode body, String field) throws ApiError {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return OptionalLong.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw ApiError.badField(field, "must be a whole number");
        }
        return OptionalLong.of(v.asLong());
    }

    static long requiredNumber(JsonNode body, String field) throws ApiError {
        OptionalLong n = number(body, field);
        if (n.isEmpty()) {
            throw ApiError.badField(field, "is missing");
        }
        return n.getAsLong();
    }

    static boolean flag(JsonNode body, String field, boolean otherwise) throws ApiError {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.isBoolean()) {
            throw ApiError.badField(field, "must be true or false");
        }
        return v.asBoolean();
    }

    /** A time field (ISO-8601 with an offset or Z); empty when absent or null. */
    static Optional<Instant> instant(JsonNode body, String field) throws ApiError {
        Optional<String> t = text(body, field);
        return t.isEmpty() ? Optional.empty() : Optional.of(instant(field, t.get()));
    }

    static Instant requiredInstant(JsonNode body, String field) throws ApiError {
        return instant(body, field).orElseThrow(() -> ApiError.badField(field, "is missing"));
    }

    /** Parses a time given as text, refusing it by field name. */
    static Instant instant(String field, String text) throws ApiError {
        try {
            return java.time.OffsetDateTime.parse(text.trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiError.badField(field, "must be an ISO-8601 time with an offset, such as 2026-12-01T09:00:00Z; was '"
                    + text + "'");
        }
    }
}
