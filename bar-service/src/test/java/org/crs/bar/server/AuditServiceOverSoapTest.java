package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.adapter.soap.SoapSegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditQuery;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The BAR's AuditService over real SOAP: search, CSV export and verification of its own trail. */
class AuditServiceOverSoapTest {

    private BarServer server;
    private RawSoap soap;
    private String jdbcUrl;

    @BeforeEach
    void start() throws Exception {
        Duration timeout = Duration.ofSeconds(2);
        Site site = new Site("site-a",
                new SoapSegmentController("lnsap-site-a", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                new SoapSegmentController("nsap", BarServerTest.nowhere("NsapService"), "urn:crs:nsap:1", timeout),
                Map.of());
        jdbcUrl = "jdbc:hsqldb:mem:bar-audit-" + System.nanoTime();
        server = BarServer.start(new ServerConfig("bar-audit", jdbcUrl, "SA", "", "127.0.0.1", 0, false), site,
                BarSettings.defaults(), Clock.systemUTC());
        server.accounts().createAccount(ADMINISTRATION, "oscar", "operator", "", "oscar-password");
        soap = new RawSoap(server.auditUrl(), BarServer.AUDIT_NAMESPACE).as("oscar", "oscar-password");
        record("alice", "cancelReservation", "r1", "OK");
        record("bob", "createReservation", "r2", "OK");
        record("alice", "modifyReservation", "r1", "NOT_ALLOWED");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void record(String account, String operation, String requestId, String outcome) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("requestId", requestId);
        args.put("apiToken", "tok-0123456789");
        server.auditTrail().recordCall("ReservationService", operation, account, "192.0.2.7", "", args, outcome);
    }

    private static List<String> all(String xml, String element) {
        Matcher m = Pattern.compile("<(?:\\w+:)?" + element + ">([^<]*)</").matcher(xml);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static String search(String reservation, String account, int offset, int limit) {
        return "<n:searchAudit><n:reservationId>" + reservation + "</n:reservationId><n:account>" + account
                + "</n:account><n:router></n:router><n:offset>" + offset + "</n:offset><n:limit>" + limit
                + "</n:limit></n:searchAudit>";
    }

    @Test
    void searchByReservationAnswersItsEntriesNewestFirst() throws Exception {
        String answer = soap.call("searchAudit", search("r1", "", 0, 10));
        assertEquals(List.of("3", "1"), all(answer, "sequence"), answer);
        assertEquals(List.of("ReservationService.modifyReservation", "ReservationService.cancelReservation"),
                all(answer, "operation"));
        assertEquals(List.of("NOT_ALLOWED", "OK"), all(answer, "outcome"));
    }

    @Test
    void searchByAccountWithAPage() throws Exception {
        String answer = soap.call("searchAudit", search("", "alice", 1, 1));
        assertEquals(List.of("1"), all(answer, "sequence"), answer);
    }

    @Test
    void secretArgumentsAreNotAnswered() throws Exception {
        String answer = soap.call("searchAudit", search("", "", 0, 10));
        assertFalse(answer.contains("tok-0123456789"), answer);
        assertTrue(all(answer, "value").contains("[redacted]"), answer);
    }

    @Test
    void exportAnswersCsvWithAHeaderAndTheHashes() throws Exception {
        String answer = soap.call("exportAuditCsv", "<n:exportAuditCsv><n:account>bob</n:account></n:exportAuditCsv>");
        // the XML escapes the CR of each CRLF (and the quotes of the arguments' JSON)
        String csv = RawSoap.field(answer, "return").replace("&#xd;", "\r").replace("&quot;", "\"")
                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        assertTrue(csv.contains("\r\n"), csv);
        List<String> lines = List.of(csv.split("\r\n"));
        assertEquals(2, lines.size(), csv);
        assertEquals(String.join(",", AuditCsv.COLUMNS), lines.get(0));
        assertTrue(lines.get(1).startsWith("2,"), lines.get(1));
        assertTrue(lines.get(1).endsWith(server.auditTrail().search(AuditQuery.all().withActor("bob")).get(0).hash()),
                lines.get(1));
    }

    @Test
    void verifyAnswersIntact() throws Exception {
        String answer = soap.call("verifyAudit", "<n:verifyAudit/>");
        assertEquals("true", RawSoap.field(answer, "intact"), answer);
        assertEquals("3", RawSoap.field(answer, "entriesChecked"), answer);
    }

    @Test
    void verifyNamesAnEditedEntry() throws Exception {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "SA", ""); Statement st = c.createStatement()) {
            st.execute("UPDATE audit_entry SET outcome = 'OK' WHERE sequence_number = 3");
        }
        String answer = soap.call("verifyAudit", "<n:verifyAudit/>");
        assertEquals("false", RawSoap.field(answer, "intact"), answer);
        assertEquals("EDITED", RawSoap.field(answer, "tampering"), answer);
        assertEquals("3", RawSoap.field(answer, "sequence"), answer);
    }

    @Test
    void aLimitOutOfRangeIsAClientFaultNamingIt() throws Exception {
        String answer = soap.call("searchAudit", search("", "", 0, 0));
        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("limit", MalformedRequests.text(answer, "field"), answer);
    }
}
