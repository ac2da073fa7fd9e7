package org.crs.bar.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.bar.BarSettings;
import org.crs.bar.ReservationService;
import org.crs.bar.ReservationStore;
import org.crs.bar.Site;
import org.crs.bar.soap.PeerPortType;
import org.crs.bar.soap.ReservationPortType;
import org.crs.bar.store.JdbcReservationStore;
import org.crs.service.db.Database;
import org.crs.service.schedule.Scheduling;
import org.crs.service.soap.SoapServer;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running BAR: its database (migrated on start), its reservation service, the sweep that
 * brings reservations up and down on time (Quartz, in the same database), and two SOAP
 * services: the client port type at {@code /services/ReservationService} and the peer port type
 * for other sites' BARs at {@code /services/PeerService}.
 */
public final class BarServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BarServer.class);

    /** The client port type's service name and namespace. */
    public static final String SERVICE_NAME = "ReservationService";
    public static final String NAMESPACE = "urn:crs:bar:1";
    /** The peer port type's service name and namespace. */
    public static final String PEER_SERVICE_NAME = "PeerService";
    public static final String PEER_NAMESPACE = "urn:crs:bar-peer:1";

    /**
     * @param name the instance's name, for logs and the scheduler ({@code bar-site-a})
     * @param jdbcUrl its database: {@code jdbc:hsqldb:file:...} or {@code jdbc:postgresql://...}
     * @param dbUser database user
     * @param dbPassword database password
     * @param host address to listen on
     * @param port TCP port, 0 for any free
     * @param clustered true when several instances share one PostgreSQL schedule
     */
    public record Config(String name, String jdbcUrl, String dbUser, String dbPassword, String host, int port,
                         boolean clustered) {
        @Override
        public String toString() {
            return "Config[" + name + ", " + jdbcUrl + ", user " + dbUser + ", " + host + ":" + port
                    + (clustered ? ", clustered" : "") + "]";
        }
    }

    private final Database database;
    private final Scheduler scheduler;
    private final ExecutorService calls;
    private final ReservationService service;
    private final ReservationStore store;
    private final SoapServer soap;
    private final Duration startupTime;

    private BarServer(Database database, Scheduler scheduler, ExecutorService calls, ReservationService service,
                      ReservationStore store, SoapServer soap, Duration startupTime) {
        this.database = database;
        this.scheduler = scheduler;
        this.calls = calls;
        this.service = service;
        this.store = store;
        this.soap = soap;
        this.startupTime = startupTime;
    }

    /**
     * Starts a BAR: migrates its database, reconciles reservations a previous run left half done,
     * starts the sweep and serves both port types.
     *
     * @param site the controllers it negotiates with (its L-NSAP, the NSAP, the peer BARs)
     */
    public static BarServer start(Config config, Site site, BarSettings settings, Clock clock) throws Exception {
        long t0 = System.nanoTime();
        Database db = Database.open(config.jdbcUrl(), config.dbUser(), config.dbPassword());
        Scheduler scheduler = null;
        ExecutorService calls = Executors.newCachedThreadPool(threads(config.name()));
        try {
            db.migrateService("bar");
            AtomicReference<ReservationService> serviceRef = new AtomicReference<>();
            scheduler = Scheduling.start(db, config.name(), config.clustered(),
                    Scheduling.Options.defaults().jobFactory(DueWorkSweep.jobFactory(serviceRef::get)));
            JdbcReservationStore store = new JdbcReservationStore(db.dataSource());
            ReservationService service = new ReservationService(store, site, settings, calls, clock);
            // A lone BAR finishes all it left half done; a replica leaves the others' work alone.
            int reconciled = service.reconcile(config.clustered() ? settings.negotiationHold() : Duration.ZERO);
            if (reconciled > 0) {
                LOG.info("{} reconciled {} reservation(s) left mid-transition", config.name(), reconciled);
            }
            serviceRef.set(service);
            DueWorkSweep.schedule(scheduler);
            SoapServer soap = SoapServer.builder().host(config.host()).port(config.port())
                    .service(SERVICE_NAME, NAMESPACE, new ReservationPortType(service, config.name() + "-client"))
                    .service(PEER_SERVICE_NAME, PEER_NAMESPACE, new PeerPortType(site.campus()))
                    .start();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            LOG.info("{} ready in {} ms at {}", config.name(), took.toMillis(), soap.wsdlUrl(SERVICE_NAME));
            return new BarServer(db, scheduler, calls, service, store, soap, took);
        } catch (Exception | Error e) {
            if (scheduler != null) {
                scheduler.shutdown(false);
            }
            calls.shutdownNow();
            db.close();
            throw e;
        }
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-calls-" + n.incrementAndGet());
            t.setDaemon(true);
            // Made from request threads, they would inherit the web application's class loader,
            // and Tomcat would warn at stop that the application left threads running.
            t.setContextClassLoader(BarServer.class.getClassLoader());
            return t;
        };
    }

    public ReservationService service() {
        return service;
    }

    public ReservationStore store() {
        return store;
    }

    public Database database() {
        return database;
    }

    public URI wsdlUrl() {
        return soap.wsdlUrl(SERVICE_NAME);
    }

    public URI serviceUrl() {
        return soap.serviceUrl(SERVICE_NAME);
    }

    /** Where other sites' BARs call this one. */
    public URI peerUrl() {
        return soap.serviceUrl(PEER_SERVICE_NAME);
    }

    public URI peerWsdlUrl() {
        return soap.wsdlUrl(PEER_SERVICE_NAME);
    }

    public int port() {
        return soap.port();
    }

    /** From the start of {@link #start} until the WSDL was served. */
    public Duration startupTime() {
        return startupTime;
    }

    @Override
    public void close() {
        soap.close();
        try {
            scheduler.shutdown(true);
        } catch (SchedulerException e) {
            LOG.warn("stopping the scheduler: {}", e.toString());
        }
        calls.shutdown();
        try {
            if (!calls.awaitTermination(10, TimeUnit.SECONDS)) {
                calls.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            calls.shutdownNow();
        }
        database.close();
    }
}
