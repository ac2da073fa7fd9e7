package org.crs.domain.access;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one table that decides which kind of caller may call which operation of which port type.
 * An operation it does not list is refused to everyone, so a new operation is not callable until
 * it has its row here (and its row in the authorisation matrix,
 * deploy/demo/src/test/resources/authorisation-matrix.md, which a test walks against the running
 * services).
 *
 * <p>The table decides by operation. Which reservation, booking or account a caller may touch
 * within an allowed operation is decided by the service: {@link ReservationAccess} for accounts,
 * the booking id's site for a peer BAR.
 */
public final class AccessTable {

    /** A port type's operation. */
    public record Operation(String service, String operation) {
        public Operation {
            Objects.requireNonNull(service, "service");
            Objects.requireNonNull(operation, "operation");
        }

        @Override
        public String toString() {
            return service + "." + operation;
        }
    }

    /** One row: who may call it, and whether it changes state. */
    public record Row(Permission permission, Effect effect) {
    }

    public static final String RESERVATION_SERVICE = "ReservationService";
    public static final String PEER_SERVICE = "PeerService";
    public static final String NSAP_SERVICE = "NsapService";
    public static final String OPERATOR_SERVICE = "OperatorService";
    public static final String ACCOUNT_SERVICE = "AccountService";
    public static final String AUDIT_SERVICE = "AuditService";
    public static final String NOTIFICATION_SERVICE = "NotificationService";
    public static final String MAINTENANCE_SERVICE = "MaintenanceService";
    /** The BAR's NSI CS 2.0 provider port ({@code /NSI/services/ConnectionProvider}). */
    public static final String NSI_PROVIDER_SERVICE = "ConnectionProvider";
    /**
     * The BAR's NSI CS 2.0 requester port ({@code /NSI/services/ConnectionRequester}): where the
     * far networks' providers send the results and notifications of the far parts it booked.
     */
    public static final String NSI_REQUESTER_SERVICE = "ConnectionRequester";
    /** The operations only the BAR's JSON API has (the reservation browser's): no SOAP port type serves them. */
    public static final String BROWSER_SERVICE = "BrowserService";

    private static final AccessTable STANDARD = new AccessTable(standardRows());

    private final Map<Operation, Row> rows;

