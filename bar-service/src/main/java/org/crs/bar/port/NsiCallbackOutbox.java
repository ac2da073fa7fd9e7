package org.crs.bar.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiConnections.Callback;

/**
 * The callbacks owed to NSI requesters, kept until delivered or given up, leased one attempt at a
 * time as the notification outbox's deliveries are, so that two replicas never send one at once.
 * Callbacks of a connection are written by {@link NsiConnections#change}; a query's answer by
 * {@link #add}. Every method is one transaction.
 */
public interface NsiCallbackOutbox {

    /** Keeps a query's answer to deliver, due at once. */
    void add(NsiMessageKind kind, String correlationId, Callback callback, Instant at);

    /** Callbacks neither delivered nor given up whose next attempt is due at {@code now}, soonest first. */
    List<Due> due(Instant now, int limit);

    /**
     * Takes a callback's next attempt, if its next attempt is still {@code due.nextAttemptAt()}:
     * leases it until {@code leaseUntil} and counts the attempt.
     *
     * @return whether this caller got it
     */
    boolean claim(Due due, Instant leaseUntil);

    /** The requester took it. */
    void delivered(long id, Instant at);

    /** It was not delivered; try again at {@code next}. */
    void failed(long id, Instant next, String error);

    /**
     * It is given up. When it belongs to a connection, the connection also gets a
     * messageDeliveryTimeout notification (its next notificationId, {@code bodies} writing it),
     * for a requester that asks with queryNotification; it is not sent, since the requester's
     * only address is the one that did not take the message.
     *
     * @return whether this caller gave it up (false: it was delivered or given up already)
     */
    boolean gaveUp(Due due, Instant at, String error, NsiMessageBodies bodies);

    /** A connection's callbacks, oldest first, for operators and tests. */
    List<Delivery> of(String connectionId);

    /**
     * A callback to try now, the {@code attempts}+1st time.
     *
     * @param connectionId its connection; empty for a query's answer
     */
    record Due(long id, Optional<String> connectionId, NsiMessageKind kind, String correlationId, String replyTo,
               String envelope, Instant deadline, int attempts, Instant nextAttemptAt) {
    }

    /**
     * A callback and how far it got.
     *
     * @param deliveredAt when it was delivered; empty while it is not
     * @param gaveUpAt when it was given up; empty while it is not
     * @param lastError why its last attempt failed; empty when none did
     */
    record Delivery(long id, NsiMessageKind kind, String correlationId, String replyTo, int attempts,
                  Optional<Instant> deliveredAt, Optional<Instant> gaveUpAt, Optional<String> lastError) {
    }
}
