package org.crs.nsap.activation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.crs.service.config.ConfigYaml;
import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SnmpCredentials;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.crs.routers.driver.snmp.SnmpTimeouts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * Which driver talks to which router: for each router name, how to reach it, its device
 * profile and the protocol it is configured over.
 *
 * <table>
 * <caption>Profile and protocol give the driver</caption>
 * <tr><th>profile</th><th>protocol</th><th>driver</th></tr>
 * <tr><td>7600</td><td>cli</td><td>{@link Cisco7600CliDriver} (polices)</td></tr>
 * <tr><td>7600</td><td>snmp</td><td>{@link Cisco7600SnmpDriver} (does NOT police)</td></tr>
 * <tr><td>12000</td><td>cli</td><td>{@link Cisco12000CliDriver}</td></tr>
 * <tr><td>12000</td><td>snmp</td><td>refused: no Cisco MIB creates subinterfaces, pseudowires or TE tunnels</td></tr>
 * </table>
 *
 * <h2>The router access file</h2>
 *
 * <p>YAML, read by {@link #load(Path)}. Unknown keys are errors. Values a router does not set
 * come from {@code defaults} (key by key, except that an {@code snmp} block replaces the
 * default {@code snmp} block as a whole).
 *
 * <pre>{@code
 * defaults:                          # optional: any router key except name
 *   protocol: cli                    # cli (default) or snmp
 *   sshPort: 22                      # default 22
 *   snmpPort: 161                    # default 161
 *   username: crs                    # CLI login (required for cli)
 *   password: ${CRS_ROUTER_PASSWORD} # CLI password (required for cli)
 *   enableSecret: ${CRS_ROUTER_ENABLE_SECRET}   # optional: only asked when login lands at '>'
 *   snmp:                            # required for snmp; with cli, kept for counters
 *     version: 3                     # 2 (v2c) or 3 (authPriv, SHA-256 + AES-128);
 *                                    #   default: 3 if user is given, else 2
 *     user: crs                      # v3
 *     authPassword: ${CRS_SNMP_AUTH} # v3
 *     privPassword: ${CRS_SNMP_PRIV} # v3
 *     # community: ${CRS_SNMP_WRITE_COMMUNITY}  # v2c: the WRITE community
 *
 * cliTimeouts:  { connect: 5s, login: 10s, command: 10s }      # optional, these are the defaults
 * snmpTimeouts: { request: 2s, retries: 1, vtpApply: 10s }     # optional, these are the defaults
 *
 * routers:
 *   - name: edge-a                   # the router's name in the topology and plans; unique
 *     host: 192.0.2.11               # management address or DNS name
 *     profile: 7600                  # 7600 or 12000
 *     protocol: snmp
 *     snmp: { version: 2, community: ${CRS_EDGE_A_COMMUNITY} }
 *   - name: core-1
 *     host: 192.0.2.21
 *     profile: 12000
 *     sshPort: 2222
 * }</pre>
 *
 * <p>Durations are {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 1d} or ISO-8601 ({@code PT5S}).
 *
 * <p><b>Secrets out of files.</b> Every string value may contain {@code ${NAME}} references,
 * replaced by the environment variable {@code NAME} when the file is read (an unset variable
 * is an error naming the variable, the router and the key, never a value); <code>$${</code> stands
 * for a literal <code>${</code>. A deployment keeps the file in version control and the secrets in
 * the service's environment.
 *
 * <p>Secrets never appear in {@link #toString()}, in {@link RouterAccess#toString()} (see
 * {@link RouterEndpoint}) or in the messages of the exceptions thrown here.
 *
 * <p>Tests and the demo read the file the router emulator writes for its routers, in this
 * same format; nothing here knows the emulator.
 *
 * <p>A directory is immutable and thread-safe. Drivers hold no connection, so
 * {@link #driverFor(String, DeviceLog)} is cheap: a caller asks for a driver per operation,
 * with the device log that operation's exchanges must reach.
 */
public final class RouterDirectory {

    /** How a router is configured. */
    public enum Protocol {
        CLI, SNMP;

        static Protocol parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "cli", "ssh" -> CLI;
                case "snmp" -> SNMP;
                default -> throw new IllegalArgumentException("protocol must be cli or snmp, was '" + text + "'");
            };
        }
    }

    /** The router families CRS drives. */
    public enum Profile {
        /** Cisco 7600 campus edge: carries {@link CampusSegment}s (VLAN to trunk, or host pair). */
        C7600,
        /** Cisco 12000 WAN core: carries {@link PseudowireSegment}s. */
        C12000;

        static Profile parse(String text) {
            return switch (text.trim().toUpperCase(Locale.ROOT)) {
                case "7600", "C7600" -> C7600;
                case "12000", "C12000", "GSR" -> C12000;
                default -> throw new IllegalArgumentException("profile must be 7600 or 12000, was '" + text + "'");
            };
        }
    }

    /**
     * One router of the directory.
     *
     * @param endpoint how to reach it and log in (its name is the router's name)
     * @param profile its family
     * @param protocol how it is configured
     */
    public record RouterAccess(RouterEndpoint endpoint, Profile profile, Protocol protocol) {

        public RouterAccess {
            Objects.requireNonNull(endpoint, "endpoint");
            Objects.requireNonNull(profile, "profile");
            Objects.requireNonNull(protocol, "protocol");
            String name = endpoint.name();
            if (protocol == Protocol.SNMP && profile == Profile.C12000) {
                throw new IllegalArgumentException("router " + name + ": a 12000 is configured by CLI only (no Cisco"
                        + " MIB creates dot1Q subinterfaces, pseudowires or TE tunnels); use protocol cli");
            }
            if (protocol == Protocol.CLI) {
                requirePort(name, "sshPort", endpoint.sshPort());
                requireText(name, "username", endpoint.username());
                requireText(name, "password", endpoint.password());
            } else {
                requirePort(name, "snmpPort", endpoint.snmpPort());
                if (endpoint.snmp() == null) {
                    throw new IllegalArgumentException("router " + name + ": protocol snmp needs snmp credentials");
                }
            }
        }

        public String name() {
            return endpoint.name();
        }

        private static void requirePort(String router, String key, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("router " + router + ": " + key + " must be in 1..65535, was " + port);
            }
        }

        private static void requireText(String router, String key, String value) {
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("router " + router + ": " + key + " is required for protocol cli");
            }
        }
    }

    private final Map<String, RouterAccess> routers;
    private final CliTimeouts cliTimeouts;
    private final SnmpTimeouts snmpTimeouts;

    /**
     * @param routers the routers; names must be unique
     * @param cliTimeouts how long CLI drivers wait
     * @param snmpTimeouts how long the SNMP driver waits
     */
    public RouterDirectory(List<RouterAccess> routers, CliTimeouts cliTimeouts, SnmpTimeouts snmpTimeouts) {
        Map<String, RouterAccess> byName = new LinkedHashMap<>();
        for (RouterAccess r : routers) {
            if (byName.put(r.name(), r) != null) {
                throw new IllegalArgumentException("router " + r.name() + " appears twice");
            }
        }
        this.routers = Collections.unmodifiableMap(byName);
        this.cliTimeouts = Objects.requireNonNull(cliTimeouts, "cliTimeouts");
        this.snmpTimeouts = Objects.requireNonNull(snmpTimeouts, "snmpTimeouts");
    }

    /** A directory with the drivers' default timeouts. */
    public RouterDirectory(List<RouterAccess> routers) {
        this(routers, CliTimeouts.DEFAULTS, SnmpTimeouts.DEFAULTS);
    }

    /** The same routers with other timeouts. */
    public RouterDirectory withTimeouts(CliTimeouts cli, SnmpTimeouts snmp) {
        return new RouterDirectory(List.copyOf(routers.values()), cli, snmp);
    }

    // --- drivers ---------------------------------------------------------------------------------

    /**
     * A driver for the router, reporting every exchange to {@code log}: a
     * {@code RouterDriver<CampusSegment>} for a 7600, a {@code RouterDriver<PseudowireSegment>}
     * for a 12000.
     *
     * @throws IllegalArgumentException if the router is not in the directory
     */
    public RouterDriver<?> driverFor(String router, DeviceLog log) {
        RouterAccess access = access(router);
        return access.profile() == Profile.C7600 ? vlanDriverFor(router, log) : pseudowireDriverFor(router, log);
    }

    /**
     * A driver for a 7600, for its campus segments (host port to trunk, or two host ports):
     * over CLI, or over SNMP (which does not police).
     *
     * @throws IllegalArgumentException if the router is not in the directory or is not a 7600
     */
    public RouterDriver<CampusSegment> vlanDriverFor(String router, DeviceLog log) {
        RouterAccess access = access(router);
        if (access.profile() != Profile.C7600) {
            throw new IllegalArgumentException("router " + router + " is a " + label(access.profile())
                    + ": it carries no VLAN segments (campus segments need a 7600)");
        }
        return access.protocol() == Protocol.SNMP
                ? new Cisco7600SnmpDriver(access.endpoint(), snmpTimeouts, log)
                : new Cisco7600CliDriver(access.endpoint(), cliTimeouts, log);
    }

    /**
     * A driver for a 12000 (always CLI).
     *
     * @throws IllegalArgumentException if the router is not in the directory or is not a 12000
     */
    public RouterDriver<PseudowireSegment> pseudowireDriverFor(String router, DeviceLog log) {
        RouterAccess access = access(router);
        if (access.profile() != Profile.C12000) {
            throw new IllegalArgumentException("router " + router + " is a " + label(access.profile())
                    + ": it carries no pseudowire segments (WAN segments need a 12000)");
        }
        return new Cisco12000CliDriver(access.endpoint(), cliTimeouts, log);
    }

    /**
     * How to reach one router.
     *
     * @throws IllegalArgumentException if the router is not in the directory
     */
    public RouterAccess access(String router) {
        RouterAccess access = routers.get(router);
        if (access == null) {
            throw new IllegalArgumentException("router " + router + " is not in the router directory (have "
                    + routers.keySet() + ")");
        }
        return access;
    }

    public boolean contains(String router) {
        return routers.containsKey(router);
    }

    /** The router names, in the order given. */
    public Set<String> routerNames() {
        return routers.keySet();
    }

    public CliTimeouts cliTimeouts() {
        return cliTimeouts;
    }

    public SnmpTimeouts snmpTimeouts() {
        return snmpTimeouts;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("RouterDirectory[");
        String sep = "";
        for (RouterAccess r : routers.values()) {
            b.append(sep).append(r.endpoint()).append(' ').append(label(r.profile())).append(' ')
                    .append(r.protocol().name().toLowerCase(Locale.ROOT));
            sep = ", ";
        }
        return b.append(']').toString();
    }

    private static String label(Profile p) {
        return p == Profile.C7600 ? "7600" : "12000";
    }

    // --- from the router access file ---------------------------------------------------------------

    /** Reads a router access file, resolving {@code ${NAME}} from the process environment. */
    public static RouterDirectory load(Path file) throws IOException {
        return load(file, System::getenv);
    }

    /** Reads a router access file, resolving {@code ${NAME}} with {@code environment}. */
    public static RouterDirectory load(Path file, Function<String, String> environment) throws IOException {
        try {
            return parse(Files.readString(file), environment);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses router access YAML.
     *
     * @param environment gives the value of an environment variable, or null when it is not set
     * @throws IllegalArgumentException if the text is not valid YAML of the format above, or
     *     a variable is not set, or a router's settings are incomplete
     */
    public static RouterDirectory parse(String yaml, Function<String, String> environment) {
        Objects.requireNonNull(environment, "environment");
        AccessFile file;
        try {
            ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
            file = mapper.readValue(yaml, AccessFile.class);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException("unknown key '" + e.getPropertyName() + "' at " + path(e)
                    + " (known: " + e.getKnownPropertyIds() + ")");
        } catch (JsonMappingException e) {
            // The original message may quote a value; say only where and what kind of problem.
            throw new IllegalArgumentException("wrong kind of value at " + path(e) + " (" + kind(e) + ")");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid YAML at line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ": " + e.getOriginalMessage());
        }
        if (file == null || file.routers() == null || file.routers().isEmpty()) {
            throw new IllegalArgumentException("the router access file names no routers");
        }
        if (file.defaults() != null && file.defaults().name() != null) {
            throw new IllegalArgumentException("defaults: name belongs to a router, not to the defaults");
        }
        Env env = new Env(environment);
        List<RouterAccess> out = new ArrayList<>();
        int index = 0;
        for (RouterYaml r : file.routers()) {
            out.add(r.resolve(file.defaults(), env, index++));
        }
        CliTimeouts cli = file.cliTimeouts() == null ? CliTimeouts.DEFAULTS : file.cliTimeouts().resolve();
        SnmpTimeouts snmp = file.snmpTimeouts() == null ? SnmpTimeouts.DEFAULTS : file.snmpTimeouts().resolve();
        return new RouterDirectory(out, cli, snmp);
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                b.append('[').append(ref.getIndex()).append(']');
            }
        }
        return b.length() == 0 ? "the top level" : b.toString();
    }

    private static String kind(JsonMappingException e) {
        if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m && m.getTargetType() != null) {
            Class<?> t = m.getTargetType();
            if (t == Integer.class || t == int.class) {
                return "expected a whole number";
            }
            if (t == String.class) {
                return "expected a single value";
            }
            if (List.class.isAssignableFrom(t)) {
                return "expected a list";
            }
            return "expected a mapping of keys";
        }
        return "unexpected value";
    }

    // The file's shape. Strings stay raw until resolve(); these records never reach a log.

    private record AccessFile(RouterYaml defaults, CliTimeoutsYaml cliTimeouts, SnmpTimeoutsYaml snmpTimeouts,
                              List<RouterYaml> routers) {
    }

    private record SnmpYaml(Integer version, String community, String user, String authPassword,
                            String privPassword) {

        @Override
        public String toString() {
            return "snmp";
        }

        SnmpCredentials resolve(String where, Env env) {
            String community = env.resolve(this.community, where, "snmp.community");
            String user = env.resolve(this.user, where, "snmp.user");
            String auth = env.resolve(authPassword, where, "snmp.authPassword");
            String priv = env.resolve(privPassword, where, "snmp.privPassword");
            int v = version != null ? version : user != null ? 3 : 2;
            if (v == 2) {
                if (user != null || auth != null || priv != null) {
                    throw new IllegalArgumentException(where + ": snmp version 2 takes only a community"
                            + " (user, authPassword, privPassword are for version 3)");
                }
                if (community == null || community.isEmpty()) {
                    throw new IllegalArgumentException(where + ": snmp version 2 needs community (the write community)");
                }
                return SnmpCredentials.v2c(community);
            }
            if (v == 3) {
                if (community != null) {
                    throw new IllegalArgumentException(where + ": snmp version 3 takes no community");
                }
                for (String[] kv : new String[][] {{"user", user}, {"authPassword", auth}, {"privPassword", priv}}) {
                    if (kv[1] == null || kv[1].isEmpty()) {
                        throw new IllegalArgumentException(where + ": snmp version 3 needs " + kv[0]);
                    }
                }
                return SnmpCredentials.v3(user, auth, priv);
            }
            throw new IllegalArgumentException(where + ": snmp version must be 2 or 3, was " + v);
        }
    }

    private record RouterYaml(String name, String host, Integer sshPort, Integer snmpPort, String protocol,
                              String profile, String username, String password, String enableSecret, SnmpYaml snmp) {

        @Override
        public String toString() {
            return "router " + name;
        }

        RouterAccess resolve(RouterYaml defaults, Env env, int index) {
            RouterYaml d = defaults != null ? defaults
                    : new RouterYaml(null, null, null, null, null, null, null, null, null, null);
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("routers[" + index + "]: name is required");
            }
            String where = "router " + name;
            String host = env.resolve(first(this.host, d.host()), where, "host");
            if (host == null || host.isBlank()) {
                throw new IllegalArgumentException(where + ": host is required");
            }
            String profileText = env.resolve(first(this.profile, d.profile()), where, "profile");
            if (profileText == null) {
                throw new IllegalArgumentException(where + ": profile is required (7600 or 12000)");
            }
            String protocolText = env.resolve(first(this.protocol, d.protocol()), where, "protocol");
            Profile profile;
            Protocol protocol;
            try {
                profile = Profile.parse(profileText);
                protocol = protocolText == null ? Protocol.CLI : Protocol.parse(protocolText);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
            int ssh = first(sshPort, first(d.sshPort(), 22));
            int snmpPortValue = first(this.snmpPort, first(d.snmpPort(), 161));
            SnmpYaml snmpYaml = first(this.snmp, d.snmp());
            SnmpCredentials credentials = snmpYaml == null ? null : snmpYaml.resolve(where, env);
            RouterEndpoint endpoint = new RouterEndpoint(name, host, ssh, snmpPortValue,
                    env.resolve(first(username, d.username()), where, "username"),
                    env.resolve(first(password, d.password()), where, "password"),
                    env.resolve(first(enableSecret, d.enableSecret()), where, "enableSecret"),
                    credentials);
            return new RouterAccess(endpoint, profile, protocol);
        }
    }

    private record CliTimeoutsYaml(String connect, String login, String command) {
        CliTimeouts resolve() {
            CliTimeouts d = CliTimeouts.DEFAULTS;
            return new CliTimeouts(duration(connect, d.connect(), "cliTimeouts.connect"),
                    duration(login, d.login(), "cliTimeouts.login"),
                    duration(command, d.command(), "cliTimeouts.command"));
        }
    }

    private record SnmpTimeoutsYaml(String request, Integer retries, String vtpApply) {
        SnmpTimeouts resolve() {
            SnmpTimeouts d = SnmpTimeouts.DEFAULTS;
            return new SnmpTimeouts(duration(request, d.request(), "snmpTimeouts.request"),
                    retries == null ? d.retries() : retries,
                    duration(vtpApply, d.vtpApply(), "snmpTimeouts.vtpApply"));
        }
    }

    /** {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 1d} or ISO-8601, positive ({@link ConfigYaml#duration}). */
    static Duration duration(String text, Duration otherwise, String key) {
        return ConfigYaml.duration(text, otherwise, key, "");
    }

    private static <T> T first(T a, T b) {
        return a != null ? a : b;
    }

    /** Resolves {@code ${NAME}} references; <code>$${</code> is a literal <code>${</code>. */
    static final class Env {
        private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
        private final Function<String, String> lookup;

        Env(Function<String, String> lookup) {
            this.lookup = lookup;
        }

        String resolve(String value, String where, String key) {
            if (value == null || value.indexOf('$') < 0) {
                return value;
            }
            StringBuilder out = new StringBuilder();
            int i = 0;
            while (i < value.length()) {
                char c = value.charAt(i);
                if (c == '$' && value.startsWith("$${", i)) {
                    out.append("${");
                    i += 3;
                } else if (c == '$' && value.startsWith("${", i)) {
                    int end = value.indexOf('}', i + 2);
                    if (end < 0) {
                        throw new IllegalArgumentException(where + ": " + key + ": '${' without a closing '}'");
                    }
                    String name = value.substring(i + 2, end);
                    if (!NAME.matcher(name).matches()) {
                        throw new IllegalArgumentException(where + ": " + key + ": '${" + name
                                + "}' is not an environment variable reference (letters, digits, _)");
                    }
                    String v = lookup.apply(name);
                    if (v == null) {
                        throw new IllegalArgumentException(where + ": " + key + ": environment variable " + name
                                + " is not set");
                    }
                    out.append(v);
                    i = end + 1;
                } else {
                    out.append(c);
                    i++;
                }
            }
            return out.toString();
        }
    }
}
