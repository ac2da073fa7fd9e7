package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import org.crs.bar.account.Secrets;
import org.crs.bar.api.json.Route.Param;
import org.crs.bar.api.json.Route.Response;
import org.crs.bar.api.json.answer.AuditEntryJson;
import org.crs.bar.api.json.answer.AvailabilityJson;
import org.crs.bar.api.json.answer.HistoryEntryJson;
import org.crs.bar.api.json.answer.ReservationJson;
import org.crs.bar.api.json.answer.UtilisationJson;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.IntervalFields;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.UsageFlag;
import org.crs.bar.service.ReservationService;
import org.crs.domain.access.AccessTable;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;

/**
 * Booking and watching reservations, and the aids to booking (endpoints, availability, the
 * bandwidth line): each a call on the reservation service with the caller, as the SOAP port type
 * makes it, the request read from JSON and the answer written from the service's result.
 */
final class ReservationRoutes {

    private static final String RESERVATIONS = AccessTable.RESERVATION_SERVICE;
    private static final String AUDIT = AccessTable.AUDIT_SERVICE;
    private static final int MAX_LIST = 10_000;
    /** The most reservations of one state a listing reads before it filters and pages them. */
    private static final int LIST_LIMIT = 1000;
    /** A reservation's device log: the router commands of its segments, at most this many. */
    private static final int DEVICE_LOG_LIMIT = 1000;

    private final ApiParts parts;
    private final ApiRoutes routes;

    ReservationRoutes(ApiParts parts, ApiRoutes routes) {
        this.parts = parts;
        this.routes = routes;
    }

