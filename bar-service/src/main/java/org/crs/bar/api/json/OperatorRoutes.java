package org.crs.bar.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.crs.bar.api.json.Route.Response;
import org.crs.bar.api.json.answer.AuditEntryJson;
import org.crs.bar.api.json.answer.AuditVerificationJson;
import org.crs.bar.api.json.answer.MaintenanceWindowJson;
import org.crs.bar.api.json.answer.ReservationJson;
import org.crs.bar.reservation.IntervalFields;
import org.crs.bar.reservation.MaintenanceScope;
import org.crs.domain.access.AccessTable;
import org.crs.domain.audit.AuditQuery;

/**
 * What operators do: the approval queue, ending any reservation, blocking accounts, maintenance
 * windows and the moves and cancels they call for, and the audit trail. Each a call on the
 * service with the caller, which decides whether an operator makes it.
 */
final class OperatorRoutes {

    private static final String OPERATOR = AccessTable.OPERATOR_SERVICE;
    private static final String MAINTENANCE = AccessTable.MAINTENANCE_SERVICE;
    private static final String AUDIT = AccessTable.AUDIT_SERVICE;
    private static final Duration DEFAULT_MAINTENANCE_SPAN = Duration.ofDays(60);

    private final ApiParts parts;
    private final ApiRoutes routes;

    OperatorRoutes(ApiParts parts, ApiRoutes routes) {
        this.parts = parts;
        this.routes = routes;
    }

    void addAll() {
        routes.add("GET", "/api/operator/approvals", ApiRoutes.table(OPERATOR, "listPendingApprovals"),
                "The reservations waiting for an operator's approval", List.of(), null, ApiRoutes.json("ReservationList"),
                c -> Answer.ok(Json.items(parts.service().pendingApprovals(c.caller()).stream()
                        .map(ReservationJson::of).toList())));
        routes.add("POST", "/api/operator/reservations/{requestId}/approve", ApiRoutes.table(OPERATOR, "approveReservation"),
                "Approves a waiting reservation", List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> ReservationRoutes.reservation(parts.service().approve(c.caller(), c.path("requestId"),
                        ApiRoutes.reason(c))));
        routes.add("POST", "/api/operator/reservations/{requestId}/reject", ApiRoutes.table(OPERATOR, "rejectReservation"),
                "Rejects a waiting reservation, saying why", List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> ReservationRoutes.reservation(parts.service().reject(c.caller(), c.path("requestId"),
                        ApiRoutes.reason(c))));
        routes.add("POST", "/api/operator/reservations/{requestId}/terminate",
                ApiRoutes.table(OPERATOR, "terminateReservation"), "Ends any reservation, saying why", List.of(), "Reason",
                ApiRoutes.json("Reservation"),
                c -> ReservationRoutes.reservation(parts.service().terminate(c.caller(), c.path("requestId"),
                        ApiRoutes.reason(c))));
        routes.add("POST", "/api/operator/reservations/{requestId}/move", ApiRoutes.table(MAINTENANCE, "moveReservation"),
                "Moves a reservation a maintenance window hits to its next free slot of the same length", List.of(),
                "Reason", ApiRoutes.json("Reservation"),
                c -> ReservationRoutes.reservation(parts.maintenance().move(c.caller(), c.path("requestId"),
                        ApiRoutes.reason(c))));
        routes.add("POST", "/api/operator/reservations/{requestId}/cancel-for-maintenance",
                ApiRoutes.table(MAINTENANCE, "cancelReservationForMaintenance"), "Cancels a reservation for maintenance",
                List.of(), "Reason", ApiRoutes.json("Reservation"),
                c -> ReservationRoutes.reservation(parts.maintenance().cancel(c.caller(), c.path("requestId"),
                        ApiRoutes.reason(c))));
        routes.add("POST", "/api/operator/accounts/{name}/block", ApiRoutes.table(OPERATOR, "blockAccount"),
                "Blocks an account: it can no longer sign in", List.of(), "Reason", ApiRoutes.json("AccountBlock"),
                c -> block(c, true));
        routes.add("POST", "/api/operator/accounts/{name}/unblock", ApiRoutes.table(OPERATOR, "unblockAccount"),
                "Unblocks an account", List.of(), "Reason", ApiRoutes.json("AccountBlock"), c -> block(c, false));
        routes.add("GET", "/api/operator/maintenance", ApiRoutes.table(MAINTENANCE, "listMaintenance"),
                "The maintenance windows overlapping [from, to) (now to 60 days ahead)",
                List.of(ApiRoutes.time("from", "start (now)"), ApiRoutes.time("to", "end (from + 60 days)")), null,
                ApiRoutes.json("MaintenanceList"), this::maintenanceList);
        routes.add("POST", "/api/operator/maintenance", ApiRoutes.table(MAINTENANCE, "declareMaintenance"),
                "Declares a maintenance window on a router, port or link; answers the bookings it hits", List.of(),
                "NewMaintenance", new Response.Json(201, "MaintenanceWindow"), this::declare);
        routes.add("POST", "/api/operator/maintenance/{scope}/{id}/lift", ApiRoutes.table(MAINTENANCE, "liftMaintenance"),
                "Lifts a maintenance window", List.of(), "Reason", ApiRoutes.json("MaintenanceWindow"), this::lift);
        routes.add("GET", "/api/operator/audit", ApiRoutes.table(AUDIT, "searchAudit"),
                "Searches the audit trail, newest first",
                List.of(ApiRoutes.text("reservationId", ""), ApiRoutes.text("account", ""), ApiRoutes.text("router", ""),
                        ApiRoutes.time("from", ""), ApiRoutes.time("to", ""), ApiRoutes.number("limit", "1 to 1000 (100)"),
                        ApiRoutes.number("offset", "(0)")),
                null, ApiRoutes.json("AuditPage"), this::auditSearch);
        routes.add("GET", "/api/operator/audit.csv", ApiRoutes.table(AUDIT, "exportAuditCsv"),
                "The audit trail's matching entries as CSV",
                List.of(ApiRoutes.text("reservationId", ""), ApiRoutes.text("account", ""), ApiRoutes.text("router", ""),
                        ApiRoutes.time("from", ""), ApiRoutes.time("to", "")),
                null, new Response.Text("text/csv"), this::auditCsv);
        routes.add("GET", "/api/operator/audit/verify", ApiRoutes.table(AUDIT, "verifyAudit"),
                "Checks the audit trail's hash chain", List.of(), null, ApiRoutes.json("AuditVerification"),
                c -> Answer.ok(Json.tree(AuditVerificationJson.of(parts.audit().verify(c.caller())))));
    }

