package org.crs.bar.api.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import org.crs.bar.account.SignIn;
import org.crs.bar.port.SegmentFailure;
import org.crs.domain.refusal.RefusedException;
import org.crs.bar.service.AccountService;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Decision;
import org.crs.domain.access.Effect;
import org.crs.domain.audit.Redaction;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.db.StoreException;
import org.crs.service.security.Authentication;
import org.crs.service.security.AuthenticationFilter;
import org.crs.service.security.Authenticator;
import org.crs.service.security.CallAudit;
import org.crs.service.security.CallContext;
import org.crs.service.security.Credentials;
import org.crs.service.security.CurrentCall;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The servlet at {@code /api/*}: finds the operation a request names ({@link ApiRoutes}), signs
 * its caller in (an Authorization header as the SOAP services take it, else the browser's session
 * cookie), asks the {@link AccessTable} whether that caller may call it, checks the CSRF token of
 * a change made with a cookie, runs it as the caller and writes the answer. Every change, and every
 * call the table refused, is recorded in the audit trail under its port type operation, exactly
 * as over SOAP. Errors are JSON; nothing escapes as a stack trace.
 */
public final class JsonApi extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(JsonApi.class);
    /** The header a change made with a session cookie carries the session's CSRF token in. */
    public static final String CSRF_HEADER = "X-CSRF-Token";
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");
    private static final String REQUEST_ID = "requestId";

    private final transient List<Route> routes;
    private final transient Authenticator authenticator;
    private final transient AccountService accounts;
    private final transient Sessions sessions;
    private final transient Optional<CallAudit> audit;
    private final transient AccessTable accessTable;

    JsonApi(List<Route> routes, Authenticator authenticator, AccessTable table, AccountService accounts,
            Sessions sessions, Optional<CallAudit> audit) {
        this.accessTable = Objects.requireNonNull(table, "table");
        this.routes = List.copyOf(routes);
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.audit = audit;
    }

    /**
     * The JSON API over {@code parts}, signing callers in with {@code authenticator} (as the SOAP
     * services do) or by their session, and recording changes in {@code audit}.
     */
    public static JsonApi create(ApiParts parts, Authenticator authenticator, Optional<CallAudit> audit) {
        return create(parts, authenticator, AccessTable.standard(), audit);
    }

    /** As {@link #create(ApiParts, Authenticator, Optional)}, deciding by {@code table} (the SOAP services' own). */
    public static JsonApi create(ApiParts parts, Authenticator authenticator, AccessTable table,
                                 Optional<CallAudit> audit) {
        return new JsonApi(ApiRoutes.of(parts), authenticator, table, parts.accounts(), parts.sessions(), audit);
    }

    List<Route> routes() {
        return routes;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        String method = request.getMethod().toUpperCase(Locale.ROOT);
        try {
            String path = Optional.ofNullable(request.getPathInfo()).orElse("/");
            String[] segments = ("api" + path).split("/");
            Route route = null;
            Map<String, String> params = Map.of();
            boolean pathKnown = false;
            for (Route r : routes) {
                Optional<Map<String, String>> m = r.match(segments);
                if (m.isPresent()) {
                    pathKnown = true;
                    if (r.method().equals(method) || "HEAD".equals(method) && "GET".equals(r.method())) {
                        route = r;
                        params = m.get();
                        break;
                    }
                }
            }
            if (route == null) {
                throw pathKnown ? ApiError.of(ApiError.Problem.METHOD_NOT_ALLOWED, null, method + " is not an operation of "
                        + "/api" + path) : ApiError.of(ApiError.Problem.NO_SUCH_PATH, null, "/api" + path
                        + " is not an operation of this BAR's JSON API; see /api/openapi.json");
            }
            serve(route, params, request, response);
        } catch (ApiError e) {
            error(response, e);
        } catch (RuntimeException e) {
            if (StoreException.isUnreachable(e)) {
                LOG.warn("JSON API: {} {}: the database cannot be reached: {}", method, request.getRequestURI(), e.getMessage());
                error(response, ApiError.of(StoreException.unavailable(), false));
                return;
            }
            LOG.error("JSON API: {} {} failed", method, request.getRequestURI(), e);
            error(response, ApiError.of(ApiError.Problem.INTERNAL, null, "the BAR failed to answer; its log says why"));
        }
    }

    private void serve(Route route, Map<String, String> params, HttpServletRequest request, HttpServletResponse response)
            throws ApiError, IOException {
        String address = request.getRemoteAddr();
        Signed signed = signIn(request, address);
        CallContext context = new CallContext(signed.caller(), address, AuthenticationFilter.credentials(request)
                .certificate().map(c -> c.getSubjectX500Principal().getName()));
        if (route.guard() instanceof Route.Guard.Table table) {
            AccessTable.Operation op = table.operation();
            Decision decision = accessTable.decision(context.caller(), op.service(), op.operation());
            if (decision == Decision.NOT_SIGNED_IN) {
                response.setHeader("WWW-Authenticate", "Basic realm=\"CRS\", Bearer realm=\"CRS\"");
                throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "sign in first: a session cookie from POST "
                        + "/api/session, HTTP Basic credentials or a bearer token"));
            }
            if (decision == Decision.NOT_ALLOWED) {
                record(op, context, params, null, RefusalCode.NOT_ALLOWED.name());
                throw ApiError.of(new Refusal(RefusalCode.NOT_ALLOWED, "", op + " is not allowed to "
                        + context.caller().name()));
            }
        }
        // The caller may call it: only now is its input read (a refusal of access says nothing of the input).
        JsonNode body = body(request, route);
        query(request);
        if (signed.bySession() && !SAFE.contains(request.getMethod())) {
            String token = request.getHeader(CSRF_HEADER);
            // Compared in constant time, so the answer's timing does not tell how much of a guess was right.
            if (token == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                    signed.csrfToken().getBytes(StandardCharsets.UTF_8))) {
                throw ApiError.of(ApiError.Problem.CSRF_TOKEN_MISSING, CSRF_HEADER, "a change made with a session cookie "
                        + "must carry the session's CSRF token in the " + CSRF_HEADER + " header");
            }
        }
        Call call = new Call(request, response, context, params, body);
        Answer answer = run(route, call);
        write(response, answer);
    }

    /** Runs the operation as its caller, records it when it changes state, and turns faults into errors. */
    private Answer run(Route route, Call call) throws ApiError {
        Optional<AccessTable.Operation> audited = route.guard() instanceof Route.Guard.Table t
                && accessTable.rowOf(t.operation().service(), t.operation().operation())
                        .map(r -> r.effect() == Effect.CHANGE).orElse(false)
                ? Optional.of(t.operation()) : Optional.empty();
        AtomicReference<Exception> failed = new AtomicReference<>();
        Answer answer = CurrentCall.runAs(call.context, () -> {
            try {
                return route.handler().handle(call);
            } catch (Exception e) {
                failed.set(e);
                return null;
            }
        });
        Exception e = failed.get();
        ApiError error = e == null ? null : e instanceof ApiError a ? a
                : e instanceof RefusedException r ? refused(route, call, r) : null;
        if (e != null && error == null) {
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(route.method() + " " + route.path() + " failed", e);
        }
        // The trail keeps the service's own code (NOT_ALLOWED, say) where the answer says less (NOT_FOUND).
        String outcome = error == null ? "OK" : e instanceof RefusedException r ? r.refusal().code().name() : error.code();
        audited.map(op -> call.auditedAs().orElse(op)).ifPresent(op -> record(op, call.context, pathAndBody(call), call.body(),
                outcome));
        if (error != null) {
            throw error;
        }
        return answer;
    }

    /**
     * A refusal of the service as this door answers it. On a reservation's own path, one the caller
     * cannot see is 404 {@code NOT_FOUND}, alike whether it does not exist or is another's, so that
     * the answer does not tell a prober which ids exist. A provider that did not answer is 503.
     */
    private static ApiError refused(Route route, Call call, RefusedException e) {
        Refusal refusal = e.refusal().withMessage(e.getMessage());
        String requestId = call.path(REQUEST_ID);
        if (requestId != null && REQUEST_ID.equals(refusal.field())
                && (refusal.code() == RefusalCode.BAD_FIELD || refusal.code() == RefusalCode.NOT_ALLOWED)) {
            return ApiError.of(ApiError.Problem.NOT_FOUND, REQUEST_ID, "no reservation " + requestId + " that "
                    + call.caller().name() + " may see");
        }
        return ApiError.of(refusal, !(e instanceof SegmentFailure f) || f.answered());
    }

    private static Map<String, String> pathAndBody(Call call) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String name : List.of("requestId", "name", "scope", "id")) {
            String v = call.path(name);
            if (v != null) {
                params.put(name, v);
            }
        }
        return params;
    }

    private void record(AccessTable.Operation op, CallContext context, Map<String, String> params, JsonNode body,
                        String outcome) {
        if (audit.isEmpty()) {
            return;
        }
        Map<String, String> arguments = new LinkedHashMap<>(params);
        if (body != null) {
            Iterator<Map.Entry<String, JsonNode>> fields = body.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                flatten(f.getKey(), f.getValue(), arguments);
            }
        }
        audit.get().record(op.service(), op.operation(), context, Redaction.arguments(arguments), outcome);
    }

    private static void flatten(String name, JsonNode value, Map<String, String> into) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> flatten(name + "." + f.getKey(), f.getValue(), into));
        } else if (!value.isNull()) {
            into.put(name, value.isValueNode() ? value.asText() : value.toString());
        }
    }

    /**
     * Who calls: the Authorization header's account; else the session cookie's; else the client
     * certificate's (a peer, a controller or an account it is mapped to); else nobody.
     */
    private Signed signIn(HttpServletRequest request, String address) throws ApiError {
        Credentials credentials = AuthenticationFilter.credentials(request);
        boolean header = request.getHeader("Authorization") != null && !request.getHeader("Authorization").isBlank();
        if (!header) {
            Optional<Sessions.Session> session = sessionCookie(request).flatMap(sessions::find);
            if (session.isPresent()) {
                SignIn signIn = accounts.signedIn(session.get().account());
                if (signIn instanceof SignIn.Known known) {
                    return new Signed(known.caller(), true, session.get().csrfToken());
                }
                sessions.closeAll(session.get().account());
            }
        }
        if (credentials instanceof Credentials.None) {
            return new Signed(new Caller.Anonymous(), false, "");
        }
        Authentication outcome = authenticator.authenticate(credentials, address);
        if (outcome instanceof Authentication.Authenticated known) {
            return new Signed(known.caller(), false, "");
        }
        if (outcome instanceof Authentication.Throttled throttled) {
            throw ApiError.throttled(throttled.pause());
        }
        throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", ((Authentication.Refused) outcome).reason()));
    }

    private record Signed(Caller caller, boolean bySession, String csrfToken) {
    }

    static Optional<String> sessionCookie(HttpServletRequest request) {
        return cookie(request, Sessions.COOKIE);
    }

    /** The value of the request's cookie {@code name}. */
    static Optional<String> cookie(HttpServletRequest request, String name) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return Optional.empty();
        }
        for (Cookie c : cookies) {
            if (name.equals(c.getName())) {
                return Optional.ofNullable(c.getValue());
            }
        }
        return Optional.empty();
    }

    /** Parses the query string, refusing one the container cannot read (a parameter without a name, bad escapes). */
    private static void query(HttpServletRequest request) throws ApiError {
        try {
            request.getParameterMap();
        } catch (IllegalStateException e) {
            throw ApiError.badField("query", "the query string cannot be read: " + e.getMessage());
        }
    }

    /** The request's JSON object; an empty object for a request without a body. */
    private static JsonNode body(HttpServletRequest request, Route route) throws ApiError, IOException {
        if (route.requestSchema().isEmpty()) {
            return Json.object();
        }
        byte[] bytes;
        try (InputStream in = request.getInputStream()) {
            bytes = in.readAllBytes();
        }
        if (bytes.length == 0) {
            return Json.object();
        }
        try {
            JsonNode node = Json.MAPPER.readTree(bytes);
            if (node == null || node.isMissingNode() || node.isNull()) {
                return Json.object();
            }
            if (!node.isObject()) {
                throw ApiError.of(ApiError.Problem.NOT_JSON, null, "the body must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw ApiError.of(ApiError.Problem.NOT_JSON, null, "the body is not JSON: " + e.getOriginalMessage());
        }
    }

    private static void write(HttpServletResponse response, Answer answer) throws IOException {
        if (answer instanceof Answer.Body body) {
            byte[] bytes = Json.MAPPER.writeValueAsBytes(body.json());
            response.setStatus(body.status());
            response.setContentType("application/json; charset=UTF-8");
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        } else if (answer instanceof Answer.Text text) {
            byte[] bytes = text.text().getBytes(StandardCharsets.UTF_8);
            response.setStatus(200);
            response.setContentType(text.contentType() + "; charset=UTF-8");
            text.fileName().ifPresent(f -> response.setHeader("Content-Disposition", "attachment; filename=\"" + f + "\""));
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        } else if (answer instanceof Answer.NoContent) {
            response.setStatus(204);
        } else if (answer instanceof Answer.Redirect redirect) {
            response.setStatus(302);
            response.setHeader("Location", redirect.location());
        }
        // Answer.Streaming: the operation writes its own answer
    }

    static void error(HttpServletResponse response, ApiError e) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        ObjectNode error = Json.object();
        error.put("code", e.code());
        e.field().ifPresent(f -> error.put("field", f));
        error.put("reason", e.reason());
        ObjectNode body = Json.object();
        body.set("error", error);
        if (e.status() == 429) {
            response.setHeader("Retry-After", "60");
        } else if (e.code().equals(RefusalCode.STORE_UNAVAILABLE.name())) {
            response.setHeader("Retry-After", String.valueOf(StoreException.RETRY_AFTER.toSeconds()));
        }
        write(response, new Answer.Body(e.status(), body));
    }
}