    void addAll() {
        routes.add("GET", "/api/reservations", ApiRoutes.table(RESERVATIONS, "listReservations"),
                "The reservations the caller may see, filtered, a page at a time",
                List.of(new Param("state", Param.Type.STRING, true, "only these states"),
                        ApiRoutes.time("from", "only those overlapping [from, to)"), ApiRoutes.time("to", "see from"),
                        ApiRoutes.text("endpoint", "only those from or to this site:host"),
                        ApiRoutes.text("q", "text in the id, description, owner or endpoints"),
                        ApiRoutes.text("owner", "only this account's"),
                        new Param("flag", Param.Type.STRING, true, "only those with one of these traffic flags (IDLE, ERRORS)"),
                        ApiRoutes.number("limit", "page size, 1 to 500 (50)"), ApiRoutes.number("offset", "entries skipped (0)")),
                null, ApiRoutes.json("ReservationPage"), this::list);
        routes.add("POST", "/api/reservations", ApiRoutes.table(RESERVATIONS, "createReservation"),
                "Books a circuit at a fixed time, in a window, or to move a volume by a deadline", List.of(),
                "NewReservation", new Response.Json(201, "Reservation"), this::create);
        routes.add("GET", "/api/reservations/{requestId}", ApiRoutes.table(RESERVATIONS, "getReservation"),
                "One reservation", List.of(), null, ApiRoutes.json("Reservation"),
                c -> Answer.ok(Json.tree(flagged(service().get(c.caller(), c.path("requestId"))))));
        routes.add("PATCH", "/api/reservations/{requestId}", ApiRoutes.table(RESERVATIONS, "modifyReservation"),
                "Changes the end and/or the bandwidth, all or nothing, also while ACTIVE", List.of(), "Modification",
                ApiRoutes.json("Reservation"), this::modify);
        routes.add("POST", "/api/reservations/{requestId}/cancel", ApiRoutes.table(RESERVATIONS, "cancelReservation"),
                "Cancels; an active circuit is torn down first", List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> reservation(service().cancel(c.caller(), c.path("requestId"), ApiRoutes.reason(c))));
        routes.add("POST", "/api/reservations/{requestId}/commit", ApiRoutes.table(RESERVATIONS, "commitReservation"),
                "Commits a reservation made with holdOnly", List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> reservation(service().commit(c.caller(), c.path("requestId"))));
        routes.add("POST", "/api/reservations/{requestId}/abort", ApiRoutes.table(RESERVATIONS, "abortReservation"),
                "Gives up a reservation made with holdOnly", List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> reservation(service().abort(c.caller(), c.path("requestId"), ApiRoutes.reason(c))));
        routes.add("POST", "/api/reservations/{requestId}/provision", ApiRoutes.table(RESERVATIONS, "provisionReservation"),
                "Provisions a reservation booked ON_PROVISION: up at its start, or at once within its schedule",
                List.of(), "Empty", ApiRoutes.json("Reservation"),
                c -> reservation(service().provision(c.caller(), c.path("requestId"))));
        routes.add("POST", "/api/reservations/{requestId}/release", ApiRoutes.table(RESERVATIONS, "releaseReservation"),
                "Releases a reservation booked ON_PROVISION: an active circuit is taken down, the booking kept",
                List.of(), "Empty", ApiRoutes.json("Reservation"),
                c -> reservation(service().release(c.caller(), c.path("requestId"))));
        routes.add("GET", "/api/reservations/{requestId}/history", ApiRoutes.table(RESERVATIONS, "getHistory"),
                "Every change of a reservation, oldest first", List.of(), null, ApiRoutes.json("History"),
                c -> Answer.ok(Json.items(service().history(c.caller(), c.path("requestId")).stream()
                        .map(HistoryEntryJson::of).toList())));
        routes.add("GET", "/api/reservations/{requestId}/utilisation", ApiRoutes.table(RESERVATIONS, "getUtilisation"),
                "What the circuit carried over [from, to) per segment and end to end, beside the booked rate, and its"
                        + " traffic flags",
                List.of(ApiRoutes.time("from", "start of the range (the reservation's start)"),
                        ApiRoutes.time("to", "end of the range (the reservation's end)")),
                null, ApiRoutes.json("Utilisation"), this::utilisation);
        routes.add("GET", "/api/reservations/{requestId}/device-log", ApiRoutes.table(AUDIT, "searchAudit"),
                "The router commands sent for a reservation's segments and their answers (operators)", List.of(),
                null, ApiRoutes.json("AuditPage"), this::deviceLog);
        routes.add("GET", "/api/endpoints", ApiRoutes.table(RESERVATIONS, "listEndpoints"),
                "The endpoints that can be booked, by site", List.of(), null, ApiRoutes.json("EndpointSites"),
                this::endpoints);
        routes.add("GET", "/api/availability", ApiRoutes.table(RESERVATIONS, "findAvailability"),
                "The start times at which a circuit could run; books nothing",
                List.of(ApiRoutes.text("source", "site:host"), ApiRoutes.text("destination", "site:host"),
                        ApiRoutes.number("bandwidthMbps", "Mbit/s"), ApiRoutes.number("durationSeconds", "how long it runs"),
                        ApiRoutes.time("windowStart", "earliest start"), ApiRoutes.time("windowEnd", "latest end")),
                null, ApiRoutes.json("Availability"), this::availability);
        routes.add("GET", "/api/availability/profile", ApiRoutes.table(ApiRoutes.BROWSER, "getBandwidthProfile"),
                "The most bandwidth free for the pair at each step of [from, to)",
                List.of(ApiRoutes.text("source", "site:host"), ApiRoutes.text("destination", "site:host"),
                        ApiRoutes.time("from", "start of the span"), ApiRoutes.time("to", "end of the span"),
                        ApiRoutes.number("stepSeconds", "one point per step (3600)")),
                null, ApiRoutes.json("BandwidthProfile"), this::profile);
    }

    private ReservationService service() {
        return parts.service();
    }

    // ---- reservations ----

    private Answer list(Call call) throws Exception {
        List<ReservationState> states = new ArrayList<>();
        for (String state : call.queries("state")) {
            states.add(state(state));
        }
        Optional<Instant> from = call.queryInstant("from");
        Optional<Instant> to = call.queryInstant("to");
        TimeInterval window = from.isEmpty() && to.isEmpty() ? null
                : IntervalFields.of(from.orElse(null), "from", to.orElse(null), "to");
        int limit = call.queryInt("limit", 50, 1, 500);
        int offset = call.queryInt("offset", 0, 0, MAX_LIST);
        Optional<String> endpoint = call.query("endpoint");
        Optional<String> text = call.query("q").map(q -> q.toLowerCase(Locale.ROOT));
        Optional<String> owner = call.query("owner");
        List<String> flagged = call.queries("flag");
        List<Reservation> visible = service().list(call.caller(), states, window, LIST_LIMIT * Math.max(1, states.size()));
        Map<String, Set<UsageFlag>> flags = flags(visible);
        List<ReservationJson> matching = visible.stream()
                .filter(r -> endpoint.isEmpty() || endpoint.get().equals(r.request().source().toString())
                        || endpoint.get().equals(r.request().destination().toString()))
                .filter(r -> owner.isEmpty() || owner.get().equals(r.owner()))
                .map(r -> ReservationJson.of(r, flags.getOrDefault(r.requestId(), Set.of())))
                .filter(r -> flagged.isEmpty() || r.flags().stream().anyMatch(flagged::contains))
                .filter(r -> text.isEmpty() || contains(r, text.get()))
                .sorted(Comparator.comparing(ReservationJson::start).reversed())
                .toList();
        ObjectNode page = Json.object();
        page.set("items", Json.tree(matching.subList(Math.min(offset, matching.size()),
                Math.min(offset + limit, matching.size()))));
        page.put("total", matching.size());
        page.put("limit", limit);
        page.put("offset", offset);
        return Answer.ok(page);
    }

