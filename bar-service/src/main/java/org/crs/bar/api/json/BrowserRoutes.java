package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.bar.api.json.Route.Response;
import org.crs.bar.map.NetworkMap;
import org.crs.bar.notify.ICalendar;
import org.crs.bar.reservation.Reservation;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;

/**
 * What only the browser needs: its settings, the network map and a circuit's path, calendars
 * (one reservation's, and a personal feed a calendar application subscribes to by a secret URL),
 * and the live stream of changes.
 */
final class BrowserRoutes {

    private static final String BROWSER = ApiRoutes.BROWSER;
    /** A feed shows what ended up to this long ago, and everything ahead. */
    private static final Duration FEED_PAST = Duration.ofDays(30);
    private static final List<ReservationState> FEED_STATES = List.of(ReservationState.PENDING_APPROVAL,
            ReservationState.RESERVED, ReservationState.ACTIVE, ReservationState.FINISHED);

    private final ApiParts parts;
    private final ApiRoutes routes;

    BrowserRoutes(ApiParts parts, ApiRoutes routes) {
        this.parts = parts;
        this.routes = routes;
    }

    void addAll() {
        routes.add("GET", "/api/config", ApiRoutes.anyone(), "What the browser needs before anyone signs in", List.of(),
                null, ApiRoutes.json("BrowserConfig"), this::config);
        routes.add("GET", "/api/openapi.json", ApiRoutes.anyone(), "This document", List.of(), null,
                ApiRoutes.json("OpenApiDocument"), c -> Answer.ok(OpenApi.document(routes())));
        routes.add("GET", "/api/topology", ApiRoutes.table(BROWSER, "getTopology"),
                "Sites, routers, ports and links, with the bandwidth booked on each at an instant",
                List.of(ApiRoutes.time("at", "the instant (now)")), null, ApiRoutes.json("Topology"), this::topology);
        routes.add("GET", "/api/reservations/{requestId}/path", ApiRoutes.table(AccessTable.RESERVATION_SERVICE,
                        "getReservation"), "A reservation's path, host port to host port, with every port and VLAN",
                List.of(), null, ApiRoutes.json("Path"), this::path);
        routes.add("GET", "/api/reservations/{requestId}/calendar.ics", ApiRoutes.table(BROWSER,
                        "getReservationCalendar"), "A reservation as an iCalendar event", List.of(), null,
                new Response.Text("text/calendar"), this::reservationCalendar);
        routes.add("GET", "/api/me/calendar-feed", ApiRoutes.table(BROWSER, "getCalendarFeed"),
                "Whether the caller has a calendar feed, and since when", List.of(), null,
                ApiRoutes.json("CalendarFeed"), this::feedState);
        routes.add("POST", "/api/me/calendar-feed", ApiRoutes.table(BROWSER, "renewCalendarFeed"),
                "Makes a new calendar feed URL (shown this once); the old one stops working", List.of(), "Empty",
                new Response.Json(201, "CalendarFeed"), this::renewFeed);
        routes.add("DELETE", "/api/me/calendar-feed", ApiRoutes.table(BROWSER, "revokeCalendarFeed"),
                "Ends the calendar feed: its URL stops working", List.of(), null, new Response.Empty(), this::revokeFeed);
        routes.add("GET", "/api/calendar/{token}.ics", ApiRoutes.anyone(),
                "A personal calendar feed, by the secret token in its URL", List.of(), null,
                new Response.Text("text/calendar"), this::feed);
        routes.add("GET", "/api/events", ApiRoutes.table(BROWSER, "streamEvents"),
                "Server-Sent Events: every change of a reservation the caller may see", List.of(), null,
                new Response.EventStream(), c -> EventStream.start(c, parts.feed()));
    }

    private List<Route> routes() {
        return routes.routes();
    }

    private Answer config(Call call) {
        ObjectNode out = Json.object();
        out.put("site", parts.site());
        ObjectNode oidc = out.putObject("oidc");
        oidc.put("enabled", parts.oidc().isPresent());
        parts.oidc().ifPresent(o -> oidc.put("label", o.label()));
        return Answer.ok(out);
    }

    /** The browser's own reads, once the caller was checked: the map shows every reservation's load. */

    private Answer topology(Call call) throws Exception {
        Instant at = call.queryInstant("at").orElse(parts.clock().instant());
        NetworkMap map = parts.map();
        // every reservation this BAR holds at that instant, whoever owns it: the load is the network's
        List<Reservation> holding = parts.service().holdingAt(at);
        ObjectNode out = Json.object();
        out.put("at", at.toString());
        ArrayNode sites = out.putArray("sites");
        map.sites().forEach(sites::add);
        out.set("routers", Json.tree(map.routers()));
        out.set("places", Json.tree(map.load(holding, at)));
        out.set("facing", Json.tree(map.facing()));
        return Answer.ok(out);
    }

    private Answer path(Call call) throws Exception {
        String id = call.path("requestId");
        Reservation r = parts.service().get(call.caller(), id);
        List<ObjectNode> hops = new ArrayList<>();
        for (NetworkMap.Hop h : parts.map().path(r)) {
            ObjectNode o = Json.object();
            o.put("kind", h.kind().name());
            o.put("site", h.site());
            o.put("router", h.router());
            o.put("interface", h.interfaceName());
            h.vlan().ifPresent(v -> o.put("vlan", v));
            hops.add(o);
        }
        ObjectNode out = Json.object();
        out.put("requestId", id);
        out.set("hops", Json.tree(hops));
        return Answer.ok(out);
    }

    private Answer reservationCalendar(Call call) throws Exception {
        String id = call.path("requestId");
        Reservation r = parts.service().get(call.caller(), id);
        return new Answer.Text("text/calendar", ICalendar.event(r, parts.site(), r.state() + ": "
                + r.request().description(), parts.clock().instant()), Optional.of(id + ".ics"));
    }

    private Answer feedState(Call call) {
        ObjectNode out = Json.object();
        Optional<Instant> since = parts.accounts().calendarFeedSince(call.context.caller());
        out.put("active", since.isPresent());
        since.ifPresent(s -> out.put("createdAt", s.toString()));
        return Answer.ok(out);
    }

    private Answer renewFeed(Call call) throws Exception {
        String token = parts.accounts().renewCalendarFeed(call.context.caller());
        ObjectNode out = Json.object();
        out.put("active", true);
        out.put("createdAt", parts.clock().instant().toString());
        out.put("url", call.origin() + "/api/calendar/" + token + ".ics");
        return Answer.created(out);
    }

    private Answer revokeFeed(Call call) {
        parts.accounts().revokeCalendarFeed(call.context.caller());
        return new Answer.NoContent();
    }

    private Answer feed(Call call) throws Exception {
        Optional<Caller.Account> owner = parts.accounts().ofCalendarFeed(call.path("token"));
        if (owner.isEmpty()) {
            throw ApiError.of(new Refusal(RefusalCode.NOT_SIGNED_IN, "token", "this calendar feed URL is not (or no "
                    + "longer) valid"));
        }
        Instant now = parts.clock().instant();
        List<Reservation> reservations = parts.service().list(owner.get(), FEED_STATES, new TimeInterval(
                now.minus(FEED_PAST), now.plus(Duration.ofDays(400))), 2000);
        return new Answer.Text("text/calendar", ICalendar.calendar("CRS circuits of " + owner.get().name(), reservations,
                parts.site(), now), Optional.empty());
    }
}
