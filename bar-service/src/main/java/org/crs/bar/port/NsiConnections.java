package org.crs.bar.port;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import org.crs.bar.nsi.NsiAwaited;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiStates;

/**
 * The NSI connections this BAR provides, with their criteria, their results and notifications
 * (for queryResult and queryNotification) and the callbacks they owe (the outbox,
 * {@link NsiCallbackOutbox}). Every method is one transaction; a change is conditional.
 */
public interface NsiConnections {

    /**
     * Stores a new connection with its requested criteria.
     *
     * @return false when a connection with its id, or one for its BAR reservation, exists (nothing is written)
     */
    boolean create(NsiConnection connection);

    /** The connection with this id, whoever asked for it (the caller checks the requester). */
    Optional<NsiConnection> find(String connectionId);

    /** The connection that maps to this BAR reservation. */
    Optional<NsiConnection> findByRequestId(String requestId);

    /**
     * The requester's connections that {@code selection} names, oldest first: querySummary's
     * answer. Never another requester's, whatever ids are named; ids that name none are left out.
     */
    List<NsiConnection> ofRequester(String requesterNsa, Selection selection);

    /**
     * The connections not yet terminated, least recently changed first, at most {@code limit}: what
     * the provider compares with their BAR reservations to learn what happened to them.
     */
    List<NsiConnection> live(int limit);

    /**
     * Makes {@code change} if the connection is still as {@code change.read()} was read (its
     * states, its requested version and both message counters), in one transaction with the
     * messages and callbacks it owes: all of it or nothing.
     *
     * @throws IllegalArgumentException when the change's message ids do not follow the read's counters
     */
    ChangeOutcome change(Change change);

    /**
     * A connection's results or notifications with ids from {@code first} to {@code last} (both
     * included; empty: unbounded), in id order.
     *
     * @param family {@link NsiMessageKind.Family#RESULT} or {@link NsiMessageKind.Family#NOTIFICATION}
     */
    List<StoredMessage> messages(String connectionId, NsiMessageKind.Family family, OptionalLong first,
                                 OptionalLong last);

    /** Which of a requester's connections a query names: a choice of connection ids or global reservation ids. */
    sealed interface Selection {

        /** All of the requester's connections. */
        record All() implements Selection {
        }

        /** These connection ids (at least one). */
        record ConnectionIds(Set<String> ids) implements Selection {
            public ConnectionIds {
                ids = Set.copyOf(ids);
                if (ids.isEmpty()) {
                    throw new IllegalArgumentException("name at least one connection id, or select all");
                }
            }
        }

        /** These global reservation ids (at least one). */
        record GlobalReservationIds(Set<String> ids) implements Selection {
            public GlobalReservationIds {
                ids = Set.copyOf(ids);
                if (ids.isEmpty()) {
                    throw new IllegalArgumentException("name at least one global reservation id, or select all");
                }
            }
        }

        /**
         * As a query names them: connection ids, or global reservation ids, or neither (all).
         *
         * @throws IllegalArgumentException when both are given (the schema allows one choice)
         */
        static Selection of(List<String> connectionIds, List<String> globalReservationIds) {
            if (!connectionIds.isEmpty() && !globalReservationIds.isEmpty()) {
                throw new IllegalArgumentException("a query names connection ids or global reservation ids, not both");
            }
            return !connectionIds.isEmpty() ? new ConnectionIds(Set.copyOf(connectionIds))
                    : !globalReservationIds.isEmpty() ? new GlobalReservationIds(Set.copyOf(globalReservationIds))
                    : new All();
        }
    }

