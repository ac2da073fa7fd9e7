package org.crs.bar.adapter.nsi;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;

import org.crs.bar.port.SegmentFailure;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsi.contract.NsiPort;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.client.NsiFaultException;
import org.crs.nsi.contract.client.NsiReply;
import org.crs.nsi.contract.message.ConnectionIdOnly;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.NamesConnection;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.ProviderRequest;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.RequesterMessage;
import org.crs.nsi.contract.message.ReserveCommitFailed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.service.soap.client.SoapCallException;

/**
 * One NSI provider as {@link NsiSegmentController} talks to it: a request sent with a fresh
 * correlation id registered first ({@link RequesterCallbacks}), its result awaited, and without
 * one {@code querySummarySync} asked every {@link FarProvider#resultWait} until
 * {@link FarProvider#callTimeout}; faults and silence mapped onto {@link SegmentFailure}: a
 * fault, a reserveFailed, a reserveCommitFailed or an error is
 * {@link RefusalCode#FAR_NETWORK_REFUSED} with the NSI error id and text, no answer
 * {@code TIMEOUT} or {@code PROVIDER_SILENT}.
 */
final class ProviderCalls implements AutoCloseable {

    private final FarProvider provider;
    private final String name;
    private final String requesterNsa;
    private final Supplier<URI> replyTo;
    private final NsiClient client;
    private final RequesterCallbacks callbacks;
    private final Clock clock;

