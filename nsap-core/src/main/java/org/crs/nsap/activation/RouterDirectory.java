package org.crs.nsap.activation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;
import org.crs.routers.driver.snmp.SnmpTimeouts;

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
 * <p>A directory is read from the router access file ({@link RouterAccessFileReader}, where
 * its format is); tests and the demo read the file the router emulator writes for its routers,
 * in the same format, so nothing here knows the emulator.
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
        return RouterAccessFileReader.load(file, environment);
    }

    /**
     * Parses router access YAML ({@link RouterAccessFileReader}).
     *
     * @param environment gives the value of an environment variable, or null when it is not set
     * @throws IllegalArgumentException if the text is not valid YAML of that format, or a
     *     variable is not set, or a router's settings are incomplete
     */
    public static RouterDirectory parse(String yaml, Function<String, String> environment) {
        return RouterAccessFileReader.parse(yaml, environment);
    }
}
