package org.crs.service.config;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.service.db.Vendor;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.crs.service.tls.TlsContexts;
import org.crs.service.tls.TlsSettings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
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
 * What the configuration files of the standalone services share: the standalone L-NSAP and
 * NSAP ({@code org.crs.nsap.server.NsapServerConfig}) and the BAR
 * ({@code org.crs.bar.server.BarServerConfig}) read their {@code listen} and {@code database}
 * sections, names, durations and {@code ${NAME}} references here, with the same rules and the
 * same messages. The router access file ({@code RouterDirectory}) parses its durations here too.
 *
 * <p>Every message names the key ({@code listen.port}, {@code peers[1].url}) and, where the
 * key is in the file, its line; none quotes a password or another secret.
 */
public final class ConfigYaml {

    /** Default listen address: this machine only. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,120}");

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

    // --- values ----------------------------------------------------------------------------------

    /** {@code value}, or an error "KEY is missing" when it is null or blank. */
    public static String required(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is missing");
        }
        return value;
    }

    /**
     * An instance or site name: 1 to 120 letters, digits, '_', '.' or '-'.
     *
     * @param where {@link #at} of the key, or ""
     */
    public static String name(String value, String key, String where) {
        String name = required(value, key);
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(key + ": must be 1 to 120 letters, digits, '_', '.' or '-', was '" + name
                    + "'" + where);
        }
        return name;
    }

    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    /**
     * A positive duration: {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h}, {@code <n>d}
     * or ISO-8601 ({@code PT5S}); {@code otherwise} when {@code text} is null.
     *
     * @param where {@link #at} of the key, or ""
     */
    public static Duration duration(String text, Duration otherwise, String key, String where) {
        if (text == null) {
            return otherwise;
        }
        Matcher m = SHORT_DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        Duration d;
        if (m.matches()) {
            long n;
            try {
                n = Long.parseLong(m.group(1));
                d = switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException(key + ": '" + text + "' is too long a duration" + where);
            }
        } else {
            try {
                d = Duration.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(key + ": '" + text + "' is not a duration (500ms, 5s, 2m, 1h, 1d, PT5S)"
                        + where);
            }
        }
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(key + " must be positive, was " + text + where);
        }
        return d;
    }

    /**
     * An http(s) URL with a host and no user information (the URL of another service); the
     * message never quotes the value, which may hold a secret.
     *
     * @param where {@link #at} of the key, or ""
     */
    public static URI httpUrl(String value, String key, String where) {
        String text = required(value, key).trim();
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(key + ": not a URL (" + e.getReason() + ")" + where);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException(key + ": must be an http:// or https:// URL with a host"
                    + " (http://host:port/services/...)" + where);
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(key + ": must not carry a user or password" + where);
        }
        return uri;
    }

    private static final String HSQLDB_FILE = "jdbc:hsqldb:file:";

    /** A relative {@code jdbc:hsqldb:file:} path, made relative to {@code baseDir}; other URLs as they are. */
    public static String withAbsoluteHsqldbFile(String jdbcUrl, Path baseDir) {
        if (!jdbcUrl.toLowerCase(Locale.ROOT).startsWith(HSQLDB_FILE)) {
            return jdbcUrl;
        }
        String rest = jdbcUrl.substring(HSQLDB_FILE.length());
        int semicolon = rest.indexOf(';');
        String path = semicolon < 0 ? rest : rest.substring(0, semicolon);
        String properties = semicolon < 0 ? "" : rest.substring(semicolon);
        if (path.isEmpty() || path.startsWith("~") || Path.of(path).isAbsolute()) {
            return jdbcUrl;
        }
        return HSQLDB_FILE + baseDir.resolve(path).toAbsolutePath().normalize() + properties;
    }

    /** A JDBC URL with any {@code password=} property masked, for logs and start-up output. */
    public static String jdbcUrlForLog(String jdbcUrl) {
        return jdbcUrl.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }

    // --- the shared sections -----------------------------------------------------------------------

    /** The {@code listen} section as written. */
    public record ListenYaml(String host, Integer port) {

        /**
         * @param yaml the file's text, for lines
         */
        public Listen resolve(EnvReferences env, String yaml) {
            String host = env.resolve(this.host, "listen.host");
            host = host == null || host.isBlank() ? DEFAULT_HOST : host.trim();
            if (port == null) {
                throw new IllegalArgumentException("listen.port is missing");
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("listen.port: must be in 0..65535 (0 = any free port), was " + port
                        + at(yaml, "listen", "port"));
            }
            return new Listen(host, port);
        }
    }

    /** Where a service listens; port 0 for any free one. */
    public record Listen(String host, int port) {
    }

    /** The {@code database} section as written; its text never reaches a log. */
    public record DatabaseYaml(String jdbcUrl, String user, String password, Boolean clustered) {

        /**
         * Resolves {@code ${NAME}}, checks the URL and the user, and makes a relative HSQLDB
         * file path relative to {@code baseDir}.
         *
         * @param yaml the file's text, for lines
         */
        public Database resolve(EnvReferences env, Path baseDir, String yaml) {
            String url = required(env.resolve(jdbcUrl, "database.jdbcUrl"), "database.jdbcUrl").trim();
            Vendor vendor;
            try {
                vendor = Vendor.fromJdbcUrl(url);
            } catch (IllegalArgumentException e) {
                // Vendor's message quotes the URL, which may carry a password: say only what is wanted.
                throw new IllegalArgumentException("database.jdbcUrl: must start with jdbc:hsqldb: or jdbc:postgresql:"
                        + at(yaml, "database", "jdbcUrl"));
            }
            url = withAbsoluteHsqldbFile(url, baseDir);
            String u = env.resolve(user, "database.user");
            if (u != null && u.isEmpty()) {
                u = null;
            }
            if (u == null && vendor == Vendor.POSTGRESQL) {
                throw new IllegalArgumentException("database.user is missing (PostgreSQL needs a user)");
            }
            String p = env.resolve(password, "database.password");
            boolean shared = clustered != null && clustered;
            if (shared && vendor != Vendor.POSTGRESQL) {
                throw new IllegalArgumentException("database.clustered: only a PostgreSQL database can be shared by several"
                        + " instances; an HSQLDB database lives inside one process" + at(yaml, "database", "clustered"));
            }
            return new Database(url, u, p == null ? "" : p, shared);
        }

        @Override
        public String toString() {
            return "database";
        }
    }

    /**
     * A service's database, resolved.
     *
     * @param jdbcUrl a relative HSQLDB file path already made absolute
     * @param user null for the driver's default (SA for HSQLDB)
     * @param password empty when none; never in {@link #toString()}
     * @param clustered whether several instances share the database's schedule (PostgreSQL only)
     */
    public record Database(String jdbcUrl, String user, String password, boolean clustered) {
        public Database {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            password = password == null ? "" : password;
        }

        @Override
        public String toString() {
            return "jdbcUrl=" + jdbcUrlForLog(jdbcUrl) + ", user=" + user + ", password="
                    + (password.isEmpty() ? "(none)" : "***") + ", clustered=" + clustered;
        }
    }

    /**
     * The {@code database} section of any service's configuration file, every other key left
     * alone: for tools that work on a service's database without being the service
     * ({@code org.crs.service.audit.AuditMain}). The section is read and checked exactly as the
     * service reads it.
     *
     * @throws IllegalArgumentException naming what is wrong, never a value
     */
    public static Database databaseOf(String yaml, Path baseDir, EnvReferences env) {
        DatabaseOnly file = read(yaml, DatabaseOnly.class);
        if (file.database() == null) {
            throw new IllegalArgumentException("database is missing (database: {jdbcUrl: ...})");
        }
        return file.database().resolve(env, baseDir, yaml);
    }

    /** A service's file seen only for its {@code database} section. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record DatabaseOnly(DatabaseYaml database) {
    }

    /**
     * The {@code tls} section as written; its text never reaches a log.
     *
     * <pre>{@code
     * tls:                                # optional: without it the service speaks plain HTTP only
     *   port: 8443                        # optional: TLS on this port beside plain HTTP on listen.port;
     *                                     #   without it listen.port itself speaks TLS (0 = any free port)
     *   keyStore: certs/bar-site-a.p12    # required: PKCS12, this service's key and certificate chain
     *   keyStorePassword: ${CRS_KEYSTORE_PASSWORD}   # required (also the key's password)
     *   trustStore: certs/trust.p12       # required: PKCS12, the authorities trusted for callers and called services
     *   trustStorePassword: ${CRS_TRUSTSTORE_PASSWORD}  # required
     *   clientAuth: required              # default required: none, optional or required
     * }</pre>
     */
    public record TlsYaml(Integer port, String keyStore, String keyStorePassword, String trustStore,
                          String trustStorePassword, String clientAuth) {

        /**
         * Resolves {@code ${NAME}}, makes relative store paths relative to {@code baseDir} and
         * reads both stores with their passwords, so that a mistake is reported when the file
         * is read (and by {@code --check}), not when the service starts.
         *
         * @param yaml the file's text, for lines
         */
        public ServerTls resolve(EnvReferences env, Path baseDir, String yaml) {
            if (port != null && (port < 0 || port > 65535)) {
                throw new IllegalArgumentException("tls.port: must be in 0..65535 (0 = any free port), was " + port
                        + at(yaml, "tls", "port"));
            }
            Path keys = store(env, baseDir, keyStore, "keyStore", yaml);
            String keysPassword = password(env, keyStorePassword, "keyStorePassword");
            Path trusted = store(env, baseDir, trustStore, "trustStore", yaml);
            String trustedPassword = password(env, trustStorePassword, "trustStorePassword");
            ClientAuth auth = clientAuth == null ? ClientAuth.REQUIRED
                    : ClientAuth.parse(env.resolve(clientAuth, "tls.clientAuth"), "tls.clientAuth", at(yaml, "tls", "clientAuth"));
            TlsSettings settings = new TlsSettings(keys, keysPassword, trusted, trustedPassword, auth);
            try {
                TlsContexts.client(settings);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tls." + e.getMessage(), e);
            }
            return new ServerTls(settings, port == null ? OptionalInt.empty() : OptionalInt.of(port));
        }

        private static Path store(EnvReferences env, Path baseDir, String value, String key, String yaml) {
            String path = required(env.resolve(value, "tls." + key), "tls." + key).trim();
            Path p = baseDir.resolve(path).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("tls." + key + ": no file " + p + at(yaml, "tls", key));
            }
            return p;
        }

        private static String password(EnvReferences env, String value, String key) {
            String p = env.resolve(value, "tls." + key);
            if (p == null || p.isEmpty()) {
                throw new IllegalArgumentException("tls." + key + " is missing (PKCS12 stores have a password; "
                        + "write it as ${NAME}, an environment variable)");
            }
            return p;
        }

        @Override
        public String toString() {
            return "tls";
        }
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

    /**
     * Resolves {@code ${NAME}} references in a value from the environment; <code>$${</code> is a
     * literal <code>${</code>. Errors name the key and the variable, never a value. (The same
     * rules as the router access file's resolver, which is private to its package.)
     */
    public static final class EnvReferences {
        private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
        private final Function<String, String> lookup;

        /** @param lookup gives the value of an environment variable, or null when it is not set */
        public EnvReferences(Function<String, String> lookup) {
            this.lookup = Objects.requireNonNull(lookup, "lookup");
        }

        /** {@code value} with its references replaced; null stays null. */
        public String resolve(String value, String key) {
            if (value == null || value.indexOf('$') < 0) {
                return value;
            }
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < value.length()) {
                if (value.startsWith("$${", i)) {
                    out.append("${");
                    i += 3;
                } else if (value.startsWith("${", i)) {
                    int end = value.indexOf('}', i + 2);
                    if (end < 0) {
                        throw new IllegalArgumentException(key + ": '${' without a closing '}'");
                    }
                    String variable = value.substring(i + 2, end);
                    if (!VARIABLE.matcher(variable).matches()) {
                        throw new IllegalArgumentException(key + ": '${" + variable
                                + "}' is not an environment variable reference (letters, digits, _)");
                    }
                    String v = lookup.apply(variable);
                    if (v == null) {
                        throw new IllegalArgumentException(key + ": environment variable " + variable + " is not set");
                    }
                    out.append(v);
                    i = end + 1;
                } else {
                    out.append(value.charAt(i));
                    i++;
                }
            }
            return out.toString();
        }
    }
}
