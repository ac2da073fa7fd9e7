package org.crs.bar.notify;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiCallbackOutbox.Due;
import org.crs.bar.port.NsiCallbackTransport;
import org.crs.bar.port.NsiMessageBodies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the callbacks owed to NSI requesters from the outbox, as {@link Notifier} delivers
 * mails and webhooks: each due callback is claimed (leased, so another replica leaves it alone),
 * sent, and recorded; one the requester did not answer is tried again after a pause that doubles,
 * until its deadline ({@link NsiOutboxPolicy}); one it refused, or one past its deadline, is given
 * up, which keeps a messageDeliveryTimeout on its connection.
 *
 * <p>Two ways in. {@link #wake()}, which the stores call once a transaction owing callbacks has
 * committed, delivers at once: a requester gets its result within a round trip rather than at the
 * next sweep (with a one-second sweep alone an NSI reserve+commit waited about a second per
 * callback). Wakes are coalesced: one pass runs at a time, and a wake during a pass causes one
 * more. {@link #sweep()}, which the server runs from a service-runtime {@code Sweep}, is the
 * backstop: retries when they fall due, and callbacks another replica owed.
 *
 * <p>A pass delivers each connection's callbacks in order, one connection at a time per
 * connection, and different connections (and query answers) side by side on a small pool, so a
 * requester slow to answer holds up only its own callbacks. A connection already being delivered
 * is left to that delivery, which passes again when it ends. A connection's list stops at the
 * first callback not delivered: the rest wait for it, so a notification never overtakes the
 * result it follows.
 *
 * <p>At least once: a replica that crashes between a send and its record leaves the callback to
 * be sent again when its lease ends. A requester reads a repeated confirmation by its correlationId.
 */
public final class NsiCallbackSender implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NsiCallbackSender.class);
    private static final int BATCH = 100;
    /** Connections delivered side by side: each holds a thread for at most the transport's timeout. */
    public static final int PARALLEL = 4;
    /** How long {@link #close} waits for a pass reading the outbox. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final NsiCallbackOutbox outbox;
    private final NsiCallbackTransport transport;
    private final NsiMessageBodies bodies;
    private final NsiOutboxPolicy policy;
    private final Clock clock;
    private final AtomicBoolean sweeping = new AtomicBoolean();
    /** Wakes since the running pass began; 0 when none runs. */
    private final AtomicInteger wakes = new AtomicInteger();
    /** The connections (or query answers) whose callbacks are being delivered now. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    /** Those of {@link #inFlight} a pass found more due for: their delivery passes again when it ends. */
    private final Set<String> missed = ConcurrentHashMap.newKeySet();
    private final ExecutorService passes = Executors.newSingleThreadExecutor(daemons("nsi-callback-pass"));
    private final ExecutorService deliveries = Executors.newFixedThreadPool(PARALLEL, daemons("nsi-callback"));
    /** Set by {@link #close}: deliveries still queued then start no callback. */
    private volatile boolean closed;

    public NsiCallbackSender(NsiCallbackOutbox outbox, NsiCallbackTransport transport, NsiMessageBodies bodies,
                             NsiOutboxPolicy policy, Clock clock) {
        this.outbox = Objects.requireNonNull(outbox, "outbox");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.bodies = Objects.requireNonNull(bodies, "bodies");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Delivers what is due now, off the caller's thread: the caller (a store, after a commit
     * owing callbacks) does not wait. Coalesced with other wakes.
     */
    public void wake() {
        if (wakes.getAndIncrement() == 0) {
            try {
                passes.execute(this::passWhileWoken);
            } catch (RejectedExecutionException closed) {
                wakes.set(0);
                LOG.debug("NSI callback sender closed; the wake is left to another replica's sweep");
            }
        }
    }

    private void passWhileWoken() {
        int seen;
        do {
            seen = wakes.get();
            try {
                pass();
            } catch (RuntimeException e) {
                LOG.error("NSI callback pass failed; the next sweep tries again", e);
            }
        } while (!wakes.compareAndSet(seen, 0));
    }

    /**
     * One round: starts the delivery of what is due and returns without waiting for it, so a
     * requester slow to answer holds up neither the next round nor other connections' retries
     * (a connection still being delivered is left to that delivery). Rounds of one sender do not
     * overlap.
     */
    public void sweep() {
        if (!sweeping.compareAndSet(false, true)) {
            return;
        }
        try {
            pass();
        } catch (RuntimeException e) {
            LOG.error("NSI callback round failed; the next round tries again", e);
        } finally {
            sweeping.set(false);
        }
    }

    /** Sends what is due and waits for it. @return how many were delivered */
    public int deliverDue() {
        return pass().stream().mapToInt(CompletableFuture::join).sum();
    }

    /** Starts the delivery of what is due, each connection's in order. @return each delivery's count */
    private List<CompletableFuture<Integer>> pass() {
        if (closed) {
            return List.of();
        }
        Map<String, List<Due>> byConnection = new LinkedHashMap<>();
        for (Due d : outbox.due(clock.instant(), BATCH)) {
            byConnection.computeIfAbsent(d.connectionId().orElse("answer " + d.id()), k -> new ArrayList<>()).add(d);
        }
        List<CompletableFuture<Integer>> started = new ArrayList<>();
        for (Map.Entry<String, List<Due>> e : byConnection.entrySet()) {
            String key = e.getKey();
            if (!inFlight.add(key)) {
                missed.add(key);
                // its delivery may have ended between the two lines above, not seeing the mark
                if (!inFlight.contains(key) && missed.remove(key)) {
                    wake();
                }
                continue;
            }
            try {
                started.add(CompletableFuture.supplyAsync(() -> deliverInOrder(key, e.getValue()), deliveries));
            } catch (RejectedExecutionException closed) {
                inFlight.remove(key);
                break;
            }
        }
        return started;
    }

    private int deliverInOrder(String key, List<Due> due) {
        int delivered = 0;
        try {
            // the outbox reads by due time; a connection's callbacks go in the order they were owed
            for (Due d : due.stream().sorted(Comparator.comparingLong(Due::id)).toList()) {
                if (closed) {
                    break; // left unclaimed, due for the next start or another replica
                }
                Sent sent = deliver(d);
                if (sent == Sent.DELIVERED) {
                    delivered++;
                } else if (sent == Sent.LEFT) {
                    break; // the rest wait for it, so none overtakes it
                }
            }
        } catch (RuntimeException e) {
            LOG.error("NSI callbacks of {}: delivery failed; the next sweep tries again", key, e);
        } finally {
            inFlight.remove(key);
            // a pass made while this delivery ran did not see the connection's later callbacks
            // (the outbox holds them back behind the one under way), so one more pass looks
            if (missed.remove(key) || delivered > 0) {
                wake();
            }
        }
        return delivered;
    }

    /** What became of one callback a delivery took up. */
    private enum Sent {
        /** The requester took it. */
        DELIVERED,
        /** Given up (refused, or past its deadline): nothing more is owed for it. */
        GIVEN_UP,
        /** Still owed: to be tried again, or claimed by another replica. */
        LEFT
    }

    /** Claims and tries one callback, or gives it up past its deadline. */
    private Sent deliver(Due d) {
        Instant now = clock.instant();
        if (!now.isBefore(d.deadline())) {
            giveUp(d, now, "not delivered by its deadline " + d.deadline());
            return Sent.GIVEN_UP;
        }
        return outbox.claim(d, now.plus(policy.lease())) ? attempt(d) : Sent.LEFT;
    }

    /** One claimed attempt. */
    private Sent attempt(Due d) {
        int attempt = d.attempts() + 1;
        NsiCallbackTransport.Outcome outcome;
        try {
            outcome = transport.send(d.replyTo(), d.kind(), d.envelope());
        } catch (RuntimeException e) {
            outcome = new NsiCallbackTransport.Outcome.NoAnswer(e.toString());
        }
        Instant now = clock.instant();
        if (outcome instanceof NsiCallbackTransport.Outcome.Delivered) {
            outbox.delivered(d.id(), now);
            return Sent.DELIVERED;
        }
        if (outcome instanceof NsiCallbackTransport.Outcome.Refused r) {
            giveUp(d, now, "refused by the requester: " + r.reason());
            return Sent.GIVEN_UP;
        }
        String reason = ((NsiCallbackTransport.Outcome.NoAnswer) outcome).reason();
        NsiOutboxPolicy.Next next = policy.afterFailure(attempt, now, d.deadline());
        if (next instanceof NsiOutboxPolicy.Next.TryAgain again) {
            LOG.info("NSI {} {} to {} not delivered (attempt {}), trying again at {}: {}", d.kind().operation(),
                    d.correlationId(), d.replyTo(), attempt, again.at(), reason);
            outbox.failed(d.id(), again.at(), reason);
            return Sent.LEFT;
        }
        giveUp(d, now, "no answer by its deadline " + d.deadline() + " after " + attempt + " attempts: " + reason);
        return Sent.GIVEN_UP;
    }

    private void giveUp(Due d, Instant now, String why) {
        if (outbox.gaveUp(d, now, why, bodies)) {
            LOG.warn("gave up NSI {} {} to {}{}: {}", d.kind().operation(), d.correlationId(), d.replyTo(),
                    d.connectionId().map(c -> " of connection " + c).orElse(""), why);
        }
    }

    /**
     * Stops passing: what no delivery has started yet stays unclaimed in the outbox, due for the
     * next start or another replica. A pass already reading the outbox is let end (not
     * interrupted mid-read), for a few seconds at most; a delivery already sending ends its
     * current attempt (within the transport's timeout) and starts no other.
     */
    @Override
    public void close() {
        closed = true;
        passes.shutdown();
        deliveries.shutdown();
        try {
            if (!passes.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("NSI callback pass still running {} after close; left to end on its own", CLOSE_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemons(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