    /**
     * A conditional change of one connection.
     *
     * @param read the connection as the caller read it: the change is made only if it is still so
     * @param next the states after the change ({@code read.states()} when only messages are owed)
     * @param criteria what happens to the criteria versions
     * @param messages the results and notifications the change owes, in order, each with the id
     *     the read's counters give it ({@link #owe})
     * @param at when it happens
     * @param awaited the correlation ids of the requests whose results the machines owe after it
     *     ({@code read.awaited()} unless a request's move changes them)
     */
    record Change(NsiConnection read, NsiStates next, CriteriaChange criteria, List<Owed> messages, Instant at,
                  NsiAwaited awaited) {
        public Change {
            Objects.requireNonNull(read, "read");
            Objects.requireNonNull(next, "next");
            Objects.requireNonNull(criteria, "criteria");
            messages = List.copyOf(messages);
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(awaited, "awaited");
            long result = read.nextResultId();
            long notification = read.nextNotificationId();
            for (Owed o : messages) {
                long expected = switch (o.kind().family()) {
                    case RESULT -> result++;
                    case NOTIFICATION -> notification++;
                    case QUERY_ANSWER -> throw new IllegalArgumentException(o.kind() + " belongs to no connection");
                };
                if (o.id() != expected) {
                    throw new IllegalArgumentException(o.kind() + " has id " + o.id() + ", the next is " + expected);
                }
            }
            if (criteria instanceof CriteriaChange.Requested r && !read.acceptsVersion(r.criteria().version())) {
                throw new IllegalArgumentException("criteria version " + r.criteria().version()
                        + " is not above the committed " + read.committedVersion());
            }
        }

        /** A change that keeps the awaited correlation ids as read. */
        public Change(NsiConnection read, NsiStates next, CriteriaChange criteria, List<Owed> messages, Instant at) {
            this(read, next, criteria, messages, at, read.awaited());
        }

        /** A change of the states alone. */
        public static Change of(NsiConnection read, NsiStates next, Instant at) {
            return new Change(read, next, new CriteriaChange.Unchanged(), List.of(), at);
        }

        public Change with(CriteriaChange c) {
            return new Change(read, next, c, messages, at, awaited);
        }

        /** The change keeping {@code a} as the awaited correlation ids. */
        public Change awaiting(NsiAwaited a) {
            return new Change(read, next, criteria, messages, at, a);
        }

        /**
         * The change owing one more result or notification, numbered after those it owes already:
         * {@code body} is written by the caller with that id ({@link #nextId}).
         */
        public Change owe(NsiMessageKind kind, String correlationId, String body, Optional<Callback> callback) {
            List<Owed> more = new ArrayList<>(messages);
            more.add(new Owed(kind, nextId(kind.family()), correlationId, body, callback));
            return new Change(read, next, criteria, more, at, awaited);
        }

        /** The id the next owed message of {@code family} gets. */
        public long nextId(NsiMessageKind.Family family) {
            long owed = messages.stream().filter(m -> m.kind().family() == family).count();
            return switch (family) {
                case RESULT -> read.nextResultId() + owed;
                case NOTIFICATION -> read.nextNotificationId() + owed;
                case QUERY_ANSWER -> throw new IllegalArgumentException("a query's answer has no id of a connection");
            };
        }
    }

    /** What a change does to the criteria versions. */
    sealed interface CriteriaChange {

        /** Nothing. */
        record Unchanged() implements CriteriaChange {
        }

        /**
         * A reserve or modify asks for these criteria: they become the requested version (any
         * uncommitted version at or above theirs is replaced).
         *
         * @param modifyDeadline for a modify: when its hold lapses (the connection's
         *     {@link NsiConnection#modifyDeadline()}); empty for a first reserve
         */
        record Requested(NsiCriteria criteria, Optional<Instant> modifyDeadline) implements CriteriaChange {
            public Requested {
                Objects.requireNonNull(criteria, "criteria");
                Objects.requireNonNull(modifyDeadline, "modifyDeadline");
            }

            /** A first reserve's criteria. */
            public Requested(NsiCriteria criteria) {
                this(criteria, Optional.empty());
            }
        }

        /** The requested version is committed (and a modify's deadline cleared). */
        record Committed() implements CriteriaChange {
        }

        /**
         * The requested version is dropped (aborted, failed, lapsed): the committed one is
         * requested again, if any, and a modify's deadline cleared.
         */
        record Reverted() implements CriteriaChange {
        }
    }

    /**
     * A result or notification a change owes.
     *
     * @param id its resultId or notificationId
     * @param correlationId the correlationId of the callback carrying it (a result's is its request's)
     * @param body the message element as the wire layer wrote it (queryResult and queryNotification return it)
     * @param callback the envelope to deliver; empty when the connection has no replyTo
     */
    record Owed(NsiMessageKind kind, long id, String correlationId, String body, Optional<Callback> callback) {
        public Owed {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(correlationId, "correlationId");
            Objects.requireNonNull(body, "body");
            callback = callback == null ? Optional.empty() : callback;
        }
    }

    /**
     * A SOAP envelope owed to a requester.
     *
     * @param replyTo the requester's URL
     * @param envelope the whole SOAP envelope, header and body, as the wire layer wrote it
     * @param deadline until when it is tried ({@code NsiOutboxPolicy#deadline})
     */
    record Callback(String replyTo, String envelope, Instant deadline) {
        public Callback {
            Objects.requireNonNull(replyTo, "replyTo");
            Objects.requireNonNull(envelope, "envelope");
            Objects.requireNonNull(deadline, "deadline");
        }
    }

    /** What a conditional change did. */
    sealed interface ChangeOutcome {

        /** Made: the connection as it is now. */
        record Changed(NsiConnection now) implements ChangeOutcome {
        }

        /** Not made: another change came first; the connection as it is now, to decide again from. */
        record LostRace(NsiConnection now) implements ChangeOutcome {
        }

        /** Not made: there is no such connection. */
        record NotFound(String connectionId) implements ChangeOutcome {
        }
    }

    /** A stored result or notification. */
    record StoredMessage(NsiMessageKind kind, long id, String correlationId, String body, Instant at) {
    }
}