    private static ReservationState state(String name) throws ApiError {
        try {
            return ReservationState.valueOf(name.trim());
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("state", "unknown state '" + name + "'; one of " + List.of(ReservationState.values()));
        }
    }

    /** The traffic flags raised on each of {@code reservations}. */
    private Map<String, Set<UsageFlag>> flags(List<Reservation> reservations) {
        return parts.utilisation().flags(reservations.stream().map(Reservation::requestId).toList());
    }

    /** One reservation with the traffic flags raised on it. */
    private ReservationJson flagged(Reservation r) {
        return ReservationJson.of(r, flags(List.of(r)).getOrDefault(r.requestId(), Set.of()));
    }

    private static boolean contains(ReservationJson r, String text) {
        for (String s : new String[] {r.requestId(), r.description(), r.owner(), r.source(), r.destination(), r.state()}) {
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
        Endpoint source = endpoint("source", Json.text(b, "source"));
        Endpoint destination = endpoint("destination", Json.text(b, "destination"));
        String description = Json.text(b, "description").orElse(null);
        boolean holdOnly = Json.flag(b, "holdOnly", false);
        Provisioning provisioning = provisioning(Json.text(b, "provisioning"));
        JsonNode t = b.get("timing");
        if (t == null || !t.isObject()) {
            throw ApiError.badField("timing", "is missing: give {\"kind\": \"fixed\" | \"window\" | \"transfer\", ...}");
        }
        String kind = Json.requiredText(t, "kind");
        Timing timing = switch (kind) {
            case "fixed" -> new Timing.Fixed(IntervalFields.of(Json.instant(t, "start").orElse(null), "start",
                    Json.instant(t, "end").orElse(null), "end"), Json.requiredNumber(b, "bandwidthMbps"));
            case "window" -> {
                call.auditAs(new AccessTable.Operation(RESERVATIONS, "createReservationInWindow"));
                long duration = Json.requiredNumber(t, "durationSeconds");
                if (duration <= 0) {
                    throw ApiError.badField("durationSeconds", "must be a positive number of seconds, was " + duration);
                }
                yield new Timing.InWindow(IntervalFields.of(Json.instant(t, "windowStart").orElse(null), "windowStart",
                        Json.instant(t, "windowEnd").orElse(null), "windowEnd"), Duration.ofSeconds(duration),
                        Json.requiredNumber(b, "bandwidthMbps"));
            }
            case "transfer" -> {
                call.auditAs(new AccessTable.Operation(RESERVATIONS, "createTransfer"));
                long volume = Json.requiredNumber(t, "volumeMegabytes");
                if (volume <= 0) {
                    throw ApiError.badField("volumeMegabytes", "must be a positive number of megabytes, was " + volume);
                }
                yield new Timing.Transfer(IntervalFields.of(Json.instant(t, "earliestStart").orElse(null),
                        "earliestStart", Json.instant(t, "deadline").orElse(null), "deadline"), volume,
                        Json.requiredNumber(b, "bandwidthMbps"));
            }
            default -> throw ApiError.badField("timing.kind", "must be fixed, window or transfer, was '" + kind + "'");
        };
        try {
            return Answer.created(Json.tree(ReservationJson.of(service().create(call.caller(),
                    ReservationRequest.of(requestId, source, destination, timing, description, holdOnly)
                            .withProvisioning(provisioning)))));
        } catch (BadRequest e) {
            throw timing.named(e);
        }
    }

    /** The request's provisioning: AUTOMATIC when it names none. */
    static Provisioning provisioning(Optional<String> text) throws ApiError {
        if (text.isEmpty()) {
            return Provisioning.AUTOMATIC;
        }
        try {
            return Provisioning.valueOf(text.get().trim());
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("provisioning", "must be one of " + List.of(Provisioning.values()) + ", was '"
                    + text.get() + "'");
        }
    }

    private Answer modify(Call call) throws Exception {
        JsonNode b = call.body();
        Optional<Instant> end = Json.instant(b, "end");
        OptionalLong mbps = Json.number(b, "bandwidthMbps");
        if (end.isEmpty() && mbps.isEmpty()) {
            throw ApiError.badField("end", "give a new end, a new bandwidthMbps, or both");
        }
        if (mbps.isPresent() && mbps.getAsLong() <= 0) {
            throw ApiError.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + mbps.getAsLong());
        }
        return reservation(service().modify(call.caller(), call.path("requestId"), end.orElse(null), mbps.orElse(0)));
    }

