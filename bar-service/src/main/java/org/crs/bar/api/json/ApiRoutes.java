package org.crs.bar.api.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.bar.api.json.Route.Guard;
import org.crs.bar.api.json.Route.Param;
import org.crs.bar.api.json.Route.Response;
import org.crs.domain.access.AccessTable;

/**
 * The table of the JSON API's operations, in the order they are matched, and what every group
 * of routes uses to add its own: {@link SessionRoutes} (signing in), {@link ReservationRoutes}
 * (booking and watching, each a call on the same service the SOAP port types call),
 * {@link OperatorRoutes} (approvals, blocks, maintenance, audit), {@link BrowserRoutes} (what only
 * the browser needs) and {@link OidcRoutes} (sign-in through the site's identity provider).
 */
final class ApiRoutes {

    static final String BROWSER = AccessTable.BROWSER_SERVICE;

    private final List<Route> routes = new ArrayList<>();

    private ApiRoutes() {
    }

    /** The routes, in the order they are matched (fixed paths before parameters). */
    static List<Route> of(ApiParts parts) {
        ApiRoutes r = new ApiRoutes();
        SessionRoutes sessions = new SessionRoutes(parts, r);
        sessions.addAll();
        new ReservationRoutes(parts, r).addAll();
        new OperatorRoutes(parts, r).addAll();
        new BrowserRoutes(parts, r).addAll();
        new OidcRoutes(parts, r, sessions).addAll();
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

    /** The body's reason, empty when absent. */
    static String reason(Call call) throws ApiError {
        return Json.text(call.body(), "reason").orElse("");
    }
}
