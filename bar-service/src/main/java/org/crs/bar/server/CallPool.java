package org.crs.bar.server;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a BAR makes its calls to its parts on, and runs the sweeps' work on, off the
 * callers' path: named after the BAR, and at stop given a while to finish what they are doing.
 */
final class CallPool {

    /** How long running calls may go on after the BAR is asked to stop. */
    private static final long FINISH_SECONDS = 10;

    private CallPool() {
    }

    /** A pool that grows with the calls under way, its threads named {@code <name>-calls-<n>}. */
    static ExecutorService start(String name) {
        return Executors.newCachedThreadPool(threads(name));
    }

    /** Lets running calls finish for a while, then stops them. */
    static void shutDown(ExecutorService calls) {
        calls.shutdown();
        try {
            if (!calls.awaitTermination(FINISH_SECONDS, TimeUnit.SECONDS)) {
                calls.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            calls.shutdownNow();
        }
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-calls-" + n.incrementAndGet());
            t.setDaemon(true);
            // Made from request threads, they would inherit the web application's class loader,
            // and Tomcat would warn at stop that the application left threads running.
            t.setContextClassLoader(CallPool.class.getClassLoader());
            return t;
        };
    }
}
