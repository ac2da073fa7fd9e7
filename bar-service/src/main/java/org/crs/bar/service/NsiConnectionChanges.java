package org.crs.bar.service;

import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.nsi.NsiRequestHeader;
import org.crs.bar.nsi.NsiTransition;
import org.crs.bar.nsi.NsiTransitions;
import org.crs.bar.port.NsiConnections;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.ChangeOutcome;
import org.crs.bar.port.NsiMessages;
import org.crs.bar.port.NsiOutgoing;

/**
 * How the NSI provider changes a connection: conditionally ({@link NsiConnections#change}),
 * deciding again from the connection as it is now when another change came first, with every
 * message the change owes written by the wire layer ({@link NsiMessages}) and, when the
 * connection has a replyTo, owed as a callback in the same transaction.
 */
final class NsiConnectionChanges {

    /** How many lost races one change tolerates before it gives up (each loser reads and decides again). */
    private static final int ATTEMPTS = 20;

    /** How many requests' replyTo addresses are kept at most (the oldest forgotten first). */
    private static final int REPLY_TOS_KEPT = 10_000;

    private final NsiConnections connections;
    private final NsiMessages messages;
    private final NsiOutboxPolicy policy;
    private final Clock clock;
    /**
     * The replyTo of each request by its requester and correlation id, where that request's
     * result goes (a requester naming another's correlation id sets only its own entry): onsa,
     * OpenNSA's command-line requester, listens on a new address for every command, and OpenNSA
     * itself sends a result to its request's replyTo. Kept in memory only (the correlation id a
     * result carries is kept with the connection, schema/bar V19): a result owed after a restart,
     * or decided on another replica, goes to the connection's replyTo.
     */
    private final Map<Asked, String> replyTos = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Asked, String> eldest) {
            return size() > REPLY_TOS_KEPT;
        }
    });

    /** A request, by who sent it and its correlation id. */
    private record Asked(String requesterNsa, String correlationId) {
    }

    NsiConnectionChanges(NsiConnections connections, NsiMessages messages, NsiOutboxPolicy policy, Clock clock) {
        this.connections = connections;
        this.messages = messages;
        this.policy = policy;
        this.clock = clock;
    }

    NsiConnections store() {
        return connections;
    }

    Clock clock() {
        return clock;
    }

    /** A fresh correlation id, for a notification or a result no request is waiting for. */
    static String newCorrelationId() {
        return "urn:uuid:" + UUID.randomUUID();
    }

    /**
     * Makes the change {@code decide} makes of the connection as it is now; when another change
     * came first, decides again from what that one left. Empty when there is no such connection
     * or {@code decide} finds nothing to change.
     */
    Optional<NsiConnection> change(String connectionId, Function<NsiConnection, Optional<Change>> decide) {
        Optional<NsiConnection> read = connections.find(connectionId);
        for (int i = 0; i < ATTEMPTS && read.isPresent(); i++) {
            Optional<Change> change = decide.apply(read.get());
            if (change.isEmpty()) {
                return Optional.empty();
            }
            ChangeOutcome outcome = connections.change(change.get());
            if (outcome instanceof ChangeOutcome.Changed changed) {
                return Optional.of(changed.now());
            }
            if (outcome instanceof ChangeOutcome.LostRace lost) {
                read = Optional.of(lost.now());
                continue;
            }
            return Optional.empty();
        }
        if (read.isPresent()) {
            throw new IllegalStateException("connection " + connectionId + " changed under every one of " + ATTEMPTS
                    + " attempts to change it");
        }
        return Optional.empty();
    }

    /** A change of {@code c} to nothing new yet, at now. */
    Change start(NsiConnection c) {
        return Change.of(c, c.states(), clock.instant());
    }

    /**
     * {@code change} with {@code event} applied to the states it leads to, when the machines allow
     * it; empty when they do not.
     */
    static Optional<Change> then(Change change, NsiEvent event) {
        NsiTransition t = NsiTransitions.next(change.next(), change.read().committedVersion(), event);
        if (t instanceof NsiTransition.Refused) {
            return Optional.empty();
        }
        return Optional.of(new Change(change.read(), t.after(), change.criteria(), change.messages(), change.at(),
                change.awaited()));
    }

    /** The request {@code header} heads asked for its result at its replyTo (none: the connection's). */
    void replyTo(NsiRequestHeader header) {
        header.replyTo().map(String::valueOf).ifPresent(uri -> replyTos.put(
                new Asked(header.requesterNsa(), header.correlationId()), uri));
    }

    /**
     * {@code change} owing {@code message}, written with {@code correlationId}, and sent, until the
     * deadline the outbox policy gives it, to the replyTo of the request it is the result of, else
     * to the connection's replyTo when it has one.
     */
    Change owe(Change change, String correlationId, NsiOutgoing message) {
        NsiConnection c = change.read();
        String envelope = messages.write(c.requesterNsa(), c.providerNsa(), correlationId, message);
        Optional<String> own = c.replyTo().map(String::valueOf);
        Optional<String> to = message.kind().family() == NsiMessageKind.Family.RESULT
                ? Optional.ofNullable(replyTos.get(new Asked(c.requesterNsa(), correlationId))).or(() -> own) : own;
        Optional<NsiConnections.Callback> callback = to.map(uri -> new NsiConnections.Callback(uri, envelope,
                policy.deadline(c.end(), change.at())));
        return change.owe(message.kind(), correlationId, envelope, callback);
    }

    /** The notification id the next notification {@code change} owes gets. */
    static long nextNotificationId(Change change) {
        return change.nextId(NsiMessageKind.Family.NOTIFICATION);
    }
}
