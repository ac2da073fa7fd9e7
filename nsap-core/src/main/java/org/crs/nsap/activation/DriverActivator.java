package org.crs.nsap.activation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.RouterLocks;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.port.SegmentStore;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterDriver;
import org.crs.routers.driver.SegmentState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts segments on routers and takes them off through the router drivers.
 *
 * <h2>Activation</h2>
 *
 * <p>Every {@link RouterPart} of the segment is set up in parallel, one task per router on a
 * bounded pool; parts of one segment on the same router are set up one after the other, in
 * plan order, by the same task. The rate is {@code bandwidthMbps * 1_000_000} bit/s. Set-ups of
 * several segments queued for one router at once go to it together, in one configuration
 * session with one save where its driver can ({@link SetUpQueues}, {@link RouterDriver#setUpAll});
 * each segment still succeeds or fails on its own.
 *
 * <p>When a part fails, the activation stops starting parts (parts already being set up
 * finish), then rolls back: every part that was set up is torn down, and so is a failed part
 * whose driver could not say it restored its router ({@link DriverException#restored()}
 * false, or an unexpected exception). Then every part's state is read back
 * ({@link RouterDriver#readState}); {@link ActivationFailed#routersRestored()} is true only
 * if every part reads {@link SegmentState.Status#ABSENT}. The exception names the first
 * failing part's router in plan order, with the step that failed and the router's answer
 * (IOS's error text); its cause is that part's exception, later failures are suppressed
 * exceptions of it.
 *
 * <p>Before anything is sent, every part is checked against the {@link RouterDirectory}
 * (router known, its family carries the part); a part that does not fit fails the activation with
 * nothing changed.
 *
 * <h2>Deactivation</h2>
 *
 * <p>Every part is torn down, in parallel across routers. Tear-down of an absent part
 * succeeds. When parts fail, {@link ActivationFailed} names the first failing router (plan
 * order) and its message lists every failing router; {@code routersRestored} is true only if
 * every part failed without changing its router. Deactivation is idempotent: a caller retries
 * it.
 *
 * <h2>Repair</h2>
 *
 * <p>{@link #repair} ({@link RouterRepairs}) reads every part back ({@link RouterDriver#readState}) and compares it
 * with what the segment should be on the router. A part that should be present and is absent
 * is set up; one that is partly there is torn down and set up again (a CLI driver refuses to
 * set up over a half-configured element); one that should be absent and is not is torn down. A
 * part already as wanted gets no command beyond the read-back. Each change is logged at INFO
 * and recorded in the device log as one more entry after the driver's own exchanges: the
 * request says what was wanted and found, the response what was done.
 *
 * <h2>One change at a time per router</h2>
 *
 * <p>Two IOS configuration sessions interleaving on one router is unsafe, and drivers do not
 * serialise. This activator takes one lock per router name from its {@link RouterLocks}
 * ({@link RouterTasks} runs the per-router tasks, {@link SetUpQueues} the queued set-ups): a task
 * holds its router's lock for the whole of its set-up, tear-down or read-back, so two segments
 * sharing a router are configured on it one after the other, while different routers work in
 * parallel. A task holds one router's lock at a time, so tasks cannot deadlock. A lone service
 * uses {@link InProcessRouterLocks} and one {@code DriverActivator} for all its segments;
 * replicas sharing a PostgreSQL database use the store's {@code PostgresRouterLocks}, which
 * takes the in-process lock and then a database lock of the same router, so that two replicas
 * never configure one router at once. A lock that cannot be taken (the database is down) fails
 * that router's parts with nothing sent to it.
 *
 * <h2>Device log</h2>
 *
 * <p>Each part has its own {@link DeviceLog}; after the call (success or failure, rollback
 * and read-back included) all entries go to {@link SegmentStore#logDevice} under the
 * segment's booking id, in one call, ordered by time. A store that fails to take them is
 * reported in the server log (and as a suppressed exception of an {@link ActivationFailed})
 * but does not turn a successful activation into a failure: the routers are the truth.
 *
 * <p>A calling thread that is interrupted still waits for the router tasks it started (a
 * router half-configured by an abandoned task would escape the rollback) and then keeps its
 * interrupt status.
 */
public final class DriverActivator implements SegmentActivator, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DriverActivator.class);

    /** Threads of the default pool: routers configured at once, across all segments. */
    public static final int DEFAULT_THREADS = 8;

    private final RouterDirectory directory;
    private final SegmentStore store;
    private final ExecutorService pool;
    /** Also sees every exchange with a router, as it happens (the metrics); set once at start-up. */
    private volatile DeviceLog commands = DeviceLog.NONE;
    private final SetUpQueues setUpQueues;
    private final RouterTasks tasks;
    private final RouterRepairs repairs;

    /** An activator with {@link #DEFAULT_THREADS} router threads and locks within this process. */
    public DriverActivator(RouterDirectory directory, SegmentStore store) {
        this(directory, store, DEFAULT_THREADS);
    }

    /** An activator with {@code threads} router threads and locks within this process. */
    public DriverActivator(RouterDirectory directory, SegmentStore store, int threads) {
        this(directory, store, threads, new InProcessRouterLocks());
    }

    /**
     * @param directory which driver reaches which router
     * @param store receives the device log of every activation and deactivation
     * @param threads how many routers may be configured at once (across all segments)
     * @param routerLocks one change at a time per router: within this process, or across replicas
     */
    public DriverActivator(RouterDirectory directory, SegmentStore store, int threads, RouterLocks routerLocks) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        Objects.requireNonNull(routerLocks, "routerLocks");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        AtomicInteger n = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "router-activation-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
        ((ThreadPoolExecutor) pool).allowCoreThreadTimeOut(true);
        this.setUpQueues = new SetUpQueues(pool, routerLocks);
        this.tasks = new RouterTasks(pool, routerLocks);
        this.repairs = new RouterRepairs(directory, tasks);
    }

    /**
     * From now on {@code observer} also sees every exchange the drivers have with a router, as it
     * happens (each is stored in the device log after the call as before); it must be quick.
     */
    public void observeCommands(DeviceLog observer) {
        this.commands = Objects.requireNonNull(observer, "observer");
    }

    /** Which driver reaches which router: the routers this activator may configure. */
    public RouterDirectory directory() {
        return directory;
    }

    // --- activation --------------------------------------------------------------------------------

    @Override
    public void activate(Segment segment) throws ActivationFailed {
        List<Part<?>> parts = bind(segment);
        if (parts.isEmpty()) {
            return;
        }
        AtomicBoolean failed = new AtomicBoolean();
        ActivationFailed failure = null;
        try {
            setUpQueues.setUp(parts, failed);
            if (failed.get() || parts.stream().anyMatch(p -> p.outcome == Part.Outcome.FAILED)) {
                failure = rollBack(segment, parts);
            } else {
                LOG.info("segment {} (circuit {}) active on {}", segment.bookingId(), segment.circuitId(), routers(parts));
            }
        } finally {
            storeLog(segment, parts, failure);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private ActivationFailed rollBack(Segment segment, List<Part<?>> parts) {
        Part<?> first = parts.stream().filter(p -> p.outcome == Part.Outcome.FAILED).findFirst().orElseThrow();
        LOG.warn("segment {} (circuit {}): set-up failed on {}: {}; rolling back", segment.bookingId(),
                segment.circuitId(), first.router, first.failure.getMessage());
        Bag<Throwable> problems = new Bag<>();
        tasks.run(parts, part -> {
            boolean undo = part.outcome == Part.Outcome.DONE
                    || (part.outcome == Part.Outcome.FAILED
                        && !(part.failure instanceof DriverException d && d.restored()));
            if (undo) {
                try {
                    part.tearDown();
                } catch (DriverException | RuntimeException e) {
                    problems.add(e);
                }
            }
            try {
                part.finalState = part.readState();
            } catch (DriverException | RuntimeException e) {
                problems.add(e);
            }
        });
        List<String> notAbsent = parts.stream()
                .filter(p -> p.finalState == null || p.finalState.status() != SegmentState.Status.ABSENT)
                .map(p -> p.router + (p.finalState == null ? " (state unknown)" : " (" + String.join(", ", p.finalState.present()) + ")"))
                .collect(Collectors.toList());
        boolean restored = notAbsent.isEmpty();
        String reason = Part.describe(first.failure)
                + (restored ? " (every router of the segment restored)"
                            : " (not restored; still on " + String.join("; ", notAbsent) + ")");
        ActivationFailed failure = new ActivationFailed(first.router, reason, restored, first.failure);
        for (Part<?> p : parts) {
            if (p.outcome == Part.Outcome.FAILED && p != first) {
                failure.addSuppressed(p.failure);
            }
        }
        problems.items().forEach(failure::addSuppressed);
        if (restored) {
            LOG.warn("segment {} (circuit {}): rolled back, every router restored", segment.bookingId(), segment.circuitId());
        } else {
            LOG.error("segment {} (circuit {}): rollback incomplete, still on {}", segment.bookingId(),
                    segment.circuitId(), notAbsent);
        }
        return failure;
    }

    // --- deactivation ------------------------------------------------------------------------------

    @Override
    public void deactivate(Segment segment) throws ActivationFailed {
        List<Part<?>> parts = bind(segment);
        if (parts.isEmpty()) {
            return;
        }
        ActivationFailed failure = null;
        try {
            tasks.run(parts, part -> {
                try {
                    part.tearDown();
                    part.outcome = Part.Outcome.DONE;
                } catch (DriverException | RuntimeException e) {
                    part.outcome = Part.Outcome.FAILED;
                    part.failure = e;
                }
            });
            List<Part<?>> failedParts = parts.stream().filter(p -> p.outcome == Part.Outcome.FAILED).collect(Collectors.toList());
            if (failedParts.isEmpty()) {
                LOG.info("segment {} (circuit {}) removed from {}", segment.bookingId(), segment.circuitId(), routers(parts));
            } else {
                failure = deactivationFailed(parts, failedParts);
                LOG.error("segment {} (circuit {}): {}", segment.bookingId(), segment.circuitId(), failure.getMessage());
            }
        } finally {
            storeLog(segment, parts, failure);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static ActivationFailed deactivationFailed(List<Part<?>> parts, List<Part<?>> failedParts) {
        Part<?> first = failedParts.get(0);
        boolean unchanged = failedParts.size() == parts.size() && failedParts.stream()
                .allMatch(p -> p.failure instanceof DriverException d && d.restored());
        List<String> names = failedParts.stream().map(p -> p.router).distinct().collect(Collectors.toList());
        String reason = "tear-down failed on " + String.join(", ", names) + ": " + Part.describe(first.failure);
        ActivationFailed failure = new ActivationFailed(first.router, reason, unchanged, first.failure);
        failedParts.stream().skip(1).forEach(p -> failure.addSuppressed(p.failure));
        return failure;
    }

    // --- repair -------------------------------------------------------------------------------------

    @Override
    public List<RouterRepair> repair(Segment segment, RouterRepair.Wanted wanted) throws ActivationFailed {
        List<Part<?>> parts = bind(segment);
        if (parts.isEmpty()) {
            return List.of();
        }
        ActivationFailed failure = null;
        try {
            return repairs.repair(segment, parts, wanted);
        } catch (ActivationFailed e) {
            failure = e;
            throw e;
        } finally {
            storeLog(segment, parts, failure);
        }
    }

    // --- the parts -----------------------------------------------------------------------------------

    /** Binds every part to a driver, or fails with nothing sent to any router. */
    private List<Part<?>> bind(Segment segment) throws ActivationFailed {
        List<RouterPart> routerParts = segment.plan() == null ? List.of() : segment.plan().routerParts();
        long rateBps;
        try {
            rateBps = Math.multiplyExact(segment.request().bandwidthMbps(), 1_000_000L);
        } catch (ArithmeticException e) {
            String router = routerParts.isEmpty() ? "-" : routerParts.get(0).router();
            throw new ActivationFailed(router, "bandwidth " + segment.request().bandwidthMbps() + " Mbit/s is out of range",
                    true, e);
        }
        List<Part<?>> parts = new ArrayList<>();
        for (RouterPart rp : routerParts) {
            Bag<DeviceLogEntry> log = new Bag<>();
            try {
                parts.add(bindOne(rp, segment.circuitId(), rateBps, log, segment.bookingId()));
            } catch (IllegalArgumentException e) {
                throw new ActivationFailed(rp.router(), "cannot drive this part: " + e.getMessage()
                        + " (nothing was sent to any router)", true, e);
            }
        }
        return parts;
    }

    private Part<?> bindOne(RouterPart rp, long circuitId, long rateBps, Bag<DeviceLogEntry> log, String bookingId) {
        if (rp instanceof RouterPart.Vlan v) {
            return new Part<>(v.router(), l -> directory.vlanDriverFor(v.router(), observed(l)),
                    v.toSegment(circuitId, rateBps), log,
                    bookingId);
        }
        if (rp instanceof RouterPart.HostPair h) {
            return new Part<>(h.router(), l -> directory.vlanDriverFor(h.router(), observed(l)),
                    h.toSegment(circuitId, rateBps), log,
                    bookingId);
        }
        if (rp instanceof RouterPart.Pseudowire p) {
            return new Part<>(p.router(), l -> directory.pseudowireDriverFor(p.router(), observed(l)),
                    p.toSegment(circuitId, rateBps), log, bookingId);
        }
        throw new IllegalArgumentException("unknown router part " + rp);
    }

    /** {@code log}, with every exchange also shown to the observer of commands (the metrics). */
    private DeviceLog observed(DeviceLog log) {
        DeviceLog observer = commands;
        return entry -> {
            log.record(entry);
            observer.record(entry);
        };
    }

    // --- device log and messages -----------------------------------------------------------------------

    private void storeLog(Segment segment, List<Part<?>> parts, ActivationFailed failure) {
        List<DeviceLogEntry> entries = new ArrayList<>();
        for (Part<?> p : parts) {
            entries.addAll(p.log.drain());
        }
        if (entries.isEmpty()) {
            return;
        }
        entries.sort(Comparator.comparing(DeviceLogEntry::at)); // stable: each router's order is kept
        try {
            store.logDevice(segment.bookingId(), entries);
        } catch (RuntimeException e) {
            LOG.error("segment {}: could not store {} device log entries", segment.bookingId(), entries.size(), e);
            if (failure != null) {
                failure.addSuppressed(e);
            }
        }
    }

    private static String routers(List<Part<?>> parts) {
        return parts.stream().map(p -> p.router).distinct().collect(Collectors.joining(", "));
    }

    /** Waits for running activations to finish and stops the router threads. */
    @Override
    public void close() {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(2, TimeUnit.MINUTES)) {
                LOG.warn("router tasks still running after 2 minutes; leaving them to finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }


}