    ProviderCalls(FarProvider provider, String requesterNsa, Supplier<URI> replyTo, SSLContext tls,
                  RequesterCallbacks callbacks, Clock clock) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.name = provider.controllerName();
        this.requesterNsa = Objects.requireNonNull(requesterNsa, "requesterNsa");
        this.replyTo = Objects.requireNonNull(replyTo, "replyTo");
        this.callbacks = Objects.requireNonNull(callbacks, "callbacks");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.client = new NsiClient(provider.providerUrl(), provider.callTimeout(), tls);
    }

    /** A new correlation id whose result is awaited; close it when done. */
    RequesterCallbacks.Pending expect() {
        return callbacks.expect(provider.nsa());
    }

    private String name() {
        return name;
    }


    /**
     * Sends a request whose result is {@code confirmed}, and waits for it: the result callback,
     * else querySummarySync until {@code done}.
     */
    void request(ProviderRequest message, Class<? extends RequesterMessage> confirmed,
                         Predicate<QuerySummaryResult> done, String what) throws SegmentFailure {
        String connectionId = connectionIdOfRequest(message);
        Instant deadline = clock.instant().plus(provider.callTimeout());
        try (RequesterCallbacks.Pending pending = expect()) {
            send(pending, message);
            Optional<RequesterMessage> result = pending.await(provider.resultWait());
            if (result.isPresent()) {
                if (confirmed.isInstance(result.get())) {
                    return;
                }
                throw failure(result.get(), what);
            }
            pollUntil(connectionId, done, deadline, what);
        }
    }

    static String connectionIdOfRequest(ProviderRequest message) {
        if (message instanceof ConnectionIdOnly c) {
            return c.connectionId();
        }
        throw new IllegalArgumentException(message.element() + " names no connection");
    }

    /** Asks querySummarySync every {@link FarProvider#resultWait} until {@code done} or the deadline. */
    QuerySummaryResult pollUntil(String connectionId, Predicate<QuerySummaryResult> done, Instant deadline,
                                         String what) throws SegmentFailure {
        while (true) {
            QuerySummaryResult s = summary(connectionId);
            if (done.test(s)) {
                return s;
            }
            if (!clock.instant().isBefore(deadline)) {
                throw SegmentFailure.timedOut(name(), "no result of " + what + " on connection " + connectionId
                        + " within " + provider.callTimeout() + "; querySummarySync says "
                        + s.connectionStates().reservationState().wireName() + "/"
                        + s.connectionStates().provisionState().wireName() + "/"
                        + s.connectionStates().lifecycleState().wireName(), null);
            }
            pause(deadline);
        }
    }

    void pause(Instant deadline) {
        long left = Duration.between(clock.instant(), deadline).toMillis();
        try {
            Thread.sleep(Math.max(1, Math.min(provider.resultWait().toMillis(), left)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The connection as querySummarySync tells it; a connection the provider does not know is a refusal. */
    QuerySummaryResult summary(String connectionId) throws SegmentFailure {
        List<QuerySummaryResult> found = query(QuerySummarySync.of(connectionId));
        return found.stream().filter(r -> r.connectionId().equals(connectionId)).findFirst().orElseThrow(() ->
                SegmentFailure.refused(name(), new Refusal(RefusalCode.FAR_NETWORK_REFUSED, provider.site(), "NSI "
                        + NsiErrorId.RESERVATION_NONEXISTENT.code() + ": " + provider.nsa() + " has no connection "
                        + connectionId)));
    }

    /**
     * The connection booked for {@code bookingId}, found by its global reservation id among all of
     * this requester's connections at the provider. Not asked by that id: OpenNSA (master
     * 1c76f34) answers a querySummarySync naming global reservation ids with nothing at all (its
     * query names a column its schema does not have), so the call would wait out its deadline.
     */
    Optional<String> findByGlobalId(String bookingId) throws SegmentFailure {
        String globalId = globalId(bookingId);
        return query(QuerySummarySync.all()).stream()
                .filter(r -> r.globalReservationId().filter(globalId::equals).isPresent())
                .map(QuerySummaryResult::connectionId).findFirst();
    }

    List<QuerySummaryResult> query(QuerySummarySync query) throws SegmentFailure {
        try (RequesterCallbacks.Pending pending = expect()) {
            NsiReply reply = send(pending, query);
            if (reply.answer() instanceof QuerySummarySyncConfirmed answer) {
                return answer.reservations();
            }
            throw SegmentFailure.failed(name(), "querySummarySync answered " + reply.answer().element(), null);
        }
    }

    NsiReply send(RequesterCallbacks.Pending pending, ProviderRequest message) throws SegmentFailure {
        URI reply = replyTo.get();
        if (reply == null) {
            // The BAR reconciles at start while it is still binding its port; asked again later.
            throw SegmentFailure.failed(name(), "this BAR's requester port has no address yet (starting)", null);
        }
        // OpenNSA wants replyTo even on querySummarySync.
        NsiHeader header = new NsiHeader(NsiPort.PROVIDER.protocolVersion(), pending.correlationId(), requesterNsa,
                provider.nsa(), Optional.of(reply.toString()));
        try {
            return client.send(header, message);
        } catch (NsiFaultException e) {
            // OpenNSA writes every fault soap:Server, its refusals of a request too: a fault naming an
            // error id outside the internal-error family is the provider's answer whatever its code.
            boolean answered = e.fault().code() == NsiFault.Code.CLIENT || e.fault().serviceException().isPresent()
                    && e.errorId().family() != NsiErrorId.INTERNAL_ERROR;
            String text = e.fault().serviceException().map(ServiceExceptionInfo::text).orElse(e.fault().faultString());
            String code = e.fault().serviceException().map(ServiceExceptionInfo::errorCode).orElse(e.errorId().code());
            throw new SegmentFailure(name(), answered, new Refusal(RefusalCode.FAR_NETWORK_REFUSED, provider.site(),
                    "NSI " + code + ": " + text + " (" + message.element() + " at " + provider.nsa() + ")"), e);
        } catch (SoapCallException e) {
            throw switch (e.kind()) {
                case TIMEOUT -> SegmentFailure.timedOut(name(), e.getMessage(), e);
                case NO_CONNECTION -> SegmentFailure.silent(name(), e.getMessage(), e);
                case UNREADABLE -> SegmentFailure.failed(name(), e.getMessage(), e);
            };
        }
    }

    /** A result that is a failure (reserveFailed, reserveCommitFailed, error) as the refusal it is. */
    SegmentFailure failure(RequesterMessage result, String what) {
        ServiceExceptionInfo e = null;
        if (result instanceof ReserveFailed f) {
            e = f.serviceException();
        } else if (result instanceof ReserveCommitFailed f) {
            e = f.serviceException();
        } else if (result instanceof ErrorMessage f) {
            e = f.serviceException();
        }
        if (e == null) {
            return SegmentFailure.failed(name(), what + " was answered " + result.element(), null);
        }
        return refused(e.text() + " (" + result.element() + " from " + e.nsaId() + ")", e.errorCode());
    }

    SegmentFailure refused(String text, String nsiCode) {
        return SegmentFailure.refused(name(), new Refusal(RefusalCode.FAR_NETWORK_REFUSED, provider.site(),
                "NSI " + nsiCode + ": " + text));
    }

    /** The connection a requester-port message is about, when it names one. */
    static Optional<String> connectionIdOf(RequesterMessage m) {
        if (m instanceof NamesConnection c) {
            return Optional.of(c.connectionId());
        }
        if (m instanceof ErrorMessage e) {
            return e.serviceException().connectionId();
        }
        return Optional.empty();
    }

    /** The reservation's global id at the provider: the booking id as a URN, to find it again by. */
    static String globalId(String bookingId) {
        return "urn:crs:booking:" + bookingId;
    }

    @Override
    public void close() {
        client.close();
    }
}
