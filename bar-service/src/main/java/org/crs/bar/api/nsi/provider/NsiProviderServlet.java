package org.crs.bar.api.nsi.provider;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiRefusal;
import org.crs.bar.nsi.NsiRefused;
import org.crs.bar.nsi.NsiRequestHeader;
import org.crs.bar.port.NsiConnections.Selection;
import org.crs.bar.port.NsiConnections.StoredMessage;
import org.crs.bar.port.NsiMessages;
import org.crs.bar.port.NsiOutgoing;
import org.crs.bar.service.NsiProviderService;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Decision;
import org.crs.domain.audit.Redaction;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.refusal.RefusalCode;
import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.NsiPort;
import org.crs.nsi.contract.message.Acknowledgment;
import org.crs.nsi.contract.message.ConnectionIdOnly;
import org.crs.nsi.contract.message.ConnectionQuery;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.ProviderRequest;
import org.crs.nsi.contract.message.QueryNotification;
import org.crs.nsi.contract.message.QueryNotificationConfirmed;
import org.crs.nsi.contract.message.QueryNotificationSync;
import org.crs.nsi.contract.message.QueryNotificationSyncConfirmed;
import org.crs.nsi.contract.message.QueryRecursive;
import org.crs.nsi.contract.message.QueryResult;
import org.crs.nsi.contract.message.QueryResultConfirmed;
import org.crs.nsi.contract.message.QueryResultSync;
import org.crs.nsi.contract.message.QueryResultSyncConfirmed;
import org.crs.nsi.contract.message.QuerySummary;
import org.crs.nsi.contract.message.QuerySummaryConfirmed;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.QuerySummarySyncConfirmed;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.SyncAnswer;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.xml.NsiPayloadException;
import org.crs.nsi.contract.xml.NsiSchemas;
import org.crs.nsi.contract.xml.NsiXml;
import org.crs.service.security.AuthenticationFilter;
import org.crs.service.security.Authenticator;
import org.crs.service.security.CallAudit;
import org.crs.service.security.CallContext;
import org.crs.service.security.CurrentCall;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider port at {@code /NSI/services/ConnectionProvider}, and its WSDL ({@code ?wsdl}, its
 * address this BAR's) with the XSDs it imports beside it.
 *
 * <p>A POST is signed in as every call to the BAR is (an account's certificate, password or
 * token; {@link AuthenticationFilter}: 401 for credentials that name nobody), read
 * ({@link NsiXml}: what cannot be read is a Client fault naming the element, {@code 00100} or
 * {@code 00101}), dispatched by its body's element (a SOAPAction, quoted or not, must name the
 * same operation), allowed by the access table's row ({@link #SERVICE}), and handed to the
 * service. Its answer carries the request's header back (same correlation id and NSAs); a
 * refusal is a SOAP Client fault (Server for {@code 00500}) with a {@code serviceException}. Every
 * request that changes a connection is recorded in the audit trail, refused or not.
 */
