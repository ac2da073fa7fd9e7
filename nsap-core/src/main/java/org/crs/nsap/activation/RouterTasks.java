package org.crs.nsap.activation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

import org.crs.nsap.port.RouterLocks;
import org.crs.routers.driver.DriverException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs work on a segment's parts, one task per router on the activator's pool, each task
 * holding its router's lock ({@link RouterLocks}) while it works through that router's parts
 * in plan order: different routers in parallel, one change at a time per router.
 */
final class RouterTasks {

    private static final Logger LOG = LoggerFactory.getLogger(RouterTasks.class);

    private final ExecutorService pool;
    private final RouterLocks routerLocks;

    RouterTasks(ExecutorService pool, RouterLocks routerLocks) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.routerLocks = Objects.requireNonNull(routerLocks, "routerLocks");
    }

    @FunctionalInterface
    interface PartWork {
        void run(Part<?> part);
    }

    /**
     * Runs the work on every part: one task per router, in parallel, each holding its
     * router's lock while it works through that router's parts in plan order. Returns when
     * every task has finished; an interrupt of the caller is kept for after.
     */
    void run(List<Part<?>> parts, PartWork work) {
        Map<String, List<Part<?>>> byRouter = new LinkedHashMap<>();
        for (Part<?> p : parts) {
            byRouter.computeIfAbsent(p.router, r -> new ArrayList<>()).add(p);
        }
        List<Future<?>> futures = new ArrayList<>();
        for (Map.Entry<String, List<Part<?>>> e : byRouter.entrySet()) {
            Runnable task = () -> {
                RouterLocks.Held lock;
                try {
                    lock = routerLocks.lock(e.getKey());
                } catch (RuntimeException unavailable) {
                    lockUnavailable(e.getKey(), e.getValue(), unavailable);
                    return;
                }
                try (lock) {
                    for (Part<?> p : e.getValue()) {
                        work.run(p);
                    }
                }
            };
            try {
                futures.add(pool.submit(task));
            } catch (RejectedExecutionException rejected) {
                // Closed: the tasks already submitted still run; wait for them before failing.
                awaitAll(futures);
                throw new IllegalStateException("the activator is closed", rejected);
            }
        }
        awaitAll(futures);
    }

    /**
     * The router's lock could not be taken: parts not yet started fail with nothing sent; parts
     * already done or failed keep their outcome, and their final state stays unknown.
     */
    static void lockUnavailable(String router, List<Part<?>> parts, RuntimeException cause) {
        LOG.error("router {}: its lock could not be taken; nothing sent to it", router, cause);
        for (Part<?> p : parts) {
            if (p.outcome == Part.Outcome.NOT_STARTED) {
                p.failure = new DriverException(router, "take the router's lock",
                        "the router's lock could not be taken: " + cause.getMessage(), cause);
                p.outcome = Part.Outcome.FAILED;
            }
        }
    }

    static void awaitAll(List<Future<?>> futures) {
        boolean interrupted = false;
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    // The work catches what drivers throw; anything here is an Error.
                    Throwable cause = e.getCause();
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException("router task failed", cause);
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
