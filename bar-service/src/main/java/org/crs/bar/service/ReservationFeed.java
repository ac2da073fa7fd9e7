package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.Caller;
import org.crs.domain.access.ReservationAccess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every change of a reservation, as it is stored, told to whoever listens (the browsers' event
 * streams). It reads the store's changes rather than hooking the service's moves, so a change
 * made by another replica of the BAR, by the scheduler or by a peer reaches the listeners too.
 * It polls only while someone listens, every {@link #PERIOD}: a change is told within about that.
 */
public final class ReservationFeed implements AutoCloseable {

    /** How often the store is read while someone listens. */
    public static final Duration PERIOD = Duration.ofMillis(250);
    private static final int PAGE = 500;
    private static final Logger LOG = LoggerFactory.getLogger(ReservationFeed.class);

    /** Receives changed reservations; answers false when it has gone away and wants no more. */
    @FunctionalInterface
    public interface Listener {
        boolean changed(Reservation reservation);
    }

    /** A listener's registration; closing it stops the deliveries. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private final ReservationStore store;
    private final Clock clock;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, Instant> told = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller;
    private volatile Instant cursor;
    private ScheduledFuture<?> polling;

    public ReservationFeed(ReservationStore store, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.cursor = clock.instant();
        this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "reservation-feed");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Tells {@code listener} every change of a reservation {@code caller} may act on (its own, its
     * sharing groups', every one for operators), from now on, until the subscription is closed or
     * it answers false.
     */
    public Subscription subscribe(Caller caller, Listener listener) {
        return subscribe(r -> !ReservationAccess.mayAct(caller, r.owner(), r.group()) || listener.changed(r));
    }

    /** Tells {@code listener} every change from now on, until the subscription is closed or it answers false. */
    public synchronized Subscription subscribe(Listener listener) {
        if (listeners.isEmpty()) {
            cursor = clock.instant();
            told.clear();
            polling = poller.scheduleWithFixedDelay(this::pollSafely, PERIOD.toMillis(), PERIOD.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        listeners.add(listener);
        return () -> unsubscribe(listener);
    }

    private synchronized void unsubscribe(Listener listener) {
        if (listeners.remove(listener) && listeners.isEmpty() && polling != null) {
            polling.cancel(false);
            polling = null;
        }
    }

    /** How many listen now. */
    public int listeners() {
        return listeners.size();
    }

    private void pollSafely() {
        try {
            poll();
        } catch (RuntimeException e) {
            LOG.warn("Reading the changed reservations failed; trying again in {} ms", PERIOD.toMillis(), e);
        }
    }

    /** Reads what changed since the last read and tells each listener. */
    void poll() {
        Instant from = cursor;
        List<Reservation> changed = store.changedSince(from, PAGE);
        Instant newest = from;
        for (Reservation r : changed) {
            Instant before = told.get(r.requestId());
            if (before != null && !r.updatedAt().isAfter(before)) {
                continue; // told already: the read starts at the newest change it saw, inclusive
            }
            told.put(r.requestId(), r.updatedAt());
            for (Listener l : listeners) {
                if (!l.changed(r)) {
                    unsubscribe(l);
                }
            }
            if (r.updatedAt().isAfter(newest)) {
                newest = r.updatedAt();
            }
        }
        cursor = newest;
        Instant forget = newest.minusSeconds(60);
        told.values().removeIf(t -> t.isBefore(forget));
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
