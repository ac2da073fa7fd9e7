package org.crs.nsap.server;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.crs.nsap.activation.InProcessRouterLocks;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.RouterLocks;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.soap.NsapPortType;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.nsap.store.PostgresRouterLocks;
import org.crs.service.db.Database;
import org.crs.service.db.Vendor;
import org.crs.service.schedule.Sweep;
import org.crs.service.server.RunningService;
import org.crs.service.server.ServerConfig;
import org.crs.service.server.ServiceShell;
import org.quartz.JobKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.crs.nsap.contract.NsapContract;

/**
 * One running L-NSAP or NSAP, on the shell every service shares ({@link ServiceShell}:
 * database, schedule, SOAP endpoint): its segment service, the sweep that lapses holds past
 * their expiry ({@link SegmentService#expireDueHolds()} every {@link #HOLD_SWEEP_PERIOD}), and
 * the NSAP port type over SOAP at {@code /services/NsapService}.
 */
public final class NsapServer extends RunningService {

    private static final Logger LOG = LoggerFactory.getLogger(NsapServer.class);

    /** The sweep that lapses holds: how often it runs is the most a hold outlives its expiry. */
    static final JobKey HOLD_SWEEP = JobKey.jobKey("expire-due-holds", "holds");
    public static final Duration HOLD_SWEEP_PERIOD = Duration.ofSeconds(1);

    /**
     * Connections for router locks across replicas: one per router being configured at once, as
     * many as a {@link org.crs.nsap.activation.DriverActivator}'s default threads.
     */
    public static final int ROUTER_LOCK_CONNECTIONS = org.crs.nsap.activation.DriverActivator.DEFAULT_THREADS;

    private final SegmentService service;
    private final SegmentStore store;

    private NsapServer(ServiceShell shell, SegmentService service, SegmentStore store) {
        super(shell, NsapContract.SERVICE_NAME);
        this.service = service;
        this.store = store;
    }

    /** Makes an instance's activator. */
    @FunctionalInterface
    public interface ActivatorFactory {
        /**
         * @param store the instance's store, which keeps the device log
         * @param routerLocks one change at a time per router: within this process for a lone
         *     instance, across replicas on a clustered PostgreSQL database
         */
        SegmentActivator make(SegmentStore store, RouterLocks routerLocks);
    }

    /**
     * Starts an instance whose activator takes no router locks from the server (it keeps its own,
     * if any).
     *
     * @param activator makes the instance's activator from its store (which keeps the device log)
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner,
                                   Function<SegmentStore, SegmentActivator> activator, Clock clock) throws Exception {
        return start(config, planner, (ActivatorFactory) (store, locks) -> activator.apply(store), clock);
    }

    /**
     * Starts an instance. When {@link ServerConfig#clustered()} on PostgreSQL, the activator gets
     * {@link PostgresRouterLocks} over a pool of {@link #ROUTER_LOCK_CONNECTIONS} connections of
     * its own (a held lock keeps its connection for the router's work, which must not starve the
     * service's pool); otherwise {@link InProcessRouterLocks}.
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner, ActivatorFactory activator,
                                   Clock clock) throws Exception {
        AtomicReference<SegmentService> service = new AtomicReference<>();
        AtomicReference<SegmentStore> store = new AtomicReference<>();
        ServiceShell shell = ServiceShell.start(config, "nsap", setUp -> {
            store.set(new JdbcSegmentStore(setUp.database().dataSource()));
            RouterLocks locks = new InProcessRouterLocks();
            if (config.clustered() && setUp.database().vendor() == Vendor.POSTGRESQL) {
                Database lockPool = setUp.closeOnStop(Database.open(config.jdbcUrl(), config.dbUser(),
                        config.dbPassword(), ROUTER_LOCK_CONNECTIONS));
                locks = new PostgresRouterLocks(lockPool.dataSource(), locks);
            }
            service.set(new SegmentService(store.get(), planner, activator.make(store.get(), locks), clock));
            service.get().expireDueHolds(); // those that lapsed while the service was down
            setUp.schedule(new Sweep(HOLD_SWEEP, HOLD_SWEEP_PERIOD, service.get()::expireDueHolds));
            setUp.serve(NsapContract.SERVICE_NAME, NsapContract.NAMESPACE,
                    new NsapPortType(service.get(), config.name() + "-client"));
        });
        return new NsapServer(shell, service.get(), store.get());
    }

    public SegmentService service() {
        return service;
    }

    public SegmentStore store() {
        return store;
    }
}