    private Answer block(Call call, boolean block) throws Exception {
        String name = call.path("name");
        boolean changed = parts.accounts().block(call.caller(), name, block, ApiRoutes.reason(call));
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
        Instant from = call.queryInstant("from").orElse(parts.clock().instant());
        Instant to = call.queryInstant("to").orElse(from.plus(DEFAULT_MAINTENANCE_SPAN));
        return Answer.ok(Json.items(parts.maintenance().list(call.caller(), IntervalFields.of(from, "from", to, "to"))
                .stream().map(MaintenanceWindowJson::of).toList()));
    }

    private Answer declare(Call call) throws Exception {
        JsonNode b = call.body();
        String resourceId = Json.requiredText(b, "resourceId");
        return Answer.created(Json.tree(MaintenanceWindowJson.of(parts.maintenance().declare(call.caller(), resourceId,
                IntervalFields.of(Json.instant(b, "start").orElse(null), "start", Json.instant(b, "end").orElse(null),
                        "end"), Json.text(b, "reason").orElse("")))));
    }

    private Answer lift(Call call) throws Exception {
        long id;
        try {
            id = Long.parseLong(call.path("id"));
        } catch (NumberFormatException e) {
            throw ApiError.badField("id", "must be a window's number, was '" + call.path("id") + "'");
        }
        MaintenanceScope scope;
        try {
            scope = MaintenanceScope.valueOf(call.path("scope").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("scope", "must be one of " + List.of(MaintenanceScope.values()) + ", was '"
                    + call.path("scope") + "'");
        }
        return Answer.ok(Json.tree(MaintenanceWindowJson.of(parts.maintenance().lift(call.caller(), scope, id,
                ApiRoutes.reason(call)))));
    }

    private Answer auditSearch(Call call) throws Exception {
        int limit = call.queryInt("limit", 100, 1, 1000);
        int offset = call.queryInt("offset", 0, 0, Integer.MAX_VALUE);
        ObjectNode page = Json.items(parts.audit().search(call.caller(), auditQuery(call).page(offset, limit)).stream()
                .map(AuditEntryJson::of).toList());
        page.put("limit", limit);
        page.put("offset", offset);
        return Answer.ok(page);
    }

    private Answer auditCsv(Call call) throws Exception {
        return new Answer.Text("text/csv", parts.audit().exportCsv(call.caller(), auditQuery(call)),
                Optional.of("audit.csv"));
    }

    /** The filters of an audit search: any of them may be left out. */
    private static AuditQuery auditQuery(Call call) throws ApiError {
        Optional<Instant> from = call.queryInstant("from");
        Optional<Instant> to = call.queryInstant("to");
        if (from.isPresent() && to.isPresent() && !to.get().isAfter(from.get())) {
            throw ApiError.badField("to", "must be after from (" + from.get() + "), was " + to.get());
        }
        return AuditQuery.all().withReservation(call.query("reservationId").orElse(null))
                .withActor(call.query("account").orElse(null)).withRouter(call.query("router").orElse(null))
                .between(from.orElse(null), to.orElse(null));
    }
}
