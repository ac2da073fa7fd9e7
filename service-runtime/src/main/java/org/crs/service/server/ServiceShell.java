package org.crs.service.server;

import jakarta.servlet.Servlet;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import org.crs.service.db.Database;
import org.crs.service.schedule.Scheduling;
import org.crs.service.schedule.Sweep;
import org.crs.service.security.Authenticator;
import org.crs.service.security.CallAudit;
import org.crs.service.soap.SoapServer;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every running service stands on: its database (migrated on start), its schedule (Quartz,
 * in the same database) with the service's sweeps, and its SOAP endpoint. A service puts itself
 * together on it ({@link Assembly}) and adds what is its own; {@link #close} stops everything in
 * the reverse order: the endpoint first (no new calls), then the schedule, then the service's
 * own resources (newest first), then the database.
 */
public final class ServiceShell implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceShell.class);

    /** How a service puts itself together on a shell that has its database and its schedule. */
    @FunctionalInterface
    public interface Assembly {
        /**
         * Builds the service on {@code setUp}'s database, does what must be done before it serves
         * (finish what a previous run left), schedules its sweeps and adds its port types.
         */
        void assemble(SetUp setUp) throws Exception;
    }

    /** What an {@link Assembly} works with. */
    public static final class SetUp {
        private final ServerConfig config;
        private final Database database;
        private final Scheduler scheduler;
        private final Sweep.Registry sweeps;
        private final SoapServer.Builder soap;
        private final Deque<AutoCloseable> resources;

        private SetUp(ServerConfig config, Database database, Scheduler scheduler, Sweep.Registry sweeps,
                      SoapServer.Builder soap, Deque<AutoCloseable> resources) {
            this.config = config;
            this.database = database;
            this.scheduler = scheduler;
            this.sweeps = sweeps;
            this.soap = soap;
            this.resources = resources;
        }

        public ServerConfig config() {
            return config;
        }

        public Database database() {
            return database;
        }

        /** Runs the sweep's work every period from now on. */
        public void schedule(Sweep sweep) throws SchedulerException {
            sweeps.schedule(scheduler, sweep);
        }

        /** Serves a port type at {@code /services/<name>}; see {@link SoapServer.Builder#service}. */
        public void serve(String name, String namespace, Object portType) {
            soap.service(name, namespace, portType);
        }

        /**
         * Every call must be made by a caller {@code authenticator} knows, and may call only what
         * the access table allows it; see {@link SoapServer.Builder#accessControl}.
         */
        public void accessControl(Authenticator authenticator) {
            soap.accessControl(authenticator);
        }

        /** Serves a plain servlet (a JSON API, static files) beside the port types; see {@link SoapServer.Builder#servlet}. */
        public void servlet(String urlPattern, Servlet servlet) {
            soap.servlet(urlPattern, servlet);
        }

        /** Records the calls that change state; see {@link SoapServer.Builder#audit}. */
        public void audit(CallAudit audit) {
            soap.audit(audit);
        }

        /** A resource of the service's own, closed after the schedule and before the database. */
        public <T extends AutoCloseable> T closeOnStop(T resource) {
            resources.push(Objects.requireNonNull(resource, "resource"));
            return resource;
        }
    }

    private final ServerConfig config;
    private final Database database;
    private final Scheduler scheduler;
    private final SoapServer soap;
    private final Deque<AutoCloseable> resources;
    private final Duration startupTime;

    private ServiceShell(ServerConfig config, Database database, Scheduler scheduler, SoapServer soap,
                         Deque<AutoCloseable> resources, Duration startupTime) {
        this.config = config;
        this.database = database;
        this.scheduler = scheduler;
        this.soap = soap;
        this.resources = resources;
        this.startupTime = startupTime;
    }

    /**
     * Opens and migrates the database ({@code classpath:db/<migrations>/...}), starts the schedule,
     * lets the service assemble itself, and serves its port types. If any step fails, what was
     * started is stopped again and the failure is thrown.
     *
     * @param migrations the service's migrations ({@code bar}, {@code nsap})
     */
    public static ServiceShell start(ServerConfig config, String migrations, Assembly assembly) throws Exception {
        long t0 = System.nanoTime();
        Database db = Database.open(config.jdbcUrl(), config.dbUser(), config.dbPassword());
        Scheduler scheduler = null;
        Deque<AutoCloseable> resources = new ArrayDeque<>();
        try {
            db.migrateService(migrations);
            Sweep.Registry sweeps = new Sweep.Registry();
            scheduler = Scheduling.start(db, config.name(), config.clustered(),
                    Scheduling.Options.defaults().jobFactory(sweeps.jobFactory()));
            SoapServer.Builder soap = SoapServer.builder().host(config.host()).port(config.port())
                    .tls(config.tls().orElse(null));
            assembly.assemble(new SetUp(config, db, scheduler, sweeps, soap, resources));
            SoapServer server = soap.start();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            LOG.info("{} ready in {} ms at {}", config.name(), took.toMillis(), server.baseUri());
            return new ServiceShell(config, db, scheduler, server, resources, took);
        } catch (Exception | Error e) {
            if (scheduler != null) {
                scheduler.shutdown(false);
            }
            closeAll(config.name(), resources);
            db.close();
            throw e;
        }
    }

    public ServerConfig config() {
        return config;
    }

    public Database database() {
        return database;
    }

    /** The WSDL URL of a port type this shell serves. */
    public URI wsdlUrl(String service) {
        return soap.wsdlUrl(service);
    }

    /** The endpoint URL of a port type this shell serves. */
    public URI serviceUrl(String service) {
        return soap.serviceUrl(service);
    }

    /**
     * The endpoint URL of a port type over TLS ({@code https://HOST:TLSPORT/services/NAME}): on
     * the listen port when it speaks TLS, on the TLS port beside it otherwise; empty without TLS.
     */
    public Optional<URI> tlsServiceUrl(String service) {
        return soap.tlsServiceUrl(service);
    }

    /** The listen port (plain HTTP, or TLS when TLS has no port of its own). */
    public int port() {
        return soap.port();
    }

    /** The port that speaks TLS, empty without TLS. */
    public OptionalInt tlsPort() {
        return soap.tlsPort();
    }

    /** From the start of {@link #start} until the port types were served. */
    public Duration startupTime() {
        return startupTime;
    }

    @Override
    public void close() {
        soap.close();
        try {
            scheduler.shutdown(true);
        } catch (SchedulerException e) {
            LOG.warn("{}: stopping the scheduler: {}", config.name(), e.toString());
        }
        closeAll(config.name(), resources);
        database.close();
    }

    private static void closeAll(String name, Deque<AutoCloseable> resources) {
        while (!resources.isEmpty()) {
            AutoCloseable r = resources.pop();
            try {
                r.close();
            } catch (Exception e) {
                LOG.warn("{}: closing {}: {}", name, r, e.toString());
            }
        }
    }
}
