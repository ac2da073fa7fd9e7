package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.peer.PeerServiceClient;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.service.SegmentService;

import org.crs.nsap.segment.Segment;
import org.crs.nsap.testing.NoRouters;
import org.crs.nsap.testing.OneLinkPlanner;
import org.crs.nsap.testing.RawSoap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.crs.service.server.ServerConfig;

/**
 * An NSAP over real HTTP and SOAP, as a client that no one here wrote would call it: raw
 * SOAP 1.1 envelopes. The database is a file HSQLDB, so the same files serve a restart.
 */
class NsapServerTest {

    static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;
    NsapServer server;
    RawSoap soap;

    NsapServer start() throws Exception {
        server = NsapServer.start(new ServerConfig("nsap-test", "jdbc:hsqldb:file:" + dir.resolve("db") + ";shutdown=true",
                "SA", "", "127.0.0.1", 0, false), new OneLinkPlanner(), store -> NoRouters.INSTANCE, Clock.systemUTC());
        soap = new RawSoap(server.serviceUrl());
        return server;
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String holdBody(String id, String mbps, String start, String end) {
        return "<n:hold><n:request><n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:bookingId>" + id + "</n:bookingId>"
                + "<n:destination>y</n:destination><n:destinationVlan>0</n:destinationVlan><n:end>" + end + "</n:end>"
                + "<n:source>x</n:source><n:sourceVlan>0</n:sourceVlan><n:start>" + start + "</n:start></n:request>"
                + "<n:holdSeconds>300</n:holdSeconds></n:hold>";
    }

    String call(String operation, String body) throws Exception {
        return soap.call(operation, body);
    }

    HttpResponse<String> post(String xml, String operation) throws Exception {
        return soap.post(xml, operation);
    }

    static String future(int hours) {
        return Instant.now().plus(Duration.ofHours(hours)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    }

    @Test
    void wsdlIsServedAndMatchesThePublishedOne() throws Exception {
        start();
        String served = HTTP.send(HttpRequest.newBuilder(server.wsdlUrl()).build(), HttpResponse.BodyHandlers.ofString()).body();
        String normalised = served.replace("127.0.0.1:" + server.port(), "127.0.0.1:8080");
        Path published = Path.of("../schema/wsdl/NsapService.wsdl");
        if (Boolean.getBoolean("crs.writeWsdl")) {
            Files.createDirectories(published.getParent());
            Files.writeString(published, normalised);
        }
        assertTrue(Files.exists(published), "schema/wsdl/NsapService.wsdl is missing: run this test with -Dcrs.writeWsdl=true");
        assertEquals(Files.readString(published), normalised,
                "the served WSDL differs from schema/wsdl/NsapService.wsdl: a contract change must be published on purpose "
                        + "(rerun with -Dcrs.writeWsdl=true and review the diff)");
    }

    @Test
    void holdCommitAndStatusOverSoap() throws Exception {
        start();
        String held = call("hold", holdBody("s1", "400", future(1), future(2)));
        assertTrue(held.contains("<ns:state>HELD</ns:state>") || held.contains(">HELD<"), held);
        String committed = call("commit", "<n:commit><n:bookingId>s1</n:bookingId></n:commit>");
        assertTrue(committed.contains(">COMMITTED<"), committed);
        String status = call("status", "<n:status><n:bookingId>s1</n:bookingId></n:status>");
        assertTrue(status.contains(">COMMITTED<") && status.contains(">400<"), status);
    }

    @Test
    void badInputGetsAFaultNamingTheFieldAndChangesNothing() throws Exception {
        start();
        String zero = call("hold", holdBody("s1", "0", future(1), future(2)));
        assertTrue(zero.contains("Fault") && zero.contains("bandwidthMbps"), zero);
        String backwards = call("hold", holdBody("s2", "10", future(2), future(1)));
        assertTrue(backwards.contains("Fault") && backwards.contains("end"), backwards);
        String unknown = call("hold", holdBody("s3", "10", future(1), future(2)).replace(">x<", ">nowhere<"));
        assertTrue(unknown.contains("Fault") && unknown.contains("source"), unknown);
        assertTrue(server.service().query(List.of(), null, new Caller.Process("test")).isEmpty());
    }

    static String modifyBody(String id, String end, String mbps) {
        return "<n:modify><n:bookingId>" + id + "</n:bookingId><n:end>" + end + "</n:end><n:bandwidthMbps>" + mbps
                + "</n:bandwidthMbps><n:holdSeconds>300</n:holdSeconds></n:modify>";
    }

    @Test
    void modifyAndCommitModifyRoundTripOverSoap() throws Exception {
        start();
        String start = future(1);
        String newEnd = future(3);
        call("hold", holdBody("s1", "600", start, future(2)));
        call("commit", "<n:commit><n:bookingId>s1</n:bookingId></n:commit>");
        String modified = call("modify", modifyBody("s1", newEnd, "800"));
        assertEquals("COMMITTED", RawSoap.field(modified, "state"), modified);
        assertEquals("600", RawSoap.field(modified, "bandwidthMbps"), modified);
        assertEquals("800", RawSoap.field(modified, "pendingBandwidthMbps"), modified);
        assertEquals(Instant.parse(newEnd), Instant.parse(RawSoap.field(modified, "pendingEnd")), modified);
        assertTrue(RawSoap.field(modified, "pendingExpiresAt") != null, modified);
        String committed = call("commitModify", "<n:commitModify><n:bookingId>s1</n:bookingId></n:commitModify>");
        assertEquals("800", RawSoap.field(committed, "bandwidthMbps"), committed);
        assertEquals(Instant.parse(newEnd), Instant.parse(RawSoap.field(committed, "end")), committed);
        assertEquals("0", RawSoap.field(committed, "pendingBandwidthMbps"), committed);
        assertTrue(RawSoap.field(committed, "lastChange").startsWith("change COMMITTED"), committed);
        String again = call("commitModify", "<n:commitModify><n:bookingId>s1</n:bookingId></n:commitModify>");
        assertEquals("800", RawSoap.field(again, "bandwidthMbps"), again);
        String aborted = call("abortModify", "<n:abortModify><n:bookingId>s1</n:bookingId></n:abortModify>");
        assertEquals("800", RawSoap.field(aborted, "bandwidthMbps"), "nothing pending: abortModify answers the segment");
    }

    @Test
    void badModifyInputGetsAFaultNamingTheFieldAndChangesNothing() throws Exception {
        start();
        String start = future(1);
        call("hold", holdBody("s1", "600", start, future(2)));
        call("commit", "<n:commit><n:bookingId>s1</n:bookingId></n:commit>");
        String backwards = call("modify", modifyBody("s1", Instant.parse(start).minusSeconds(60).toString(), "600"));
        assertTrue(backwards.contains("Fault") && backwards.contains("end:"), backwards);
        String zero = call("modify", modifyBody("s1", future(3), "0"));
        assertTrue(zero.contains("Fault") && zero.contains("bandwidthMbps"), zero);
        String held = call("hold", holdBody("s2", "100", start, future(2)));
        assertTrue(held.contains(">HELD<"), held);
        String notCommitted = call("modify", modifyBody("s2", future(3), "200"));
        assertTrue(notCommitted.contains("Fault") && notCommitted.contains("bookingId"), notCommitted);
        assertEquals(null, server.service().status("s1", new Caller.Process("test")).pending());
        assertTrue(server.service().changes("s1", new Caller.Process("test")).isEmpty());
    }

    static String addMaintenanceBody(String resourceId, String start, String end, String reason) {
        return "<n:addMaintenance><n:resourceId>" + resourceId + "</n:resourceId><n:start>" + start + "</n:start><n:end>"
                + end + "</n:end><n:reason>" + reason + "</n:reason></n:addMaintenance>";
    }

    static String listMaintenanceBody(String resourceId, String from, String to) {
        return "<n:listMaintenance><n:resourceId>" + resourceId + "</n:resourceId><n:from>" + from + "</n:from><n:to>" + to
                + "</n:to></n:listMaintenance>";
    }

    static String liftMaintenanceBody(String windowId, String reason) {
        return "<n:liftMaintenance><n:windowId>" + windowId + "</n:windowId><n:reason>" + reason
                + "</n:reason></n:liftMaintenance>";
    }

    @Test
    void maintenanceWindowRefusesHoldsOverSoapUntilLifted() throws Exception {
        start();
        call("hold", holdBody("before", "100", future(1), future(2)));
        String added = call("addMaintenance", addMaintenanceBody("x-y", future(1), future(3), "replace the optics"));
        String id = RawSoap.field(added, "id");
        assertEquals("x-y", RawSoap.field(added, "resourceId"), added);
        assertEquals("replace the optics", RawSoap.field(added, "reason"), added);
        assertEquals("nsap-test-client", RawSoap.field(added, "createdBy"), added);
        assertEquals(null, RawSoap.field(added, "declaredByOperator"), "a request without operator names none: " + added);
        assertEquals("before", RawSoap.field(added, "affectedBookings"), added);

        String refused = call("hold", holdBody("during", "100", future(2), future(4)));
        assertTrue(refused.contains("Fault") && refused.contains("down for maintenance")
                && refused.contains("(resource x-y)"), refused);
        String listed = call("listMaintenance", listMaintenanceBody("x-y", future(0), future(5)));
        assertEquals(id, RawSoap.field(listed, "id"), listed);

        String lifted = call("liftMaintenance", liftMaintenanceBody(id, "postponed"));
        assertEquals("postponed", RawSoap.field(lifted, "liftReason"), lifted);
        assertEquals("nsap-test-client", RawSoap.field(lifted, "liftedBy"), lifted);
        assertTrue(RawSoap.field(lifted, "liftedAt") != null, lifted);
        String held = call("hold", holdBody("during", "100", future(2), future(4)));
        assertTrue(held.contains(">HELD<"), held);
    }

    @Test
    void maintenanceWindowRecordsTheOperatorTheCallerNamesBesideTheCaller() throws Exception {
        start();
        String added = call("addMaintenance", "<n:addMaintenance><n:resourceId>x-y</n:resourceId><n:start>" + future(1)
                + "</n:start><n:end>" + future(3) + "</n:end><n:reason>optics</n:reason><n:operator>oscar</n:operator>"
                + "</n:addMaintenance>");
        assertEquals("nsap-test-client", RawSoap.field(added, "createdBy"), added);
        assertEquals("oscar", RawSoap.field(added, "declaredByOperator"), added);
        assertEquals("optics", RawSoap.field(added, "reason"), added);
        String lifted = call("liftMaintenance", "<n:liftMaintenance><n:windowId>" + RawSoap.field(added, "id")
                + "</n:windowId><n:reason>done</n:reason><n:operator>olga</n:operator></n:liftMaintenance>");
        assertEquals("nsap-test-client", RawSoap.field(lifted, "liftedBy"), lifted);
        assertEquals("olga", RawSoap.field(lifted, "liftedByOperator"), lifted);
        assertEquals("oscar", RawSoap.field(lifted, "declaredByOperator"), lifted);
    }

    @Test
    void blankOperatorGetsAFaultNamingOperatorAndRecordsNothing() throws Exception {
        start();
        String blank = call("addMaintenance", "<n:addMaintenance><n:resourceId>x-y</n:resourceId><n:start>" + future(1)
                + "</n:start><n:end>" + future(3) + "</n:end><n:reason>optics</n:reason><n:operator> </n:operator>"
                + "</n:addMaintenance>");
        assertEquals("operator", RawSoap.field(blank, "field"), blank);
        String all = call("listMaintenance", listMaintenanceBody("", future(-1000), future(1000)));
        assertFalse(all.contains("<ns:return"), all);
    }

    @Test
    void badMaintenanceInputGetsAFaultNamingTheFieldAndRecordsNothing() throws Exception {
        start();
        String unknown = call("addMaintenance", addMaintenanceBody("x-z", future(1), future(2), "optics"));
        assertEquals("resourceId", RawSoap.field(unknown, "field"), unknown);
        String backwards = call("addMaintenance", addMaintenanceBody("x-y", future(2), future(1), "optics"));
        assertEquals("end", RawSoap.field(backwards, "field"), backwards);
        String noReason = call("addMaintenance", addMaintenanceBody("x-y", future(1), future(2), ""));
        assertEquals("reason", RawSoap.field(noReason, "field"), noReason);
        String noWindow = call("liftMaintenance", liftMaintenanceBody("7", "done"));
        assertEquals("windowId", RawSoap.field(noWindow, "field"), noWindow);
        String noTo = call("listMaintenance", "<n:listMaintenance><n:from>" + future(0) + "</n:from></n:listMaintenance>");
        assertEquals("to", RawSoap.field(noTo, "field"), noTo);
        String all = call("listMaintenance", listMaintenanceBody("", future(-1000), future(1000)));
        assertFalse(all.contains("<ns:return"), all);
    }

    @Test
    void malformedXmlAndDtdsAreRefusedAndChangeNothing() throws Exception {
        start();
        HttpResponse<String> malformed = post("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><n:hold", "hold");
        assertTrue(malformed.statusCode() >= 400 && malformed.body().contains("Fault"), malformed.body());
        String entity = "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + RawSoap.envelopeWithoutDeclaration(holdBody("s1", "10", future(1), future(2)))
                .replace(">s1<", ">&e;<");
        HttpResponse<String> dtd = post(entity, "hold");
        assertTrue(dtd.statusCode() >= 400, dtd.body());
        assertFalse(dtd.body().contains("root:"), "the entity must not be expanded");
        HttpResponse<String> huge = post(RawSoap.envelope("<n:status><n:bookingId>" + "x".repeat(2_000_000)
                + "</n:bookingId></n:status>"), "status");
        assertTrue(huge.statusCode() >= 400, "oversized request: " + huge.statusCode());
        assertTrue(server.service().query(List.of(), null, new Caller.Process("test")).isEmpty());
    }

    @Test
    void holdSurvivesARestartAndStillExpiresOnTime() throws Exception {
        start();
        String held = call("hold", holdBody("s1", "10", future(1), future(2)).replace(">300<", ">3<"));
        assertTrue(held.contains(">HELD<"), held);
        Instant expiry = server.service().status("s1", new Caller.Process("test")).holdExpiresAt();
        server.close();
        server = null;
        start();
        while (Instant.now().isBefore(expiry.plusSeconds(8))
                && !server.service().status("s1", new Caller.Process("test")).state().name().equals("EXPIRED")) {
            Thread.sleep(200);
        }
        Segment after = server.service().status("s1", new Caller.Process("test"));
        assertEquals("EXPIRED", after.state().name());
        Instant expiredAt = server.service().history("s1", new Caller.Process("test")).get(1).at();
        long lateMillis = Duration.between(expiry, expiredAt).toMillis();
        System.out.println("hold expired " + lateMillis + " ms after its expiry time, across a restart");
        assertTrue(lateMillis >= 0 && lateMillis < 6000, "expired " + lateMillis + " ms late");
    }

    /**
     * A BAR's PeerService that does not want the bookings whose id holds "ghost" and wants every
     * other: fixed SOAP answers, as its Axis2 endpoint writes them.
     */
    static HttpServer barWantingAllButGhosts() throws Exception {
        HttpServer bar = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        bar.createContext("/services/PeerService", exchange -> {
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String answer = request.contains("ghost") ? "NOT_WANTED" : "WANTED";
            byte[] body = ("<?xml version='1.0' encoding='utf-8'?><soapenv:Envelope"
                    + " xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                    + "<ns:segmentWantedResponse xmlns:ns=\"urn:crs:bar-peer:1\"><ns:return>" + answer
                    + "</ns:return></ns:segmentWantedResponse></soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=UTF-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        bar.start();
        return bar;
    }

    @Test
    void theOrphanSweepAsksTheBarOnItsOwnAndAbortsWhatItNoLongerWants() throws Exception {
        HttpServer bar = barWantingAllButGhosts();
        try {
            URI peer = URI.create("http://127.0.0.1:" + bar.getAddress().getPort() + "/services/PeerService");
            server = NsapServer.start(new ServerConfig("nsap-test", "jdbc:hsqldb:file:" + dir.resolve("db") + ";shutdown=true",
                    "SA", "", "127.0.0.1", 0, false), new OneLinkPlanner(), store -> NoRouters.INSTANCE, Clock.systemUTC(),
                    new NsapServer.Upkeep(Duration.ofMinutes(2), Optional.of(new PeerServiceClient(Map.of("site-a", peer),
                            Duration.ofSeconds(5))), Duration.ofSeconds(1), Duration.ofSeconds(1)));
            TimeInterval tomorrow = TimeInterval.of(Instant.now().plus(Duration.ofDays(1)), Duration.ofHours(1));
            server.service().holdAndCommit(new SegmentRequest("site-a:ghost:wan", "x", "y", 10, tomorrow, 0, 0), new Caller.Process("forger"));
            server.service().holdAndCommit(new SegmentRequest("site-a:R1:wan", "x", "y", 10, tomorrow, 0, 0), new Caller.Process("bar-site-a"));

            Instant deadline = Instant.now().plusSeconds(20);
            while (server.service().status("site-a:ghost:wan", new Caller.Process("test")).state() == SegmentState.COMMITTED
                    && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }

            assertEquals(SegmentState.ABORTED, server.service().status("site-a:ghost:wan", new Caller.Process("test")).state());
            List<Transition> history = server.service().history("site-a:ghost:wan", new Caller.Process("test"));
            assertEquals(SegmentService.ORPHAN_ACTOR, history.get(history.size() - 1).actor());
            assertEquals(SegmentState.COMMITTED, server.service().status("site-a:R1:wan", new Caller.Process("test")).state());
        } finally {
            bar.stop(0);
        }
    }
}