    private AccessTable(Map<Operation, Row> rows) {
        this.rows = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    private static Map<Operation, Row> standardRows() {
        Map<Operation, Row> rows = new LinkedHashMap<>();
        // ReservationService: any account; a user only on the reservations ReservationAccess lets it see.
        change(rows, RESERVATION_SERVICE, Permission.ACCOUNT, "createReservation", "createReservationInWindow",
                "createTransfer", "commitReservation", "abortReservation", "cancelReservation", "modifyReservation",
                "provisionReservation", "releaseReservation");
        read(rows, RESERVATION_SERVICE, Permission.ACCOUNT, "getReservation", "listReservations", "getHistory",
                "findAvailability", "listEndpoints");
        read(rows, RESERVATION_SERVICE, Permission.ACCOUNT, "getUtilisation");

        // OperatorService (at a BAR): operators and admins; the approval queue, ending circuits, blocking accounts.
        read(rows, OPERATOR_SERVICE, Permission.OPERATOR, "listPendingApprovals");
        change(rows, OPERATOR_SERVICE, Permission.OPERATOR, "approveReservation", "rejectReservation", "terminateReservation",
                "blockAccount", "unblockAccount");

        // AccountService: admins manage accounts, groups and certificate mappings; every account
        // reads itself, changes its password and manages its own tokens.
        change(rows, ACCOUNT_SERVICE, Permission.ADMIN, "createAccount", "setRole", "setEmail", "resetPassword", "createGroup",
                "addMember", "removeMember", "mapCertificate", "unmapCertificate");
        read(rows, ACCOUNT_SERVICE, Permission.ADMIN, "getAccount", "listAccounts", "listGroups");
        change(rows, ACCOUNT_SERVICE, Permission.ACCOUNT, "changePassword", "createToken", "revokeToken");
        read(rows, ACCOUNT_SERVICE, Permission.ACCOUNT, "whoAmI", "listTokens");

        // NotificationService: any account, on its own webhooks only.
        change(rows, NOTIFICATION_SERVICE, Permission.ACCOUNT, "registerWebhook", "removeWebhook");
        read(rows, NOTIFICATION_SERVICE, Permission.ACCOUNT, "listWebhooks");

        // PeerService: other sites' BARs, each on its own site's bookings; the L-NSAP and NSAP ask
        // whether a segment is still wanted.
        read(rows, PEER_SERVICE, Permission.PEER_BAR_OR_CONTROLLER, "segmentWanted");
        change(rows, PEER_SERVICE, Permission.PEER_BAR, "hold", "holdAndCommit", "commit", "abort", "activate", "deactivate",
                "suspend", "modify", "commitModify", "abortModify");
        read(rows, PEER_SERVICE, Permission.PEER_BAR, "status", "availability", "widestBandwidth", "listEndpoints",
                "utilisation");

        // MaintenanceService (the BAR's): operators declare and lift windows, and move or cancel any
        // reservation a window hits.
        change(rows, MAINTENANCE_SERVICE, Permission.OPERATOR, "declareMaintenance", "liftMaintenance", "moveReservation",
                "cancelReservationForMaintenance");
        read(rows, MAINTENANCE_SERVICE, Permission.OPERATOR, "listMaintenance");

        // NsapService (L-NSAPs and the NSAP): the BARs configured for them, nobody else.
        change(rows, NSAP_SERVICE, Permission.SERVED_BAR, "hold", "holdAndCommit", "commit", "abort", "activate", "deactivate",
                "suspend", "modify", "commitModify", "abortModify", "addMaintenance", "liftMaintenance");
        read(rows, NSAP_SERVICE, Permission.SERVED_BAR, "check", "availability", "widestBandwidth", "status", "query",
                "deviceLog", "listMaintenance", "listEndpoints", "utilisation");

        // BrowserService (the BAR's JSON API only): what the reservation browser needs beside the
        // port types' operations; any account, a user only on what ReservationAccess lets it see.
        read(rows, BROWSER_SERVICE, Permission.ACCOUNT, "getBandwidthProfile", "getTopology", "getReservationCalendar",
                "streamEvents", "getCalendarFeed");
        change(rows, BROWSER_SERVICE, Permission.ACCOUNT, "renewCalendarFeed", "revokeCalendarFeed");

        // ConnectionProvider (the BAR's NSI provider port): any account an NSI requester NSA is
        // mapped to (nsi.requesters, checked by the service), on its own connections only.
        change(rows, NSI_PROVIDER_SERVICE, Permission.ACCOUNT, "reserve", "reserveCommit", "reserveAbort", "provision",
                "release", "terminate");
        read(rows, NSI_PROVIDER_SERVICE, Permission.ACCOUNT, "querySummary", "querySummarySync", "queryRecursive",
                "queryNotification", "queryNotificationSync", "queryResult", "queryResultSync");

        // ConnectionRequester (the BAR's NSI requester port): the far networks' providers it books
        // from (nsi.providers), each on the messages of its own NSA (checked by the service).
        change(rows, NSI_REQUESTER_SERVICE, Permission.NSI_PROVIDER, "reserveConfirmed", "reserveFailed",
                "reserveCommitConfirmed", "reserveCommitFailed", "reserveAbortConfirmed", "provisionConfirmed",
                "releaseConfirmed", "terminateConfirmed", "error", "errorEvent", "dataPlaneStateChange", "reserveTimeout",
                "messageDeliveryTimeout");
        read(rows, NSI_REQUESTER_SERVICE, Permission.NSI_PROVIDER, "querySummaryConfirmed", "queryRecursiveConfirmed",
                "queryNotificationConfirmed", "queryResultConfirmed");

        // AuditService (the BAR): operators and admins read the audit trail; nobody changes it.
        read(rows, AUDIT_SERVICE, Permission.OPERATOR, "searchAudit", "exportAuditCsv", "verifyAudit");
        return rows;
    }

    private static void change(Map<Operation, Row> rows, String service, Permission permission, String... operations) {
        put(rows, service, permission, Effect.CHANGE, operations);
    }

    private static void read(Map<Operation, Row> rows, String service, Permission permission, String... operations) {
        put(rows, service, permission, Effect.READ, operations);
    }

    private static void put(Map<Operation, Row> rows, String service, Permission permission, Effect effect, String... operations) {
        for (String operation : operations) {
            if (rows.put(new Operation(service, operation), new Row(permission, effect)) != null) {
                throw new IllegalStateException("two rows for " + service + "." + operation);
            }
        }
    }

    /** The table every service decides by (unless started with another, see {@link #withRow}). */
    public static AccessTable standard() {
        return STANDARD;
    }

    /**
     * A copy of this table with the row of {@code operation} replaced (or added). The services
     * take their table as a parameter that defaults to {@link #standard()}; a service built with
     * another one is how a test proves that the authorisation matrix it walks notices a wrong row.
     */
    public AccessTable withRow(Operation operation, Row row) {
        Map<Operation, Row> copy = new LinkedHashMap<>(rows);
        copy.put(Objects.requireNonNull(operation, "operation"), Objects.requireNonNull(row, "row"));
        return new AccessTable(copy);
    }

    /** This table's row of an operation; empty when it does not list it (nobody may call it). */
    public Optional<Row> rowOf(String service, String operation) {
        return Optional.ofNullable(rows.get(new Operation(service, operation)));
    }

    /**
     * Whether {@code caller} may call {@code operation} of {@code service} by this table:
     * NOT_SIGNED_IN for an anonymous caller, NOT_ALLOWED for an operation not for its kind or not
     * in the table.
     */
    public Decision decision(Caller caller, String service, String operation) {
        if (caller.kind() == CallerKind.ANONYMOUS) {
            return Decision.NOT_SIGNED_IN;
        }
        return rowOf(service, operation)
                .filter(r -> r.permission().allows(caller.kind()))
                .map(r -> Decision.ALLOWED)
                .orElse(Decision.NOT_ALLOWED);
    }

    /** The standard table's row of an operation; empty when it does not list it (nobody may call it). */
    public static Optional<Row> row(String service, String operation) {
        return STANDARD.rowOf(service, operation);
    }

    /** Every row of the standard table, in the table's order. */
    public static Map<Operation, Row> rows() {
        return STANDARD.rows;
    }

    /**
     * Whether {@code caller} may call {@code operation} of {@code service} by the standard table
     * ({@link #decision}).
     */
    public static Decision decide(Caller caller, String service, String operation) {
        return STANDARD.decision(caller, service, operation);
    }
}
