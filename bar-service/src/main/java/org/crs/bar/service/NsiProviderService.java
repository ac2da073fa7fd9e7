package org.crs.bar.service;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

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
import org.crs.bar.nsi.topology.SiteStp;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.nsi.topology.StpResolution;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections;
import org.crs.bar.port.NsiConnections.Change;
import org.crs.bar.port.NsiConnections.ChangeOutcome;
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
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;
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
        this.changes = new NsiConnectionChanges(connections, messages, policy, clock);
        this.follower = new NsiFollower(changes, (int) Math.min(Integer.MAX_VALUE,
                settings.clientHold().toSeconds()));
    }

    /** This provider's NSA id. */
    public String providerNsa() {
        return stps.network().nsaId();
    }

    // ---- reservation ----

    /**
     * A reserve: checked, its connection created ReserveChecking, its id answered; the BAR books
     * it hold-only as the caller, and the connection owes reserveConfirmed (with the VLAN chosen on
     * each hand-off end) or reserveFailed.
     *
     * @throws NsiRefused refused before anything changed: not the caller's requester NSA
     *     ({@code 00302}), an STP not of this network or no such port ({@code 00701}), a label
     *     outside a hand-off's range ({@code 00704}), unidirectional ({@code 00706}), an ero,
     *     parameters or no end ({@code 00102}), a capacity over the port's ({@code 00705}), a
     *     modify ({@code 00103}); a hand-off label narrower than its range asks for its lowest VLAN
     */
    public String reserve(Caller caller, NsiRequestHeader header, NsiReserveRequest request) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        if (request.connectionId().isPresent()) {
            owned(account, header, request.connectionId().get());
            throw refused(NsiErrorId.NOT_IMPLEMENTED, "modify (a reserve naming connection "
                    + request.connectionId().get() + ") is not implemented by this provider");
        }
        if (request.directionality() != NsiDirectionality.BIDIRECTIONAL) {
            throw refused(NsiErrorId.DIRECTIONALITY_MISMATCH, "directionality: this provider's circuits are "
                    + NsiDirectionality.BIDIRECTIONAL.wireName() + " only, was " + request.directionality().wireName());
        }
        if (!request.ero().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "ero: this provider chooses the path itself and takes no"
                    + " explicit route");
        }
        if (!request.parameters().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "parameter: this provider takes no service parameters, was "
                    + String.join(", ", request.parameters()));
        }
        if (request.capacityMbps() < 1) {
            throw refused(NsiErrorId.PAYLOAD_ERROR, "capacity: at least 1 Mbit/s, was " + request.capacityMbps());
        }
        if (request.end().isEmpty()) {
            throw refused(NsiErrorId.UNSUPPORTED_PARAMETER, "endTime: this provider's reservations end; give an endTime");
        }
        Instant now = clock.instant();
        Instant start = request.start().filter(s -> s.isAfter(now)).orElse(now);
        Instant end = request.end().get();
        if (!end.isAfter(start)) {
            throw refused(NsiErrorId.PAYLOAD_ERROR, "endTime: " + end + " is not after the start " + start);
        }
        StpResolution.Found source = resolve(request.sourceStp(), "sourceSTP", request.capacityMbps());
        StpResolution.Found dest = resolve(request.destStp(), "destSTP", request.capacityMbps());
        String id = UUID.randomUUID().toString();
        NsiCriteria criteria = new NsiCriteria(Math.max(1, request.version().orElse(1)), start, Optional.of(end),
                request.capacityMbps(), asked(request.sourceStp(), source), asked(request.destStp(), dest),
                NsiDirectionality.BIDIRECTIONAL,
                request.serviceType().orElse(DEFAULT_SERVICE_TYPE));
        NsiConnection connection = new NsiConnection(id, header.requesterNsa(), providerNsa(),
                request.globalReservationId(), request.description(), header.replyTo(), REQUEST_ID_PREFIX + id, criteria,
                Optional.empty(), NsiStates.checking(), now, now, 1, 1);
        if (!changes.store().create(connection)) {
            throw refused(NsiErrorId.INTERNAL_ERROR, "connection " + id + " could not be created: one with its id exists");
        }
        ReservationRequest booking = new ReservationRequest(connection.requestId(), endpoint(source), endpoint(dest),
                request.capacityMbps(), new TimeInterval(start, end), request.description().orElse("NSI connection " + id),
                true, new Timing.Fixed(new TimeInterval(start, end), request.capacityMbps()), "",
                Provisioning.ON_PROVISION, vlanOf(source), vlanOf(dest));
        later("reserve " + id, () -> book(account, connection, booking, header.correlationId()));
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
        changes.change(connectionId, c -> c.states().reservation() != org.crs.domain.nsi.NsiReservationState.RESERVE_CHECKING
                ? Optional.empty()
                : Optional.of(follower.failed(changes.start(c), correlationId, why, NsiEvent.RESERVE_FAILED,
                        NsiMessageKind.RESERVE_FAILED)));
    }

    /** A reserveCommit: ReserveCommitting at once; the BAR commits; reserveCommitConfirmed or reserveCommitFailed. */
    public void reserveCommit(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.RESERVE_COMMIT);
        later("reserveCommit " + connectionId, () -> {
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
            if (r.isPresent() && r.get().state() == ReservationState.HELD) {
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
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.PROVISION);
        later("provision " + connectionId, () -> {
            try {
                reservations.provision(account, c.requestId());
            } catch (BadRequest e) {
                LOG.warn("NSI provision of {}: the BAR refused it: {}", connectionId, e.getMessage());
            }
            follow(connectionId, Optional.of(header.correlationId()));
        });
    }

    /** A release: Releasing at once; the BAR's reservation is released (taken down, kept); releaseConfirmed. */
    public void release(Caller caller, NsiRequestHeader header, String connectionId) throws NsiRefused {
        Caller.Account account = requester(caller, header);
        NsiConnection c = request(account, header, connectionId, NsiEvent.RELEASE);
        later("release " + connectionId, () -> {
            try {
                reservations.release(account, c.requestId());
            } catch (BadRequest e) {
                LOG.warn("NSI release of {}: the BAR refused it: {}", connectionId, e.getMessage());
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
        NsiConnection c = owned(account, header, connectionId);
        changes.replyTo(header.correlationId(), header.replyTo().map(String::valueOf));
        for (int i = 0; i < 20; i++) {
            NsiTransition t = c.next(event);
            if (t instanceof NsiTransition.Refused r) {
                throw new NsiRefused(NsiRefusal.of(r.errorId(), event.name().toLowerCase(java.util.Locale.ROOT)
                        + " refused: " + r.why() + " (states " + r.current() + ")").about(connectionId));
            }
            ChangeOutcome outcome = changes.store().change(Change.of(c, t.after(), clock.instant()));
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

    private StpResolution.Found resolve(String stpId, String element, long capacityMbps) throws NsiRefused {
        StpResolution resolution = stps.resolve(stpId);
        if (resolution instanceof StpResolution.Refused r) {
            throw refused(r.errorId(), element + ": " + r.text());
        }
        StpResolution.Found found = (StpResolution.Found) resolution;
        if (capacityMbps > found.port().capacityMbps()) {
            throw refused(NsiErrorId.CAPACITY_UNAVAILABLE, "capacity: " + capacityMbps + " Mbit/s is more than "
                    + found.port().stp().portId() + " carries (" + found.port().capacityMbps() + " Mbit/s)");
        }
        return found;
    }

    /**
     * The VLAN a hand-off end asks the campus for: the lowest of its label when the label narrows
     * the hand-off's range (the L-NSAP refuses it when taken), else 0 (any: the lowest free one).
     */
    private static int vlanOf(StpResolution.Found found) {
        if (found.port() instanceof SiteStp.HandOffStp handOff && found.vlans().isPresent()
                && !found.vlans().get().equals(VlanLabels.of(handOff.handOff().vlans()))) {
            return found.vlans().get().ranges().get(0).first();
        }
        return 0;
    }

    /**
     * An STP as the connection keeps it asked: on a hand-off, with the VLANs left to choose from
     * (the hand-off's range when the request gave no label), so the confirmation names the one taken.
     */
    private static String asked(String stpId, StpResolution.Found found) {
        Stp stp = Stp.parse(stpId);
        return found.vlans().map(v -> new Stp(stp.networkId(), stp.localId(), Optional.of(v)).toString()).orElse(stpId);
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
