package org.crs.nsap.activation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import java.util.Locale;

import org.crs.nsap.activation.RouterDirectory.RouterAccess;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.SnmpCredentials;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.registry.DriverRegistry;
import org.crs.routers.driver.registry.DriverTimeouts;
import org.crs.routers.driver.snmp.SnmpTimeouts;
import org.crs.service.config.ConfigValues;
import org.crs.service.config.EnvReferences;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * Reads the router access file into a {@link RouterDirectory}.
 *
 * <h2>The router access file</h2>
 *
 * <p>YAML.  Unknown keys are errors. Values a router does not set
 * come from {@code defaults} (key by key, except that an {@code snmp} block replaces the
 * default {@code snmp} block as a whole).
 *
 * <pre>{@code
 * defaults:                          # optional: any router key except name
 *   protocol: cli                    # cli (default) or snmp
 *   # driver: dry-run                # instead of profile and protocol: a family by its name
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
 *   - name: edge-c                   # a router CRS does not drive: logs what it would send
 *     host: 192.0.2.13
 *     driver: dry-run
 * }</pre>
 *
 * <p><b>Which driver.</b> A router's family is the name of its driver in the {@link DriverRegistry}:
 * {@code driver: NAME} gives it, or else {@code profile} and {@code protocol} give
 * {@code cisco-<profile>-<protocol>} ({@code profile: 7600, protocol: snmp} is
 * {@code cisco-7600-snmp}; {@code C7600}, {@code C12000}, {@code GSR} and {@code protocol: ssh}
 * are read as {@code 7600}, {@code 12000}, {@code 12000} and {@code cli}). A router gives one
 * way or the other; a router that gives neither takes the defaults' way. What an entry must
 * hold besides follows from the driver: a login for a CLI driver, snmp credentials for an SNMP
 * one, nothing for {@code dry-run}.
 *
 * <p>Durations are {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 1d} or ISO-8601 ({@code PT5S}).
 *
 * <p><b>Secrets out of files.</b> Every string value may contain {@code ${NAME}} references,
 * replaced by the environment variable {@code NAME} when the file is read (an unset variable
 * is an error naming the variable, the router and the key, never a value); <code>$${</code> stands
 * for a literal <code>${</code>. A deployment keeps the file in version control and the secrets in
 * the service's environment.
 *
 * <p>Secrets never appear in {@link RouterDirectory#toString()}, in {@link RouterAccess#toString()} (see
 * {@link RouterEndpoint}) or in the messages of the exceptions thrown here.
 *
 */
final class RouterAccessFileReader {

    private RouterAccessFileReader() {
    }

    /** Reads a router access file, resolving {@code ${NAME}} with {@code environment}. */
    static RouterDirectory load(Path file, Function<String, String> environment) throws IOException {
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
    static RouterDirectory parse(String yaml, Function<String, String> environment) {
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
        EnvReferences env = new EnvReferences(environment);
        DriverRegistry registry = DriverRegistry.standard();
        List<RouterAccess> out = new ArrayList<>();
        int index = 0;
        for (RouterYaml r : file.routers()) {
            out.add(r.resolve(file.defaults(), env, registry, index++));
        }
        CliTimeouts cli = file.cliTimeouts() == null ? CliTimeouts.DEFAULTS : file.cliTimeouts().resolve();
        SnmpTimeouts snmp = file.snmpTimeouts() == null ? SnmpTimeouts.DEFAULTS : file.snmpTimeouts().resolve();
        return new RouterDirectory(out, new DriverTimeouts(cli, snmp));
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

        SnmpCredentials resolve(String where, EnvReferences env) {
            String community = env.resolve(this.community, where + ": snmp.community");
            String user = env.resolve(this.user, where + ": snmp.user");
            String auth = env.resolve(authPassword, where + ": snmp.authPassword");
            String priv = env.resolve(privPassword, where + ": snmp.privPassword");
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
                              String profile, String driver, String username, String password, String enableSecret,
                              SnmpYaml snmp) {

        @Override
        public String toString() {
            return "router " + name;
        }

        RouterAccess resolve(RouterYaml defaults, EnvReferences env, DriverRegistry registry, int index) {
            RouterYaml d = defaults != null ? defaults
                    : new RouterYaml(null, null, null, null, null, null, null, null, null, null, null);
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("routers[" + index + "]: name is required");
            }
            String where = "router " + name;
            String host = env.resolve(first(this.host, d.host()), where + ": host");
            if (host == null || host.isBlank()) {
                throw new IllegalArgumentException(where + ": host is required");
            }
            String driverName = driverName(d, env, where);
            int ssh = first(sshPort, first(d.sshPort(), 22));
            int snmpPortValue = first(this.snmpPort, first(d.snmpPort(), 161));
            SnmpYaml snmpYaml = first(this.snmp, d.snmp());
            SnmpCredentials credentials = snmpYaml == null ? null : snmpYaml.resolve(where, env);
            RouterEndpoint endpoint = new RouterEndpoint(name, host, ssh, snmpPortValue,
                    env.resolve(first(username, d.username()), where + ": username"),
                    env.resolve(first(password, d.password()), where + ": password"),
                    env.resolve(first(enableSecret, d.enableSecret()), where + ": enableSecret"),
                    credentials);
            try {
                return new RouterAccess(endpoint, registry.factory(driverName));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage().startsWith(where) ? e.getMessage()
                        : where + ": " + e.getMessage(), e);
            }
        }

        /**
         * The router's driver name: its own {@code driver}, or its own {@code profile} and
         * {@code protocol}, or else the defaults' in the same order.
         */
        private String driverName(RouterYaml d, EnvReferences env, String where) {
            boolean ownProfile = profile != null || protocol != null;
            if (driver != null && ownProfile) {
                throw new IllegalArgumentException(where + ": give driver, or profile and protocol, not both");
            }
            if (driver != null || (!ownProfile && d.driver() != null)) {
                return env.resolve(first(driver, d.driver()), where + ": driver").trim();
            }
            String profileText = env.resolve(first(profile, d.profile()), where + ": profile");
            if (profileText == null) {
                throw new IllegalArgumentException(where + ": profile is required (7600 or 12000), or driver");
            }
            String protocolText = env.resolve(first(protocol, d.protocol()), where + ": protocol");
            return ciscoDriverName(profileText, protocolText == null ? "cli" : protocolText);
        }
    }

    /** {@code cisco-<profile>-<protocol>}, from the access file's spellings of both. */
    static String ciscoDriverName(String profile, String protocol) {
        String p = profile.trim().toLowerCase(Locale.ROOT);
        p = p.equals("gsr") ? "12000" : p.startsWith("c") ? p.substring(1) : p;
        String q = protocol.trim().toLowerCase(Locale.ROOT);
        return "cisco-" + p + "-" + (q.equals("ssh") ? "cli" : q);
    }

    private record CliTimeoutsYaml(String connect, String login, String command, String show, String save) {
        CliTimeouts resolve() {
            CliTimeouts d = CliTimeouts.DEFAULTS;
            return new CliTimeouts(duration(connect, d.connect(), "cliTimeouts.connect"),
                    duration(login, d.login(), "cliTimeouts.login"),
                    duration(command, d.command(), "cliTimeouts.command"),
                    duration(show, d.show(), "cliTimeouts.show"),
                    duration(save, d.save(), "cliTimeouts.save"));
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

    /** {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 1d} or ISO-8601, positive ({@link ConfigValues#duration}). */
    static Duration duration(String text, Duration otherwise, String key) {
        return ConfigValues.duration(text, otherwise, key, "");
    }

    private static <T> T first(T a, T b) {
        return a != null ? a : b;
    }
}
