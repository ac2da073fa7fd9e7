package org.crs.bar.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import javax.net.ssl.SSLContext;

import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorEventKind;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QuerySummaryResult;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.SummaryCriteria;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * The far network in tests: a small NSI CS 2.0 provider on 127.0.0.1 (the JDK's HTTP server,
 * nsi-contract's {@link NsiXml} and {@link NsiClient}) that keeps its connections' three states
 * and answers as a provider does: reserve with a reserveResponse, the other requests with an
 * acknowledgment, querySummarySync with the states; then posts each result (and, on provision and
 * release, a dataPlaneStateChange) to the requester's replyTo. It chooses the lowest VLAN of the
 * source STP's label, or the one a test sets when the label offers it. A test may make it refuse reserves, keep its results to
 * itself, or send the reserve's result before its reserveResponse. A modify (a reserve naming a
 * connection) is held and committed by reserveCommit, or refused {@code 00103} as OpenNSA does.
 */
public final class FarNetworkPeer implements AutoCloseable {

    public static final String NSA = "urn:ogf:network:domain-c.crs.example:2026:nsa";
    public static final String NETWORK = "urn:ogf:network:domain-c.crs.example:2026:topology";
    private static final String EVTS = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";

    /** How it answers a reserve. */
    /**
     * How it answers a reserve: confirms it, fails it with reserveFailed, confirms it before its
     * own answer, or refuses it at once with a {@code soap:Server} fault carrying 00704, as OpenNSA
     * answers a port it does not have.
     */
    public enum ReserveMode { CONFIRM, FAIL, CONFIRM_BEFORE_ACK, SERVER_FAULT }

    /** How it answers a modify (a reserve naming a connection). */
    public enum ModifyMode {
        /** reserveConfirmed with the new version, committed by reserveCommit. */
        CONFIRM,
        /** A fault {@code 00103}, as OpenNSA answers every modify. */
        NOT_IMPLEMENTED
    }

    /** One connection as it keeps it. */
    private static final class Connection {
        final String id;
        final Optional<String> globalId;
        final String requesterNsa;
        volatile Criteria criteria;
        /** A modify's criteria, held until reserveCommit or reserveAbort. */
        volatile Criteria pending;
        volatile NsiReservationState reservation = NsiReservationState.RESERVE_CHECKING;
        volatile ProvisionState provision = ProvisionState.RELEASED;
        volatile LifecycleState lifecycle = LifecycleState.CREATED;
        volatile boolean active;
        final AtomicLong notifications = new AtomicLong();

        Connection(String id, Optional<String> globalId, String requesterNsa) {
            this.id = id;
            this.globalId = globalId;
            this.requesterNsa = requesterNsa;
        }

        ConnectionStates states() {
            return new ConnectionStates(reservation, provision, lifecycle, new DataPlaneStatus(active, 1, true));
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, Connection> connections = new ConcurrentHashMap<>();
    /** Every request it took, as {@code <element> <connectionId or ->}, in order. */
    public final List<String> requests = new CopyOnWriteArrayList<>();
    public volatile ReserveMode reserveMode = ReserveMode.CONFIRM;
    public volatile ModifyMode modifyMode = ModifyMode.CONFIRM;
    /** When false it sends no result or notification: the requester must ask. */
    public volatile boolean callbacks = true;
    /** The VLAN it chooses at the hand-off when the label offers it; 0: the lowest offered. */
    public volatile int chooseVlan;
    /**
     * When false a querySummarySync naming global reservation ids is answered with a Server fault
     * without detail, as OpenNSA fails it (it never answers one).
     */
    public volatile boolean answersQueriesByGlobalId = true;
    /** When false the data plane does not come up after a provision. */
    public volatile boolean dataPlaneComesUp = true;
    /** The certificate it sends results and notifications with to an {@code https} replyTo; null: the JVM's defaults. */
    public volatile SSLContext callbackTls;
    /** Every result and notification the requester acknowledged, as its element, in order. */
    public final List<String> acknowledged = new CopyOnWriteArrayList<>();

    public FarNetworkPeer() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/NSI/services/CS2", this::handle);
        server.createContext("/NSI/discovery.xml", exchange -> respond(exchange, 200, description()));
        server.start();
    }

