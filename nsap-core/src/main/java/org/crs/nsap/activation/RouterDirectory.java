package org.crs.nsap.activation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;
import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.registry.DriverFactory;
import org.crs.routers.driver.registry.DriverRegistry;
import org.crs.routers.driver.registry.DriverTimeouts;
import org.crs.routers.driver.snmp.SnmpTimeouts;

/**
 * Which driver talks to which router: for each router name, how to reach it and the family of
 * its driver, by the name the router access file gives it ({@link DriverRegistry}:
 * {@code cisco-7600-cli}, {@code cisco-7600-snmp}, {@code cisco-12000-cli}, {@code dry-run}).
 * The directory knows no family: it asks the registry for the driver, and the family says which
 * segments its routers carry.
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

    /**
     * One router of the directory.
     *
     * @param endpoint how to reach it and log in (its name is the router's name)
     * @param driver its family, which makes its driver
     * @throws IllegalArgumentException when the endpoint lacks what the family's driver needs,
     *     naming the key ({@link DriverFactory#checkAccess})
     */
    public record RouterAccess(RouterEndpoint endpoint, DriverFactory driver) {

        public RouterAccess {
            Objects.requireNonNull(endpoint, "endpoint");
            Objects.requireNonNull(driver, "driver");
            driver.checkAccess(endpoint);
        }

        public String name() {
            return endpoint.name();
        }

        /** How the router's driver talks to it. */
        public DeviceLogEntry.Protocol protocol() {
            return driver.protocol();
        }
    }

    private final Map<String, RouterAccess> routers;
    private final DriverTimeouts timeouts;

    /**
     * @param routers the routers; names must be unique
     * @param timeouts how long the drivers wait
     */
    public RouterDirectory(List<RouterAccess> routers, DriverTimeouts timeouts) {
        Map<String, RouterAccess> byName = new LinkedHashMap<>();
        for (RouterAccess r : routers) {
            if (byName.put(r.name(), r) != null) {
                throw new IllegalArgumentException("router " + r.name() + " appears twice");
            }
        }
        this.routers = Collections.unmodifiableMap(byName);
        this.timeouts = Objects.requireNonNull(timeouts, "timeouts");
    }

    // --- drivers ---------------------------------------------------------------------------------

    /**
     * A driver for the router, reporting every exchange to {@code log}, of the segments its
     * family carries ({@link #carries}).
     *
     * @throws IllegalArgumentException if the router is not in the directory
     */
    public RouterDriver<?> driverFor(String router, DeviceLog log) {
        RouterAccess access = access(router);
        return access.driver().create(access.endpoint(), timeouts, log);
    }

    /**
     * A driver for a router that carries campus segments (host port to trunk, or two host ports).
     *
     * @throws IllegalArgumentException if the router is not in the directory or its family
     *     carries no campus segments
     */
    public RouterDriver<CampusSegment> vlanDriverFor(String router, DeviceLog log) {
        return driverOf(router, CampusSegment.class, "campus segments", log);
    }

    /**
     * A driver for a router that carries pseudowire segments (the WAN's).
     *
     * @throws IllegalArgumentException if the router is not in the directory or its family
     *     carries no pseudowire segments
     */
    public RouterDriver<PseudowireSegment> pseudowireDriverFor(String router, DeviceLog log) {
        return driverOf(router, PseudowireSegment.class, "pseudowire segments", log);
    }

    // A family carrying `kind` (or any segment) makes a RouterDriver of a supertype of `kind`,
    // which accepts every segment of `kind`.
    @SuppressWarnings("unchecked")
    private <S extends CircuitSegment> RouterDriver<S> driverOf(String router, Class<S> kind, String words,
                                                                DeviceLog log) {
        RouterAccess access = access(router);
        if (!access.driver().carries(kind)) {
            throw new IllegalArgumentException("router " + router + " is driven by " + access.driver().name()
                    + ", which carries no " + words);
        }
        return (RouterDriver<S>) driverFor(router, log);
    }

    /**
     * Whether the router's family carries segments of {@code kind}.
     *
     * @throws IllegalArgumentException if the router is not in the directory
     */
    public boolean carries(String router, Class<? extends CircuitSegment> kind) {
        return access(router).driver().carries(kind);
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
        return timeouts.cli();
    }

    public SnmpTimeouts snmpTimeouts() {
        return timeouts.snmp();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("RouterDirectory[");
        String sep = "";
        for (RouterAccess r : routers.values()) {
            b.append(sep).append(r.endpoint()).append(' ').append(r.driver().name());
            sep = ", ";
        }
        return b.append(']').toString();
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
