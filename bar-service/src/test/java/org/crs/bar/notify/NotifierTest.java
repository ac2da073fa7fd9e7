package org.crs.bar.notify;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.crs.bar.adapter.jdbc.JdbcNotificationStore;
import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.adapter.jdbc.JdbcWebhookStore;
import org.crs.bar.adapter.mail.SmtpMailTransport;
import org.crs.bar.adapter.mail.SmtpSettings;
import org.crs.bar.adapter.mail.TemplateFolder;
import org.crs.bar.adapter.webhook.HttpWebhookTransport;
import org.crs.bar.port.NotificationStore;
import org.crs.bar.port.NotificationStore.Delivery;
import org.crs.bar.port.Recipients;
import org.crs.bar.port.Site;
import org.crs.bar.port.WebhookStore.Webhook;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.service.ReservationService;
import org.crs.bar.service.UtilisationService;
import org.crs.bar.adapter.jdbc.JdbcUsageFlags;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;

/**
 * Owners told about their bookings, end to end on real parts: the reservation service on HSQLDB
 * moves a booking, the recorder tells the notifier, a round of the sweep sends the mail to a real
 * SMTP server (GreenMail, in this process) and POSTs to a real HTTP server, both read back here.
 * The routers' side is scripted: it is not what these tests are about.
 */
class NotifierTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final TimeInterval ONE_HOUR = new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2)));
    static final TimeInterval THREE_DAYS = new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(1))
            .plus(Duration.ofDays(3)));
    static final String LINK = "http://127.0.0.1:8080/reservations/{requestId}";
    static final DateTimeFormatter ICS_UTC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    /** A real, if small, directory of accounts: alice has an address, bob none. */
    final Recipients recipients = account -> switch (account) {
        case "alice" -> Optional.of(new Recipients.Recipient("alice", Optional.of("alice@example.org")));
        case "bob" -> Optional.of(new Recipients.Recipient("bob", Optional.empty()));
        default -> Optional.empty();
    };
    final Caller.Account alice = new Caller.Account("alice", Role.USER, List.of());

    Database db;
    JdbcReservationStore store;
    NotificationStore outbox;
    JdbcWebhookStore webhookStore;
    ReservationService service;
    Notifier notifier;
    Webhooks webhooks;
    GreenMail smtp;
    int smtpPort;
    HttpServer http;
    final List<Received> posts = new CopyOnWriteArrayList<>();
    final ConcurrentLinkedQueue<Integer> answers = new ConcurrentLinkedQueue<>();

    record Received(Map<String, String> headers, byte[] body) {
    }

    @BeforeEach
    void start() throws IOException {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        store = new JdbcReservationStore(db.dataSource(), clock);
        outbox = new JdbcNotificationStore(db.dataSource());
        webhookStore = new JdbcWebhookStore(db.dataSource());
        service = new ReservationService(store, new Site("site-a", campus, wan, Map.of("site-b", peer)),
                BarSettings.defaults(), calls, clock);
        smtpPort = freePort();
        notifier = notifier(Optional.empty());
        service.notifyWith(notifier);
        webhooks = new Webhooks(webhookStore, clock);
    }

    Notifier notifier(Optional<Path> templates) {
        return notifier(templates, new SmtpSettings("127.0.0.1", smtpPort, "crs@example.org", SmtpSettings.Tls.NONE, "", ""));
    }

    Notifier notifier(Optional<Path> templates, SmtpSettings smtpSettings) {
        return new Notifier(outbox, store, recipients, webhookStore, new TemplateFolder(templates),
                Optional.of(new SmtpMailTransport(smtpSettings)),
                new HttpWebhookTransport(), NotificationSettings.defaults("bar-site-a").withBookingLink(LINK), clock);
    }

    /** Tells owners through another mail server from now on. */
    void mailThrough(SmtpSettings smtpSettings) {
        notifier = notifier(Optional.empty(), smtpSettings);
        service.notifyWith(notifier);
    }

    void smtpUp() {
        smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
    }

    void httpUp() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/hook", exchange -> {
            Map<String, String> headers = new LinkedHashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
            posts.add(new Received(headers, exchange.getRequestBody().readAllBytes()));
            Integer status = answers.poll();
            exchange.sendResponseHeaders(status == null ? 200 : status, -1);
            exchange.close();
        });
        http.start();
    }

    String hookUrl() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/hook";
    }

    @AfterEach
    void stop() {
        if (smtp != null) {
            smtp.stop();
        }
        if (http != null) {
            http.stop(0);
        }
        calls.shutdownNow();
        db.close();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    ReservationRequest request(String id, TimeInterval interval) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"), 500, interval,
                "test", false);
    }

    Reservation book(String id, String owner, TimeInterval interval) throws Exception {
        Reservation r = service.create(TestCallers.user(owner), request(id, interval));
        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        return r;
    }

    Reservation runDueWorkAt(Instant t, String requestId) throws Exception {
        clock.set(t);
        service.runDueWork().get();
        return service.get(ITSELF, requestId);
    }

    /** The reservation's one delivery over a channel. */
    Delivery delivery(String requestId, NotificationStore.Channel channel) {
        List<Delivery> ds = outbox.deliveries(requestId).stream().filter(d -> d.message().channel() == channel).toList();
        assertEquals(1, ds.size(), ds.toString());
        return ds.get(0);
    }

    List<MimeMessage> mails() {
        return Arrays.asList(smtp.getReceivedMessages());
    }

    static String event(MimeMessage m) throws Exception {
        return m.getHeader(SmtpMailTransport.EVENT_HEADER, null);
    }

    List<String> mailedEvents() throws Exception {
        List<String> out = new ArrayList<>();
        for (MimeMessage m : mails()) {
            out.add(event(m));
        }
        return out;
    }

    /** An iCalendar text's content lines, unfolded (RFC 5545, 3.1). */
    static List<String> unfolded(String ics) {
        return Arrays.asList(ics.replace("\r\n ", "").split("\r\n"));
    }

    static String property(List<String> lines, String name) {
        return lines.stream().filter(l -> l.startsWith(name + ":")).map(l -> l.substring(name.length() + 1)).findFirst()
                .orElse(null);
    }

    // ---- mail ----

    @Test
    void aBookingReachingReservedMailsItsOwnerAnICalendarEventOfTheCircuitsTime() throws Exception {
        smtpUp();
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(1, mails().size());
        MimeMessage mail = mails().get(0);
        assertEquals("RESERVED", event(mail));
        assertEquals("alice@example.org", mail.getAllRecipients()[0].toString());
        Multipart parts = (Multipart) mail.getContent();
        assertEquals(2, parts.getCount());
        BodyPart calendar = parts.getBodyPart(1);
        assertTrue(calendar.isMimeType("text/calendar"), calendar.getContentType());
        assertEquals("reservation.ics", calendar.getFileName());
        String ics = new String(calendar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ics.endsWith("END:VCALENDAR\r\n"), "CRLF line endings");
        assertFalse(ics.replace("\r\n", "").contains("\n"), "no bare line feeds");
        for (String line : ics.split("\r\n")) {
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length <= 75, "folded at 75 octets: " + line);
        }
        List<String> lines = unfolded(ics);
        assertEquals("BEGIN:VCALENDAR", lines.get(0));
        assertTrue(lines.contains("BEGIN:VEVENT") && lines.contains("END:VEVENT"), ics);
        assertEquals(ICS_UTC.format(ONE_HOUR.start()), property(lines, "DTSTART"));
        assertEquals(ICS_UTC.format(ONE_HOUR.end()), property(lines, "DTEND"));
        assertEquals("r1@bar-site-a", property(lines, "UID"));
        assertEquals(ICS_UTC.format(T0), property(lines, "DTSTAMP"));
        assertNotNull(property(lines, "SUMMARY"));
        assertNotNull(property(lines, "DESCRIPTION"));
    }

    @Test
    void anActiveThenFinishedCircuitMailsItsOwnerAtEachStep() throws Exception {
        smtpUp();
        book("r1", "alice", ONE_HOUR);
        assertEquals(ReservationState.ACTIVE, runDueWorkAt(ONE_HOUR.start(), "r1").state());
        notifier.sweep();
        assertEquals(List.of("RESERVED", "ACTIVE"), mailedEvents());

        assertEquals(ReservationState.FINISHED, runDueWorkAt(ONE_HOUR.end(), "r1").state());
        notifier.sweep();

        assertEquals(List.of("RESERVED", "ACTIVE", "FINISHED"), mailedEvents());
        assertTrue(mails().get(1).getContent() instanceof String, "only a booked circuit's mail carries a calendar");
    }

    @Test
    void aCircuitWhoseActivationFailsMailsItsOwnerFailed() throws Exception {
        smtpUp();
        book("r1", "alice", ONE_HOUR);
        peer.failActivations = "router edge-b: '% Invalid input'";

        assertEquals(ReservationState.FAILED, runDueWorkAt(ONE_HOUR.start(), "r1").state());
        notifier.sweep();

        assertEquals(List.of("RESERVED", "FAILED"), mailedEvents());
    }

    @Test
    void anOwnerWithoutAnAddressGetsNoMail() throws Exception {
        smtpUp();
        book("r1", "bob", ONE_HOUR);

        notifier.sweep();

        assertEquals(List.of(), mails());
        assertEquals(List.of(), outbox.deliveries("r1"));
    }

    @Test
    void endingSoonIsMailedOnceADayBeforeAnActiveCircuitEndsWithTheBookingsLink() throws Exception {
        smtpUp();
        book("r1", "alice", THREE_DAYS);
        runDueWorkAt(THREE_DAYS.start(), "r1");
        clock.set(THREE_DAYS.end().minus(Duration.ofDays(1)).minusSeconds(1));
        notifier.sweep();
        assertEquals(List.of("RESERVED", "ACTIVE"), mailedEvents(), "not yet: more than a day left");

        clock.set(THREE_DAYS.end().minus(Duration.ofDays(1)));
        notifier.sweep();
        clock.set(THREE_DAYS.end().minus(Duration.ofHours(1)));
        notifier.sweep();

        assertEquals(List.of("RESERVED", "ACTIVE", "ENDING_SOON"), mailedEvents());
        String body = (String) mails().get(2).getContent();
        assertTrue(body.contains("http://127.0.0.1:8080/reservations/r1"), body);
    }

    @Test
    void anIdleCircuitsOwnerIsMailedOnceWithWhatWasMeasured() throws Exception {
        smtpUp();
        book("r1", "alice", ONE_HOUR);
        runDueWorkAt(ONE_HOUR.start(), "r1");
        Duration poll = Duration.ofSeconds(30);
        for (ScriptedController c : List.of(campus, wan)) {
            List<TrafficSample> quiet = new java.util.ArrayList<>();
            for (Instant t = ONE_HOUR.start(); t.isBefore(ONE_HOUR.start().plus(Duration.ofMinutes(12))); t = t.plus(poll)) {
                quiet.add(new TrafficSample(poll, new TrafficRate(t, t.plus(poll), 800, 800, 0, 0)));
            }
            c.traffic.put(service.get(ITSELF, "r1").segments().stream().filter(s -> s.controller().equals(c.name()))
                    .findFirst().orElseThrow().bookingId(), quiet);
        }
        UtilisationService traffic = new UtilisationService(store, service.site(), new JdbcUsageFlags(db.dataSource()),
                service::notifications, clock);
        clock.set(ONE_HOUR.start().plus(Duration.ofMinutes(11)));

        traffic.checkTraffic();
        traffic.checkTraffic();
        notifier.sweep();

        assertEquals(List.of("RESERVED", "ACTIVE", "IDLE"), mailedEvents());
        String body = (String) mails().get(2).getContent();
        assertTrue(mails().get(2).getSubject().contains("Idle: r1"), mails().get(2).getSubject());
        assertTrue(body.contains("carried less than 5000000 bit/s in its first 10 minutes"), body);
    }

    @Test
    void aCircuitNoLongerThanTheLeadGetsNoEndingSoonMail() throws Exception {
        smtpUp();
        book("r1", "alice", ONE_HOUR);
        runDueWorkAt(ONE_HOUR.start(), "r1");

        notifier.sweep();
        notifier.sweep();

        assertEquals(List.of("RESERVED", "ACTIVE"), mailedEvents());
    }

    @Test
    void aMailThatFindsTheSmtpServerDownIsDeliveredOnceItIsBack() throws Exception {
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();
        Delivery failed = delivery("r1", NotificationStore.Channel.MAIL);
        assertNull(failed.deliveredAt());
        assertEquals(1, failed.attempts());
        assertNotNull(failed.lastError());

        smtpUp();
        notifier.sweep();
        assertEquals(List.of(), mails(), "not before its pause has passed");
        clock.set(T0.plus(NotificationSettings.DEFAULT_RETRY_PAUSE));
        notifier.sweep();

        assertEquals(List.of("RESERVED"), mailedEvents());
        Delivery delivered = delivery("r1", NotificationStore.Channel.MAIL);
        assertNotNull(delivered.deliveredAt());
        assertEquals(2, delivered.attempts());
        assertNull(delivered.lastError());
    }

    @Test
    void theBarSignsInToTheSmtpServerWithItsUserAndPassword() throws Exception {
        smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP))
                .withConfiguration(GreenMailConfiguration.aConfig().withUser("crs@example.org", "crs", "smtp-pw-4711"));
        smtp.start();
        mailThrough(new SmtpSettings("127.0.0.1", smtpPort, "crs@example.org", SmtpSettings.Tls.NONE, "crs", "smtp-pw-4711"));
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(List.of("RESERVED"), mailedEvents());
    }

    @Test
    void aRefusedPasswordKeepsTheMailAndNeverAppearsInItsError() throws Exception {
        smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP))
                .withConfiguration(GreenMailConfiguration.aConfig().withUser("crs@example.org", "crs", "smtp-pw-4711"));
        smtp.start();
        mailThrough(new SmtpSettings("127.0.0.1", smtpPort, "crs@example.org", SmtpSettings.Tls.NONE, "crs", "wrong-pw-0815"));
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(List.of(), mails());
        Delivery kept = delivery("r1", NotificationStore.Channel.MAIL);
        assertNull(kept.deliveredAt());
        assertNull(kept.gaveUpAt());
        assertFalse(kept.lastError().contains("wrong-pw-0815"), kept.lastError());
    }

    @Test
    void anSmtpsServerWhoseCertificateIsNotTrustedGetsNoMail() throws Exception {
        smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS));
        smtp.start();
        mailThrough(new SmtpSettings("127.0.0.1", smtpPort, "crs@example.org", SmtpSettings.Tls.SMTPS, "", ""));
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(List.of(), mails(), "GreenMail's own certificate is in no trust store");
        assertNull(delivery("r1", NotificationStore.Channel.MAIL).deliveredAt());
    }

    @Test
    void theSameOnceOnlyEventToldTwiceIsMailedOnce() throws Exception {
        smtpUp();
        Reservation r = book("r1", "alice", ONE_HOUR);

        notifier.notify(NotificationEvent.RESERVED, r, "told again by another caller");
        notifier.sweep();

        assertEquals(List.of("RESERVED"), mailedEvents());
    }

    @Test
    void aMoveByMaintenanceIsMailedEachTimeWithTheNewTimeAsACalendarEvent() throws Exception {
        smtpUp();
        Reservation r = book("r1", "alice", ONE_HOUR);

        notifier.notify(NotificationEvent.MOVED_BY_MAINTENANCE, r, "window w1 on router edge-a");
        notifier.notify(NotificationEvent.MOVED_BY_MAINTENANCE, r, "window w2 on router edge-a");
        notifier.sweep();

        assertEquals(List.of("RESERVED", "MOVED_BY_MAINTENANCE", "MOVED_BY_MAINTENANCE"), mailedEvents());
        assertTrue(mails().get(1).getContent() instanceof Multipart, "the moved booking's new time as a calendar event");
    }

    @Test
    void anOperatorsTemplateReplacesTheShippedOne(@TempDir Path folder) throws Exception {
        smtpUp();
        Files.writeString(folder.resolve("reserved.txt"), "Subject: Booked {requestId} {bandwidth}\n\n{source} {end} {link}\n");
        notifier = notifier(Optional.of(folder));
        service.notifyWith(notifier);
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals("Booked r1 500", mails().get(0).getSubject());
        Multipart parts = (Multipart) mails().get(0).getContent();
        assertEquals("site-a:host-a1 " + ONE_HOUR.end() + " http://127.0.0.1:8080/reservations/r1\n",
                ((String) parts.getBodyPart(0).getContent()).replace("\r\n", "\n"));
    }

    @Test
    void anOperatorsTemplateWithoutASubjectLineGivesWayToTheShippedOne(@TempDir Path folder) throws Exception {
        smtpUp();
        Files.writeString(folder.resolve("reserved.txt"), "Booked {requestId}\n");
        notifier = notifier(Optional.of(folder));
        service.notifyWith(notifier);
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(List.of("RESERVED"), mailedEvents());
        assertEquals(Messages.mail(TemplateFolder.builtIn(NotificationEvent.RESERVED), Map.of("requestId", "r1",
                "start", ONE_HOUR.start().toString())).subject(), mails().get(0).getSubject());
    }

    @Test
    void everyEventHasAShippedTemplateWithASubject() {
        for (NotificationEvent e : NotificationEvent.values()) {
            assertTrue(TemplateFolder.builtIn(e).startsWith("Subject: "), e.name());
        }
    }

    // ---- webhooks ----

    @Test
    void aWebhookReceivesTheEventAsJsonSignedWithItsSecret() throws Exception {
        httpUp();
        Webhook hook = webhooks.register(alice, hookUrl());
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();

        assertEquals(1, posts.size());
        Received post = posts.get(0);
        assertTrue(Signature.verifies(post.body(), hook.secret(), post.headers().get("x-crs-signature")));
        assertFalse(Signature.verifies(post.body(), "another secret", post.headers().get("x-crs-signature")));
        assertEquals("RESERVED", post.headers().get("x-crs-event"));
        JsonNode json = new ObjectMapper().readTree(post.body());
        assertEquals("RESERVED", json.get("event").asText());
        assertEquals("r1", json.get("requestId").asText());
        assertEquals("RESERVED", json.get("state").asText());
        assertEquals(ONE_HOUR.start(), Instant.parse(json.get("start").asText()));
        assertEquals(ONE_HOUR.end(), Instant.parse(json.get("end").asText()));
        assertEquals("site-a:host-a1", json.get("source").asText());
        assertEquals("site-b:host-b1", json.get("destination").asText());
        assertEquals(500, json.get("bandwidthMbps").asLong());
        assertTrue(json.has("reason") && json.has("occurredAt"));
        assertEquals(post.headers().get("x-crs-delivery"), json.get("deliveryId").asText());
    }

    @Test
    void theSignatureIsTheHexHmacSha256OfTheBodyWithTheSecret() throws Exception {
        byte[] body = "{\"event\":\"ACTIVE\"}".getBytes(StandardCharsets.UTF_8);
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec("s3cret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));

        assertEquals("sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(body)), Signature.of(body, "s3cret"));
    }

    @Test
    void aWebhookThatAnswers500IsTriedAgainAndDeliveredOnce() throws Exception {
        httpUp();
        webhooks.register(alice, hookUrl());
        answers.add(500);
        book("r1", "alice", ONE_HOUR);

        notifier.sweep();
        assertEquals(1, posts.size());
        assertNull(delivery("r1", NotificationStore.Channel.WEBHOOK).deliveredAt());
        clock.set(T0.plus(NotificationSettings.DEFAULT_RETRY_PAUSE));
        notifier.sweep();
        clock.set(T0.plus(Duration.ofHours(1)));
        notifier.sweep();

        assertEquals(2, posts.size(), "once refused, once taken, never again");
        assertEquals(posts.get(0).headers().get("x-crs-delivery"), posts.get(1).headers().get("x-crs-delivery"));
        assertArrayEquals(posts.get(0).body(), posts.get(1).body());
        Delivery d = delivery("r1", NotificationStore.Channel.WEBHOOK);
        assertNotNull(d.deliveredAt());
        assertEquals(2, d.attempts());
    }

    @Test
    void aRemovedWebhookGetsNothingMore() throws Exception {
        httpUp();
        Webhook hook = webhooks.register(alice, hookUrl());
        answers.add(500);
        book("r1", "alice", ONE_HOUR);
        notifier.sweep();

        assertTrue(webhooks.remove(alice, hook.id()));
        clock.set(T0.plus(Duration.ofHours(1)));
        notifier.sweep();

        assertEquals(1, posts.size());
        assertNotNull(delivery("r1", NotificationStore.Channel.WEBHOOK).gaveUpAt());
    }

    @Test
    void anAccountSeesAndRemovesOnlyItsOwnWebhooks() throws Exception {
        Webhook mine = webhooks.register(alice, "https://hooks.example.org/crs");
        Caller.Account carol = new Caller.Account("carol", Role.USER, List.of());

        assertEquals(List.of(), webhooks.list(carol));
        assertFalse(webhooks.remove(carol, mine.id()));
        assertEquals(List.of(mine.id()), webhooks.list(alice).stream().map(Webhook::id).toList());
    }

    @Test
    void aWebhookSecretIsNeverInItsTextForm() throws Exception {
        Webhook hook = webhooks.register(alice, "https://hooks.example.org/crs");

        assertEquals(64, hook.secret().length());
        assertFalse(hook.toString().contains(hook.secret()));
    }

    @Test
    void aWebhookUrlThatIsNotHttpWithAHostIsRefusedNamingTheField() {
        for (String bad : List.of("ftp://example.org/x", "http://user:pw@example.org/x", "example.org", "http:///x")) {
            org.crs.bar.reservation.BadRequest e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.crs.bar.reservation.BadRequest.class, () -> webhooks.register(alice, bad), bad);
            assertEquals(org.crs.domain.refusal.RefusalCode.BAD_FIELD, e.refusal().code());
            assertEquals("url", e.field());
        }
    }

    @Test
    void onlyAnAccountHasWebhooks() {
        org.crs.bar.reservation.BadRequest e = org.junit.jupiter.api.Assertions.assertThrows(
                org.crs.bar.reservation.BadRequest.class, () -> webhooks.list(new Caller.Anonymous()));
        assertEquals(org.crs.domain.refusal.RefusalCode.NOT_SIGNED_IN, e.refusal().code());
    }
}
