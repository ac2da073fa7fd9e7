package org.crs.service.server;

import jakarta.servlet.Servlet;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import org.crs.domain.access.AccessTable;
import org.crs.service.db.Database;
import org.crs.service.monitoring.Health;
import org.crs.service.monitoring.HealthServlet;
import org.crs.service.monitoring.MetricsServlet;
import org.crs.service.monitoring.ServiceMetrics;
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
 *
 * <p>Every shell serves {@code GET /metrics} (its {@link ServiceMetrics}: the SOAP calls, the
 * JVM, and what the service registers) and {@code GET /health} (its {@link Health}: the
 * database, the schedule, and what the service adds), beside the port types and outside the
 * access table: both hold no secret and no account (docs/metrics.md).
 */
public final class ServiceShell implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceShell.class);

    /** Where every service serves its metrics. */
    public static final String METRICS_PATH = "/metrics";
    /** Where every service serves its health. */
    public static final String HEALTH_PATH = "/health";
    /**
     * A lone service whose sweeps have not run for this long is DOWN at {@code /health}: its
     * shortest sweep runs every second or more often.
     */
    public static final Duration STALE_SCHEDULE = Duration.ofSeconds(60);

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
        private final ServiceMetrics metrics;
        private final Health health;

        private SetUp(ServerConfig config, Database database, Scheduler scheduler, Sweep.Registry sweeps,
                      SoapServer.Builder soap, Deque<AutoCloseable> resources, ServiceMetrics metrics, Health health) {
            this.config = config;
            this.database = database;
            this.scheduler = scheduler;
            this.sweeps = sweeps;
            this.soap = soap;
            this.resources = resources;
            this.metrics = metrics;
            this.health = health;
        }

        /** The service's metrics, where it registers its own ({@link ServiceMetrics#registry()}). */
        public ServiceMetrics metrics() {
            return metrics;
        }

        /** The service's health, where it adds its checks (routers, providers) to the shell's. */
        public Health health() {
            return health;
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

        /** As {@link #accessControl(Authenticator)}, deciding by {@code table}; see {@link SoapServer.Builder#accessControl(Authenticator, AccessTable)}. */
        public void accessControl(Authenticator authenticator, AccessTable table) {
            soap.accessControl(authenticator, table);
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
    private final ServiceMetrics metrics;
    private final Health health;

    private ServiceShell(ServerConfig config, Database database, Scheduler scheduler, SoapServer soap,
                         Deque<AutoCloseable> resources, Duration startupTime, ServiceMetrics metrics, Health health) {
        this.config = config;
        this.database = database;
        this.scheduler = scheduler;
        this.soap = soap;
        this.resources = resources;
        this.startupTime = startupTime;
        this.metrics = metrics;
        this.health = health;
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
            ServiceMetrics metrics = new ServiceMetrics(true);
            Health health = new Health(config.name(), Clock.systemUTC());
            resources.push(health);
            addShellChecks(health, db, scheduler, sweeps, config.clustered());
            SoapServer.Builder soap = SoapServer.builder().host(config.host()).port(config.port())
                    .tls(config.tls().orElse(null)).metrics(metrics)
                    .servlet(METRICS_PATH, new MetricsServlet(metrics))
                    .servlet(HEALTH_PATH, new HealthServlet(health));
            assembly.assemble(new SetUp(config, db, scheduler, sweeps, soap, resources, metrics, health));
            SoapServer server = soap.start();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            LOG.info("{} ready in {} ms at {}", config.name(), took.toMillis(), server.baseUri());
            return new ServiceShell(config, db, scheduler, server, resources, took, metrics, health);
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

    /** The service's metrics, as {@code /metrics} serves them. */
    public ServiceMetrics metrics() {
        return metrics;
    }

    /** The service's health, as {@code /health} serves it. */
    public Health health() {
        return health;
    }

    /**
     * The database (a query on the migration history, at most 2 s) and the schedule (running, and
     * for a lone service a sweep round within {@link #STALE_SCHEDULE}): DOWN when either fails.
     */
    private static void addShellChecks(Health health, Database db, Scheduler scheduler, Sweep.Registry sweeps,
                                       boolean clustered) {
        health.add("database", Duration.ZERO, Health.Status.DOWN, () -> {
            long t0 = System.nanoTime();
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.setQueryTimeout(2);
                // Quoted: Flyway makes the table in lower case, which HSQLDB keeps only when quoted.
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM \"" + Database.DEFAULT_HISTORY_TABLE + "\"")) {
                    rs.next();
                    return Health.Result.up(db.vendor().id() + ": " + rs.getLong(1) + " migrations applied, answered in "
                            + (System.nanoTime() - t0) / 1_000_000 + " ms");
                }
            } catch (SQLException e) {
                return new Health.Result(Health.Status.DOWN, db.vendor().id() + ": " + e.getMessage());
            }
        });
        health.add("scheduler", Duration.ZERO, Health.Status.DOWN, () -> {
            try {
                if (!scheduler.isStarted() || scheduler.isShutdown() || scheduler.isInStandbyMode()) {
                    return new Health.Result(Health.Status.DOWN, "not running");
                }
            } catch (SchedulerException e) {
                return new Health.Result(Health.Status.DOWN, e.getMessage());
            }
            Optional<Instant> last = sweeps.lastRound();
            if (last.isEmpty()) {
                return Health.Result.up("running; no sweep round in this process yet");
            }
            Duration age = Duration.between(last.get(), Instant.now());
            String said = "running; last sweep round here " + age.toMillis() + " ms ago";
            // On a clustered database another replica may be running every round.
            return !clustered && age.compareTo(STALE_SCHEDULE) > 0 ? new Health.Result(Health.Status.DOWN, said)
                    : Health.Result.up(said);
        });
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
