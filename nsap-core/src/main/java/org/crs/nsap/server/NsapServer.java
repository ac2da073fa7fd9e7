package org.crs.nsap.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.soap.NsapPortType;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.service.db.Database;
import org.crs.service.schedule.Scheduling;
import org.crs.service.soap.SoapServer;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.crs.nsap.contract.NsapContract;

/**
 * One running L-NSAP or NSAP: its database (migrated on start), its hold sweep (Quartz, in
 * the same database), its segment service, and the NSAP port type over SOAP at
 * {@code /services/NsapService}.
 */
public final class NsapServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NsapServer.class);

    /**
     * @param name the instance's name, for logs and the scheduler ("lnsap-site-a", "nsap")
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
    private final SegmentService service;
    private final SegmentStore store;
    private final SoapServer soap;
    private final Duration startupTime;

    private NsapServer(Database database, Scheduler scheduler, SegmentService service, SegmentStore store, SoapServer soap,
                       Duration startupTime) {
        this.database = database;
        this.scheduler = scheduler;
        this.service = service;
        this.store = store;
        this.soap = soap;
        this.startupTime = startupTime;
    }

    /**
     * Starts an instance.
     *
     * @param activator makes the instance's activator from its store (which keeps the device log)
     */
    public static NsapServer start(Config config, ResourcePlanner planner,
                                   Function<SegmentStore, SegmentActivator> activator, Clock clock) throws Exception {
        long t0 = System.nanoTime();
        Database db = Database.open(config.jdbcUrl(), config.dbUser(), config.dbPassword());
        Scheduler scheduler = null;
        try {
            db.migrateService("nsap");
            AtomicReference<SegmentService> serviceRef = new AtomicReference<>();
            scheduler = Scheduling.start(db, config.name(), config.clustered(),
                    Scheduling.Options.defaults().jobFactory(HoldSweep.jobFactory(serviceRef::get)));
            JdbcSegmentStore store = new JdbcSegmentStore(db.dataSource());
            SegmentService service = new SegmentService(store, planner, activator.apply(store), clock);
            serviceRef.set(service);
            service.expireDueHolds(); // those that lapsed while the service was down
            HoldSweep.schedule(scheduler);
            SoapServer soap = SoapServer.builder().host(config.host()).port(config.port())
                    .service(NsapContract.SERVICE_NAME, NsapContract.NAMESPACE, new NsapPortType(service, config.name() + "-client"))
                    .start();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            LOG.info("{} ready in {} ms at {}", config.name(), took.toMillis(), soap.wsdlUrl(NsapContract.SERVICE_NAME));
            return new NsapServer(db, scheduler, service, store, soap, took);
        } catch (Exception | Error e) {
            if (scheduler != null) {
                scheduler.shutdown(false);
            }
            db.close();
            throw e;
        }
    }

    public SegmentService service() {
        return service;
    }

    public SegmentStore store() {
        return store;
    }

    public Database database() {
        return database;
    }

    public URI wsdlUrl() {
        return soap.wsdlUrl(NsapContract.SERVICE_NAME);
    }

    public URI serviceUrl() {
        return soap.serviceUrl(NsapContract.SERVICE_NAME);
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
        database.close();
    }
}
