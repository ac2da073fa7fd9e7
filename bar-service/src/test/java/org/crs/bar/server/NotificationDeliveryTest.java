package org.crs.bar.server;

import static org.crs.bar.service.AccountService.ADMINISTRATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.server.ServerConfig;
import org.crs.bar.adapter.mail.SmtpMailTransport;
import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.notify.Signature;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;

/**
 * A running BAR tells owners by itself: its sweep delivers the mail of a booking to the owner
 * account's address on a real SMTP server (GreenMail) and POSTs it to the webhook the account
 * registered over SOAP, with no one but the BAR calling anything. The routers' side is scripted.
 */
class NotificationDeliveryTest {

    static final String OWNER = "nora";
    static BarServer server;
    static GreenMail smtp;
    static HttpServer http;
    static final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    static final List<String> signatures = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        int smtpPort;
        try (ServerSocket s = new ServerSocket(0)) {
            smtpPort = s.getLocalPort();
        }
        smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/hook", exchange -> {
            bodies.add(exchange.getRequestBody().readAllBytes());
            signatures.add(exchange.getRequestHeaders().getFirst(Signature.HEADER));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        http.start();
        Site site = new Site("site-a", new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a")),
                new ScriptedController("nsap", List.of("site-a", "site-b")),
                Map.of("site-b", new ScriptedController("bar-site-b", List.of("host-b1", "site-b"))));
        NotificationConfig notifications = NotificationConfig.none("bar-notify")
                .withSmtp(new SmtpSettings("127.0.0.1", smtpPort, "crs@example.org", SmtpSettings.Tls.NONE, "", ""));
        server = BarServer.start(new ServerConfig("bar-notify", "jdbc:hsqldb:mem:bar-notify-" + System.nanoTime(), "SA", "",
                "127.0.0.1", 0, false), site, BarSettings.defaults(), Clock.systemUTC(),
                BarServer.Options.defaults("bar-notify").withNotifications(notifications));
        server.accounts().createAccount(ADMINISTRATION, OWNER, "user", OWNER + "@example.org", "nora-password");
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (smtp != null) {
            smtp.stop();
        }
        if (http != null) {
            http.stop(0);
        }
    }

    @Test
    void aBookingIsMailedAndPostedToTheOwnersWebhookByTheBarsOwnSweep() throws Exception {
        String registered = new RawSoap(server.notificationUrl(), BarServer.NOTIFICATION_NAMESPACE)
                .as(OWNER, "nora-password").call("registerWebhook",
                "<n:registerWebhook><n:url>http://127.0.0.1:" + http.getAddress().getPort()
                        + "/hook</n:url></n:registerWebhook>");
        String secret = RawSoap.field(registered, "secret");
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(Duration.ofHours(1));
        Reservation r = server.service().create(TestCallers.user(OWNER), new ReservationRequest("n1", Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("site-b:host-b1"), 100, new TimeInterval(start, start.plus(Duration.ofHours(1))), "", false));
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());

        assertTrue(smtp.waitForIncomingEmail(Duration.ofSeconds(20).toMillis(), 1), "the sweep mails within seconds");
        assertEquals("RESERVED", smtp.getReceivedMessages()[0].getHeader(SmtpMailTransport.EVENT_HEADER, null));
        assertEquals(OWNER + "@example.org", smtp.getReceivedMessages()[0].getAllRecipients()[0].toString());
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (bodies.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(1, bodies.size());
        assertTrue(Signature.verifies(bodies.get(0), secret, signatures.get(0)));
    }
}
