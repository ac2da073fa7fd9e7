package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;


import org.crs.bar.account.Secrets;
import org.crs.bar.account.SignIn;
import org.crs.bar.api.json.Route.Guard;
import org.crs.bar.api.json.Route.Param;
import org.crs.bar.api.json.Route.Response;
import org.crs.bar.api.soap.AuditEntryInfo;
import org.crs.bar.api.soap.ReservationInfo;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.service.ReservationService;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;

/**
 * Every operation of the JSON API, each a call on the port type its SOAP twin is (so both
 * encodings share one code path, one access rule and one audit record), plus what only the
 * browser needs (its session, the network map, the bandwidth line, calendars, live events).
 */
final class ApiRoutes {

    static final String BROWSER = AccessTable.BROWSER_SERVICE;
    private static final String RESERVATIONS = AccessTable.RESERVATION_SERVICE;
    private static final String OPERATOR = AccessTable.OPERATOR_SERVICE;
    private static final String MAINTENANCE = AccessTable.MAINTENANCE_SERVICE;
    private static final String AUDIT = AccessTable.AUDIT_SERVICE;
    private static final int MAX_LIST = 10_000;
    private static final Duration DEFAULT_MAINTENANCE_SPAN = Duration.ofDays(60);

    private final ApiParts parts;
    private final List<Route> routes = new ArrayList<>();

    private ApiRoutes(ApiParts parts) {
        this.parts = parts;
    }

    /** The routes, in the order they are matched (fixed paths before parameters). */
    static List<Route> of(ApiParts parts) {
        ApiRoutes r = new ApiRoutes(parts);
        r.sessionRoutes();
        r.reservationRoutes();
        r.bookingAidRoutes();
        r.operatorRoutes();
        new BrowserRoutes(parts, r).addAll();
        new OidcRoutes(parts, r).addAll();
        return List.copyOf(r.routes);
    }

    // ---- building the table ----

    /** The routes added so far (all of them, once {@link #of} has returned). */
    List<Route> routes() {
        return List.copyOf(routes);
    }

    void add(String method, String path, Guard guard, String summary, List<Param> query, String requestSchema,
             Response response, Route.Handler handler) {
        routes.add(new Route(method, path, guard, summary, query, Optional.ofNullable(requestSchema), response, handler));
    }

    static Guard table(String service, String operation) {
        if (AccessTable.row(service, operation).isEmpty()) {
            throw new IllegalStateException("the access table has no row for " + service + "." + operation);
        }
        return new Guard.Table(new AccessTable.Operation(service, operation));
    }

    static Guard anyone() {
        return new Guard.Public();
    }

    static Param text(String name, String description) {
        return new Param(name, Param.Type.STRING, false, description);
    }

    static Param time(String name, String description) {
        return new Param(name, Param.Type.DATE_TIME, false, description);
    }

    static Param number(String name, String description) {
        return new Param(name, Param.Type.INTEGER, false, description);
    }

    static Response json(String schema) {
        return new Response.Json(200, schema);
    }

    // ---- session ----

    private void sessionRoutes() {
        add("POST", "/api/session", anyone(), "Signs in with an account and password; sets the session cookie",
                List.of(), "SignIn", json("Me"), this::signIn);
        add("GET", "/api/session", anyone(), "Who is signed in with this session", List.of(), null, json("Me"),
                this::me);
        add("DELETE", "/api/session", anyone(), "Signs out", List.of(), null, new Response.Empty(), this::signOut);
    }

