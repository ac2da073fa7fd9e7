package org.crs.routers.driver.registry;

import java.util.Objects;

import org.crs.routers.driver.cli.CliTimeouts;
import org.crs.routers.driver.snmp.SnmpTimeouts;

/**
 * How long the drivers of one router access file wait, by protocol ({@code cliTimeouts},
 * {@code snmpTimeouts}); each factory takes the one its driver uses.
 */
public record DriverTimeouts(CliTimeouts cli, SnmpTimeouts snmp) {

    /** The drivers' defaults. */
    public static final DriverTimeouts DEFAULTS = new DriverTimeouts(CliTimeouts.DEFAULTS, SnmpTimeouts.DEFAULTS);

    public DriverTimeouts {
        Objects.requireNonNull(cli, "cli");
        Objects.requireNonNull(snmp, "snmp");
    }
}
