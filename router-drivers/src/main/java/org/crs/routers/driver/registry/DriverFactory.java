package org.crs.routers.driver.registry;

import java.util.Objects;

import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.RouterEndpoint;

/**
 * One router family as the router access file names it ({@code cisco-7600-cli}): what its
 * routers carry, how its driver reaches them, and how to make the driver.
 *
 * @param name the name in the router access file ({@code driver:}, or {@code cisco-<profile>-<protocol>})
 * @param carries the segments its routers carry: {@link org.crs.routers.driver.CampusSegment},
 *     {@link org.crs.routers.driver.PseudowireSegment}, or {@link CircuitSegment} for any
 * @param protocol how the driver talks to the router, which says what an access-file entry must
 *     give ({@link #checkAccess}) and how a health probe reaches the router
 * @param maker makes a driver for one router
 */
public record DriverFactory(String name, Class<? extends CircuitSegment> carries, DeviceLogEntry.Protocol protocol,
                            Maker maker) {

    /** Makes the driver of one router. */
    @FunctionalInterface
    public interface Maker {
        RouterDriver<?> make(RouterEndpoint router, DriverTimeouts timeouts, DeviceLog log);
    }

    public DriverFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(carries, "carries");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(maker, "maker");
    }

    /** A driver for {@code router}, reporting every exchange to {@code log}. */
    public RouterDriver<?> create(RouterEndpoint router, DriverTimeouts timeouts, DeviceLog log) {
        return maker.make(router, timeouts, log);
    }

    /** True when this family's routers can carry segments of {@code kind}. */
    public boolean carries(Class<? extends CircuitSegment> kind) {
        return carries.isAssignableFrom(kind);
    }

    /**
     * Checks that an access-file entry gives what this family's driver needs to reach the
     * router: an SSH port, username and password over CLI; an SNMP port and credentials over
     * SNMP; nothing for a driver that sends nothing.
     *
     * @throws IllegalArgumentException naming the router and the missing or wrong key
     */
    public void checkAccess(RouterEndpoint router) {
        String name = router.name();
        switch (protocol) {
            case CLI -> {
                requirePort(name, "sshPort", router.sshPort());
                requireText(name, "username", router.username());
                requireText(name, "password", router.password());
            }
            case SNMP -> {
                requirePort(name, "snmpPort", router.snmpPort());
                if (router.snmp() == null) {
                    throw new IllegalArgumentException("router " + name + ": driver " + this.name
                            + " needs snmp credentials");
                }
            }
            case DRY_RUN -> {
                // Nothing is sent: the entry needs no way in.
            }
        }
    }

    private void requirePort(String router, String key, int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("router " + router + ": " + key + " must be in 1..65535, was " + port);
        }
    }

    private void requireText(String router, String key, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("router " + router + ": " + key + " is required for driver " + name);
        }
    }
}