    private Answer signIn(Call call) throws ApiError {
        String account = Json.requiredText(call.body(), "account");
        String password = Json.requiredText(call.body(), "password");
        SignIn signIn = parts.accounts().withPassword(account, password, call.context.address());
        if (signIn instanceof SignIn.Throttled throttled) {
            throw ApiError.throttled(throttled.pause());
        }
        if (!(signIn instanceof SignIn.Known known) || !(known.caller() instanceof Caller.Account caller)) {
            throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "the account or the password is wrong"));
        }
        return Answer.ok(openSession(call, caller));
    }

    /** Opens a session for an account signed in by password or by the identity provider; sets its cookie. */
    ObjectNode openSession(Call call, Caller.Account caller) {
        Sessions.Opened opened = parts.sessions().open(caller.name());
        StringBuilder cookie = new StringBuilder(Sessions.COOKIE).append('=').append(opened.cookieValue())
                .append("; Path=/; HttpOnly; SameSite=Strict; Max-Age=").append(Sessions.IDLE.toSeconds());
        if (call.request.isSecure()) {
            cookie.append("; Secure");
        }
        call.response.addHeader("Set-Cookie", cookie.toString());
        return me(caller, opened.session().csrfToken());
    }

    private Answer me(Call call) throws ApiError {
        Optional<Sessions.Session> session = JsonApi.sessionCookie(call.request).flatMap(parts.sessions()::find);
        if (session.isEmpty() || !(parts.accounts().signedIn(session.get().account()) instanceof SignIn.Known known)
                || !(known.caller() instanceof Caller.Account caller)) {
            throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "", "this browser is not signed in"));
        }
        return Answer.ok(me(caller, session.get().csrfToken()));
    }

    private ObjectNode me(Caller.Account caller, String csrfToken) {
        ObjectNode me = Json.object();
        me.put("account", caller.name());
        me.put("role", caller.role().name());
        ArrayNode groups = me.putArray("groups");
        caller.groups().forEach(g -> groups.add(g.group()));
        me.put("site", parts.site());
        me.put("csrfToken", csrfToken);
        return me;
    }

    private Answer signOut(Call call) {
        JsonApi.sessionCookie(call.request).ifPresent(parts.sessions()::close);
        call.response.addHeader("Set-Cookie", Sessions.COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
        return new Answer.NoContent();
    }

    // ---- reservations ----

    private void reservationRoutes() {
        add("GET", "/api/reservations", table(RESERVATIONS, "listReservations"),
                "The reservations the caller may see, filtered, a page at a time",
                List.of(new Param("state", Param.Type.STRING, true, "only these states"),
                        time("from", "only those overlapping [from, to)"), time("to", "see from"),
                        text("endpoint", "only those from or to this site:host"),
                        text("q", "text in the id, description, owner or endpoints"),
                        text("owner", "only this account's"),
                        new Param("flag", Param.Type.STRING, true, "only those with one of these traffic flags (IDLE, ERRORS)"),
                        number("limit", "page size, 1 to 500 (50)"), number("offset", "entries skipped (0)")),
                null, json("ReservationPage"), this::list);
        add("POST", "/api/reservations", table(RESERVATIONS, "createReservation"),
                "Books a circuit at a fixed time, in a window, or to move a volume by a deadline", List.of(),
                "NewReservation", new Response.Json(201, "Reservation"), this::create);
        add("GET", "/api/reservations/{requestId}", table(RESERVATIONS, "getReservation"), "One reservation", List.of(),
                null, json("Reservation"), c -> reservation(parts.reservations().getReservation(c.path("requestId"))));
        add("PATCH", "/api/reservations/{requestId}", table(RESERVATIONS, "modifyReservation"),
                "Changes the end and/or the bandwidth, all or nothing, also while ACTIVE", List.of(), "Modification",
                json("Reservation"), this::modify);
        add("POST", "/api/reservations/{requestId}/cancel", table(RESERVATIONS, "cancelReservation"),
                "Cancels; an active circuit is torn down first", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.reservations().cancelReservation(c.path("requestId"), reason(c))));
        add("POST", "/api/reservations/{requestId}/commit", table(RESERVATIONS, "commitReservation"),
                "Commits a reservation made with holdOnly", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.reservations().commitReservation(c.path("requestId"))));
        add("POST", "/api/reservations/{requestId}/abort", table(RESERVATIONS, "abortReservation"),
                "Gives up a reservation made with holdOnly", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.reservations().abortReservation(c.path("requestId"), reason(c))));
        add("GET", "/api/reservations/{requestId}/history", table(RESERVATIONS, "getHistory"),
                "Every change of a reservation, oldest first", List.of(), null, json("History"),
                c -> Answer.ok(Json.items(parts.reservations().getHistory(c.path("requestId")))));
        add("GET", "/api/reservations/{requestId}/utilisation", table(RESERVATIONS, "getUtilisation"),
                "What the circuit carried over [from, to) per segment and end to end, beside the booked rate, and its"
                        + " traffic flags",
                List.of(time("from", "start of the range (the reservation's start)"),
                        time("to", "end of the range (the reservation's end)")),
                null, json("Utilisation"), this::utilisation);
        add("GET", "/api/reservations/{requestId}/device-log", table(AUDIT, "searchAudit"),
                "The router commands sent for a reservation's segments and their answers (operators)", List.of(),
                null, json("AuditPage"), this::deviceLog);
    }

    private Answer list(Call call) throws Exception {
        List<String> states = call.queries("state");
        Calendar from = call.queryCalendar("from");
        Calendar to = call.queryCalendar("to");
        int limit = call.queryInt("limit", 50, 1, 500);
        int offset = call.queryInt("offset", 0, 0, MAX_LIST);
        Optional<String> endpoint = call.query("endpoint");
        Optional<String> text = call.query("q").map(q -> q.toLowerCase(Locale.ROOT));
        Optional<String> owner = call.query("owner");
        List<String> flags = call.queries("flag");
        List<ReservationInfo> all = new ArrayList<>();
        for (String state : states.isEmpty() ? List.of("") : states) {
            all.addAll(Arrays.asList(parts.reservations().listReservations(state, from, to)));
        }
        List<ReservationInfo> matching = all.stream()
                .filter(r -> endpoint.isEmpty() || endpoint.get().equals(r.getSource())
                        || endpoint.get().equals(r.getDestination()))
                .filter(r -> owner.isEmpty() || owner.get().equals(r.getOwner()))
                .filter(r -> flags.isEmpty() || Arrays.stream(r.getFlags()).anyMatch(flags::contains))
                .filter(r -> text.isEmpty() || contains(r, text.get()))
                .sorted((a, b) -> b.getStart().compareTo(a.getStart()))
                .toList();
        ObjectNode page = Json.object();
        page.set("items", Json.tree(matching.subList(Math.min(offset, matching.size()),
                Math.min(offset + limit, matching.size()))));
        page.put("total", matching.size());
        page.put("limit", limit);
        page.put("offset", offset);
        return Answer.ok(page);
    }

    private static boolean contains(ReservationInfo r, String text) {
        for (String s : new String[] {r.getRequestId(), r.getDescription(), r.getOwner(), r.getSource(),
                r.getDestination(), r.getState()}) {
            if (s != null && s.toLowerCase(Locale.ROOT).contains(text)) {
                return true;
            }
        }
        return false;
    }

    private Answer create(Call call) throws Exception {
        JsonNode b = call.body();
        // A browser need not name its booking: the BAR names it (a retry then books again, so scripts name theirs).
        String requestId = Json.text(b, "requestId").orElseGet(() -> "r-" + Secrets.newId());
        String source = Json.requiredText(b, "source");
        String destination = Json.requiredText(b, "destination");
        String description = Json.text(b, "description").orElse(null);
        boolean holdOnly = Json.flag(b, "holdOnly", false);
        JsonNode timing = b.get("timing");
        if (timing == null || !timing.isObject()) {
            throw ApiError.badField("timing", "is missing: give {\"kind\": \"fixed\" | \"window\" | \"transfer\", ...}");
        }
        String kind = Json.requiredText(timing, "kind");
        ReservationInfo answer;
        switch (kind) {
            case "fixed" -> answer = parts.reservations().createReservation(requestId, source, destination,
                    Json.requiredNumber(b, "bandwidthMbps"), calendar(timing, "start"), calendar(timing, "end"),
                    description, holdOnly);
            case "window" -> {
                call.auditAs(new AccessTable.Operation(RESERVATIONS, "createReservationInWindow"));
                answer = parts.reservations().createReservationInWindow(requestId, source, destination,
                        Json.requiredNumber(b, "bandwidthMbps"), Json.requiredNumber(timing, "durationSeconds"),
                        calendar(timing, "windowStart"), calendar(timing, "windowEnd"), description, holdOnly);
            }
            case "transfer" -> {
                call.auditAs(new AccessTable.Operation(RESERVATIONS, "createTransfer"));
                answer = parts.reservations().createTransfer(requestId, source, destination,
                        Json.requiredNumber(timing, "volumeMegabytes"), Json.requiredNumber(b, "bandwidthMbps"),
                        calendar(timing, "earliestStart"), calendar(timing, "deadline"), description, holdOnly);
            }
            default -> throw ApiError.badField("timing.kind", "must be fixed, window or transfer, was '" + kind + "'");
        }
        return Answer.created(Json.tree(answer));
    }

    private static Calendar calendar(JsonNode body, String field) throws ApiError {
        return Json.instant(body, field).map(SoapTimes::calendar).orElse(null);
    }

    private Answer modify(Call call) throws Exception {
        JsonNode b = call.body();
        Calendar end = calendar(b, "end");
        OptionalLong mbps = Json.number(b, "bandwidthMbps");
        if (end == null && mbps.isEmpty()) {
            throw ApiError.badField("end", "give a new end, a new bandwidthMbps, or both");
        }
        if (mbps.isPresent() && mbps.getAsLong() <= 0) {
            throw ApiError.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + mbps.getAsLong());
        }
        return reservation(parts.reservations().modifyReservation(call.path("requestId"), end, mbps.orElse(0)));
    }

    /** Without from and to, over the reservation's whole interval. */
    private Answer utilisation(Call call) throws Exception {
        String id = call.path("requestId");
        Calendar from = call.queryCalendar("from");
        Calendar to = call.queryCalendar("to");
        if (from == null || to == null) {
            ReservationInfo r = parts.reservations().getReservation(id);
            from = from == null ? r.getStart() : from;
            to = to == null ? r.getEnd() : to;
        }
        return Answer.ok(Json.tree(parts.reservations().getUtilisation(id, from, to)));
    }

    private Answer deviceLog(Call call) throws Exception {
        String id = call.path("requestId");
        parts.reservations().getReservation(id); // an unknown reservation is refused by name
        AuditEntryInfo[] entries = parts.audit().searchAudit(id, null, null, null, null, 0, 1000);
        List<AuditEntryInfo> commands = Arrays.stream(entries).filter(e -> "router-command".equals(e.getOperation()))
                .toList();
        ObjectNode page = Json.items(commands);
        page.put("total", commands.size());
        return Answer.ok(page);
    }

    static Answer reservation(ReservationInfo info) {
        return Answer.ok(Json.tree(info));
    }

    /** The body's reason, empty when absent. */
    static String reason(Call call) throws ApiError {
        return Json.text(call.body(), "reason").orElse("");
    }

    // ---- booking aids ----

    private void bookingAidRoutes() {
        add("GET", "/api/endpoints", table(RESERVATIONS, "listEndpoints"), "The endpoints that can be booked, by site",
                List.of(), null, json("EndpointSites"), this::endpoints);
        add("GET", "/api/availability", table(RESERVATIONS, "findAvailability"),
                "The start times at which a circuit could run; books nothing",
                List.of(text("source", "site:host"), text("destination", "site:host"),
                        number("bandwidthMbps", "Mbit/s"), number("durationSeconds", "how long it runs"),
                        time("windowStart", "earliest start"), time("windowEnd", "latest end")),
                null, json("Availability"), this::availability);
        add("GET", "/api/availability/profile", table(BROWSER, "getBandwidthProfile"),
                "The most bandwidth free for the pair at each step of [from, to)",
                List.of(text("source", "site:host"), text("destination", "site:host"), time("from", "start of the span"),
                        time("to", "end of the span"), number("stepSeconds", "one point per step (3600)")),
                null, json("BandwidthProfile"), this::profile);
    }

    private Answer endpoints(Call call) {
        Map<String, ArrayNode> bySite = new LinkedHashMap<>();
        for (String id : parts.reservations().listEndpoints()) {
            int colon = id.indexOf(':');
            String site = colon < 0 ? "" : id.substring(0, colon);
            ObjectNode e = Json.object();
            e.put("id", id);
            e.put("host", id.substring(colon + 1));
            bySite.computeIfAbsent(site, s -> Json.MAPPER.createArrayNode()).add(e);
        }
        ObjectNode out = Json.object();
        ArrayNode sites = out.putArray("sites");
        bySite.forEach((site, endpoints) -> {
            ObjectNode s = sites.addObject();
            s.put("site", site);
            s.set("endpoints", endpoints);
        });
        return Answer.ok(out);
    }

    private Answer availability(Call call) throws Exception {
        return Answer.ok(Json.tree(parts.reservations().findAvailability(call.query("source").orElse(null),
                call.query("destination").orElse(null), call.requiredQueryNumber("bandwidthMbps"),
                call.requiredQueryNumber("durationSeconds"), call.queryCalendar("windowStart"),
                call.queryCalendar("windowEnd"))));
    }

    private Answer profile(Call call) throws Exception {
        Endpoint source = endpoint("source", call.query("source"));
        Endpoint destination = endpoint("destination", call.query("destination"));
        Instant from = call.queryInstant("from").orElseThrow(() -> ApiError.badField("from", "is missing"));
        Instant to = call.queryInstant("to").orElseThrow(() -> ApiError.badField("to", "is missing"));
        if (!to.isAfter(from)) {
            throw ApiError.badField("to", "must be after from (" + from + "), was " + to);
        }
        int step = call.queryInt("stepSeconds", 3600, 60, 86_400 * 7);
        try {
            List<ReservationService.BandwidthPoint> points = parts.service().widestBandwidth(call.context.caller(), source, destination,
                    new TimeInterval(from, to), Duration.ofSeconds(step));
            ObjectNode out = Json.object();
            ArrayNode array = out.putArray("points");
            for (ReservationService.BandwidthPoint p : points) {
                ObjectNode o = array.addObject();
                o.put("at", p.at().toString());
                o.put("maxBandwidthMbps", p.maxBandwidthMbps());
            }
            return Answer.ok(out);
        } catch (BadRequest e) {
            throw ApiError.of(e.refusal());
        } catch (SegmentFailure e) {
            throw ApiError.of(ServiceFault.failure(e.refusal()));
        }
    }

    static Endpoint endpoint(String field, Optional<String> text) throws ApiError {
        if (text.isEmpty()) {
            throw ApiError.badField(field, "is missing");
        }
        try {
            return Endpoint.parse(text.get());
        } catch (IllegalArgumentException e) {
            throw ApiError.badField(field, e.getMessage());
        }
    }

    // ---- operators ----

    private void operatorRoutes() {
        add("GET", "/api/operator/approvals", table(OPERATOR, "listPendingApprovals"),
                "The reservations waiting for an operator's approval", List.of(), null, json("ReservationList"),
                c -> Answer.ok(Json.items(parts.operators().listPendingApprovals())));
        add("POST", "/api/operator/reservations/{requestId}/approve", table(OPERATOR, "approveReservation"),
                "Approves a waiting reservation", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.operators().approveReservation(c.path("requestId"), reason(c))));
        add("POST", "/api/operator/reservations/{requestId}/reject", table(OPERATOR, "rejectReservation"),
                "Rejects a waiting reservation, saying why", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.operators().rejectReservation(c.path("requestId"), reason(c))));
        add("POST", "/api/operator/reservations/{requestId}/terminate", table(OPERATOR, "terminateReservation"),
                "Ends any reservation, saying why", List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.operators().terminateReservation(c.path("requestId"), reason(c))));
        add("POST", "/api/operator/reservations/{requestId}/move", table(MAINTENANCE, "moveReservation"),
                "Moves a reservation a maintenance window hits to its next free slot of the same length", List.of(),
                "Reason", json("Reservation"),
                c -> reservation(parts.maintenance().moveReservation(c.path("requestId"), reason(c))));
        add("POST", "/api/operator/reservations/{requestId}/cancel-for-maintenance",
                table(MAINTENANCE, "cancelReservationForMaintenance"), "Cancels a reservation for maintenance",
                List.of(), "Reason", json("Reservation"),
                c -> reservation(parts.maintenance().cancelReservationForMaintenance(c.path("requestId"), reason(c))));
        add("POST", "/api/operator/accounts/{name}/block", table(OPERATOR, "blockAccount"),
                "Blocks an account: it can no longer sign in", List.of(), "Reason", json("AccountBlock"),
                c -> block(c, true));
        add("POST", "/api/operator/accounts/{name}/unblock", table(OPERATOR, "unblockAccount"),
                "Unblocks an account", List.of(), "Reason", json("AccountBlock"), c -> block(c, false));
        add("GET", "/api/operator/maintenance", table(MAINTENANCE, "listMaintenance"),
                "The maintenance windows overlapping [from, to) (now to 60 days ahead)",
                List.of(time("from", "start (now)"), time("to", "end (from + 60 days)")), null,
                json("MaintenanceList"), this::maintenanceList);
        add("POST", "/api/operator/maintenance", table(MAINTENANCE, "declareMaintenance"),
                "Declares a maintenance window on a router, port or link; answers the bookings it hits", List.of(),
                "NewMaintenance", new Response.Json(201, "MaintenanceWindow"), this::declare);
        add("POST", "/api/operator/maintenance/{scope}/{id}/lift", table(MAINTENANCE, "liftMaintenance"),
                "Lifts a maintenance window", List.of(), "Reason", json("MaintenanceWindow"), this::lift);
        add("GET", "/api/operator/audit", table(AUDIT, "searchAudit"), "Searches the audit trail, newest first",
                List.of(text("reservationId", ""), text("account", ""), text("router", ""), time("from", ""),
                        time("to", ""), number("limit", "1 to 1000 (100)"), number("offset", "(0)")),
                null, json("AuditPage"), this::auditSearch);
        add("GET", "/api/operator/audit.csv", table(AUDIT, "exportAuditCsv"), "The audit trail's matching entries as CSV",
                List.of(text("reservationId", ""), text("account", ""), text("router", ""), time("from", ""),
                        time("to", "")),
                null, new Response.Text("text/csv"), this::auditCsv);
        add("GET", "/api/operator/audit/verify", table(AUDIT, "verifyAudit"), "Checks the audit trail's hash chain",
                List.of(), null, json("AuditVerification"), c -> Answer.ok(Json.tree(parts.audit().verifyAudit())));
    }

    private Answer block(Call call, boolean block) throws Exception {
        String name = call.path("name");
        boolean changed = block ? parts.operators().blockAccount(name, reason(call))
                : parts.operators().unblockAccount(name, reason(call));
        if (block) {
            parts.sessions().closeAll(name);
        }
        ObjectNode out = Json.object();
        out.put("account", name);
        out.put("blocked", block);
        out.put("changed", changed);
        return Answer.ok(out);
    }

    private Answer maintenanceList(Call call) throws Exception {
        Instant from = call.queryInstant("from").orElse(Instant.now());
        Instant to = call.queryInstant("to").orElse(from.plus(DEFAULT_MAINTENANCE_SPAN));
        return Answer.ok(Json.items(parts.maintenance().listMaintenance(SoapTimes.calendar(from),
                SoapTimes.calendar(to))));
    }

    private Answer declare(Call call) throws Exception {
        JsonNode b = call.body();
        return Answer.created(Json.tree(parts.maintenance().declareMaintenance(Json.requiredText(b, "resourceId"),
                calendar(b, "start"), calendar(b, "end"), Json.text(b, "reason").orElse(""))));
    }

    private Answer lift(Call call) throws Exception {
        long id;
        try {
            id = Long.parseLong(call.path("id"));
        } catch (NumberFormatException e) {
            throw ApiError.badField("id", "must be a window's number, was '" + call.path("id") + "'");
        }
        return Answer.ok(Json.tree(parts.maintenance().liftMaintenance(call.path("scope").toUpperCase(Locale.ROOT), id,
                reason(call))));
    }

    private Answer auditSearch(Call call) throws Exception {
        int limit = call.queryInt("limit", 100, 1, 1000);
        int offset = call.queryInt("offset", 0, 0, Integer.MAX_VALUE);
        AuditEntryInfo[] entries = parts.audit().searchAudit(call.query("reservationId").orElse(null),
                call.query("account").orElse(null), call.query("router").orElse(null), call.queryCalendar("from"),
                call.queryCalendar("to"), offset, limit);
        ObjectNode page = Json.items(entries);
        page.put("limit", limit);
        page.put("offset", offset);
        return Answer.ok(page);
    }

    private Answer auditCsv(Call call) throws Exception {
        return new Answer.Text("text/csv", parts.audit().exportAuditCsv(call.query("reservationId").orElse(null),
                call.query("account").orElse(null), call.query("router").orElse(null), call.queryCalendar("from"),
                call.queryCalendar("to")), Optional.of("audit.csv"));
    }
}
