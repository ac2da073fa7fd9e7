package org.crs.service.server;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import org.crs.service.db.Database;
import org.crs.service.monitoring.Health;
import org.crs.service.monitoring.ServiceMetrics;

/**
 * A started service on its {@link ServiceShell}: what every running service answers (its
 * database, its main port type's URLs, its port, how long it took to start) and how it stops.
 * Each service adds its own parts.
 */
public abstract class RunningService implements AutoCloseable {

    private final ServiceShell shell;
    private final String mainService;

    /**
     * @param mainService the name of the port type the service is known by ({@code ReservationService})
     */
    protected RunningService(ServiceShell shell, String mainService) {
        this.shell = Objects.requireNonNull(shell, "shell");
        this.mainService = Objects.requireNonNull(mainService, "mainService");
    }

    /** The shell, for a subclass's other port types. */
    protected final ServiceShell shell() {
        return shell;
    }

    public final Database database() {
        return shell.database();
    }

    /** The service's metrics, as {@code /metrics} serves them. */
    public final ServiceMetrics metrics() {
        return shell.metrics();
    }

    /** The service's health, as {@code /health} serves it. */
    public final Health health() {
        return shell.health();
    }

    /** The WSDL URL of the main port type. */
    public final URI wsdlUrl() {
        return shell.wsdlUrl(mainService);
    }

    /** The endpoint URL of the main port type. */
    public final URI serviceUrl() {
        return shell.serviceUrl(mainService);
    }

    /**
     * The endpoint URL of the main port type over TLS, which other services call with their
     * certificates; empty when the service speaks no TLS. It equals {@link #serviceUrl()} when
     * the listen port itself speaks TLS.
     */
    public final Optional<URI> tlsServiceUrl() {
        return shell.tlsServiceUrl(mainService);
    }

    /** The listen port (plain HTTP, or TLS when TLS has no port of its own). */
    public final int port() {
        return shell.port();
    }

    /** The port that speaks TLS, empty without TLS. */
    public final OptionalInt tlsPort() {
        return shell.tlsPort();
    }

    /** From the start of the shell until the port types were served. */
    public final Duration startupTime() {
        return shell.startupTime();
    }

    /** Stops the endpoint, the schedule, the service's own resources and the database, in that order. */
    @Override
    public void close() {
        shell.close();
    }
}
