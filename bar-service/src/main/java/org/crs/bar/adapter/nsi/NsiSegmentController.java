/*
 * NsiSegmentController stays one piece, about 600 lines: it is one SegmentController, each of its
 * operations (hold, commit, abort, activate, deactivate, suspend, status, modify) mapped onto the
 * NSI requests that carry it out and the results awaited for them, which share the one booking's
 * far state. What stands apart is apart already: ProviderCalls (the wire and the waiting),
 * FarSegmentStates (the far state as this BAR's), FarPortLabels (the far topology's labels).
 */
package org.crs.bar.adapter.nsi;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;

import org.crs.bar.port.FarConnections;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsi.contract.client.NsiReply;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.RequesterMessage;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.SummaryCriteria;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link SegmentController} for the part of a circuit that lies in another network: it books
 * that part from the network's NSI CS 2.0 provider as this BAR's requester. The part runs from
 * the far end of this campus's hand-off port (its {@code alias} STP) to a port of that network
 * ({@code <network id>:<port>}, labelled with the port's VLANs when the network's topology gives
 * it some: {@link FarPortLabels}).
 *
 * <p>The calls and what goes on the wire (each request with a fresh correlation id, registered
 * before it is sent so that a result that overtakes the request's acknowledgment is taken; each
 * result awaited on this BAR's requester port for {@link FarProvider#resultWait}, then asked for
 * with {@code querySummarySync} every such pause until {@link FarProvider#callTimeout}):
 * <ul>
 * <li>hold: {@code reserve} (criteria version 1, the segment's interval as the schedule, the
 *     hand-off's whole VLAN range as the source label: the provider chooses one, OpenNSA-style),
 *     the provider's connection id kept ({@link FarConnections}) as soon as its
 *     {@code reserveResponse} names it; {@code reserveConfirmed} is HELD with the VLAN it chose as
 *     the source VLAN; {@code reserveFailed} or a fault is {@link RefusalCode#FAR_NETWORK_REFUSED}
 *     with the NSI error id and text. The hold's duration is not sent: NSI has none, the
 *     provider's own hold timer applies (120 s in the AutoGOLE), longer than a negotiation's;</li>
 * <li>commit: {@code reserveCommit} (COMMITTED on {@code reserveCommitConfirmed});</li>
 * <li>abort: {@code reserveAbort} of a held connection, then {@code terminate} (ABORTED);</li>
 * <li>activate: {@code provision}, then the data plane awaited ({@code dataPlaneStateChange}
 *     active, or querySummarySync) for {@link FarProvider#activationTimeout}: ACTIVE, or
 *     ACTIVATING when it is not up yet (the BAR asks again until its activation deadline);</li>
 * <li>deactivate, at the end or on a cancel: {@code release} of a provisioned connection, then
 *     {@code terminate} (RELEASED);</li>
 * <li>suspend, when the reservation is released and kept: {@code release} of a provisioned
 *     connection (COMMITTED; a later activate provisions it again);</li>
 * <li>status: {@code querySummarySync}, its states mapped onto the segment's ({@link FarSegmentStates#of}).
 *     An {@code errorEvent}, or the data plane going down while the part is up and not being
 *     released, tells the BAR ({@code partFailed}) so that its reconciliation asks at once; the
 *     part is FAILED when the provider's states bear it out (lifecycle Failed, or provisioned
 *     with the data plane down);</li>
 * <li>modify: {@code reserve} naming the connection with the committed version + 1, the new end
 *     and capacity (HELD on {@code reserveConfirmed}); commitModify {@code reserveCommit},
 *     abortModify {@code reserveAbort}. A provider that does not implement modify (OpenNSA:
 *     {@code 00103}) refuses it with {@link RefusalCode#FAR_NETWORK_REFUSED}.</li>
 * </ul>
 * A provider that does not answer is {@code TIMEOUT} or {@code PROVIDER_SILENT}, as any part;
 * every call may be repeated with the same booking id.
 *
 * <p>One class of more than 500 lines: it is the one table from the BAR's segment calls to NSI
 * messages on one connection, and every call shares what was learnt of that connection (the
 * VLAN it took, what notifications said, whether a modify runs on it); the wire itself is
 * {@link ProviderCalls}, the states' reading {@link FarSegmentStates}.
 */
public final class NsiSegmentController implements SegmentController {

    private static final Logger LOG = LoggerFactory.getLogger(NsiSegmentController.class);
    /** The service type this BAR asks for: the AutoGOLE's Ethernet VLAN transfer service. */
    public static final String EVTS = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";

    private final FarProvider provider;
    private final ProviderCalls calls;
    private final FarConnections connections;
    private final FarPortLabels farPorts;
    private final Runnable partFailed;
    private final Clock clock;
    /** The VLAN each booking's connection took at the hand-off, as its confirmation or a query said. */
    private final Map<String, Integer> vlans = new ConcurrentHashMap<>();
    /**
     * The bookings whose far part has a modify under way (from its reserve to its commit or
     * abort): their reservation machine tells of the modify, the booking itself stays committed.
     */
    private final Map<String, Integer> modifying = new ConcurrentHashMap<>();
    /** What notifications told of each connection since this BAR started. */
    private final Map<String, Watch> watched = new ConcurrentHashMap<>();

    /** What this BAR learnt of one connection from notifications. */
    private static final class Watch {
        volatile boolean up;
        volatile boolean expectedUp;
        volatile boolean releasing;
        volatile String failure;
    }

    /**
     * @param requesterNsa this BAR's NSA id
     * @param replyTo this BAR's requester port, where the provider sends results (known once the BAR listens)
     * @param tls for an {@code https} provider: this BAR's certificate and the authorities trusted; null for the JVM's
     * @param partFailed told when a notification says the part failed (the BAR's reconciliation)
     */
    public NsiSegmentController(FarProvider provider, String requesterNsa, Supplier<URI> replyTo, SSLContext tls,
                                RequesterCallbacks callbacks, FarConnections connections, Runnable partFailed, Clock clock) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.connections = Objects.requireNonNull(connections, "connections");
        this.partFailed = Objects.requireNonNull(partFailed, "partFailed");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.calls = new ProviderCalls(provider, requesterNsa, replyTo, tls, callbacks, clock);
        this.farPorts = FarPortLabels.of(provider, tls, clock);
        callbacks.listen(provider.nsa(), this::take);
    }

    @Override
    public String name() {
        return provider.controllerName();
    }

    /** The provider it books from. */
    public FarProvider provider() {
        return provider;
    }

    // ---- booking ----

    @Override
    public SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure {
        if (connections.connectionOf(order.bookingId()).isPresent()) {
            return status(order.bookingId()); // a repeated hold answers the booking as it is
        }
        Stp source = order.sourceVlan() == 0 ? provider.handOffStp() : provider.handOffStp().withVlan(order.sourceVlan());
        Stp dest = farPorts.stpOf(order.destination());
        Reserve reserve = Reserve.of(Optional.of(ProviderCalls.globalId(order.bookingId())), Optional.of(order.bookingId()),
                new Criteria(Optional.of(1), Schedule.between(order.interval().start(), order.interval().end()),
                        Optional.of(EVTS), Optional.of(P2ps.between(source, dest, order.bandwidthMbps()))));
        Instant deadline = clock.instant().plus(provider.callTimeout());
        try (RequesterCallbacks.Pending pending = calls.expect()) {
            NsiReply reply = calls.send(pending, reserve);
            if (!(reply.answer() instanceof ReserveResponse response)) {
                throw SegmentFailure.failed(name(), "reserve answered " + reply.answer().element(), null);
            }
            String connectionId = response.connectionId();
            connections.remember(order.bookingId(), provider.nsa(), connectionId);
            Optional<RequesterMessage> result = pending.await(provider.resultWait());
            if (result.isPresent()) {
                return held(order.bookingId(), connectionId, result.get());
            }
            LOG.info("{}: no reserve result for {} in {}; asking with querySummarySync", name(), connectionId,
                    provider.resultWait());
            QuerySummaryResult summary = calls.pollUntil(connectionId, s -> s.connectionStates().reservationState()
                    != NsiReservationState.RESERVE_CHECKING, deadline, "reserve");
            NsiReservationState state = summary.connectionStates().reservationState();
            if (state == NsiReservationState.RESERVE_HELD) {
                int vlan = summary.criteria().stream().map(SummaryCriteria::p2ps).flatMap(Optional::stream)
                        .map(p -> chosenVlan(p.sourceStp())).filter(v -> v > 0).reduce((a, b) -> b).orElseThrow(() ->
                                SegmentFailure.failed(name(), "connection " + connectionId + " is ReserveHeld, but"
                                        + " querySummarySync does not say the VLAN chosen", null));
                return answer(order.bookingId(), SegmentState.HELD, vlan, connectionId, "");
            }
            throw calls.refused("the reserve of connection " + connectionId + " ended " + state.wireName()
                    + " without a result callback", NsiErrorId.INTERNAL_ERROR.code());
        }
    }

    private SegmentAnswer held(String bookingId, String connectionId, RequesterMessage result) throws SegmentFailure {
        if (result instanceof ReserveConfirmed confirmed) {
            int vlan = confirmed.criteria().p2ps().map(p -> chosenVlan(p.sourceStp())).orElse(0);
            if (vlan <= 0) {
                throw SegmentFailure.failed(name(), "reserveConfirmed of " + connectionId + " names no single VLAN at the"
                        + " hand-off", null);
            }
            return answer(bookingId, SegmentState.HELD, vlan, connectionId, "");
        }
        throw calls.failure(result, "reserve");
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        SegmentAnswer held = hold(order, provider.callTimeout());
        return held.state() == SegmentState.HELD ? commit(order.bookingId()) : held;
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        Instant deadline = clock.instant().plus(provider.callTimeout());
        try (RequesterCallbacks.Pending pending = calls.expect()) {
            try {
                calls.send(pending, new ReserveCommit(connectionId));
            } catch (SegmentFailure e) {
                // A commit repeated after its confirmation was lost is refused 00201: the states tell.
                QuerySummaryResult now = calls.summary(connectionId);
                if (FarSegmentStates.committed(now.connectionStates())) {
                    return answer(bookingId, SegmentState.COMMITTED, 0, connectionId, "");
                }
                throw e;
            }
            Optional<RequesterMessage> result = pending.await(provider.resultWait());
            if (result.isPresent()) {
                if (result.get() instanceof ReserveCommitConfirmed) {
                    return answer(bookingId, SegmentState.COMMITTED, 0, connectionId, "");
                }
                throw calls.failure(result.get(), "reserveCommit");
            }
            QuerySummaryResult summary = calls.pollUntil(connectionId, s -> s.connectionStates().reservationState()
                    != NsiReservationState.RESERVE_COMMITTING, deadline, "reserveCommit");
            if (FarSegmentStates.committed(summary.connectionStates())) {
                return answer(bookingId, SegmentState.COMMITTED, 0, connectionId, "");
            }
            throw calls.refused("the commit of connection " + connectionId + " ended "
                    + summary.connectionStates().reservationState().wireName(), NsiErrorId.INVALID_TRANSITION.code());
        }
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        Optional<String> known = connections.connectionOf(bookingId);
        if (known.isEmpty()) {
            known = calls.findByGlobalId(bookingId);
            if (known.isEmpty()) {
                // No reserve reached the provider: nothing is booked there.
                return new SegmentAnswer(bookingId, SegmentState.ABORTED, 0, 0, "", "never reserved at " + provider.nsa());
            }
            connections.remember(bookingId, provider.nsa(), known.get());
        }
        String connectionId = known.get();
        ConnectionStates states = calls.summary(connectionId).connectionStates();
        if (states.lifecycleState() == LifecycleState.TERMINATED) {
            return answer(bookingId, SegmentState.ABORTED, 0, connectionId, "");
        }
        NsiReservationState r = states.reservationState();
        if (r == NsiReservationState.RESERVE_HELD || r == NsiReservationState.RESERVE_FAILED
                || r == NsiReservationState.RESERVE_TIMEOUT) {
            calls.request(new ReserveAbort(connectionId), ReserveAbortConfirmed.class, s -> s.connectionStates()
                    .reservationState() == NsiReservationState.RESERVE_START, "reserveAbort");
        }
        terminate(connectionId);
        return answer(bookingId, SegmentState.ABORTED, 0, connectionId, reason);
    }

    // ---- the circuit ----

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        Watch watch = watch(connectionId);
        ConnectionStates states = calls.summary(connectionId).connectionStates();
        if (states.lifecycleState() == LifecycleState.FAILED) {
            return answer(bookingId, SegmentState.FAILED, 0, connectionId, failureOf(watch, states));
        }
        if (states.lifecycleState() != LifecycleState.CREATED) {
            return answer(bookingId, SegmentState.RELEASED, 0, connectionId, "the connection is "
                    + states.lifecycleState().wireName());
        }
        watch.expectedUp = true;
        watch.releasing = false;
        if (states.provisionState() == ProvisionState.RELEASED) {
            calls.request(new Provision(connectionId), ProvisionConfirmed.class, s -> s.connectionStates().provisionState()
                    == ProvisionState.PROVISIONED, "provision");
        }
        Instant deadline = clock.instant().plus(provider.activationTimeout());
        while (true) {
            if (watch.up) {
                return answer(bookingId, SegmentState.ACTIVE, 0, connectionId, "");
            }
            ConnectionStates now = calls.summary(connectionId).connectionStates();
            if (now.dataPlaneStatus().active()) {
                watch.up = true;
                return answer(bookingId, SegmentState.ACTIVE, 0, connectionId, "");
            }
            if (now.lifecycleState() == LifecycleState.FAILED) {
                return answer(bookingId, SegmentState.FAILED, 0, connectionId, failureOf(watch, now));
            }
            if (!clock.instant().isBefore(deadline)) {
                return answer(bookingId, SegmentState.ACTIVATING, 0, connectionId, "provisioned; " + provider.nsa()
                        + " has not reported its data plane up within " + provider.activationTimeout());
            }
            calls.pause(deadline);
        }
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        Watch watch = watch(connectionId);
        watch.releasing = true;
        ConnectionStates states = calls.summary(connectionId).connectionStates();
        if (states.lifecycleState() == LifecycleState.TERMINATED) {
            return answer(bookingId, SegmentState.RELEASED, 0, connectionId, "");
        }
        if (states.lifecycleState() == LifecycleState.CREATED && states.provisionState() != ProvisionState.RELEASED) {
            calls.request(new Release(connectionId), ReleaseConfirmed.class, s -> s.connectionStates().provisionState()
                    == ProvisionState.RELEASED, "release");
        }
        watch.expectedUp = false;
        watch.up = false;
        terminate(connectionId);
        return answer(bookingId, SegmentState.RELEASED, 0, connectionId, "");
    }

    /** Takes the far part down and keeps it booked: NSI's release of a provisioned connection (COMMITTED). */
    @Override
    public SegmentAnswer suspend(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        Watch watch = watch(connectionId);
        ConnectionStates states = calls.summary(connectionId).connectionStates();
        if (states.lifecycleState() != LifecycleState.CREATED) {
            return answer(bookingId, FarSegmentStates.of(states), 0, connectionId, "the connection is "
                    + states.lifecycleState().wireName());
        }
        watch.releasing = true;
        if (states.provisionState() != ProvisionState.RELEASED) {
            calls.request(new Release(connectionId), ReleaseConfirmed.class, s -> s.connectionStates().provisionState()
                    == ProvisionState.RELEASED, "release");
        }
        watch.expectedUp = false;
        watch.up = false;
        return answer(bookingId, SegmentState.COMMITTED, 0, connectionId, "");
    }

    private void terminate(String connectionId) throws SegmentFailure {
        calls.request(new Terminate(connectionId), TerminateConfirmed.class, s -> s.connectionStates().lifecycleState()
                == LifecycleState.TERMINATED, "terminate");
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        Watch watch = watch(connectionId);
        QuerySummaryResult summary = calls.summary(connectionId);
        SegmentState state = failedByNotification(watch, summary.connectionStates()) ? SegmentState.FAILED
                : modifying.containsKey(bookingId) ? FarSegmentStates.committedState(summary.connectionStates())
                : FarSegmentStates.of(summary.connectionStates());
        int vlan = summary.criteria().stream().map(SummaryCriteria::p2ps).flatMap(Optional::stream)
                .map(p -> chosenVlan(p.sourceStp())).filter(v -> v > 0).reduce((a, b) -> b).orElse(0);
        return answer(bookingId, state, vlan, connectionId, state == SegmentState.FAILED
                ? failureOf(watch, summary.connectionStates()) : "");
    }

    /**
     * Whether a notification said the part failed and the provider's own states bear it out: the
     * data plane down while the part is provisioned, up before and not being released. A
     * notification alone changes nothing (its sender is known only by the ids it names).
     */
    private static boolean failedByNotification(Watch watch, ConnectionStates s) {
        return watch.failure != null && watch.expectedUp && !watch.releasing && s.lifecycleState() == LifecycleState.CREATED
                && s.provisionState() == ProvisionState.PROVISIONED && !s.dataPlaneStatus().active();
    }


    // ---- modify ----

    /**
     * Holds a change of the far part: NSI's modify, a {@code reserve} naming the connection with
     * the committed criteria's version + 1 (OpenNSA reports version 0: then 1), the same STPs and
     * start, the new end and capacity; held on {@code reserveConfirmed}. The provider's own hold
     * timer applies, as for a first reserve. A provider that does not implement modify (OpenNSA
     * answers {@code 00103}) or refuses it is {@link RefusalCode#FAR_NETWORK_REFUSED} with the
     * NSI error id and text, the committed criteria unchanged there.
     */
    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        QuerySummaryResult now = calls.summary(connectionId);
        SummaryCriteria committed = now.criteria().stream().max(Comparator.comparingInt(SummaryCriteria::version))
                .orElseThrow(() -> SegmentFailure.failed(name(), "querySummarySync of connection " + connectionId
                        + " gives no criteria to modify", null));
        P2ps was = committed.p2ps().orElseThrow(() -> SegmentFailure.failed(name(), "querySummarySync of connection "
                + connectionId + " gives no point-to-point service to modify", null));
        Instant start = committed.schedule().startTime().orElseThrow(() -> SegmentFailure.failed(name(),
                "querySummarySync of connection " + connectionId + " gives no start time", null));
        int version = Math.max(committed.version(), 0) + 1;
        Reserve modify = new Reserve(Optional.of(connectionId), Optional.of(ProviderCalls.globalId(bookingId)),
                Optional.of(bookingId), new Criteria(Optional.of(version), Schedule.between(start, newEnd),
                Optional.of(committed.serviceType()), Optional.of(P2ps.between(was.sourceStp(), was.destStp(),
                newBandwidthMbps))));
        Instant deadline = clock.instant().plus(provider.callTimeout());
        modifying.put(bookingId, version);
        try {
            return heldModify(bookingId, connectionId, modify, version, now, deadline);
        } catch (SegmentFailure e) {
            if (e.answered()) {
                // Refused: nothing is held there; a reserveFailed leaves the machine to be aborted back.
                try {
                    abortModify(bookingId);
                } catch (SegmentFailure again) {
                    LOG.warn("{}: the refused modify of {} was not aborted there: {}", name(), connectionId,
                            again.getMessage());
                }
            }
            throw e;
        }
    }

    private SegmentAnswer heldModify(String bookingId, String connectionId, Reserve modify, int version,
                                     QuerySummaryResult before, Instant deadline) throws SegmentFailure {
        try (RequesterCallbacks.Pending pending = calls.expect()) {
            NsiReply reply = calls.send(pending, modify);
            if (!(reply.answer() instanceof ReserveResponse)) {
                throw SegmentFailure.failed(name(), "the modify's reserve answered " + reply.answer().element(), null);
            }
            Optional<RequesterMessage> result = pending.await(provider.resultWait());
            if (result.isPresent() && !(result.get() instanceof ReserveConfirmed)) {
                throw calls.failure(result.get(), "modify (reserve of version " + version + ")");
            }
            if (result.isEmpty()) {
                QuerySummaryResult summary = calls.pollUntil(connectionId, s -> s.connectionStates().reservationState()
                        != NsiReservationState.RESERVE_CHECKING, deadline, "modify");
                NsiReservationState state = summary.connectionStates().reservationState();
                if (state != NsiReservationState.RESERVE_HELD) {
                    throw calls.refused("the modify of connection " + connectionId + " ended " + state.wireName()
                            + " without a result callback", NsiErrorId.INTERNAL_ERROR.code());
                }
            }
            return answer(bookingId, FarSegmentStates.committedState(before.connectionStates()), 0, connectionId, "");
        }
    }

    /**
     * Commits the far part's held change: {@code reserveCommit} of the connection when a modify is
     * held there; otherwise the change counts as made only when the far connection's committed
     * version is the modify's (an earlier commit of it), else it is refused naming the far state
     * (the far side dropped the hold: its part keeps the old criteria).
     */
    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        QuerySummaryResult summary = calls.summary(connectionId);
        NsiReservationState r = summary.connectionStates().reservationState();
        if (r == NsiReservationState.RESERVE_HELD || r == NsiReservationState.RESERVE_TIMEOUT) {
            calls.request(new ReserveCommit(connectionId), ReserveCommitConfirmed.class, s -> s.connectionStates()
                    .reservationState() == NsiReservationState.RESERVE_START, "reserveCommit of the modify");
        } else {
            Optional<Integer> asked = Optional.ofNullable(modifying.get(bookingId));
            OptionalInt committed = summary.criteria().stream().mapToInt(SummaryCriteria::version).max();
            if (asked.isEmpty() || committed.isEmpty() || committed.getAsInt() != asked.get()) {
                throw calls.refused("the modify of connection " + connectionId + " is not held there: it is "
                        + r.wireName() + " with version " + (committed.isPresent() ? committed.getAsInt() : "none")
                        + " committed" + asked.map(v -> ", not the modify's " + v).orElse(""),
                        NsiErrorId.INVALID_TRANSITION.code());
            }
        }
        modifying.remove(bookingId);
        return status(bookingId);
    }

    /** Drops the far part's held (or failed) change: {@code reserveAbort}, the committed criteria staying. */
    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        String connectionId = connectionOf(bookingId);
        ConnectionStates states = calls.summary(connectionId).connectionStates();
        NsiReservationState r = states.reservationState();
        if (r == NsiReservationState.RESERVE_HELD || r == NsiReservationState.RESERVE_FAILED
                || r == NsiReservationState.RESERVE_TIMEOUT) {
            calls.request(new ReserveAbort(connectionId), ReserveAbortConfirmed.class, s -> s.connectionStates()
                    .reservationState() == NsiReservationState.RESERVE_START, "reserveAbort of the modify");
        }
        modifying.remove(bookingId);
        return status(bookingId);
    }

    // ---- what NSI does not have ----

    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        throw SegmentFailure.refused(name(), new Refusal(RefusalCode.POLICY, "", "NSI has no availability query; "
                + provider.site() + " can only be asked for a fixed time"));
    }

    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        throw SegmentFailure.refused(name(), new Refusal(RefusalCode.POLICY, "", "NSI has no availability query; "
                + provider.site() + " can only be asked for a fixed bandwidth"));
    }

    @Override
    public List<TrafficSample> utilisation(String bookingId, TimeInterval range) throws SegmentFailure {
        throw SegmentFailure.refused(name(), new Refusal(RefusalCode.POLICY, "", "NSI reports no traffic"));
    }

    @Override
    public List<String> endpoints() {
        return List.of(); // the far network's hosts are in its own topology document
    }

    @Override
    public void close() {
        calls.close();
    }

    // ---- notifications ----

    /** A message of the provider that no call waits for: a notification, or a result come late. */
    private boolean take(NsiHeader header, RequesterMessage message) {
        Optional<String> connectionId = ProviderCalls.connectionIdOf(message);
        if (connectionId.isEmpty() || connections.bookingOf(provider.nsa(), connectionId.get()).isEmpty()) {
            return false;
        }
        Watch watch = watch(connectionId.get());
        if (message instanceof DataPlaneStateChange change) {
            boolean wasExpected = watch.expectedUp && watch.up && !watch.releasing;
            watch.up = change.dataPlaneStatus().active();
            if (!watch.up && wasExpected) {
                watch.failure = provider.nsa() + " reported the data plane of connection " + connectionId.get() + " down";
                failed(watch.failure);
            }
        } else if (message instanceof ErrorEvent event) {
            watch.failure = provider.nsa() + " reported " + event.event().wireName() + " on connection " + connectionId.get()
                    + event.serviceException().map(e -> ": NSI " + e.errorCode() + " " + e.text()).orElse("");
            failed(watch.failure);
        }
        return true;
    }

    private void failed(String why) {
        LOG.warn("{}: {}", name(), why);
        try {
            partFailed.run();
        } catch (RuntimeException e) {
            LOG.warn("{}: telling the BAR that a part failed failed; its reconciliation will find it", name(), e);
        }
    }

    private Watch watch(String connectionId) {
        return watched.computeIfAbsent(connectionId, id -> new Watch());
    }

    private static String failureOf(Watch watch, ConnectionStates states) {
        return watch.failure != null ? watch.failure : "the connection is " + states.lifecycleState().wireName();
    }

    private String connectionOf(String bookingId) throws SegmentFailure {
        return connections.connectionOf(bookingId).orElseThrow(() -> SegmentFailure.refused(name(),
                Refusal.badField("bookingId", "bookingId: no connection at " + provider.nsa() + " for " + bookingId)));
    }

    private SegmentAnswer answer(String bookingId, SegmentState state, int given, String connectionId, String reason) {
        // Every answer names the hand-off VLAN, as the BAR records the segment as last answered.
        int vlan = given > 0 ? given : vlans.getOrDefault(bookingId, 0);
        if (vlan == 0) {
            vlan = knownVlan(connectionId);
        }
        if (vlan > 0) {
            vlans.put(bookingId, vlan);
        }
        return new SegmentAnswer(bookingId, state, vlan, 0, "NSI connection " + connectionId + " at " + provider.nsa()
                + " from " + provider.handOffStp().withoutLabel() + (vlan > 0 ? "?vlan=" + vlan : ""), reason);
    }

    /** The VLAN querySummarySync says for a connection taken over from a previous run; 0 when it cannot say. */
    private int knownVlan(String connectionId) {
        try {
            return calls.summary(connectionId).criteria().stream().map(SummaryCriteria::p2ps).flatMap(Optional::stream)
                    .map(p -> chosenVlan(p.sourceStp())).filter(v -> v > 0).reduce((a, b) -> b).orElse(0);
        } catch (SegmentFailure e) {
            LOG.warn("{}: the VLAN of connection {} is not known: {}", name(), connectionId, e.getMessage());
            return 0;
        }
    }

    /** The one VLAN a confirmation gives at the hand-off; 0 when it gives a range or none. */
    private static int chosenVlan(Stp stp) {
        return stp.vlans().flatMap(v -> v.single()).orElse(0);
    }
}
