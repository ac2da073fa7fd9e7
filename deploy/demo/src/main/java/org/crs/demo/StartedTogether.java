package org.crs.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** Services of a federation started side by side, each on a thread of its own ({@link Federation}). */
final class StartedTogether {

    private StartedTogether() {
    }

    /**
     * Runs {@code starts} at once and returns what they started, in their order, once all have
     * ended. The first failure is thrown once all have ended, the others added to it as
     * suppressed, so that the caller then stops every service that did start.
     *
     * @param what names the threads ({@code federation-start-WHAT-N})
     */
    static <T> List<T> run(String what, List<Callable<T>> starts) throws Exception {
        AtomicInteger n = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(starts.size(),
                r -> new Thread(r, "federation-start-" + what + "-" + n.incrementAndGet()));
        try {
            List<Future<T>> futures = threads.invokeAll(starts);
            List<T> out = new ArrayList<>();
            Exception failure = null;
            for (Future<T> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    Exception cause = e.getCause() instanceof Exception x ? x : e;
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
            return out;
        } finally {
            threads.shutdown();
        }
    }
}
