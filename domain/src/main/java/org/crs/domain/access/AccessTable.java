package org.crs.domain.access;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one table that decides which kind of caller may call which operation of which port type.
 * An operation it does not list is refused to everyone, so a new operation is not callable until
 * it has its row here (and its row in the matrix test that walks this table).
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
    /** The operations only the BAR's JSON API has (the reservation browser's): no SOAP port type serves them. */
    public static final String BROWSER_SERVICE = "BrowserService";

    private static final Map<Operation, Row> ROWS = new LinkedHashMap<>();

    static {
        // ReservationService: any account; a user only on the reservations ReservationAccess lets it see.
        change(RESERVATION_SERVICE, Permission.ACCOUNT, "createReservation", "createReservationInWindow",
                "createTransfer", "commitReservation", "abortReservation", "cancelReservation", "modifyReservation");
        read(RESERVATION_SERVICE, Permission.ACCOUNT, "getReservation", "listReservations", "getHistory",
                "findAvailability", "listEndpoints");
        read(RESERVATION_SERVICE, Permission.ACCOUNT, "getUtilisation");

        // OperatorService (at a BAR): operators and admins; the approval queue, ending circuits, blocking accounts.
        read(OPERATOR_SERVICE, Permission.OPERATOR, "listPendingApprovals");
        change(OPERATOR_SERVICE, Permission.OPERATOR, "approveReservation", "rejectReservation", "terminateReservation",
                "blockAccount", "unblockAccount");

        // AccountService: admins manage accounts, groups and certificate mappings; every account
        // reads itself, changes its password and manages its own tokens.
        change(ACCOUNT_SERVICE, Permission.ADMIN, "createAccount", "setRole", "setEmail", "resetPassword", "createGroup",
                "addMember", "removeMember", "mapCertificate", "unmapCertificate");
        read(ACCOUNT_SERVICE, Permission.ADMIN, "getAccount", "listAccounts", "listGroups");
        change(ACCOUNT_SERVICE, Permission.ACCOUNT, "changePassword", "createToken", "revokeToken");
        read(ACCOUNT_SERVICE, Permission.ACCOUNT, "whoAmI", "listTokens");

        // NotificationService: any account, on its own webhooks only.
        change(NOTIFICATION_SERVICE, Permission.ACCOUNT, "registerWebhook", "removeWebhook");
        read(NOTIFICATION_SERVICE, Permission.ACCOUNT, "listWebhooks");

        // PeerService: other sites' BARs, each on its own site's bookings; the L-NSAP and NSAP ask
        // whether a segment is still wanted.
        read(PEER_SERVICE, Permission.PEER_BAR_OR_CONTROLLER, "segmentWanted");
        change(PEER_SERVICE, Permission.PEER_BAR, "hold", "holdAndCommit", "commit", "abort", "activate", "deactivate",
                "modify", "commitModify", "abortModify");
        read(PEER_SERVICE, Permission.PEER_BAR, "status", "availability", "widestBandwidth", "listEndpoints",
                "utilisation");

        // MaintenanceService (the BAR's): operators declare and lift windows, and move or cancel any
        // reservation a window hits.
        change(MAINTENANCE_SERVICE, Permission.OPERATOR, "declareMaintenance", "liftMaintenance", "moveReservation",
                "cancelReservationForMaintenance");
        read(MAINTENANCE_SERVICE, Permission.OPERATOR, "listMaintenance");

        // NsapService (L-NSAPs and the NSAP): the BARs configured for them, nobody else.
        change(NSAP_SERVICE, Permission.SERVED_BAR, "hold", "holdAndCommit", "commit", "abort", "activate", "deactivate",
                "modify", "commitModify", "abortModify", "addMaintenance", "liftMaintenance");
        read(NSAP_SERVICE, Permission.SERVED_BAR, "check", "availability", "widestBandwidth", "status", "query",
                "deviceLog", "listMaintenance", "listEndpoints", "utilisation");

        // BrowserService (the BAR's JSON API only): what the reservation browser needs beside the
        // port types' operations; any account, a user only on what ReservationAccess lets it see.
        read(BROWSER_SERVICE, Permission.ACCOUNT, "getBandwidthProfile", "getTopology", "getReservationCalendar",
                "streamEvents", "getCalendarFeed");
        change(BROWSER_SERVICE, Permission.ACCOUNT, "renewCalendarFeed", "revokeCalendarFeed");

        // AuditService (the BAR): operators and admins read the audit trail; nobody changes it.
        read(AUDIT_SERVICE, Permission.OPERATOR, "searchAudit", "exportAuditCsv", "verifyAudit");
    }

    private AccessTable() {
    }

    private static void change(String service, Permission permission, String... operations) {
        put(service, permission, Effect.CHANGE, operations);
    }

    private static void read(String service, Permission permission, String... operations) {
        put(service, permission, Effect.READ, operations);
    }

    private static void put(String service, Permission permission, Effect effect, String... operations) {
        for (String operation : operations) {
            if (ROWS.put(new Operation(service, operation), new Row(permission, effect)) != null) {
                throw new IllegalStateException("two rows for " + service + "." + operation);
            }
        }
    }

    /** The row of an operation; empty when the table does not list it (nobody may call it). */
    public static Optional<Row> row(String service, String operation) {
        return Optional.ofNullable(ROWS.get(new Operation(service, operation)));
    }

    /** Every row, in the table's order. */
    public static Map<Operation, Row> rows() {
        return java.util.Collections.unmodifiableMap(ROWS);
    }

    /**
     * Whether {@code caller} may call {@code operation} of {@code service}: NOT_SIGNED_IN for an
     * anonymous caller, NOT_ALLOWED for an operation not for its kind or not in the table.
     */
    public static Decision decide(Caller caller, String service, String operation) {
        if (caller.kind() == CallerKind.ANONYMOUS) {
            return Decision.NOT_SIGNED_IN;
        }
        return row(service, operation)
                .filter(r -> r.permission().allows(caller.kind()))
                .map(r -> Decision.ALLOWED)
                .orElse(Decision.NOT_ALLOWED);
    }
}