public final class NsiProviderServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(NsiProviderServlet.class);
    /** The port type's name in the access table and the audit trail. */
    public static final String SERVICE = AccessTable.NSI_PROVIDER_SERVICE;
    private static final String WSDL_ADDRESS = "http://localhost:8080" + NsiPort.PROVIDER.path();

    private final transient NsiProviderService service;
    private final transient NsiMessages messages;
    private final transient AuthenticationFilter authentication;
    private final transient AccessTable table;
    private final transient Optional<CallAudit> audit;
    private final transient Supplier<Optional<URI>> base;

    /**
     * @param messages how the service's answers are written (the same writer as its callbacks)
     * @param base where requesters reach this BAR ({@code https://host:port}), for the WSDL's address;
     *     empty in the moment between the BAR listening and knowing its address
     */
    public NsiProviderServlet(NsiProviderService service, NsiMessages messages, Authenticator authenticator,
                              AccessTable table, Optional<CallAudit> audit, Supplier<Optional<URI>> base) {
        this.service = Objects.requireNonNull(service, "service");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.authentication = new AuthenticationFilter(Objects.requireNonNull(authenticator, "authenticator"));
        this.table = Objects.requireNonNull(table, "table");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.base = Objects.requireNonNull(base, "base");
    }

    /** The paths this servlet serves: the port, and each XSD beside it. */
    public static List<String> paths() {
        String folder = NsiPort.PROVIDER.path().substring(0, NsiPort.PROVIDER.path().lastIndexOf('/') + 1);
        List<String> paths = new java.util.ArrayList<>(List.of(NsiPort.PROVIDER.path()));
        NsiSchemas.xsdFiles().forEach(f -> paths.add(folder + f));
        return paths;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getRequestURI();
        String file = path.substring(path.lastIndexOf('/') + 1);
        String text;
        if (path.endsWith(NsiPort.PROVIDER.path())) {
            if (request.getQueryString() == null || !request.getQueryString().equalsIgnoreCase("wsdl")) {
                response.sendError(405, "the provider port takes POSTed SOAP requests; its WSDL is at ?wsdl");
                return;
            }
            Optional<URI> address = base.get();
            if (address.isEmpty()) {
                response.sendError(503, "the BAR is starting");
                return;
            }
            text = resource(NsiPort.PROVIDER.wsdlFile()).replace(WSDL_ADDRESS, address.get() + NsiPort.PROVIDER.path());
        } else if (NsiSchemas.xsdFiles().contains(file)) {
            text = resource(file);
        } else {
            response.sendError(404);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(200);
        response.setContentType("text/xml; charset=utf-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = NsiSchemas.resource(file).openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        if (!request.getRequestURI().endsWith(NsiPort.PROVIDER.path())) {
            response.sendError(405);
            return;
        }
        authentication.doFilter(request, response, (rq, rs) -> serve(request, response));
    }

    /** A signed-in caller's request. */
    private void serve(HttpServletRequest request, HttpServletResponse response) throws IOException {
        CallContext call = CurrentCall.context();
        NsiEnvelope envelope;
        try (InputStream in = request.getInputStream()) {
            envelope = NsiXml.read(in);
        } catch (NsiPayloadException e) {
            fault(response, Optional.empty(), NsiRefusal.of(e.errorId(), e.getMessage()));
            return;
        }
        Optional<NsiHeader> header = envelope.header().map(NsiHeader::acknowledging);
        if (!(envelope.body() instanceof ProviderRequest body)) {
            String what = envelope.body() instanceof NsiMessage m ? m.element() : "a fault";
            fault(response, header, NsiRefusal.of(NsiErrorId.PAYLOAD_ERROR, "Body: " + what
                    + " is not a request of the provider port"));
            return;
        }
        NsiOperation operation = NsiOperation.fromRequestElement(body.element()).orElseThrow();
        String action = request.getHeader("SOAPAction");
        if (action != null && !action.isBlank() && !action.trim().equals("\"\"")
                && NsiOperation.fromSoapAction(action).filter(operation::equals).isEmpty()) {
            fault(response, header, NsiRefusal.of(NsiErrorId.PAYLOAD_ERROR, "SOAPAction: " + action + " does not name "
                    + operation.operationName() + ", the body's request"));
            return;
        }
        boolean changes = table.rowOf(SERVICE, operation.operationName())
                .map(r -> r.effect() == org.crs.domain.access.Effect.CHANGE).orElse(false);
        Map<String, String> arguments = arguments(envelope.header(), body);
        Decision decision = table.decision(call.caller(), SERVICE, operation.operationName());
        if (decision != Decision.ALLOWED) {
            // a refusal of the table is recorded whatever the operation, as the other doors do
            audit.ifPresent(a -> a.record(SERVICE, operation.operationName(), call, Redaction.arguments(arguments),
                    "NOT_ALLOWED"));
            // 00302 with the BAR's NOT_ALLOWED among its variables, as the other doors' refusal of the table
            fault(response, header, NsiRefusal.ofBar(RefusalCode.NOT_ALLOWED, operation.operationName()
                    + " is not allowed to " + call.caller().name()));
            return;
        }
        if (envelope.header().isEmpty()) {
            fault(response, header, NsiRefusal.of(NsiErrorId.MISSING_PARAMETER, "nsiHeader: every NSI request carries one"));
            return;
        }
        try {
            NsiRequestHeader h = NsiRequests.header(envelope.header().get());
            SyncAnswer answer = dispatch(call, h, body);
            record(changes, operation, call, arguments, "OK");
            answer(response, header.get(), answer);
        } catch (NsiRefused e) {
            record(changes, operation, call, arguments, e.refusal().barCode().map(Enum::name)
                    .orElse(e.refusal().errorId().name()));
            fault(response, header, e.refusal());
        } catch (RuntimeException e) {
            LOG.error("NSI {} from {} failed", operation.operationName(), call.caller().name(), e);
            record(changes, operation, call, arguments, "INTERNAL_ERROR");
            fault(response, header, NsiRefusal.of(NsiErrorId.INTERNAL_ERROR, "the provider failed to answer; its log says"
                    + " why"));
        }
    }

    private SyncAnswer dispatch(CallContext call, NsiRequestHeader h, ProviderRequest body) throws NsiRefused {
        var caller = call.caller();
        if (body instanceof Reserve r) {
            return new ReserveResponse(service.reserve(caller, h, NsiRequests.reserve(r)));
        }
        if (body instanceof ReserveCommit r) {
            service.reserveCommit(caller, h, r.connectionId());
        } else if (body instanceof ReserveAbort r) {
            service.reserveAbort(caller, h, r.connectionId());
        } else if (body instanceof Provision r) {
            service.provision(caller, h, r.connectionId());
        } else if (body instanceof Release r) {
            service.release(caller, h, r.connectionId());
        } else if (body instanceof Terminate r) {
            service.terminate(caller, h, r.connectionId());
        } else if (body instanceof QuerySummarySync q) {
            List<NsiConnection> found = service.querySummarySync(caller, h, selection(q));
            return new QuerySummarySyncConfirmed(((QuerySummaryConfirmed) written(h, new NsiOutgoing.Summary(
                    NsiMessageKind.QUERY_SUMMARY_CONFIRMED, found))).reservations());
        } else if (body instanceof QuerySummary q) {
            service.querySummary(caller, h, selection(q), NsiMessageKind.QUERY_SUMMARY_CONFIRMED);
        } else if (body instanceof QueryRecursive q) {
            service.querySummary(caller, h, selection(q), NsiMessageKind.QUERY_RECURSIVE_CONFIRMED);
        } else if (body instanceof QueryNotificationSync q) {
            List<StoredMessage> found = service.queryMessagesSync(caller, h, q.connectionId(),
                    NsiMessageKind.Family.NOTIFICATION, NsiRequests.bound(q.startNotificationId()),
                    NsiRequests.bound(q.endNotificationId()));
            return new QueryNotificationSyncConfirmed(((QueryNotificationConfirmed) written(h, new NsiOutgoing.Stored(
                    NsiMessageKind.QUERY_NOTIFICATION_CONFIRMED, found))).notifications());
        } else if (body instanceof QueryNotification q) {
            service.queryMessages(caller, h, q.connectionId(), NsiMessageKind.QUERY_NOTIFICATION_CONFIRMED,
                    NsiRequests.bound(q.startNotificationId()), NsiRequests.bound(q.endNotificationId()));
        } else if (body instanceof QueryResultSync q) {
            List<StoredMessage> found = service.queryMessagesSync(caller, h, q.connectionId(),
                    NsiMessageKind.Family.RESULT, NsiRequests.bound(q.startResultId()), NsiRequests.bound(q.endResultId()));
            return new QueryResultSyncConfirmed(((QueryResultConfirmed) written(h, new NsiOutgoing.Stored(
                    NsiMessageKind.QUERY_RESULT_CONFIRMED, found))).results());
        } else if (body instanceof QueryResult q) {
            service.queryMessages(caller, h, q.connectionId(), NsiMessageKind.QUERY_RESULT_CONFIRMED,
                    NsiRequests.bound(q.startResultId()), NsiRequests.bound(q.endResultId()));
        }
        return new Acknowledgment();
    }

    /**
     * A synchronous answer's content as the service's writer writes its asynchronous twin, so a
     * connection reads the same whichever form the requester asked.
     */
    private NsiMessage written(NsiRequestHeader h, NsiOutgoing answer) {
        try {
            return (NsiMessage) NsiXml.read(messages.write(h.requesterNsa(), service.providerNsa(), h.correlationId(),
                    answer)).body();
        } catch (NsiPayloadException e) {
            throw new IllegalStateException("the provider's own " + answer.kind() + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static Selection selection(ConnectionQuery q) {
        return Selection.of(q.connectionIds(), q.globalReservationIds());
    }

    private void answer(HttpServletResponse response, NsiHeader header, SyncAnswer answer) throws IOException {
        write(response, 200, NsiXml.write(header, answer));
    }

    private void fault(HttpServletResponse response, Optional<NsiHeader> header, NsiRefusal why) throws IOException {
        ServiceExceptionInfo e = ServiceExceptionInfo.of(service.providerNsa(), why.errorId(), why.text());
        if (why.connectionId().isPresent()) {
            e = e.withConnectionId(why.connectionId().get());
        }
        if (why.barCode().isPresent()) {
            e = e.withVariable(BAR_CODE_VARIABLE, why.barCode().get().name());
        }
        write(response, 500, NsiXml.writeFault(header, NsiFault.of(e)));
    }

    /** The serviceException variable that carries the BAR's own refusal code (as the callbacks' do). */
    public static final String BAR_CODE_VARIABLE = "crsRefusalCode";

    private static void write(HttpServletResponse response, int status, String envelope) throws IOException {
        byte[] bytes = envelope.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/xml; charset=utf-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** What the audit trail keeps of a request: its header's NSAs and the connection it names. */
    private static Map<String, String> arguments(Optional<NsiHeader> header, ProviderRequest body) {
        Map<String, String> args = new LinkedHashMap<>();
        header.ifPresent(h -> {
            args.put("requesterNSA", h.requesterNsa());
            args.put("correlationId", h.correlationId());
        });
        if (body instanceof ConnectionIdOnly c) {
            args.put("connectionId", c.connectionId());
        } else if (body instanceof Reserve r) {
            r.connectionId().ifPresent(id -> args.put("connectionId", id));
            r.globalReservationId().ifPresent(id -> args.put("globalReservationId", id));
            r.criteria().p2ps().ifPresent(p -> {
                args.put("sourceSTP", p.sourceStp().toString());
                args.put("destSTP", p.destStp().toString());
                args.put("capacity", Long.toString(p.capacityMbps()));
            });
        }
        return args;
    }

    private void record(boolean changes, NsiOperation operation, CallContext call, Map<String, String> arguments,
                        String outcome) {
        if (changes) {
            audit.ifPresent(a -> a.record(SERVICE, operation.operationName(), call, Redaction.arguments(arguments), outcome));
        }
    }
}
