package org.crs.routers.driver.cli;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a CLI session waits at each step before it gives up. Every wait is bounded, so a
 * router that stalls makes a driver fail with a clear error instead of hanging a service.
 *
 * @param connect TCP connect and SSH key exchange
 * @param login password authentication, opening the shell, the first prompt and {@code enable}
 * @param command one command line: from sending it until the next prompt (a
 *     {@code show running-config} or {@code write memory} included)
 */
public record CliTimeouts(Duration connect, Duration login, Duration command) {

    /** 5 s to connect, 10 s to log in, 10 s per command: generous for a router on a campus LAN. */
    public static final CliTimeouts DEFAULTS = new CliTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(10));

    public CliTimeouts {
        requirePositive(connect, "connect");
        requirePositive(login, "login");
        requirePositive(command, "command");
    }

    /** The same timeouts with another per-command timeout. */
    public CliTimeouts withCommand(Duration command) {
        return new CliTimeouts(connect, login, command);
    }

    private static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " timeout must be positive, was " + d);
        }
    }
}
