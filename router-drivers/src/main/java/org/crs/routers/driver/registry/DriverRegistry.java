package org.crs.routers.driver.registry;

import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.crs.routers.driver.CampusSegment;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLogEntry.Protocol;
import org.crs.routers.driver.PseudowireSegment;
import org.crs.routers.driver.cli.Cisco12000CliDriver;
import org.crs.routers.driver.cli.Cisco7600CliDriver;
import org.crs.routers.driver.dryrun.DryRunDriver;
import org.crs.routers.driver.dryrun.DryRunRecord;
import org.crs.routers.driver.snmp.Cisco7600SnmpDriver;

/**
 * The router families CRS drives, by the name the router access file gives them. Adding a
 * family is its driver file and one line in {@link #standard()}.
 *
 * <p>A registry is immutable and thread-safe. Each {@link #standard()} registry has a
 * {@link DryRunRecord} of its own, so two router directories (two services in one JVM, say)
 * never see each other's dry-run routers.
 */
public final class DriverRegistry {

    private final Map<String, DriverFactory> factories;

    /** @param factories the families; names must be unique */
    public DriverRegistry(List<DriverFactory> factories) {
        Map<String, DriverFactory> byName = new LinkedHashMap<>();
        for (DriverFactory f : factories) {
            if (byName.put(f.name(), f) != null) {
                throw new IllegalArgumentException("driver " + f.name() + " is registered twice");
            }
        }
        this.factories = Collections.unmodifiableMap(byName);
    }

    /** Every family CRS has a driver for, one line each. */
    public static DriverRegistry standard() {
        DryRunRecord dryRun = new DryRunRecord();
        return new DriverRegistry(List.of(
                new DriverFactory("cisco-7600-cli", CampusSegment.class, Protocol.CLI,
                        (router, timeouts, log) -> new Cisco7600CliDriver(router, timeouts.cli(), log)),
                new DriverFactory("cisco-7600-snmp", CampusSegment.class, Protocol.SNMP,
                        (router, timeouts, log) -> new Cisco7600SnmpDriver(router, timeouts.snmp(), log)),
                new DriverFactory("cisco-12000-cli", PseudowireSegment.class, Protocol.CLI,
                        (router, timeouts, log) -> new Cisco12000CliDriver(router, timeouts.cli(), log)),
                new DriverFactory("dry-run", CircuitSegment.class, Protocol.DRY_RUN,
                        (router, timeouts, log) -> new DryRunDriver(router, dryRun, log, Clock.systemUTC()))));
    }

    /**
     * The family named {@code name}.
     *
     * @throws IllegalArgumentException naming it and the families there are
     */
    public DriverFactory factory(String name) {
        DriverFactory f = factories.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no driver is named '" + name + "' (there are " + factories.keySet() + ")");
        }
        return f;
    }

    /** The families' names, in registration order. */
    public Set<String> names() {
        return factories.keySet();
    }
}
