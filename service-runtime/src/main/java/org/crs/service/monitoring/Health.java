package org.crs.service.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A service's health: named checks (its database, its schedule, each router or provider it
 * depends on), run in parallel and each bounded in time, so that {@code /health} answers within
 * {@link #TIME_LIMIT} even when a router or the database does not answer. A check may keep its
 * result for a while ({@code cacheFor}): a probe of every router on every request would make
 * {@code /health} as dear as the routers are many. A check whose last run is still under way is
 * not started again; the report waits for it at most until its time limit.
 */
public final class Health implements AutoCloseable {

    /** The longest a report waits for its checks. */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(3);

    /**
     * The longest a failing result is kept, however long its check's results are kept otherwise:
     * what it depends on may be starting (the other site's BAR, started a moment after this one,
     * or both coming back after a crash), and a service reported DEGRADED for a whole
     * {@code cacheFor} after it came up would keep a load balancer or an operator waiting.
     */
    public static final Duration FAILING_KEPT_AT_MOST = Duration.ofSeconds(1);

    /** How well a check, or the whole service, is. */
    public enum Status {
        /** Working. */
        UP,
        /** Serving, but something it depends on (a router, a provider) cannot be reached. */
        DEGRADED,
        /** Not working: its database or its schedule. */
        DOWN;

        /** The worse of the two. */
        Status worst(Status other) {
            return other.ordinal() > ordinal() ? other : this;
        }
    }

    /** One check's answer: its status and a line for people (no secret). */
    public record Result(Status status, String detail) {
        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(detail, "detail");
        }

        public static Result up(String detail) {
            return new Result(Status.UP, detail);
        }
    }

    /** One check in a report. */
    public record Check(String name, Status status, String detail, Instant checkedAt) {
    }

    /** The service's health now: the worst of its checks, and each of them. */
    public record Report(String service, Status status, Instant at, List<Check> checks) {
        public Report {
            checks = List.copyOf(checks);
        }
    }

    private final String service;
    private final Clock clock;
    private final Map<String, Entry> checks = new LinkedHashMap<>();
    private final ExecutorService pool;

    public Health(String service, Clock clock) {
        this.service = Objects.requireNonNull(service, "service");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, service + "-health");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Adds a check.
     *
     * @param name what it checks, as the report names it ({@code database}, {@code router edge-a})
     * @param cacheFor how long its result is kept, a failing one at most {@link #FAILING_KEPT_AT_MOST};
     *     zero: run on every report
     * @param whenFailing the status it has when it throws or does not answer in time
     * @param check the check; it should bound its own time too (a connect timeout)
     */
    public synchronized void add(String name, Duration cacheFor, Status whenFailing, Supplier<Result> check) {
        Objects.requireNonNull(name, "name");
        if (checks.putIfAbsent(name, new Entry(cacheFor, whenFailing, check)) != null) {
            throw new IllegalArgumentException("two health checks named " + name);
        }
    }

    /** Runs (or takes from its cache) every check and reports them, within {@link #TIME_LIMIT}. */
    public Report report() {
        Map<String, Entry> now;
        synchronized (this) {
            now = new LinkedHashMap<>(checks);
        }
        Map<String, CompletableFuture<Timed>> running = new LinkedHashMap<>();
        now.forEach((name, entry) -> running.put(name, entry.current()));
        long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
        List<Check> out = new ArrayList<>();
        Status overall = Status.UP;
        for (Map.Entry<String, CompletableFuture<Timed>> e : running.entrySet()) {
            Entry entry = now.get(e.getKey());
            Timed timed;
            try {
                timed = e.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException late) {
                timed = new Timed(new Result(entry.whenFailing, "no answer within " + TIME_LIMIT.toSeconds() + " s"),
                        clock.instant());
            } catch (ExecutionException failed) {
                timed = new Timed(new Result(entry.whenFailing, String.valueOf(failed.getCause())), clock.instant());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                timed = new Timed(new Result(entry.whenFailing, "interrupted"), clock.instant());
            }
            out.add(new Check(e.getKey(), timed.result.status(), timed.result.detail(), timed.at));
            overall = overall.worst(timed.result.status());
        }
        return new Report(service, overall, clock.instant(), out);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    private record Timed(Result result, Instant at) {
    }

    private final class Entry {
        private final Duration cacheFor;
        private final Status whenFailing;
        private final Supplier<Result> check;
        private Timed last;
        private CompletableFuture<Timed> inFlight;

        Entry(Duration cacheFor, Status whenFailing, Supplier<Result> check) {
            this.cacheFor = Objects.requireNonNull(cacheFor, "cacheFor");
            this.whenFailing = Objects.requireNonNull(whenFailing, "whenFailing");
            this.check = Objects.requireNonNull(check, "check");
        }

        synchronized CompletableFuture<Timed> current() {
            if (last != null && clock.instant().isBefore(last.at.plus(kept(last.result)))) {
                return CompletableFuture.completedFuture(last);
            }
            if (inFlight == null) {
                CompletableFuture<Timed> run = CompletableFuture.supplyAsync(this::runOnce, pool);
                inFlight = run;
                run.whenComplete((timed, e) -> {
                    synchronized (this) {
                        last = timed;
                        inFlight = null;
                    }
                });
                return run;
            }
            return inFlight;
        }

        private Duration kept(Result result) {
            return result.status() == Status.UP || cacheFor.compareTo(FAILING_KEPT_AT_MOST) <= 0 ? cacheFor
                    : FAILING_KEPT_AT_MOST;
        }

        private Timed runOnce() {
            Result r;
            try {
                r = Objects.requireNonNull(check.get(), "result");
            } catch (RuntimeException e) {
                r = new Result(whenFailing, e.toString());
            }
            return new Timed(r, clock.instant());
        }
    }
}
