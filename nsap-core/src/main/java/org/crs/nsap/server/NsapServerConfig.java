package org.crs.nsap.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.service.db.Vendor;

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
 * The service configuration file of one standalone L-NSAP or NSAP (docs/configuration.md,
 * {@code deploy/config/lnsap-site-a.yaml}, {@code deploy/config/nsap.yaml}).
 *
 * <pre>{@code
 * name: lnsap-site-a                  # required: logs, the scheduler's name; A-Z a-z 0-9 _ . -
 * listen:
 *   host: 127.0.0.1                   # default 127.0.0.1; 0.0.0.0 for every interface
 *   port: 8081                        # required; 0 = any free port
 * database:
 *   jdbcUrl: jdbc:hsqldb:file:/var/lib/crs/lnsap-site-a/db   # required: jdbc:hsqldb:... or jdbc:postgresql:...
 *   user: SA                          # default SA for HSQLDB; required for PostgreSQL
 *   password: ${CRS_DB_PASSWORD}      # default empty
 *   clustered: false                  # default false; true only on PostgreSQL
 * topology: ../topology/site-a-campus.yaml   # required: campus (L-NSAP) or WAN (NSAP) topology file
 * routerAccess: routers.yaml          # required: the router access file (RouterDirectory.load)
 * }</pre>
 *
 * <p>Unknown and repeated keys are errors, reported with their place and line. Relative paths
 * ({@code topology}, {@code routerAccess}, and the path of a {@code jdbc:hsqldb:file:} URL) are
 * relative to the folder of the configuration file, not to the working directory.
 *
 * <p><b>Secrets out of files.</b> Every text value may contain {@code ${NAME}} references,
 * replaced by the environment variable {@code NAME} when the file is read; an unset variable
 * is an error naming the variable and the key, never a value; <code>$${</code> stands for a
 * literal <code>${</code>. These are the rules of the router access file
 * ({@link org.crs.nsap.activation.RouterDirectory}); its resolver is private to its package, so
 * this class has its own small one ({@link EnvReferences}).
 *
 * <p>{@link #toString()} and the messages of the exceptions thrown here never contain the
 * database password.
 *
 * @param source the file read, for messages (null when parsed from text)
 * @param name the instance's name
 * @param host the address to listen on
 * @param port the TCP port, 0 for any free one
 * @param jdbcUrl the database; a relative HSQLDB file path already made absolute
 * @param dbUser the database user (null: the driver's default, SA for HSQLDB)
 * @param dbPassword the database password (empty when none)
 * @param clustered whether several instances share the database's schedule (PostgreSQL only)
 * @param topology the topology file, absolute
 * @param routerAccess the router access file, absolute
 */
public record NsapServerConfig(Path source, String name, String host, int port, String jdbcUrl, String dbUser,
                               String dbPassword, boolean clustered, Path topology, Path routerAccess) {

    /** Default listen address: this machine only. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,120}");

    private static final ObjectMapper MAPPER = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    public NsapServerConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(routerAccess, "routerAccess");
        dbPassword = dbPassword == null ? "" : dbPassword;
    }

    /** The settings {@link NsapServer#start} takes. */
    public NsapServer.Config serverConfig() {
        return new NsapServer.Config(name, jdbcUrl, dbUser, dbPassword, host, port, clustered);
    }

    /** The database vendor of {@link #jdbcUrl()}. */
    public Vendor vendor() {
        return Vendor.fromJdbcUrl(jdbcUrl);
    }

    /** The JDBC URL with any {@code password=} property masked, for logs and start-up output. */
    public String jdbcUrlForLog() {
        return jdbcUrl.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }

    @Override
    public String toString() {
        return "NsapServerConfig[" + (source == null ? "" : source + ": ") + "name=" + name + ", listen=" + host + ":" + port
                + ", jdbcUrl=" + jdbcUrlForLog() + ", user=" + dbUser + ", password=" + (dbPassword.isEmpty() ? "(none)" : "***")
                + ", clustered=" + clustered + ", topology=" + topology + ", routerAccess=" + routerAccess + "]";
    }

    // --- reading ---------------------------------------------------------------------------------

    /** Reads a configuration file, resolving {@code ${NAME}} from the process environment. */
    public static NsapServerConfig load(Path file) throws IOException {
        return load(file, System::getenv);
    }

    /**
     * Reads a configuration file, resolving {@code ${NAME}} with {@code environment}.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static NsapServerConfig load(Path file, Function<String, String> environment) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        String text = Files.readString(absolute);
        try {
            return parse(text, absolute.getParent(), absolute, environment);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses configuration YAML.
     *
     * @param baseDir the folder relative paths are relative to
     * @param environment gives the value of an environment variable, or null when it is not set
     * @throws IllegalArgumentException saying what is wrong, without the file name
     */
    public static NsapServerConfig parse(String yaml, Path baseDir, Function<String, String> environment) {
        return parse(yaml, baseDir, null, environment);
    }

    private static NsapServerConfig parse(String yaml, Path baseDir, Path source, Function<String, String> environment) {
        Objects.requireNonNull(yaml, "yaml");
        Objects.requireNonNull(baseDir, "baseDir");
        EnvReferences env = new EnvReferences(Objects.requireNonNull(environment, "environment"));
        FileYaml file;
        try {
            file = MAPPER.readValue(yaml, FileYaml.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(describe(e, yaml), e);
        }
        if (file == null) {
            throw new IllegalArgumentException("the file is empty");
        }

        String name = required(env.resolve(file.name(), "name"), "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name: must be 1 to 120 letters, digits, '_', '.' or '-', was '" + name + "'");
        }

        ListenYaml listen = file.listen();
        if (listen == null) {
            throw new IllegalArgumentException("listen is missing (listen: {host: 127.0.0.1, port: 8081})");
        }
        String host = env.resolve(listen.host(), "listen.host");
        host = host == null || host.isBlank() ? DEFAULT_HOST : host.trim();
        if (listen.port() == null) {
            throw new IllegalArgumentException("listen.port is missing");
        }
        int port = listen.port();
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("listen.port: must be in 0..65535 (0 = any free port), was " + port);
        }

        DatabaseYaml db = file.database();
        if (db == null) {
            throw new IllegalArgumentException("database is missing (database: {jdbcUrl: ...})");
        }
        String jdbcUrl = required(env.resolve(db.jdbcUrl(), "database.jdbcUrl"), "database.jdbcUrl").trim();
        Vendor vendor;
        try {
            vendor = Vendor.fromJdbcUrl(jdbcUrl);
        } catch (IllegalArgumentException e) {
            // Vendor's message quotes the URL, which may carry a password: say only what is wanted.
            throw new IllegalArgumentException("database.jdbcUrl: must start with jdbc:hsqldb: or jdbc:postgresql:");
        }
        jdbcUrl = withAbsoluteHsqldbFile(jdbcUrl, baseDir);
        String user = env.resolve(db.user(), "database.user");
        if (user != null && user.isEmpty()) {
            user = null;
        }
        if (user == null && vendor == Vendor.POSTGRESQL) {
            throw new IllegalArgumentException("database.user is missing (PostgreSQL needs a user)");
        }
        String password = env.resolve(db.password(), "database.password");
        boolean clustered = db.clustered() != null && db.clustered();
        if (clustered && vendor != Vendor.POSTGRESQL) {
            throw new IllegalArgumentException("database.clustered: only a PostgreSQL database can be shared by several"
                    + " instances; an HSQLDB database lives inside one process");
        }

        Path topology = existingFile(baseDir, required(env.resolve(file.topology(), "topology"), "topology"), "topology");
        Path routerAccess = existingFile(baseDir, required(env.resolve(file.routerAccess(), "routerAccess"), "routerAccess"),
                "routerAccess");
        return new NsapServerConfig(source, name, host, port, jdbcUrl, user, password, clustered, topology, routerAccess);
    }

    private static String required(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is missing");
        }
        return value;
    }

    private static Path existingFile(Path baseDir, String value, String key) {
        Path p = baseDir.resolve(value.trim()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(key + ": no file " + p);
        }
        return p;
    }

    private static final String HSQLDB_FILE = "jdbc:hsqldb:file:";

    /** A relative {@code jdbc:hsqldb:file:} path, made relative to {@code baseDir}. */
    static String withAbsoluteHsqldbFile(String jdbcUrl, Path baseDir) {
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

    // --- the file's shape: raw text until resolved; these records never reach a log -------------

    private record FileYaml(String name, ListenYaml listen, DatabaseYaml database, String topology, String routerAccess) {
        @Override
        public String toString() {
            return "config " + name;
        }
    }

    private record ListenYaml(String host, Integer port) {
    }

    private record DatabaseYaml(String jdbcUrl, String user, String password, Boolean clustered) {
        @Override
        public String toString() {
            return "database";
        }
    }

    // --- messages: place and line, never a value ------------------------------------------------

    private static final Pattern QUOTED_NAME = Pattern.compile("'([^']+)'");

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
            int line = lineOfKey(yaml, mapping.getPath());
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

    /** The line of the key at {@code path} (names only), or 0. */
    private static int lineOfKey(String yaml, List<JsonMappingException.Reference> path) {
        List<String> names = path.stream().map(JsonMappingException.Reference::getFieldName).toList();
        if (names.isEmpty() || names.contains(null)) {
            return 0;
        }
        try (JsonParser p = MAPPER.getFactory().createParser(yaml)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && names.equals(keyPath(p.getParsingContext()))) {
                    return p.currentTokenLocation().getLineNr();
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static List<String> keyPath(JsonStreamContext context) {
        java.util.LinkedList<String> names = new java.util.LinkedList<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            names.addFirst(c.getCurrentName());
        }
        return names;
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
        return "a mapping of keys to values";
    }

    /**
     * Resolves {@code ${NAME}} references in a value from the environment; <code>$${</code> is a
     * literal <code>${</code>. Errors name the key and the variable, never a value. (The same
     * rules as the router access file's resolver, which is private to its package.)
     */
    static final class EnvReferences {
        private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
        private final Function<String, String> lookup;

        EnvReferences(Function<String, String> lookup) {
            this.lookup = lookup;
        }

        String resolve(String value, String key) {
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
