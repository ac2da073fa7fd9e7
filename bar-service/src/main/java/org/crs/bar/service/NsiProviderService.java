/*
 * NsiProviderService stays one piece, a little over 500 lines: it is the NSI provider port's one
 * entry, one method per NSI operation, each a check, the move and the hand-off of the BAR's call.
 * The rooms with a concern of their own are apart already: NsiConnectionChanges, NsiFollower,
 * NsiModify, NsiReserveChecks.
 */
package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.crs.bar.nsi.NsiAwaited;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.nsi.NsiEvent;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiOutboxPolicy;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiRequestHeader;
import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.NsiReserveRequest;
import org.crs.bar.nsi.NsiStates;
import org.crs.bar.nsi.NsiTransition;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.nsi.topology.StpResolution;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.ChangeOutcome;
import org.crs.bar.port.NsiConnections.CriteriaChange;
import org.crs.bar.port.NsiConnections.Selection;
import org.crs.bar.port.NsiConnections.StoredMessage;
import org.crs.bar.port.NsiMessages;
import org.crs.bar.port.NsiOutgoing;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Timing;
import org.crs.domain.access.Caller;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This BAR as an NSI CS 2.0 provider (uPA) for its site (docs/nsi.md, "The provider"). Each
 * operation takes the signed-in caller and the request's header in the service's own terms; the
 * door ({@code api.nsi}) reads and writes the wire. A connection is one BAR reservation of the
 * caller's, booked hold-only and {@link Provisioning#ON_PROVISION}:
 * <ul>
 * <li>a request is checked and its connection moved at once (the answer the requester gets
 *     synchronously), then carried out on the BAR's call executor, and its result owed as the
 *     change that records it ({@link NsiFollower});</li>
 * <li>what the reservation does on its own (the hold lapsing, the circuit coming up or going
 *     down, its end, a failure) is found by {@link #follow()}, which compares every live
 *     connection with its reservation, so a change made while the BAR was down or on another
 *     replica is still told.</li>
 * </ul>
 * A requester acts as the NSA ids {@code nsi.requesters} maps to its account, and sees and acts
 * on only the connections of its NSA whose reservations are its account's: another's connection
 * is answered as one that does not exist ({@code 00203}).
 *
 * <p>It stays one piece, a little over 500 lines: it is the provider port's one entry, one method
 * per NSI operation, each a check, the move and the hand-off of the BAR's call; the rooms with
 * their own concern are apart already ({@link NsiConnectionChanges}, {@link NsiFollower},
 * {@code NsiModify}, {@code NsiReserveChecks}).
 */
public final class NsiProviderService {

    private static final Logger LOG = LoggerFactory.getLogger(NsiProviderService.class);
    /** How a connection's BAR reservation is named: this and the connection id. */
    static final String REQUEST_ID_PREFIX = "nsi-";
    /** The service type a reserve that names none is given. */
    public static final String DEFAULT_SERVICE_TYPE = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";
    /** How many live connections one round of {@link #follow()} compares. */
    static final int FOLLOW_BATCH = 500;

    private final ReservationService reservations;
    private final NsiConnectionChanges changes;
    private final NsiFollower follower;
    private final NsiCallbackOutbox outbox;
    private final SiteStps stps;
    private final NsiRequesters requesters;
    private final NsiMessages messages;
    private final NsiOutboxPolicy policy;
    private final Executor calls;
    private final Clock clock;
    /** The NSI hold timer: the BAR's client hold, for a first reserve's hold and a modify's alike. */
    private final Duration hold;
    private final NsiReserveChecks checks;
    private final NsiModify modifies;

    /**
     * @param settings the BAR's: its client hold is the NSI hold timer
     * @param calls where the BAR's own operations run after the requester is answered (the BAR's call executor)
     */
    public NsiProviderService(ReservationService reservations, NsiConnections connections, NsiCallbackOutbox outbox,
                              SiteStps stps, NsiRequesters requesters, NsiMessages messages, NsiOutboxPolicy policy,
                              BarSettings settings, Executor calls, Clock clock) {
        this.reservations = Objects.requireNonNull(reservations, "reservations");
        this.outbox = Objects.requireNonNull(outbox, "outbox");
        this.stps = Objects.requireNonNull(stps, "stps");
        this.requesters = Objects.requireNonNull(requesters, "requesters");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.calls = Objects.requireNonNull(calls, "calls");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.hold = settings.clientHold();
        this.changes = new NsiConnectionChanges(connections, messages, policy, clock);
        this.follower = new NsiFollower(changes, (int) Math.min(Integer.MAX_VALUE, hold.toSeconds()));
        this.checks = new NsiReserveChecks(stps);
        this.modifies = new NsiModify(reservations, changes, follower, hold);
    }

    /** This provider's NSA id. */
    public String providerNsa() {
        return stps.network().nsaId();
    }

    // ---- reservation ----

    /**
     * A reserve: checked, its connection created ReserveChecking, its id answered; the BAR books
     * it hold-only as the caller, and the connection owes reserveConfirmed (with the VLAN chosen on
     * each hand-off end) or reserveFailed. A reserve naming a connection is a modify ({@link #modify}).
     *
     * @throws NsiRefused refused before anything changed: not the caller's requester NSA
     *     ({@code 00302}), an STP not of this network or no such port ({@code 00701}), a label
     *     outside a hand-off's range ({@code 00704}), unidirectional ({@code 00706}), an ero,
     *     parameters or no end ({@code 00102}), a capacity over the port's ({@code 00705}); a
     *     hand-off label narrower than its range asks for its lowest VLAN
     */
    public String reserve(Caller caller, NsiRequestHeader header, NsiReserveRequest request) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        if (request.connectionId().isPresent()) {
            return modify(account, header, request);
        }
        checks.service(request);
        Instant now = clock.instant();
        Instant start = request.start().filter(s -> s.isAfter(now)).orElse(now);
        Instant end = request.end().get();
        if (!end.isAfter(start)) {
            throw refused(NsiErrorId.PAYLOAD_ERROR, "endTime: " + end + " is not after the start " + start);
        }
        StpResolution.Found source = checks.resolve(request.sourceStp(), "sourceSTP", request.capacityMbps());
        StpResolution.Found dest = checks.resolve(request.destStp(), "destSTP", request.capacityMbps());
        String id = UUID.randomUUID().toString();
        NsiCriteria criteria = new NsiCriteria(Math.max(1, request.version().orElse(1)), start, Optional.of(end),
                request.capacityMbps(), NsiReserveChecks.asked(request.sourceStp(), source),
                NsiReserveChecks.asked(request.destStp(), dest),
                NsiDirectionality.BIDIRECTIONAL,
                request.serviceType().orElse(DEFAULT_SERVICE_TYPE));
        NsiConnection connection = new NsiConnection(id, header.requesterNsa(), providerNsa(),
                request.globalReservationId(), request.description(), header.replyTo(), REQUEST_ID_PREFIX + id, criteria,
                Optional.empty(), NsiStates.checking(), now, now, 1, 1, Optional.empty(),
                NsiAwaited.none().with(NsiEvent.RESERVE, header.correlationId()));
        if (!changes.store().create(connection)) {
            throw refused(NsiErrorId.INTERNAL_ERROR, "connection " + id + " could not be created: one with its id exists");
        }
        ReservationRequest booking = new ReservationRequest(connection.requestId(), endpoint(source), endpoint(dest),
                request.capacityMbps(), new TimeInterval(start, end), request.description().orElse("NSI connection " + id),
                true, new Timing.Fixed(new TimeInterval(start, end), request.capacityMbps()), "",
                Provisioning.ON_PROVISION, NsiReserveChecks.vlanOf(source),
                NsiReserveChecks.vlanOf(dest));
        later("reserve " + id, () -> book(account, connection, booking, header.correlationId()));
        return id;
    }

    // ---- modify ----

    /**
     * A modify: a reserve naming a connection with committed criteria and a higher version, which
     * may change the capacity and the end ({@link NsiModify}). The connection moves
     * ReserveChecking at once, the asked criteria requested and the modify's deadline a client
     * hold from now; the BAR then holds the change at every part of the reservation.
     *
     * @throws NsiRefused refused before anything changed: no such connection of the requester
     *     ({@code 00203}); what {@link NsiModify#asked} refuses; what a reserve refuses of the
     *     service; a connection not in ReserveStart ({@code 00201})
     */
    private String modify(Caller.Account account, NsiRequestHeader header, NsiReserveRequest request)
            throws NsiRefused {
        String id = request.connectionId().orElseThrow();
        NsiCriteria asked = NsiModify.asked(owned(account, header, id), request);
        checks.service(request);
        checks.resolve(request.sourceStp(), "sourceSTP", request.capacityMbps());
        checks.resolve(request.destStp(), "destSTP", request.capacityMbps());
        NsiConnection checking = request(account, header, id, NsiEvent.MODIFY,
                new CriteriaChange.Requested(asked, Optional.of(clock.instant().plus(hold))));
        later("modify " + id, () -> modifies.hold(account, checking, asked, header.correlationId()));
        return id;
    }

    /** Books the connection's reservation and owes its result. */
    private void book(Caller.Account account, NsiConnection connection, ReservationRequest booking, String correlationId) {
        Reservation r;
        try {
            r = reservations.create(account, booking);
        } catch (BadRequest e) {
            fail(connection.connectionId(), correlationId, NsiRefusal.ofBar(e.refusal().code(), e.refusal().field() + ": "
                    + e.getMessage()));
            return;
        }
        follow(connection.connectionId(), r, Optional.of(correlationId));
    }

    /** reserveFailed for a reserve the BAR refused before it made a reservation. */
    private void fail(String connectionId, String correlationId, NsiRefusal why) {
        changes.change(connectionId, c -> c.states().reservation() != NsiReservationState.RESERVE_CHECKING
                ? Optional.empty()
                : Optional.of(follower.failed(changes.start(c), correlationId, why, NsiEvent.RESERVE_FAILED,
                        NsiMessageKind.RESERVE_FAILED)));
    }

    /** A reserveCommit: ReserveCommitting at once; the BAR commits; reserveCommitConfirmed or reserveCommitFailed. */
    public void reserveCommit(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.RESERVE_COMMIT);
        later("reserveCommit " + connectionId, () -> {
            if (c.modifying()) {
                if (modifies.commit(account, c, header.correlationId())) {
                    follow(connectionId, Optional.of(header.correlationId()));
                }
                return;
            }
            Optional<Reservation> r = reservations.find(c.requestId());
            if (r.isPresent() && r.get().state() == ReservationState.HELD) {
                try {
                    reservations.commit(account, c.requestId());
                } catch (BadRequest e) {
                    LOG.info("NSI reserveCommit of {}: the BAR refused the commit: {}", connectionId, e.getMessage());
                }
            }
            follow(connectionId, Optional.of(header.correlationId()));
        });
    }

    /** A reserveAbort: ReserveAborting at once; the BAR's hold is aborted; reserveAbortConfirmed. */
    public void reserveAbort(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.RESERVE_ABORT);
        later("reserveAbort " + connectionId, () -> {
            Optional<Reservation> r = reservations.find(c.requestId());
            if (c.modifying()) {
                modifies.abort(account, c, header.correlationId());
            } else if (r.isPresent() && r.get().state() == ReservationState.HELD) {
                try {
                    reservations.abort(account, c.requestId(), "NSI reserveAbort");
                } catch (BadRequest e) {
                    LOG.info("NSI reserveAbort of {}: the BAR refused the abort: {}", connectionId, e.getMessage());
                }
            }
            follow(connectionId, Optional.of(header.correlationId()));
        });
    }

    // ---- provisioning ----

    /** A provision: Provisioning at once; the BAR's reservation is provisioned; provisionConfirmed. */
    public void provision(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        provisioning(caller, header, connectionId, NsiEvent.PROVISION, NsiEvent.PROVISION_FAILED, reservations::provision);
    }

    /** A release: Releasing at once; the BAR's reservation is released (taken down, kept); releaseConfirmed. */
    public void release(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        provisioning(caller, header, connectionId, NsiEvent.RELEASE, NsiEvent.RELEASE_FAILED, reservations::release);
    }

    /** The BAR's provision or release of a reservation. */
    private interface BarCall {
        Reservation call(Caller caller, String requestId) throws BadRequest;
    }

    /**
     * A provision or release: the provision machine moved at once; the BAR's reservation
     * provisioned or released; confirmed when the BAR has done it ({@link NsiFollower}). A BAR that
     * refuses it after the acknowledgment (the reservation ended, or is not committed) moves the
     * machine back and owes the requester an {@code error} with the BAR's code.
     */
    private void provisioning(Caller caller, NsiRequestHeader header, String connectionId, NsiEvent event,
                              NsiEvent failed, BarCall bar) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, event);
        String what = event.name().toLowerCase(java.util.Locale.ROOT);
        later(what + " " + connectionId, () -> {
            try {
                bar.call(account, c.requestId());
            } catch (BadRequest e) {
                LOG.info("NSI {} of {}: the BAR refused it after the acknowledgment: {}", what, connectionId,
                        e.getMessage());
                NsiRefusal why = NsiRefusal.ofBar(e.refusal().code(), what + " refused: " + e.getMessage());
                changes.change(connectionId, now -> NsiConnectionChanges.then(changes.start(now), failed)
                        .map(ch -> changes.owe(ch, header.correlationId(), new NsiOutgoing.Error(connectionId, why,
                                now.providerNsa()))));
                return;
            }
            follow(connectionId, Optional.of(header.correlationId()));
        });
    }

    /**
     * A terminate: Terminating at once; the BAR's reservation is aborted (held) or cancelled (taken
     * down first when up), or left as it is when already final; terminateConfirmed.
     */
    public void terminate(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.TERMINATE);
        later("terminate " + connectionId, () -> {
            Optional<Reservation> r = reservations.find(c.requestId());
            try {
                if (r.isPresent() && r.get().state() == ReservationState.HELD) {
                    reservations.abort(account, c.requestId(), "NSI terminate");
                } else if (r.isPresent() && !r.get().state().isFinal()) {
                    reservations.cancel(account, c.requestId(), "NSI terminate");
                }
            } catch (BadRequest e) {
                LOG.warn("NSI terminate of {}: the BAR refused it: {}", connectionId, e.getMessage());
            }
            follow(connectionId, Optional.of(header.correlationId()));
        });
    }

    // ---- queries ----

    /** querySummarySync (and queryRecursiveSync's content): the requester's connections the selection names. */
    public List<NsiConnection> querySummarySync(Caller caller, NsiRequestHeader header, Selection selection)
            throws NsiRefused {
        Caller.Account account = requester(caller, header);
        return changes.store().ofRequester(header.requesterNsa(), selection).stream()
                .filter(c -> ownedBy(account, c)).toList();
    }

    /**
     * querySummary or queryRecursive (a uPA's connections have no children): the same answer as
     * querySummarySync, sent to the header's replyTo as {@code kind}.
     *
     * @throws NsiRefused also {@code 00101} when the request has no replyTo
     */
    public void querySummary(Caller caller, NsiRequestHeader header, Selection selection, NsiMessageKind kind)
            throws NsiRefused {
        List<NsiConnection> found = querySummarySync(caller, header, selection);
        answerLater(header, new NsiOutgoing.Summary(kind, found));
    }

    /**
     * queryNotificationSync or queryResultSync: a connection's notifications or results with ids
     * from {@code first} to {@code last}.
     */
    public List<StoredMessage> queryMessagesSync(Caller caller, NsiRequestHeader header, String connectionId,
                                                 NsiMessageKind.Family family, OptionalLong first, OptionalLong last)
            throws NsiRefused {
        Caller.Account account = requester(caller, header);
        owned(account, header, connectionId);
        return changes.store().messages(connectionId, family, first, last);
    }

    /** queryNotification or queryResult: the same answer, sent to the header's replyTo as {@code kind}. */
    public void queryMessages(Caller caller, NsiRequestHeader header, String connectionId, NsiMessageKind kind,
                              OptionalLong first, OptionalLong last) throws NsiRefused {
        NsiMessageKind.Family family = kind == NsiMessageKind.QUERY_RESULT_CONFIRMED ? NsiMessageKind.Family.RESULT
                : NsiMessageKind.Family.NOTIFICATION;
        List<StoredMessage> found = queryMessagesSync(caller, header, connectionId, family, first, last);
        answerLater(header, new NsiOutgoing.Stored(kind, found));
    }

    private void answerLater(NsiRequestHeader header, NsiOutgoing answer) throws NsiRefused {
        if (header.replyTo().isEmpty()) {
            throw refused(NsiErrorId.MISSING_PARAMETER, "replyTo: an asynchronous query's answer is sent to the"
                    + " header's replyTo, and there is none; ask with the operation's Sync form");
        }
        Instant now = clock.instant();
        String envelope = messages.write(header.requesterNsa(), providerNsa(), header.correlationId(), answer);
        outbox.add(answer.kind(), header.correlationId(), new NsiConnections.Callback(String.valueOf(header.replyTo().get()),
                envelope, policy.deadline(Optional.empty(), now)), now);
    }

    // ---- following the reservations ----

    /**
     * One round of following: every live connection compared with its BAR reservation, and moved
     * with the notifications and results it owes (a lapsed hold, the circuit up or down, the end,
     * a failure, a result whose request's work was cut short by a restart).
     *
     * @return how many connections changed
     */
    public int follow() {
        int changed = 0;
        for (NsiConnection c : changes.store().live(FOLLOW_BATCH)) {
            try {
                if (follow(c.connectionId(), Optional.empty()).isPresent()) {
                    changed++;
                }
            } catch (RuntimeException e) {
                LOG.warn("NSI connection {}: following its reservation failed; the next round tries again",
                        c.connectionId(), e);
            }
        }
        return changed;
    }

    private Optional<NsiConnection> follow(String connectionId, Optional<String> correlationId) {
        return changes.change(connectionId, c -> reservations.find(c.requestId())
                .flatMap(r -> follower.decide(c, r, correlationId)));
    }

    private void follow(String connectionId, Reservation r, Optional<String> correlationId) {
        changes.change(connectionId, c -> follower.decide(c, reservations.find(c.requestId()).orElse(r), correlationId));
    }

    // ---- checks ----

    /** The signed-in account, if it may act as the header's requester NSA toward this provider. */
    private Caller.Account requester(Caller caller, NsiRequestHeader header) throws NsiRefused {
        if (!(caller instanceof Caller.Account account) || !requesters.allows(account.name(), header.requesterNsa())) {
            throw refused(NsiErrorId.UNAUTHORIZED, "requesterNSA " + header.requesterNsa() + " is not one "
                    + caller.name() + " may act as (nsi.requesters)");
        }
        if (!header.providerNsa().equals(providerNsa())) {
            throw refused(NsiErrorId.PAYLOAD_ERROR, "providerNSA: this provider is " + providerNsa() + ", not "
                    + header.providerNsa());
        }
        return account;
    }

    /** The requester's connection; another's, or none, is answered alike: it does not exist. */
    private NsiConnection owned(Caller.Account account, NsiRequestHeader header, String connectionId)
            throws NsiRefused {
        Optional<NsiConnection> c = changes.store().find(connectionId)
                .filter(found -> found.requesterNsa().equals(header.requesterNsa()) && ownedBy(account, found));
        return c.orElseThrow(() -> new NsiRefused(NsiRefusal.of(NsiErrorId.RESERVATION_NONEXISTENT,
                "connectionId: requester " + header.requesterNsa() + " has no connection " + connectionId)
                .about(connectionId)));
    }

    private boolean ownedBy(Caller.Account account, NsiConnection c) {
        // A connection whose reservation is not made yet is its creator's: only its requester NSA names it.
        return reservations.find(c.requestId()).map(r -> r.owner().equals(account.name())).orElse(true);
    }

    /**
     * Moves the requester's connection by a request's {@code event}, or refuses it ({@code 00201}
     * with the states) with nothing changed.
     */
    private NsiConnection request(Caller.Account account, NsiRequestHeader header, String connectionId, NsiEvent event)
            throws NsiRefused {
        return request(account, header, connectionId, event, new CriteriaChange.Unchanged());
    }

    /** {@link #request} making {@code criteria}'s change with the move. */
    private NsiConnection request(Caller.Account account, NsiRequestHeader header, String connectionId, NsiEvent event,
                                  CriteriaChange criteria) throws NsiRefused {
        NsiConnection c = owned(account, header, connectionId);
        changes.replyTo(header);
        for (int i = 0; i < 20; i++) {
            NsiTransition t = c.next(event);
            if (t instanceof NsiTransition.Refused r) {
                throw new NsiRefused(NsiRefusal.of(r.errorId(), event.name().toLowerCase(java.util.Locale.ROOT)
                        + " refused: " + r.why() + " (states " + r.current() + ")").about(connectionId));
            }
            // The result that ends this move answers this request, whoever decides it (NsiFollower).
            // A terminate of a connection already Terminating leaves the first terminate's result to it.
            boolean again = event == NsiEvent.TERMINATE && c.states().lifecycle() == LifecycleState.TERMINATING
                    && c.awaited().lifecycle().isPresent();
            ChangeOutcome outcome = changes.store().change(Change.of(c, t.after(), clock.instant()).with(criteria)
                    .awaiting(again ? c.awaited() : c.awaited().with(event, header.correlationId())));
            if (outcome instanceof ChangeOutcome.Changed changed) {
                return changed.now();
            }
            if (!(outcome instanceof ChangeOutcome.LostRace lost)) {
                break;
            }
            c = lost.now();
        }
        throw refused(NsiErrorId.INTERNAL_ERROR, "connection " + connectionId + " kept changing; try again");
    }

    private Endpoint endpoint(StpResolution.Found found) {
        return new Endpoint(reservations.site().name(), found.endpoint());
    }

    private void later(String what, Runnable work) {
        try {
            calls.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    LOG.error("NSI {} failed after its acknowledgment; the follow sweep finishes it", what, e);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.warn("NSI {}: the BAR is stopping; the follow sweep finishes it after the restart", what);
        }
    }

    private static NsiRefused refused(NsiErrorId id, String text) {
        return new NsiRefused(NsiRefusal.of(id, text));
    }
}
