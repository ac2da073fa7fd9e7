package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalDecision;
import org.crs.bar.reservation.ApprovalRule;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OperatorService of a running BAR over real HTTP and SOAP, with a rule like the demo's (bookings
 * over 1000 Mbit/s wait for an operator) and controllers that keep their segments' states as the
 * NSAPs do.
 */
class OperatorServiceTest {

    static final Caller.Account ALICE = new Caller.Account("alice", Role.USER, List.of(new Caller.Membership("astro", true)));
    static final ScriptedController CAMPUS = new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a"));
    static final ScriptedController WAN = new ScriptedController("nsap", List.of("site-a", "site-b"));
    static final ScriptedController PEER = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    static BarServer server;
    static RawSoap operator;

    @BeforeAll
    static void start() throws Exception {
        ApprovalRules rules = new ApprovalRules(List.of(new ApprovalRule(1000L, null, null, null, null, null,
                ApprovalDecision.WAIT)), Duration.ZERO);
        server = BarServer.start(new ServerConfig("bar-op", "jdbc:hsqldb:mem:bar-op-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), new Site("site-a", CAMPUS, WAN, Map.of("site-b", PEER)), BarSettings.defaults(),
                Clock.systemUTC(), BarServer.Options.defaults("bar-op").withPolicy(BarPolicy.of(rules, Quotas.none())));
        server.accounts().createAccount(ADMINISTRATION, "oscar", "operator", "", "oscar-password");
        operator = new RawSoap(server.operatorUrl(), BarServer.OPERATOR_NAMESPACE).as("oscar", "oscar-password");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String book(String id, long mbps) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(3));
        server.service().create(ALICE, new ReservationRequest(id, Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("site-b:host-b1"), mbps, new TimeInterval(start, start.plus(Duration.ofHours(1))), "", false));
        return id;
    }

    static String call(String operation, String requestId, String reason) throws Exception {
        return operator.call(operation, "<n:" + operation + "><n:requestId>" + requestId + "</n:requestId><n:reason>"
                + reason + "</n:reason></n:" + operation + ">");
    }

    /** The reservation's state in an answer: its last state element (each segment has one before it). */
    static String reservationState(String answer) {
        int at = answer.lastIndexOf("<ns:state>") + "<ns:state>".length();
        return answer.substring(at, answer.indexOf('<', at));
    }

    @Test
    void theQueueListsWaitingBookingsAndAnApprovedOneIsReserved() throws Exception {
        book("op-big", 2000);
        String queue = operator.call("listPendingApprovals", "<n:listPendingApprovals/>");
        assertTrue(queue.contains("<ns:requestId>op-big</ns:requestId>") || queue.contains(">op-big<"), queue);

        String answer = call("approveReservation", "op-big", "checked");

        assertEquals(ReservationState.RESERVED.name(), reservationState(answer), answer);
        List<org.crs.domain.reservation.ReservationTransition> history = server.store().history("op-big");
        assertEquals("oscar", history.get(history.size() - 1).actor());
    }

    @Test
    void aRejectedBookingIsRejectedAndItsSegmentsReleased() throws Exception {
        book("op-no", 2000);

        String answer = call("rejectReservation", "op-no", "not this week");

        assertEquals(ReservationState.REJECTED.name(), reservationState(answer), answer);
        assertEquals("POLICY", RawSoap.field(answer, "refusalCode"), answer);
        assertEquals(SegmentState.ABORTED, WAN.segments.get("site-a:op-no:wan"));
    }

    @Test
    void aRejectionWithoutAReasonIsAClientFaultNamingReason() throws Exception {
        book("op-why", 2000);

        String answer = call("rejectReservation", "op-why", "");

        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("reason", MalformedRequests.text(answer, "field"), answer);
        assertEquals(ReservationState.PENDING_APPROVAL, server.service().get(ITSELF, "op-why").state());
    }

    @Test
    void anOperatorTerminatesAReservedBooking() throws Exception {
        book("op-end", 100);

        String answer = call("terminateReservation", "op-end", "host compromised");

        assertEquals(ReservationState.CANCELLED.name(), reservationState(answer), answer);
        assertEquals(SegmentState.RELEASED, WAN.segments.get("site-a:op-end:wan"));
    }

    @Test
    void aUserMayNotCallTheOperatorService() throws Exception {
        server.accounts().createAccount(ADMINISTRATION, "ursula", "user", "", "ursula-password");
        book("op-mine", 2000);

        String answer = new RawSoap(server.operatorUrl(), BarServer.OPERATOR_NAMESPACE).as("ursula", "ursula-password")
                .call("approveReservation", "<n:approveReservation><n:requestId>op-mine</n:requestId><n:reason>me</n:reason>"
                        + "</n:approveReservation>");

        assertEquals("NOT_ALLOWED", MalformedRequests.text(answer, "code"), answer);
        assertEquals(ReservationState.PENDING_APPROVAL, server.service().get(ITSELF, "op-mine").state());
    }

    @Test
    void anOperatorBlocksAndUnblocksAnAccount() throws Exception {
        server.accounts().createAccount(ADMINISTRATION, "mallory", "user", "", "mallory-password");

        String blocked = operator.call("blockAccount",
                "<n:blockAccount><n:account>mallory</n:account><n:reason>abuse</n:reason></n:blockAccount>");

        assertTrue(blocked.contains(">true<"), blocked);
        assertTrue(server.accounts().get(ADMINISTRATION, "mallory").blocked());
        operator.call("unblockAccount",
                "<n:unblockAccount><n:account>mallory</n:account><n:reason>sorted out</n:reason></n:unblockAccount>");
        assertTrue(!server.accounts().get(ADMINISTRATION, "mallory").blocked());
    }

    @Test
    void blockingAnAccountThatDoesNotExistIsAClientFaultNamingAccount() throws Exception {
        String answer = operator.call("blockAccount",
                "<n:blockAccount><n:account>nobody</n:account><n:reason>abuse</n:reason></n:blockAccount>");

        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("account", MalformedRequests.text(answer, "field"), answer);
    }
}
