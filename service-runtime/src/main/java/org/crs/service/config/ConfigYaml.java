package org.crs.service.config;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The reader of the standalone services' configuration files: the standalone L-NSAP and NSAP
 * ({@code org.crs.nsap.server.NsapServerConfig}) and the BAR
 * ({@code org.crs.bar.server.BarServerConfig}) map their YAML onto records here ({@link #read}),
 * and find the line of a key ({@link #at}) for their messages. What the files share lives beside
 * it: the values ({@link ConfigValues}: names, durations, URLs), the {@code listen},
 * {@code database} and {@code tls} sections ({@link ConfigSections}) and {@code ${NAME}}
 * references ({@link EnvReferences}). The router access file ({@code RouterDirectory}) parses its
 * durations there too.
 *
 * <p>Every message names the key ({@code listen.port}, {@code peers[1].url}) and, where the
 * key is in the file, its line; none quotes a password or another secret.
 */
public final class ConfigYaml {

    private static final ObjectMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private ConfigYaml() {
    }

    /**
     * Maps YAML onto {@code shape} (records of raw text values), refusing unknown and repeated
     * keys and values of the wrong kind.
     *
     * @throws IllegalArgumentException naming the place and line of the first mistake, never a value
     */
    public static <T> T read(String yaml, Class<T> shape) {
        Objects.requireNonNull(yaml, "yaml");
        T file;
        try {
            file = MAPPER.readValue(yaml, shape);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(describe(e, yaml), e);
        }
        if (file == null) {
            throw new IllegalArgumentException("the file is empty");
        }
        return file;
    }

    // --- places and lines ----------------------------------------------------------------------------

    /**
     * The line of the key at {@code path} (names, and list indices as integers: {@code "peers", 1, "url"}),
     * or 0 when it is not in the file.
     */
    public static int lineOf(String yaml, Object... path) {
        List<Object> wanted = Arrays.asList(path);
        if (yaml == null || wanted.isEmpty() || wanted.contains(null)) {
            return 0;
        }
        try (JsonParser p = MAPPER.getFactory().createParser(yaml)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && wanted.equals(keyPath(p.getParsingContext()))) {
                    return p.currentTokenLocation().getLineNr();
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** {@code " (line N)"} for the key at {@code path} ({@link #lineOf}), or "" when it is not in the file. */
    public static String at(String yaml, Object... path) {
        int line = lineOf(yaml, path);
        return line > 0 ? " (line " + line + ")" : "";
    }

    private static List<Object> keyPath(JsonStreamContext context) {
        LinkedList<Object> keys = new LinkedList<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            keys.addFirst(c.inArray() ? (Object) c.getCurrentIndex() : c.getCurrentName());
        }
        return keys;
    }

    private static final Pattern QUOTED_NAME = Pattern.compile("'([^']+)'");

    /** A Jackson error as a message: place and line, never a value. */
    private static String describe(JsonProcessingException e, String yaml) {
        if (e instanceof DatabindException && e.getCause() instanceof JsonProcessingException syntax
                && !(syntax instanceof DatabindException)) {
            e = syntax; // a parser error (bad YAML, a repeated key) met while mapping: report it as such
        }
        String at = at(e.getLocation());
        String message = String.valueOf(e.getOriginalMessage());
        if (!(e instanceof DatabindException)) {
            if (message.startsWith("Duplicate field")) {
                Matcher m = QUOTED_NAME.matcher(message);
                return "key " + (m.find() ? "\"" + m.group(1) + "\"" : "") + " appears twice in one mapping" + at;
            }
            // Keep the parser's words, not its quote of the line (which may hold a literal secret).
            String words = String.join("; ", message.lines().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
                    .map(String::strip).toList());
            return "not valid YAML" + at + (words.isEmpty() ? "" : ": " + words);
        }
        JsonMappingException mapping = (JsonMappingException) e;
        String place = place(mapping.getPath());
        if (e instanceof UnrecognizedPropertyException unknown) {
            String parent = place(mapping.getPath().subList(0, Math.max(0, mapping.getPath().size() - 1)));
            // Jackson reports where it stopped reading (a record is read whole): find the key's own line.
            int line = lineOf(yaml, mapping.getPath().stream()
                    .map(r -> r.getFieldName() != null ? (Object) r.getFieldName() : r.getIndex() >= 0 ? r.getIndex() : null)
                    .toArray());
            at = line > 0 ? " (line " + line + ")" : at;
            return "unknown key \"" + unknown.getPropertyName() + "\"" + (parent.isEmpty() ? "" : " in " + parent) + at
                    + "; known keys there: " + knownKeys(unknown.getKnownPropertyIds());
        }
        if (message.startsWith("No content to map")) {
            return "the file is empty";
        }
        if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            return (place.isEmpty() ? "the file" : place) + ": expected " + kindOf(mismatched.getTargetType()) + at;
        }
        // Other messages may quote the value found: say only where.
        return (place.isEmpty() ? "the file" : place) + ": unexpected value" + at;
    }

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

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() <= 0 ? "" : " (line " + location.getLineNr() + ")";
    }

    private static String knownKeys(Collection<Object> known) {
        return String.join(", ", known.stream().map(String::valueOf).sorted().toList());
    }

    private static String kindOf(Class<?> type) {
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "a mapping of keys to values";
    }

}
