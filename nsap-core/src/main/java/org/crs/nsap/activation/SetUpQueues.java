package org.crs.nsap.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import org.crs.nsap.activation.Part.Outcome;
import org.crs.nsap.port.RouterLocks;
import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.RouterDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Set-ups waiting for their router, one queue per router, so that the set-ups of several
 * segments queued for one router go to it together: one configuration session and one save
 * ({@link RouterDriver#setUpAll}) instead of one of each per segment. On a loaded router a save
 * takes seconds, so a burst of circuits starting together costs a save per batch, not per circuit.
 *
 * <p>Nothing waits on purpose: the first set-up for an idle router starts at once, alone; those
 * queued while the router is busy (its lock held, or a batch under way) are taken together, in
 * the order they came, at most {@link #MAX_BATCH} parts at a time. One task per router drains
 * its queue, holding the router's lock ({@link RouterLocks}) for each batch, so one change at a
 * time per router still holds within this process and across replicas.
 *
 * <p>Each segment keeps its all-or-nothing meaning: a part of a batch that fails fails its own
 * segment only (the driver removed it again, or says what was left); the segment's other parts
 * are rolled back by {@link DriverActivator}, and the other segments of the batch stand, saved.
 * A segment that already failed on another router when its turn comes is not started.
 *
 * <p>Device log: a batch's one session (every command of every segment in it) is in the device
 * log of the batch's first segment; each other segment's log gets one entry naming that segment
 * and its own outcome, so the audit holds every command once.
 */
final class SetUpQueues {

    private static final Logger LOG = LoggerFactory.getLogger(SetUpQueues.class);

    /**
     * The most parts in one batch. A batch's circuits all wait for the whole batch's lines and its
     * save, and a batch is one SOAP call's wait: 50 circuits of about 20 lines at a loaded 7600's
     * 30 ms a line is 30 s, plus a 3 s save.
     */
    static final int MAX_BATCH = 50;

    private final ExecutorService pool;
    private final RouterLocks locks;
    private final Map<String, Queue> queues = new ConcurrentHashMap<>();

    SetUpQueues(ExecutorService pool, RouterLocks locks) {
        this.pool = pool;
        this.locks = locks;
    }

    /** One segment's parts on one router, waiting. */
    private record Waiting(List<Part<?>> parts, AtomicBoolean segmentFailed, CompletableFuture<Void> done) {
    }

    /** One router's queue; its task drains it while there is something in it. */
    private static final class Queue {
        final List<Waiting> waiting = new ArrayList<>();
        boolean draining;
    }

    /**
     * Sets up every part through its router's queue, and returns when every part has an outcome
     * (or was not started, because its segment failed elsewhere first). A part that fails sets
     * {@code segmentFailed}. An interrupt of the caller is kept for after.
     */
    void setUp(List<Part<?>> parts, AtomicBoolean segmentFailed) {
        Map<String, List<Part<?>>> byRouter = new LinkedHashMap<>();
        for (Part<?> p : parts) {
            byRouter.computeIfAbsent(p.router, r -> new ArrayList<>()).add(p);
        }
        List<Future<?>> futures = new ArrayList<>();
        for (Map.Entry<String, List<Part<?>>> e : byRouter.entrySet()) {
            Waiting w = new Waiting(e.getValue(), segmentFailed, new CompletableFuture<>());
            futures.add(w.done());
            Queue q = queues.computeIfAbsent(e.getKey(), r -> new Queue());
            boolean start;
            synchronized (q) {
                q.waiting.add(w);
                start = !q.draining;
                q.draining = true;
            }
            if (start) {
                try {
                    pool.submit(() -> drain(e.getKey(), q));
                } catch (RejectedExecutionException rejected) {
                    synchronized (q) {
                        q.draining = false;
                        q.waiting.remove(w);
                    }
                    RouterTasks.awaitAll(futures.subList(0, futures.size() - 1));
                    throw new IllegalStateException("the activator is closed", rejected);
                }
            }
        }
        RouterTasks.awaitAll(futures);
    }

    private void drain(String router, Queue q) {
        while (true) {
            List<Waiting> batch = new ArrayList<>();
            synchronized (q) {
                int parts = 0;
                while (!q.waiting.isEmpty() && (batch.isEmpty() || parts + q.waiting.get(0).parts().size() <= MAX_BATCH)) {
                    Waiting w = q.waiting.remove(0);
                    batch.add(w);
                    parts += w.parts().size();
                }
                if (batch.isEmpty()) {
                    q.draining = false;
                    return;
                }
            }
            try {
                run(router, batch);
            } catch (RuntimeException | Error e) {
                LOG.error("router {}: a batch of set-ups failed unexpectedly", router, e);
                for (Waiting w : batch) {
                    for (Part<?> p : w.parts()) {
                        if (p.outcome == Outcome.NOT_STARTED) {
                            p.outcome = Outcome.FAILED;
                            p.failure = e;
                            w.segmentFailed().set(true);
                        }
                    }
                }
            } finally {
                batch.forEach(w -> w.done().complete(null));
            }
        }
    }

    private void run(String router, List<Waiting> batch) {
        // A segment that failed on another router meanwhile is not started: it would only be undone.
        List<Waiting> live = batch.stream().filter(w -> !w.segmentFailed().get()).collect(Collectors.toList());
        if (live.isEmpty()) {
            return;
        }
        List<Part<?>> parts = live.stream().flatMap(w -> w.parts().stream()).collect(Collectors.toList());
        RouterLocks.Held lock;
        try {
            lock = locks.lock(router);
        } catch (RuntimeException unavailable) {
            RouterTasks.lockUnavailable(router, parts, unavailable);
            live.forEach(w -> w.segmentFailed().set(true));
            return;
        }
        try (lock) {
            if (parts.size() == 1) {
                setUpAlone(live.get(0), parts.get(0));
            } else {
                setUpTogether(router, live, parts);
            }
        }
    }

    private static void setUpAlone(Waiting w, Part<?> part) {
        try {
            part.setUp();
            part.outcome = Outcome.DONE;
        } catch (DriverException | RuntimeException e) {
            part.outcome = Outcome.FAILED;
            part.failure = e;
            w.segmentFailed().set(true);
        }
    }

    private static void setUpTogether(String router, List<Waiting> live, List<Part<?>> parts) {
        Part<?> owner = parts.get(0);
        List<Optional<DriverException>> outcomes;
        Instant started = Instant.now();
        try {
            outcomes = setUpAll(owner, parts);
        } catch (DriverException | RuntimeException e) {
            for (Waiting w : live) {
                for (Part<?> p : w.parts()) {
                    p.outcome = Outcome.FAILED;
                    p.failure = e;
                }
                w.segmentFailed().set(true);
            }
            recordBatch(router, parts, owner, started);
            return;
        }
        for (int i = 0; i < parts.size(); i++) {
            Part<?> p = parts.get(i);
            if (outcomes.get(i).isEmpty()) {
                p.outcome = Outcome.DONE;
            } else {
                p.outcome = Outcome.FAILED;
                p.failure = outcomes.get(i).get();
            }
        }
        for (Waiting w : live) {
            if (w.parts().stream().anyMatch(p -> p.outcome == Outcome.FAILED)) {
                w.segmentFailed().set(true);
            }
        }
        recordBatch(router, parts, owner, started);
        LOG.info("router {}: {} segments set up in one session ({} failed)", router, parts.size(),
                parts.stream().filter(p -> p.outcome == Outcome.FAILED).count());
    }

    // Every part on one router has the driver of that router's profile: one segment type.
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<Optional<DriverException>> setUpAll(Part<?> owner, List<Part<?>> parts) throws DriverException {
        DeviceLog log = owner.log::add;
        RouterDriver driver = owner.rebind.apply(log);
        List segments = parts.stream().map(p -> (CircuitSegment) p.segment).collect(Collectors.toList());
        return driver.setUpAll(segments);
    }

    /** The entry each other segment of a batch gets: where the session's commands are, and its outcome. */
    private static void recordBatch(String router, List<Part<?>> parts, Part<?> owner, Instant started) {
        Instant now = Instant.now();
        String together = parts.stream().map(p -> p.bookingId).distinct().collect(Collectors.joining(", "));
        List<DeviceLogEntry> session = owner.log.items();
        DeviceLogEntry.Protocol protocol = session.isEmpty() ? DeviceLogEntry.Protocol.CLI
                : session.get(session.size() - 1).protocol();
        for (Part<?> p : parts) {
            if (p == owner) {
                continue;
            }
            boolean ok = p.outcome == Outcome.DONE;
            p.log.add(new DeviceLogEntry(router, protocol,
                    "set up " + p.segment.label() + " in one batch with " + together
                            + " (the batch's commands are in the device log of " + owner.bookingId + ")",
                    ok ? "set up and saved" : "failed: " + (p.failure == null ? "" : p.failure.getMessage()),
                    ok ? DeviceLogEntry.Outcome.OK : DeviceLogEntry.Outcome.ERROR, now,
                    Duration.between(started, now).toMillis()));
        }
    }
}
