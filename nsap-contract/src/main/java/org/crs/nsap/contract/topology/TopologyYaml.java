package org.crs.nsap.contract.topology;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a topology file's YAML into records that mirror the file's shape, strictly: an
 * unknown or repeated key, a missing number, a fraction where a whole number belongs are
 * refused, with the key's place in the file ({@code links[2].capacityMbps}, {@code hostPorts[0].host}) and its
 * line. Whether the network the file describes makes sense is the domain's {@code problems()}.
 *
 */
public final class TopologyYaml {

    private static final ObjectMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final Pattern QUOTED_NAME = Pattern.compile("'([^']+)'");

    private TopologyYaml() {
    }

    /**
     * The YAML as a {@code shape}.
     *
     * @throws IllegalArgumentException saying what is wrong with the YAML and where
     */
    public static <T> T read(String yaml, Class<T> shape) {
        Objects.requireNonNull(yaml, "yaml");
        T value;
        try {
            value = MAPPER.readValue(yaml, shape);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(describe(e), e);
        }
        if (value == null) {
            throw new IllegalArgumentException("the file is empty");
        }
        return value;
    }

    /** The lists a file may leave out, as empty lists. */
    public static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static String describe(JsonProcessingException e) {
        String at = at(e.getLocation());
        String message = String.valueOf(e.getOriginalMessage());
        if (!(e instanceof DatabindException)) {
            if (message.startsWith("Duplicate field")) {
                return "key " + quotedName(message) + " appears twice in one mapping" + at;
            }
            return "not valid YAML" + at + ": " + message.strip();
        }
        JsonMappingException mapping = (JsonMappingException) e;
        String place = place(mapping.getPath());
        if (e instanceof UnrecognizedPropertyException unknown) {
            String parent = place(mapping.getPath().subList(0, Math.max(0, mapping.getPath().size() - 1)));
            return "unknown key \"" + unknown.getPropertyName() + "\"" + (parent.isEmpty() ? "" : " in " + parent) + at
                    + "; known keys there: " + knownKeys(unknown.getKnownPropertyIds());
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null) {
            return prefix(place) + e.getCause().getMessage() + at;
        }
        if (message.startsWith("Missing required creator property")) {
            String key = quotedName(message);
            // Jackson's path may or may not end at the missing key itself.
            String parent = place.equals(key) ? "" : place.endsWith("." + key)
                    ? place.substring(0, place.length() - key.length() - 1) : place;
            return prefix(parent) + key + " is missing" + at;
        }
        if (message.startsWith("No content to map")) {
            return "the file is empty";
        }
        if (message.startsWith("Cannot map `null`")) {
            return (place.isEmpty() ? "a key" : place) + " has no value" + at;
        }
        if (e instanceof InvalidFormatException invalid) {
            return prefix(place) + "\"" + invalid.getValue() + "\" is not " + kindOf(invalid.getTargetType()) + at;
        }
        if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            return prefix(place) + "expected " + kindOf(mismatched.getTargetType()) + at;
        }
        return prefix(place) + message + at;
    }

    /** {@code hostPorts[2].capacityMbps}, from Jackson's path of references. */
    private static String place(List<JsonMappingException.Reference> path) {
        StringBuilder place = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            if (reference.getFieldName() != null) {
                if (place.length() > 0) {
                    place.append('.');
                }
                place.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                place.append('[').append(reference.getIndex()).append(']');
            }
        }
        return place.toString();
    }

    private static String prefix(String place) {
        return place.isEmpty() ? "" : place + ": ";
    }

    // The line only: Jackson's column is where it stopped reading, often past the key at fault.
    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() <= 0) {
            return "";
        }
        return " (line " + location.getLineNr() + ")";
    }

    private static String quotedName(String message) {
        Matcher name = QUOTED_NAME.matcher(message);
        return name.find() ? name.group(1) : "a key";
    }

    private static String knownKeys(Collection<Object> known) {
        return String.join(", ", known.stream().map(String::valueOf).sorted().toList());
    }

    private static String kindOf(Class<?> type) {
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class) {
            return "a whole number";
        }
        if (type == String.class) {
            return "text";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a mapping of keys to values";
    }
}
