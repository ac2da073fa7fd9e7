package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Quota;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.testing.ScriptedController;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A group's quota as a client meets it over SOAP on a running BAR: alice and carol of group
 * astro (1000 Mbit/s at once) book in turn, and the booking that would go over is a Client fault
 * naming the quota, with nothing stored.
 */
class QuotaOverSoapTest {

    static BarServer server;

    @BeforeAll
    static void start() throws Exception {
        Site site = new Site("site-a", new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a")),
                new ScriptedController("nsap", List.of("site-a", "site-b")),
                Map.of("site-b", new ScriptedController("bar-site-b", List.of("host-b1", "site-b"))));
        server = BarServer.start(new ServerConfig("bar-quota", "jdbc:hsqldb:mem:bar-quota-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), site, BarSettings.defaults(), Clock.systemUTC(),
                BarServer.Options.defaults("bar-quota").withPolicy(
                        BarPolicy.of(ApprovalRules.none(), new Quotas(List.of(new Quota("astro", 1000L, null))))));
        server.accounts().createGroup(ADMINISTRATION, "astro", "astronomy", true);
        for (String name : List.of("alice", "carol")) {
            server.accounts().createAccount(ADMINISTRATION, name, "user", "", name + "-password");
            server.accounts().addMember(ADMINISTRATION, "astro", name);
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String create(String account, String id, long mbps) throws Exception {
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(3));
        return new RawSoap(server.serviceUrl(), BarServer.NAMESPACE).as(account, account + "-password").call(
                "createReservation", "<n:createReservation><n:requestId>" + id + "</n:requestId>"
                        + "<n:source>site-a:host-a1</n:source><n:destination>site-b:host-b1</n:destination>"
                        + "<n:bandwidthMbps>" + mbps + "</n:bandwidthMbps><n:start>" + start + "</n:start><n:end>"
                        + start.plus(Duration.ofHours(1)) + "</n:end></n:createReservation>");
    }

    @Test
    void aBookingOverItsGroupsPeakBandwidthIsAClientFaultNamingTheQuota() throws Exception {
        assertTrue(create("alice", "q-alice", 600).contains("createReservationResponse"));

        String answer = create("carol", "q-carol", 600);

        assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer), answer);
        assertEquals("QUOTA_EXCEEDED", MalformedRequests.text(answer, "code"), answer);
        assertEquals("peakBandwidth", MalformedRequests.text(answer, "field"), answer);
        assertTrue(server.store().find("q-carol").isEmpty(), "nothing stored");
    }
}
