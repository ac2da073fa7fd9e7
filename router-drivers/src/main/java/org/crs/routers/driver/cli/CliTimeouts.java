package org.crs.routers.driver.cli;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a CLI session waits at each step before it gives up. Every wait is bounded, so a
 * router that stalls makes a driver fail with a clear error instead of hanging a service.
 *
 * <p>Commands get a timeout by kind, because their costs differ by orders of magnitude on a
 * real router: a configuration line answers in milliseconds, {@code show running-config} of a
 * large configuration takes seconds, and {@code write memory} (or
 * {@code copy running-config startup-config}) writes NVRAM or flash and takes tens of seconds
 * on a large configuration. One timeout for all would be either too short for the save or
 * too long to notice a stalled configuration line.
 *
 * @param connect TCP connect and SSH key exchange
 * @param login password authentication, opening the shell, the first prompt and {@code enable}
 * @param command one configuration or session line ({@code configure terminal}, {@code vlan 10},
 *     {@code end}, {@code terminal length 0}...): from sending it until the next prompt
 * @param show a command that reads ({@code show running-config}, {@code show interfaces X}),
 *     all its pages included when the router pages its output
 * @param save {@code write memory} or {@code copy running-config startup-config}, its
 *     confirmation questions included
 */
public record CliTimeouts(Duration connect, Duration login, Duration command, Duration show, Duration save) {

    /**
     * 5 s to connect, 10 s to log in, 10 s per configuration line, 30 s per {@code show}, 90 s to
     * save: generous for a router on a campus LAN, and for a save of a large configuration.
     */
    public static final CliTimeouts DEFAULTS = new CliTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10),
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(90));

    public CliTimeouts {
        requirePositive(connect, "connect");
        requirePositive(login, "login");
        requirePositive(command, "command");
        requirePositive(show, "show");
        requirePositive(save, "save");
    }

    /** One timeout for every command, whatever its kind (as before commands had kinds). */
    public CliTimeouts(Duration connect, Duration login, Duration command) {
        this(connect, login, command, command, command);
    }

    /** The same timeouts with another timeout for every kind of command. */
    public CliTimeouts withCommand(Duration command) {
        return new CliTimeouts(connect, login, command, command, command);
    }

    /** The same timeouts with another timeout for configuration lines only. */
    public CliTimeouts withConfigLine(Duration command) {
        return new CliTimeouts(connect, login, command, show, save);
    }

    /** The same timeouts with another timeout for {@code show} commands. */
    public CliTimeouts withShow(Duration show) {
        return new CliTimeouts(connect, login, command, show, save);
    }

    /** The same timeouts with another timeout for saving the configuration. */
    public CliTimeouts withSave(Duration save) {
        return new CliTimeouts(connect, login, command, show, save);
    }

    private static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " timeout must be positive, was " + d);
        }
    }
}
