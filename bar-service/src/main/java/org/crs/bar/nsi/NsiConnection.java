package org.crs.bar.nsi;

import java.net.URI;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * One NSI connection this BAR provides, mapped to one BAR reservation.
 *
 * @param connectionId the id this provider gave it: a lower-case UUID
 * @param requesterNsa the NSA that asked for it; only it may act on or see the connection
 * @param providerNsa this BAR's NSA id
 * @param globalReservationId the requester's id for the whole circuit, when it gave one
 * @param description the requester's description, when it gave one
 * @param replyTo where its callbacks go; empty when the requester gave no address (it then
 *     polls with querySummarySync, queryResult and queryNotification)
 * @param requestId the BAR reservation it maps to
 * @param requested the criteria last asked for (the held ones during a reserve or modify)
 * @param committed the criteria last committed; empty while nothing was
 * @param states the three machines' states and the data plane
 * @param created when the first reserve arrived
 * @param updated when the connection last changed
 * @param nextResultId the resultId the next result gets (from 1)
 * @param nextNotificationId the notificationId the next notification gets (from 1)
 * @param modifyDeadline while a modify is checked or held: when its hold lapses (the BAR holds the
 *     change at its segments until then); empty otherwise
 * @param awaited the correlation ids of the requests whose results the machines owe
 */
public record NsiConnection(String connectionId, String requesterNsa, String providerNsa,
                            Optional<String> globalReservationId, Optional<String> description, Optional<URI> replyTo,
                            String requestId, NsiCriteria requested, Optional<NsiCriteria> committed, NsiStates states,
                            Instant created, Instant updated, long nextResultId, long nextNotificationId,
                            Optional<Instant> modifyDeadline, NsiAwaited awaited) {

    public NsiConnection {
        Objects.requireNonNull(connectionId, "connectionId");
        if (!connectionId.equals(UUID.fromString(connectionId).toString().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("a connection id is a lower-case UUID: " + connectionId);
        }
        Objects.requireNonNull(requesterNsa, "requesterNsa");
        Objects.requireNonNull(providerNsa, "providerNsa");
        globalReservationId = globalReservationId == null ? Optional.empty() : globalReservationId;
        description = description == null ? Optional.empty() : description;
        replyTo = replyTo == null ? Optional.empty() : replyTo;
        replyTo.ifPresent(NsiConnection::checkReplyTo);
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(requested, "requested");
        committed = committed == null ? Optional.empty() : committed;
        if (committed.isPresent() && committed.get().version() > requested.version()) {
            throw new IllegalArgumentException("committed version " + committed.get().version()
                    + " is above the requested " + requested.version());
        }
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(updated, "updated");
        if (nextResultId < 1 || nextNotificationId < 1) {
            throw new IllegalArgumentException("result and notification ids start at 1");
        }
        modifyDeadline = modifyDeadline == null ? Optional.empty() : modifyDeadline;
        awaited = awaited == null ? NsiAwaited.none() : awaited;
    }

    /**
     * A connection as a first reserve creates it: a new connection id, states
     * {@link NsiStates#checking()}, nothing committed, ids from 1, no request's correlation id kept.
     */
    public static NsiConnection reserved(String requesterNsa, String providerNsa, Optional<String> globalReservationId,
                                         Optional<String> description, Optional<URI> replyTo, String requestId,
                                         NsiCriteria criteria, Instant at) {
        return new NsiConnection(UUID.randomUUID().toString(), requesterNsa, providerNsa, globalReservationId,
                description, replyTo, requestId, criteria, Optional.empty(), NsiStates.checking(), at, at, 1, 1,
                Optional.empty(), NsiAwaited.none());
    }

    /** Where callbacks go: an absolute http or https URL. */
    private static void checkReplyTo(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new IllegalArgumentException("replyTo is an absolute http or https URL: " + uri);
        }
    }

    /** The version last committed; empty while nothing was. */
    public OptionalInt committedVersion() {
        return committed.map(c -> OptionalInt.of(c.version())).orElse(OptionalInt.empty());
    }

    /**
     * Whether a modify is under way: criteria were committed and a higher version is asked for
     * (from the modify's reserve until it is committed, aborted or failed).
     */
    public boolean modifying() {
        return committed.isPresent() && requested.version() > committed.get().version();
    }

    /** What {@code event} does to this connection's states. */
    public NsiTransition next(NsiEvent event) {
        return NsiTransitions.next(states, committedVersion(), event);
    }

    /**
     * Which event a reserve naming this connection is: a reserve while nothing was committed, a
     * modify once something was.
     */
    public NsiEvent reserveEvent() {
        return committed.isPresent() ? NsiEvent.MODIFY : NsiEvent.RESERVE;
    }

    /**
     * Whether a reserve naming this connection may ask for criteria {@code version}: only above
     * the committed version (any version from 1 while nothing was committed). A modify with a
     * version not above it is refused by the provider before anything changes.
     */
    public boolean acceptsVersion(int version) {
        return version > committedVersion().orElse(0);
    }

    /**
     * The criteria querySummary reports: the committed ones, or the requested ones while nothing
     * was committed.
     */
    public NsiCriteria current() {
        return committed.orElse(requested);
    }

    /** When the reservation ends, by the criteria querySummary reports; empty for an open end. */
    public Optional<Instant> end() {
        return current().end();
    }
}