    /** Its provider port. */
    public URI providerUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/NSI/services/CS2");
    }

    /** Its NSA description's address. */
    public URI discoveryUrl() {
        return providerUrl().resolve("/NSI/discovery.xml");
    }

    /** Its NSA description, as OpenNSA writes one: the provider interface and the network. */
    private String description() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <nsa:nsa xmlns:nsa="http://schemas.ogf.org/nsi/2014/02/discovery/nsa" id="%s" version="2026-01-01T00:00:00Z">
                  <name>domain-c</name>
                  <networkId>%s</networkId>
                  <interface><type>application/vnd.ogf.nsi.topology.v2+xml</type><href>%s</href></interface>
                  <interface><type>application/vnd.ogf.nsi.cs.v2.provider+soap</type><href>%s</href></interface>
                  <feature type="vnd.ogf.nsi.cs.v2.role.uPA"/>
                </nsa:nsa>
                """.formatted(NSA, NETWORK, providerUrl().resolve("/NSI/topology.xml"), providerUrl());
    }

    /** The connection of a global reservation id, as the requester named it. */
    public Optional<String> connectionOf(String globalId) {
        return connections.values().stream().filter(c -> c.globalId.equals(Optional.of(globalId))).map(c -> c.id)
                .findFirst();
    }

    /** A connection's committed criteria. */
    public Criteria criteria(String connectionId) {
        return connections.get(connectionId).criteria;
    }

    /** A connection's states. */
    public ConnectionStates states(String connectionId) {
        return connections.get(connectionId).states();
    }

    /** Reports the data plane of a connection down, as when a link fails. */
    public void dataPlaneDown(String connectionId, URI replyTo) {
        Connection c = connections.get(connectionId);
        c.active = false;
        notify(c, replyTo, new DataPlaneStateChange(c.id, c.notifications.incrementAndGet(), Instant.now(),
                new DataPlaneStatus(false, 1, true)));
    }

    /** Lets a held connection's hold lapse and tells the requester with a reserveTimeout. */
    public void holdTimesOut(String connectionId, URI replyTo) {
        Connection c = connections.get(connectionId);
        c.reservation = NsiReservationState.RESERVE_TIMEOUT;
        notify(c, replyTo, new org.crs.nsi.contract.message.ReserveTimeout(c.id, c.notifications.incrementAndGet(),
                Instant.now(), 120, c.id, NSA));
    }

    /** Drops a modify held on a connection without telling the requester: the committed criteria stay. */
    public void dropsHeldModify(String connectionId) {
        Connection c = connections.get(connectionId);
        c.pending = null;
        c.reservation = NsiReservationState.RESERVE_START;
    }

    /** Ends a connection by force and tells the requester with an errorEvent. */
    public void forcedEnd(String connectionId, URI replyTo) {
        Connection c = connections.get(connectionId);
        c.lifecycle = LifecycleState.FAILED;
        c.active = false;
        notify(c, replyTo, new ErrorEvent(c.id, c.notifications.incrementAndGet(), Instant.now(), ErrorEventKind.FORCED_END,
                c.id, NSA, Map.of(), Optional.of(ServiceExceptionInfo.of(NSA, NsiErrorId.INTERNAL_ERROR, "port down"))));
    }

    /** A request it refuses with this fault. */
    private static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient NsiFault fault;

        Refused(NsiFault fault) {
            super(fault.faultString());
            this.fault = fault;
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            var envelope = NsiXml.read(body);
            NsiHeader header = envelope.header().orElseThrow();
            NsiMessage answer = answer(header, (NsiMessage) envelope.body());
            respond(exchange, 200, NsiXml.write(header.acknowledging(), answer));
        } catch (Refused e) {
            respond(exchange, 500, NsiXml.writeFault(Optional.empty(), e.fault));
        } catch (NsiPayloadException | RuntimeException e) {
            respond(exchange, 500, NsiXml.writeFault(Optional.empty(), NsiFault.of(ServiceExceptionInfo.of(NSA,
                    NsiErrorId.PAYLOAD_ERROR, String.valueOf(e.getMessage())))));
        }
    }

    private NsiMessage answer(NsiHeader header, NsiMessage request) {
        URI replyTo = URI.create(header.replyTo().orElseThrow());
        if (request instanceof Reserve reserve && reserveMode == ReserveMode.SERVER_FAULT) {
            requests.add("reserve -");
            throw new Refused(new NsiFault(NsiFault.Code.SERVER, "No STP named " + reserve.criteria().p2ps()
                    .orElseThrow().destStp(), Optional.of(ServiceExceptionInfo.of(NSA, NsiErrorId.STP_UNAVAILABLE,
                    "No STP named " + reserve.criteria().p2ps().orElseThrow().destStp()))));
        }
        if (request instanceof Reserve reserve && reserve.connectionId().isPresent()) {
            return modify(header, replyTo, reserve);
        }
        if (request instanceof Reserve reserve) {
            Connection c = new Connection(UUID.randomUUID().toString(), reserve.globalReservationId(), header.requesterNsa());
            requests.add("reserve " + c.id);
            connections.put(c.id, c);
            P2ps asked = reserve.criteria().p2ps().orElseThrow();
            var offered = asked.sourceStp().vlans().orElseThrow();
            int vlan = chooseVlan != 0 && offered.contains(chooseVlan) ? chooseVlan : offered.ranges().get(0).first();
            c.criteria = new Criteria(Optional.of(1), reserve.criteria().schedule(), Optional.of(EVTS),
                    Optional.of(P2ps.between(asked.sourceStp().withVlan(vlan), asked.destStp(), asked.capacityMbps())));
            if (reserveMode == ReserveMode.FAIL) {
                c.reservation = NsiReservationState.RESERVE_FAILED;
                later(header, replyTo, new ReserveFailed(c.id, c.states(), ServiceExceptionInfo.of(NSA,
                        NsiErrorId.STP_UNAVAILABLE, "VLANs " + asked.sourceStp().vlans().orElseThrow() + " in use")
                        .withConnectionId(c.id)));
            } else {
                c.reservation = NsiReservationState.RESERVE_HELD;
                ReserveConfirmed confirmed = new ReserveConfirmed(c.id, reserve.globalReservationId(),
                        reserve.description(), c.criteria);
                if (reserveMode == ReserveMode.CONFIRM_BEFORE_ACK) {
                    send(header, replyTo, confirmed); // acknowledged by the requester before it has our answer
                } else {
                    later(header, replyTo, confirmed);
                }
            }
            return new ReserveResponse(c.id);
        }
        if (request instanceof QuerySummarySync query && !query.globalReservationIds().isEmpty()
                && !answersQueriesByGlobalId) {
            requests.add("querySummarySync " + String.join(",", query.globalReservationIds()));
            throw new Refused(new NsiFault(NsiFault.Code.SERVER, "column \"global_reservation_ids\" does not exist",
                    Optional.empty()));
        }
        if (request instanceof QuerySummarySync query) {
            requests.add("querySummarySync " + String.join(",", query.connectionIds()) + String.join(",",
                    query.globalReservationIds()));
            boolean all = query.connectionIds().isEmpty() && query.globalReservationIds().isEmpty();
            return new QuerySummarySyncConfirmed(connections.values().stream()
                    .filter(c -> all || query.connectionIds().contains(c.id)
                            || c.globalId.isPresent() && query.globalReservationIds().contains(c.globalId.get()))
                    .map(FarNetworkPeer::summary).toList());
        }
        String id = ((org.crs.nsi.contract.message.ConnectionIdOnly) request).connectionId();
        Connection c = connections.get(id);
        requests.add(request.element() + " " + id);
        if (request instanceof ReserveCommit && c.reservation == NsiReservationState.RESERVE_TIMEOUT) {
            later(header, replyTo, new org.crs.nsi.contract.message.ReserveCommitFailed(id, c.states(),
                    ServiceExceptionInfo.of(NSA, NsiErrorId.INVALID_TRANSITION, "the hold timed out").withConnectionId(id)));
        } else if (request instanceof ReserveCommit) {
            c.reservation = NsiReservationState.RESERVE_START;
            if (c.pending != null) {
                c.criteria = c.pending;
                c.pending = null;
            }
            later(header, replyTo, new ReserveCommitConfirmed(id));
        } else if (request instanceof ReserveAbort) {
            c.reservation = NsiReservationState.RESERVE_START;
            c.pending = null;
            later(header, replyTo, new ReserveAbortConfirmed(id));
        } else if (request instanceof Provision) {
            c.provision = ProvisionState.PROVISIONED;
            c.active = dataPlaneComesUp;
            later(header, replyTo, new ProvisionConfirmed(id));
            if (dataPlaneComesUp) {
                later(header, replyTo, new DataPlaneStateChange(id, c.notifications.incrementAndGet(), Instant.now(),
                        new DataPlaneStatus(true, 1, true)));
            }
        } else if (request instanceof Release) {
            c.provision = ProvisionState.RELEASED;
            c.active = false;
            later(header, replyTo, new ReleaseConfirmed(id));
            later(header, replyTo, new DataPlaneStateChange(id, c.notifications.incrementAndGet(), Instant.now(),
                    new DataPlaneStatus(false, 1, true)));
        } else if (request instanceof Terminate) {
            c.lifecycle = LifecycleState.TERMINATED;
            c.active = false;
            later(header, replyTo, new TerminateConfirmed(id));
        }
        return new Acknowledgment();
    }

    /**
     * A modify: a fault {@code 00103} when it does not implement modify (nothing changes); else
     * the new version held with the committed STPs and the new schedule and capacity.
     */
    private NsiMessage modify(NsiHeader header, URI replyTo, Reserve reserve) {
        String id = reserve.connectionId().orElseThrow();
        Connection c = connections.get(id);
        int version = reserve.criteria().version().orElse(0);
        requests.add("reserve " + id + " v" + version);
        if (modifyMode == ModifyMode.NOT_IMPLEMENTED) {
            throw new Refused(NsiFault.of(ServiceExceptionInfo.of(NSA, NsiErrorId.NOT_IMPLEMENTED, "modify is not implemented")
                    .withConnectionId(id)));
        }
        P2ps was = c.criteria.p2ps().orElseThrow();
        P2ps asked = reserve.criteria().p2ps().orElseThrow();
        c.pending = new Criteria(Optional.of(version), reserve.criteria().schedule(), Optional.of(EVTS),
                Optional.of(P2ps.between(was.sourceStp(), was.destStp(), asked.capacityMbps())));
        c.reservation = NsiReservationState.RESERVE_HELD;
        later(header, replyTo, new ReserveConfirmed(id, c.globalId, reserve.description(), c.pending));
        return new ReserveResponse(id);
    }

    private static QuerySummaryResult summary(Connection c) {
        Criteria k = c.criteria;
        return new QuerySummaryResult(c.id, c.globalId, Optional.empty(), List.of(new SummaryCriteria(
                k.version().orElse(1), k.schedule(),
                EVTS, List.of(), k.p2ps())), c.requesterNsa, c.states(), Optional.empty(), Optional.empty());
    }

    /** Sends a result after this request's answer, as providers do (from another thread). */
    private void later(NsiHeader request, URI replyTo, NsiMessage result) {
        threads.submit(() -> {
            try {
                Thread.sleep(20);
                send(request, replyTo, result);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void send(NsiHeader request, URI replyTo, NsiMessage result) {
        if (!callbacks) {
            return;
        }
        try (NsiClient requester = new NsiClient(replyTo, Duration.ofSeconds(5), callbackTls)) {
            requester.send(NsiHeader.toRequester(request.requesterNsa(), NSA, request.correlationId()), result);
            acknowledged.add(result.element());
        } catch (Exception e) {
            throw new IllegalStateException("the requester did not acknowledge " + result.element() + ": " + e, e);
        }
    }

    private void notify(Connection c, URI replyTo, NsiMessage notification) {
        send(NsiHeader.toRequester(c.requesterNsa, NSA, NsiHeader.newCorrelationId()), replyTo, notification);
    }

    private static void respond(HttpExchange exchange, int status, String xml) throws IOException {
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The STP of the hand-off's far end, as its alias names it. */
    public static Stp handOffAlias() {
        return Stp.parse(NETWORK + ":to-site-a");
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
