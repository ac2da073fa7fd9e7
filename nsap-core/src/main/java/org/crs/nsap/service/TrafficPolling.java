package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.traffic.CounterReading;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficRetention;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.CounterReader;
import org.crs.nsap.port.TrafficStore;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures what every ACTIVE segment carries. Each {@linkplain #poll() cycle} reads the
 * counters of the polled interface ({@link TrafficPorts}) of every part of every ACTIVE
 * segment, all the interfaces of one router together ({@link CounterReader}), routers in
 * parallel on a bounded pool; it turns each reading and the one before it into rates
 * ({@link TrafficRate#between}: counter wraps and router restarts handled) and stores one rate
 * per segment ({@link TrafficStore#addRates}). A segment's bit rates are those of its first
 * part (where its traffic enters from its source); its errors and discards are the sums over
 * its parts. The first cycle that sees a segment stores nothing for it: a rate needs two
 * readings. Every {@link TrafficRetention#MEDIUM} a cycle also makes old rows coarser
 * ({@link TrafficStore#coarsen}), with or without ACTIVE segments. A router that cannot be
 * read is skipped (and logged); its interfaces' last readings are kept, so its next good cycle
 * stores the mean over the time it was not read.
 *
 * <p>Thread-safe; one cycle runs at a time (a sweep calls {@link #poll()} every interval).
 */
public final class TrafficPolling implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TrafficPolling.class);

    /** Default routers read at once. */
    public static final int DEFAULT_THREADS = 8;

    /**
     * One cycle's outcome.
     *
     * @param segments ACTIVE segments seen
     * @param routers routers read
     * @param interfaces interfaces read
     * @param stored rates stored (segments with a reading before)
     * @param failedRouters routers that could not be read, with why
     * @param took how long the cycle took
     */
    public record Cycle(int segments, int routers, int interfaces, int stored, Map<String, String> failedRouters,
                        Duration took) {
    }

    private record Polled(String router, String iface) {
    }

    private final BookingStore bookings;
    private final TrafficStore store;
    private final CounterReader reader;
    private final TrafficPorts ports;
    private final Duration interval;
    private final TrafficRetention retention;
    private final Clock clock;
    private final ExecutorService pool;
    private final Map<Polled, CounterReading> last = new ConcurrentHashMap<>();
    private Instant lastCoarsened = Instant.MIN;

    /**
     * @param interval the polling interval: the resolution of the rates stored
     * @param threads how many routers are read at once
     */
    public TrafficPolling(BookingStore bookings, TrafficStore store, CounterReader reader, TrafficPorts ports,
                          Duration interval, TrafficRetention retention, int threads, Clock clock) {
        this.bookings = Objects.requireNonNull(bookings, "bookings");
        this.store = Objects.requireNonNull(store, "store");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.ports = Objects.requireNonNull(ports, "ports");
        this.interval = Objects.requireNonNull(interval, "interval");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive, was " + interval);
        }
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "traffic-poll");
            t.setDaemon(true);
            return t;
        });
    }

    /** The polling interval. */
    public Duration interval() {
        return interval;
    }

    /** Runs one cycle: reads every ACTIVE segment's counters and stores its rates. */
    public synchronized Cycle poll() {
        long started = System.nanoTime();
        List<Segment> active = bookings.query(List.of(SegmentState.ACTIVE), null);
        Map<String, List<Polled>> bySegment = new LinkedHashMap<>();
        Map<String, Set<String>> byRouter = new TreeMap<>();
        for (Segment s : active) {
            List<Polled> polled = new ArrayList<>();
            for (RouterPart part : s.plan().routerParts()) {
                Polled p = new Polled(part.router(), ports.interfaceOf(part, s.circuitId()));
                polled.add(p);
                byRouter.computeIfAbsent(p.router(), r -> new LinkedHashSet<>()).add(p.iface());
            }
            bySegment.put(s.bookingId(), polled);
        }
        Map<String, Future<Map<String, CounterReading>>> reads = new LinkedHashMap<>();
        byRouter.forEach((router, ifaces) -> reads.put(router, pool.submit(() -> reader.read(router, ifaces))));
        Map<Polled, CounterReading> now = new HashMap<>();
        Map<String, String> failed = new TreeMap<>();
        int interfaces = 0;
        for (var e : reads.entrySet()) {
            try {
                Map<String, CounterReading> got = e.getValue().get();
                interfaces += got.size();
                got.forEach((iface, reading) -> now.put(new Polled(e.getKey(), iface), reading));
            } catch (ExecutionException ex) {
                failed.put(e.getKey(), String.valueOf(ex.getCause().getMessage()));
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                failed.put(e.getKey(), "interrupted");
            }
        }
        Map<String, TrafficRate> rates = new LinkedHashMap<>();
        bySegment.forEach((bookingId, polled) -> rateOf(polled, now).ifPresent(r -> rates.put(bookingId, r)));
        // Readings of interfaces no longer polled are forgotten, so memory follows the ACTIVE segments.
        last.keySet().retainAll(bySegment.values().stream().flatMap(List::stream).collect(Collectors.toSet()));
        last.putAll(now);
        if (!rates.isEmpty()) {
            store.addRates(rates, interval);
        }
        Instant at = clock.instant();
        if (!at.isBefore(lastCoarsened.plus(TrafficRetention.MEDIUM))) {
            lastCoarsened = at;
            store.coarsen(retention, at);
        }
        if (!failed.isEmpty()) {
            LOG.warn("traffic polling: routers not read: {}", failed);
        }
        return new Cycle(active.size(), byRouter.size(), interfaces, rates.size(), failed,
                Duration.ofNanos(System.nanoTime() - started));
    }

    // The segment's rate: bit rates of its first part, errors and discards summed over all its parts.
    private Optional<TrafficRate> rateOf(List<Polled> polled, Map<Polled, CounterReading> now) {
        TrafficRate first = null;
        double errors = 0;
        double discards = 0;
        for (Polled p : polled) {
            CounterReading before = last.get(p);
            CounterReading after = now.get(p);
            if (before == null || after == null) {
                return Optional.empty();
            }
            Optional<TrafficRate> r = TrafficRate.between(before, after);
            if (r.isEmpty()) {
                return Optional.empty();
            }
            if (first == null) {
                first = r.get();
            }
            errors += r.get().errorsPerSecond();
            discards += r.get().discardsPerSecond();
        }
        if (first == null) {
            return Optional.empty();
        }
        return Optional.of(new TrafficRate(first.from(), first.to(), first.inBitsPerSecond(), first.outBitsPerSecond(),
                errors, discards));
    }

    /** Stops the reading threads. */
    @Override
    public void close() {
        pool.shutdownNow();
    }
}