    /** Without from and to, over the reservation's whole interval. */
    private Answer utilisation(Call call) throws Exception {
        String id = call.path("requestId");
        Optional<Instant> from = call.queryInstant("from");
        Optional<Instant> to = call.queryInstant("to");
        TimeInterval range;
        if (from.isEmpty() || to.isEmpty()) {
            TimeInterval booked = service().get(call.caller(), id).request().interval();
            range = IntervalFields.of(from.orElse(booked.start()), "from", to.orElse(booked.end()), "to");
        } else {
            range = IntervalFields.of(from.get(), "from", to.get(), "to");
        }
        return Answer.ok(Json.tree(UtilisationJson.of(parts.utilisation().utilisation(call.caller(), id, range))));
    }

    private Answer deviceLog(Call call) throws Exception {
        String id = call.path("requestId");
        service().get(call.caller(), id); // a reservation the caller cannot see is refused by name
        List<AuditEntry> entries = parts.audit().search(call.caller(), AuditQuery.all().withReservation(id).page(0, DEVICE_LOG_LIMIT));
        List<AuditEntryJson> commands = entries.stream().filter(e -> "router-command".equals(e.record().operation()))
                .map(AuditEntryJson::of).toList();
        ObjectNode page = Json.items(commands);
        page.put("total", commands.size());
        return Answer.ok(page);
    }

    static Answer reservation(Reservation r) {
        return Answer.ok(Json.tree(ReservationJson.of(r)));
    }

    // ---- booking aids ----

    private Answer endpoints(Call call) {
        Map<String, ArrayNode> bySite = new LinkedHashMap<>();
        for (String id : service().endpoints(call.caller())) {
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
        Endpoint source = endpoint("source", call.query("source"));
        Endpoint destination = endpoint("destination", call.query("destination"));
        long mbps = call.requiredQueryNumber("bandwidthMbps");
        long duration = call.requiredQueryNumber("durationSeconds");
        TimeInterval window = IntervalFields.of(call.queryInstant("windowStart").orElse(null), "windowStart",
                call.queryInstant("windowEnd").orElse(null), "windowEnd");
        if (duration <= 0) {
            throw ApiError.badField("durationSeconds", "must be a positive number of seconds, was " + duration);
        }
        Timing asked = new Timing.InWindow(window, Duration.ofSeconds(duration), mbps);
        try {
            return Answer.ok(Json.tree(AvailabilityJson.of(service().findAvailability(call.caller(), source,
                    destination, mbps, Duration.ofSeconds(duration), window))));
        } catch (BadRequest e) {
            throw asked.named(e);
        }
    }

    private Answer profile(Call call) throws Exception {
        Endpoint source = endpoint("source", call.query("source"));
        Endpoint destination = endpoint("destination", call.query("destination"));
        TimeInterval span = IntervalFields.of(call.queryInstant("from").orElse(null), "from",
                call.queryInstant("to").orElse(null), "to");
        int step = call.queryInt("stepSeconds", 3600, 60, 86_400 * 7);
        List<ReservationService.BandwidthPoint> points = service().widestBandwidth(call.caller(), source, destination,
                span, Duration.ofSeconds(step));
        ObjectNode out = Json.object();
        ArrayNode array = out.putArray("points");
        for (ReservationService.BandwidthPoint p : points) {
            ObjectNode o = array.addObject();
            o.put("at", p.at().toString());
            o.put("maxBandwidthMbps", p.maxBandwidthMbps());
        }
        return Answer.ok(out);
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
}
