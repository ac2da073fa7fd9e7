package org.crs.nsap.activation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

import org.crs.nsap.port.RouterLocks;

/**
 * Router locks within one process: a fair one-permit {@link Semaphore} per router name, so
 * waiting tasks take a router in the order they asked, and a lock may be released by another
 * thread than the one that took it. Not reentrant: a holder never asks for a router it holds.
 * Enough for a lone instance (and for HSQLDB, which one process owns); replicas sharing a
 * PostgreSQL database need the store's PostgreSQL router locks as well.
 */
public final class InProcessRouterLocks implements RouterLocks {

    private final Map<String, Semaphore> locks = new ConcurrentHashMap<>();

    @Override
    public Held lock(String router) {
        Semaphore lock = locks.computeIfAbsent(router, r -> new Semaphore(1, true));
        // Uninterruptibly, as the lock it replaces: a router task that was started runs to its end.
        lock.acquireUninterruptibly();
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                lock.release();
            }
        };
    }
}
