package org.crs.nsap.server;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.crs.nsap.activation.DriverActivator;
import org.crs.nsap.activation.InProcessRouterLocks;
import org.crs.nsap.activation.RouterProbe;
import org.crs.nsap.port.LatestSegmentRates;
import org.crs.nsap.port.BookingOwners;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.port.RouterLocks;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.service.BookingIdScope;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.port.SegmentStore;
import org.crs.nsap.soap.NsapPortType;
import org.crs.nsap.soap.ServedBars;
import org.crs.nsap.port.CounterReader;
import org.crs.nsap.service.SegmentTraffic;
import org.crs.nsap.service.TrafficPolling;
import org.crs.nsap.store.JdbcTrafficStore;
import org.crs.nsap.store.JdbcSegmentCounts;
import org.crs.nsap.store.JdbcSegmentStore;
import org.crs.service.monitoring.Health;
import org.crs.nsap.store.PostgresRouterLocks;
import org.crs.service.audit.AuditTrail;
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
 *
 * <p><b>Upkeep.</b> Once it serves, the server works in the background, on one thread of its
 * own, so that a start never waits for routers: it finishes the activations and tear-downs a
 * previous run left half done ({@link SegmentService#recoverInterrupted}), then repairs the
 * routers ({@link SegmentService#repairRouters}). A BAR calling meanwhile finds such a segment
 * ACTIVATING or DEACTIVATING and tries again later. On a clustered database the start takes
 * only the segments unchanged for {@link Upkeep#stuckAfter()}, as a replica may be working on
 * the others; a lone service takes every one. Every {@link #STUCK_SWEEP_PERIOD} a sweep takes
 * the segments unchanged for {@code stuckAfter}: a dead replica's. When BARs are configured
 * ({@link Upkeep#owners()}), every {@link Upkeep#orphanCheck()} they are asked about the
 * COMMITTED and ACTIVE segments unchanged for {@link Upkeep#orphanAge()}, and those they no
 * longer want are released ({@link SegmentService#releaseOrphans}); {@code /health} reports the
 * last round ({@link #ORPHAN_SWEEP_CHECK}).
 *
 * <p><b>Monitoring.</b> Beside the shell's metrics and checks it serves {@link NsapMetrics} (its
 * segments by state, every router command's duration and failures, each segment's latest rates)
 * and, with a {@link DriverActivator}, a health check per router of its directory
 * ({@link RouterProbe}, kept {@link #ROUTER_PROBE_CACHE}).
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

    /** The sweep that finishes what a stopped replica left ACTIVATING or DEACTIVATING. */
    static final JobKey STUCK_SWEEP = JobKey.jobKey("recover-interrupted", "upkeep");
    /** How often it runs: a dead replica's segment waits at most stuckAfter and this long. */
    public static final Duration STUCK_SWEEP_PERIOD = Duration.ofSeconds(30);
    /** How long {@code /health} keeps a router's probe: a probe of every router per request would load them. */
    public static final Duration ROUTER_PROBE_CACHE = Duration.ofSeconds(15);

    /** The sweep that asks the BARs about old segments and releases the orphans. */
    static final JobKey ORPHAN_SWEEP = JobKey.jobKey("release-orphans", "upkeep");
    /**
     * Its check on {@code /health}: DEGRADED while its last round left segments unanswered (a BAR
     * refusing this service's certificate, or not reached), as such a sweep releases nothing.
     */
    public static final String ORPHAN_SWEEP_CHECK = "orphan sweep";
    /** The sweep that polls the counters of ACTIVE segments ({@link TrafficPolling}). */
    /** How old a measured rate may be for /metrics when the server does not poll itself. */
    static final Duration RATE_FRESHNESS = Duration.ofMinutes(2);

    static final JobKey TRAFFIC_SWEEP = JobKey.jobKey("poll-traffic", "traffic");

    /**
     * How the server polls its ACTIVE segments' traffic.
     *
     * @param reader reads routers' counters (over SNMP: {@link org.crs.nsap.activation.SnmpCounterReader})
     * @param settings interval, ports, retention and parallelism
     */
    public record Traffic(CounterReader reader, NsapServerConfig.Traffic settings) {
        public Traffic {
            Objects.requireNonNull(reader, "reader");
            Objects.requireNonNull(settings, "settings");
        }
    }

    /**
     * How the server looks after its segments on its own.
     *
     * @param stuckAfter how long a segment ACTIVATING or DEACTIVATING stays unchanged before it
     *     is taken as left by a stopped service; positive
     * @param owners the BARs asked whether a segment is still wanted; empty: no orphan sweep
     * @param orphanCheck how often the orphan sweep runs; positive
     * @param orphanAge how long a segment stays unchanged before its BAR is asked; positive
     */
    public record Upkeep(Duration stuckAfter, Optional<BookingOwners> owners, Duration orphanCheck, Duration orphanAge) {

        public Upkeep {
            positive(stuckAfter, "stuckAfter");
            Objects.requireNonNull(owners, "owners");
            positive(orphanCheck, "orphanCheck");
            positive(orphanAge, "orphanAge");
        }

        /** The defaults of {@link NsapServerConfig}, without an orphan sweep. */
        public static Upkeep defaults() {
            return new Upkeep(NsapServerConfig.DEFAULT_STUCK_AFTER, Optional.empty(), NsapServerConfig.DEFAULT_ORPHAN_CHECK,
                    NsapServerConfig.DEFAULT_ORPHAN_AGE);
        }

        /** The same with an orphan sweep asking {@code bars}. */
        public Upkeep withOwners(BookingOwners bars) {
            return new Upkeep(stuckAfter, Optional.of(bars), orphanCheck, orphanAge);
        }

        private static void positive(Duration d, String name) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, was " + d);
            }
        }
    }

    private final SegmentService service;
    private final SegmentStore store;
    private final AuditTrail auditTrail;
    private final Future<?> startUpkeep;
    private final SegmentTraffic traffic;
    private final Optional<TrafficPolling> polling;

    private NsapServer(ServiceShell shell, SegmentService service, SegmentStore store, AuditTrail auditTrail,
                       Future<?> startUpkeep, SegmentTraffic traffic, Optional<TrafficPolling> polling) {
        super(shell, NsapContract.SERVICE_NAME);
        this.service = service;
        this.store = store;
        this.auditTrail = auditTrail;
        this.startUpkeep = startUpkeep;
        this.traffic = traffic;
        this.polling = polling;
    }

    /** Starts an instance with the default {@link Upkeep}, asking no BAR about orphans. */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner,
                                   Function<SegmentStore, SegmentActivator> activator, Clock clock) throws Exception {
        return start(config, planner, activator, clock, Upkeep.defaults());
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
     * if any); once it serves, its start-up upkeep runs in the background ({@link #startUpkeep()}).
     *
     * @param activator makes the instance's activator from its store (which keeps the device log)
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner,
                                   Function<SegmentStore, SegmentActivator> activator, Clock clock, Upkeep upkeep)
            throws Exception {
        return start(config, planner, (ActivatorFactory) (store, locks) -> activator.apply(store), clock, upkeep);
    }

    /** Starts an instance with the default {@link Upkeep}, asking no BAR about orphans. */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner, ActivatorFactory activator,
                                   Clock clock) throws Exception {
        return start(config, planner, activator, clock, Upkeep.defaults());
    }

    /**
     * Starts an instance; once it serves, its start-up upkeep runs in the background
     * ({@link #startUpkeep()}). When {@link ServerConfig#clustered()} on PostgreSQL, the activator
     * gets {@link PostgresRouterLocks} over a pool of {@link #ROUTER_LOCK_CONNECTIONS} connections
     * of its own (a held lock keeps its connection for the router's work, which must not starve the
     * service's pool); otherwise {@link InProcessRouterLocks}.
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner, ActivatorFactory activator,
                                   Clock clock, Upkeep upkeep) throws Exception {
        return start(config, planner, activator, clock, upkeep, Optional.empty());
    }

    /**
     * As {@link #start(ServerConfig, ResourcePlanner, ActivatorFactory, Clock, Upkeep)}, answering
     * only the BARs {@code servedBars} names (by their certificates); empty: every caller, for a
     * service inside a test.
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner, ActivatorFactory activator,
                                   Clock clock, Upkeep upkeep, Optional<ServedBars> servedBars) throws Exception {
        return start(config, planner, activator, clock, upkeep, servedBars, Optional.empty());
    }

    /**
     * As {@link #start(ServerConfig, ResourcePlanner, ActivatorFactory, Clock, Upkeep, Optional)},
     * polling the traffic of ACTIVE segments as {@code traffic} says, every interval on a thread
     * of its own; empty, or {@code poll: false}: no polling (the utilisation operation answers
     * what the database holds).
     */
    public static NsapServer start(ServerConfig config, ResourcePlanner planner, ActivatorFactory activator,
                                   Clock clock, Upkeep upkeep, Optional<ServedBars> servedBars,
                                   Optional<Traffic> traffic) throws Exception {
        Objects.requireNonNull(upkeep, "upkeep");
        AtomicReference<SegmentTraffic> segmentTraffic = new AtomicReference<>();
        AtomicReference<TrafficPolling> polling = new AtomicReference<>();
        AtomicReference<SegmentService> service = new AtomicReference<>();
        AtomicReference<SegmentStore> store = new AtomicReference<>();
        AtomicReference<AuditTrail> trail = new AtomicReference<>();
        AtomicReference<Background> background = new AtomicReference<>();
        ServiceShell shell = ServiceShell.start(config, "nsap", setUp -> {
            JdbcSegmentStore jdbcStore = new JdbcSegmentStore(setUp.database().dataSource(), config.name());
            store.set(jdbcStore);
            trail.set(jdbcStore.auditTrail());
            servedBars.ifPresent(setUp::accessControl);
            setUp.audit(trail.get().calls());
            RouterLocks locks = new InProcessRouterLocks();
            if (config.clustered() && setUp.database().vendor() == Vendor.POSTGRESQL) {
                Database lockPool = setUp.closeOnStop(Database.open(config.jdbcUrl(), config.dbUser(),
                        config.dbPassword(), ROUTER_LOCK_CONNECTIONS));
                locks = new PostgresRouterLocks(lockPool.dataSource(), locks);
            }
            // Read at each scrape; a rate older than two polls is stale (the circuit ended or its router is silent).
            Duration fresh = traffic.map(t -> t.settings().interval().multipliedBy(2)).orElse(RATE_FRESHNESS);
            LatestSegmentRates rates = () -> segmentTraffic.get() == null ? List.of()
                    : segmentTraffic.get().latestRates(fresh).entrySet().stream()
                            .map(e -> new LatestSegmentRates.SegmentRate(e.getKey(), e.getValue().inBitsPerSecond(),
                                    e.getValue().outBitsPerSecond(), e.getValue().to()))
                            .toList();
            NsapMetrics metrics = new NsapMetrics(setUp.metrics().registry(),
                    new JdbcSegmentCounts(setUp.database().dataSource())::byState, rates);
            SegmentActivator made = activator.make(store.get(), locks);
            if (made instanceof DriverActivator driven) {
                driven.observeCommands(metrics);
                RouterProbe probe = new RouterProbe(driven.directory());
                for (String router : new TreeSet<>(driven.directory().routerNames())) {
                    setUp.health().add("router " + router, ROUTER_PROBE_CACHE, Health.Status.DEGRADED,
                            () -> probe.probe(router));
                }
            }
            service.set(new SegmentService(store.get(), planner, made, clock,
                    BookingIdScope.forServedSites(servedBars.map(bars -> bars.sites().size()).orElse(0))));
            // Bookings made before owners were stored get their BAR before any call is served.
            servedBars.ifPresent(bars -> service.get().adoptUnowned(bars.sites()));
            service.get().expireDueHolds(); // those that lapsed while the service was down
            setUp.schedule(new Sweep(HOLD_SWEEP, HOLD_SWEEP_PERIOD, service.get()::expireDueHolds));
            background.set(setUp.closeOnStop(new Background(config.name())));
            SegmentService s = service.get();
            setUp.schedule(new Sweep(STUCK_SWEEP, STUCK_SWEEP_PERIOD, () -> background.get().submit("recover-interrupted",
                    () -> recover(s, upkeep.stuckAfter()))));
            if (upkeep.owners().isPresent()) {
                OrphanSweepHealth orphans = new OrphanSweepHealth(upkeep.owners().get(), upkeep.orphanCheck(), clock);
                setUp.health().add(ORPHAN_SWEEP_CHECK, Duration.ZERO, Health.Status.DEGRADED, orphans::check);
                setUp.schedule(new Sweep(ORPHAN_SWEEP, upkeep.orphanCheck(), () -> background.get().submit("release-orphans",
                        () -> releaseOrphans(s, orphans, upkeep.orphanAge()))));
            }
            JdbcTrafficStore trafficStore = new JdbcTrafficStore(setUp.database().dataSource());
            segmentTraffic.set(new SegmentTraffic(store.get(), trafficStore, clock));
            Optional<Traffic> polled = traffic.filter(t -> t.settings().poll());
            if (polled.isPresent()) {
                NsapServerConfig.Traffic t = polled.get().settings();
                TrafficPolling p = setUp.closeOnStop(new TrafficPolling(store.get(), trafficStore, polled.get().reader(),
                        t.ports(), t.interval(), t.retention(), t.routersAtOnce(), clock));
                polling.set(p);
                // A thread of its own: a slow router delays the next poll, never the upkeep.
                Background pollThread = setUp.closeOnStop(new Background(config.name() + "-traffic"));
                setUp.schedule(new Sweep(TRAFFIC_SWEEP, t.interval(), () -> pollThread.submit("poll-traffic", () -> {
                    TrafficPolling.Cycle c = p.poll();
                    LOG.debug("traffic polling: {}", c);
                })));
            }
            setUp.serve(NsapContract.SERVICE_NAME, NsapContract.NAMESPACE,
                    new NsapPortType(service.get(), config.name() + "-client", segmentTraffic.get(), servedBars));
        });
        // A lone service that starts knows nothing else is working on its segments.
        Duration stuck = config.clustered() ? upkeep.stuckAfter() : Duration.ZERO;
        SegmentService s = service.get();
        Future<?> startUpkeep = background.get().submit("start-up", () -> {
            recover(s, stuck);
            repair(s);
        });
        return new NsapServer(shell, s, store.get(), trail.get(), startUpkeep, segmentTraffic.get(),
                Optional.ofNullable(polling.get()));
    }

    private static void recover(SegmentService service, Duration unchangedFor) {
        SegmentService.Recovery r = service.recoverInterrupted(unchangedFor);
        if (r.total() > 0) {
            LOG.info("finished {} interrupted activations and tear-downs: {} back to COMMITTED, {} RELEASED, {} FAILED",
                    r.total(), r.committed(), r.released(), r.failed());
        }
    }

    private static void repair(SegmentService service) {
        SegmentService.Repairs r = service.repairRouters();
        LOG.info("router repair: {} segments checked, {} router parts repaired{}", r.checked(), r.changed(),
                r.failed().isEmpty() ? "" : ", not repaired: " + r.failed());
    }

    private static void releaseOrphans(SegmentService service, OrphanSweepHealth orphans, Duration age) {
        SegmentService.Orphans o = orphans.run(service, age);
        if (!o.released().isEmpty()) {
            LOG.info("orphan sweep: asked about {} segments, released {}", o.asked(), o.released());
        }
    }

    /**
     * The start-up upkeep (finishing interrupted work, then router repair), running in the
     * background from the moment the server serves: done when it finished.
     */
    public Future<?> startUpkeep() {
        return startUpkeep;
    }

    /**
     * The server's one upkeep thread. A kind of work already waiting is not queued twice: a sweep
     * round that comes while the last one's work still waits adds nothing.
     */
    private static final class Background implements AutoCloseable {
        private final ExecutorService thread;
        private final Set<String> waiting = ConcurrentHashMap.newKeySet();

        Background(String name) {
            this.thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name + "-upkeep");
                t.setDaemon(true);
                return t;
            });
        }

        Future<?> submit(String kind, Runnable work) {
            if (!waiting.add(kind)) {
                return CompletableFuture.completedFuture(null);
            }
            try {
                return thread.submit(() -> {
                    waiting.remove(kind);
                    try {
                        work.run();
                    } catch (RuntimeException e) {
                        LOG.error("{} failed; the next round tries again", kind, e);
                        throw e;
                    }
                });
            } catch (RejectedExecutionException e) {
                waiting.remove(kind);
                LOG.info("{} not started: the server is stopping", kind);
                return CompletableFuture.completedFuture(null);
            }
        }

        /** Stops the work under way (router work in hand finishes) and waits for it, before the database closes. */
        @Override
        public void close() throws InterruptedException {
            thread.shutdownNow();
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("upkeep still running after 30 s; the database closes under it");
            }
        }
    }

    public SegmentService service() {
        return service;
    }

    /**
     * The traffic measured on the segments: utilisation over a range, and the latest rate of
     * every segment ({@link SegmentTraffic#latestRates}) for monitoring.
     */
    public SegmentTraffic traffic() {
        return traffic;
    }

    /** The traffic polling, when the server polls. */
    public Optional<TrafficPolling> trafficPolling() {
        return polling;
    }

    public SegmentStore store() {
        return store;
    }

    /**
     * The service's audit trail, on its database: its router commands are in it already (the
     * device log writes them); the SOAP layer appends the calls that change state
     * ({@link AuditTrail#recordCall}).
     */
    public AuditTrail auditTrail() {
        return auditTrail;
    }
}
