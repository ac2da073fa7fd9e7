package org.crs.bar.adapter.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.bar.port.NotificationStore.Channel;
import org.crs.bar.port.NotificationStore.Delivery;
import org.crs.bar.port.NotificationStore.Due;
import org.crs.bar.port.NotificationStore.Message;
import org.crs.bar.port.NotificationStore.Pending;
import org.crs.bar.port.WebhookStore.Webhook;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.ReservationRequest;

/** The notification outbox and the webhooks over JDBC, every behaviour on HSQLDB and on a real PostgreSQL. */
class JdbcNotificationStoreTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null, null);
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }
    }

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");

    abstract static class Behaviour {

        Database db;
        JdbcNotificationStore outbox;
        JdbcWebhookStore webhooks;
        JdbcReservationStore reservations;

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("bar");
            outbox = new JdbcNotificationStore(db.dataSource());
            webhooks = new JdbcWebhookStore(db.dataSource());
            reservations = new JdbcReservationStore(db.dataSource(), Clock.fixed(T0, ZoneOffset.UTC));
        }

        @AfterEach
        void stop() {
            db.close();
        }

        static Message mail(String to) {
            return new Message(UUID.randomUUID().toString(), Channel.MAIL, to, "subject", "body", "reservation.ics",
                    "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        }

        @Test
        void aOnceOnlyEventIsKeptOnceAndAMoveByMaintenanceEachTime() {
            assertTrue(outbox.add("r1", NotificationEvent.RESERVED, ReservationState.RESERVED, "", T0));
            assertFalse(outbox.add("r1", NotificationEvent.RESERVED, ReservationState.RESERVED, "again", T0));
            assertTrue(outbox.add("r2", NotificationEvent.RESERVED, ReservationState.RESERVED, "", T0));
            assertTrue(outbox.add("r1", NotificationEvent.MOVED_BY_MAINTENANCE, ReservationState.RESERVED, "w1", T0));
            assertTrue(outbox.add("r1", NotificationEvent.MOVED_BY_MAINTENANCE, ReservationState.RESERVED, "w2", T0));

            assertEquals(List.of("r1 RESERVED", "r2 RESERVED", "r1 MOVED_BY_MAINTENANCE", "r1 MOVED_BY_MAINTENANCE"),
                    outbox.unexpanded(10).stream().map(p -> p.requestId() + " " + p.event()).toList());
        }

        @Test
        void anEventIsExpandedOnceAndItsMessagesAreDueAtOnce() {
            outbox.add("r1", NotificationEvent.ACTIVE, ReservationState.ACTIVE, "up", T0);
            Pending p = outbox.unexpanded(10).get(0);

            assertTrue(outbox.expand(p.id(), List.of(mail("alice@example.org")), T0));
            assertFalse(outbox.expand(p.id(), List.of(mail("alice@example.org")), T0), "another replica did it");

            assertEquals(List.of(), outbox.unexpanded(10));
            List<Due> due = outbox.due(T0, 10);
            assertEquals(1, due.size());
            assertEquals(NotificationEvent.ACTIVE, due.get(0).event());
            assertEquals("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", due.get(0).message().attachment());
        }

        @Test
        void anAttemptIsClaimedByOneAndAFailureWaitsForItsNextAttempt() {
            outbox.add("r1", NotificationEvent.ACTIVE, ReservationState.ACTIVE, "up", T0);
            outbox.expand(outbox.unexpanded(10).get(0).id(), List.of(mail("alice@example.org")), T0);
            Due due = outbox.due(T0, 10).get(0);

            assertTrue(outbox.claim(due, T0.plusSeconds(120)));
            assertFalse(outbox.claim(due, T0.plusSeconds(120)), "one replica per attempt");
            outbox.failed(due.id(), T0.plusSeconds(30), "SMTP 127.0.0.1:25: connection refused");
            assertEquals(List.of(), outbox.due(T0.plusSeconds(29), 10));

            Due again = outbox.due(T0.plusSeconds(30), 10).get(0);
            assertEquals(1, again.attempts());
            assertTrue(outbox.claim(again, T0.plusSeconds(150)));
            outbox.delivered(again.id(), T0.plusSeconds(31));

            assertEquals(List.of(), outbox.due(T0.plus(Duration.ofDays(1)), 10));
            Delivery d = outbox.deliveries("r1").get(0);
            assertEquals(2, d.attempts());
            assertEquals(T0.plusSeconds(31), d.deliveredAt());
            assertNull(d.lastError());
        }

        @Test
        void aGivenUpMessageKeepsItsLastError() {
            outbox.add("r1", NotificationEvent.ACTIVE, ReservationState.ACTIVE, "up", T0);
            outbox.expand(outbox.unexpanded(10).get(0).id(), List.of(mail("alice@example.org")), T0);
            Due due = outbox.due(T0, 10).get(0);

            outbox.gaveUp(due.id(), T0, "webhook answered HTTP 410");

            Delivery d = outbox.deliveries("r1").get(0);
            assertNotNull(d.gaveUpAt());
            assertEquals("webhook answered HTTP 410", d.lastError());
            assertEquals(List.of(), outbox.due(T0.plus(Duration.ofDays(1)), 10));
        }

        @Test
        void aPurgeDeletesOnlyMessagesDeliveredOrGivenUpBeforeItsTimeAndKeepsTheEvents() {
            outbox.add("r1", NotificationEvent.ACTIVE, ReservationState.ACTIVE, "up", T0);
            outbox.expand(outbox.unexpanded(10).get(0).id(), List.of(mail("a@example.org"), mail("b@example.org"),
                    mail("c@example.org")), T0);
            List<Due> due = outbox.due(T0, 10);
            outbox.delivered(due.get(0).id(), T0);
            outbox.gaveUp(due.get(1).id(), T0, "HTTP 410");

            assertEquals(0, outbox.purge(T0));
            assertEquals(2, outbox.purge(T0.plusSeconds(1)));

            assertEquals(List.of(due.get(2).id()), outbox.deliveries("r1").stream().map(Delivery::id).toList());
            assertFalse(outbox.add("r1", NotificationEvent.ACTIVE, ReservationState.ACTIVE, "again", T0),
                    "the event is remembered");
        }

        @Test
        void activeReservationsEndingByATimeAreFoundUntilTheyHaveAnEndingSoon() {
            ReservationRequest r = new ReservationRequest("r1", new Endpoint("site-a", "host-a1"),
                    new Endpoint("site-b", "host-b1"), 100, TimeInterval.of(T0, Duration.ofDays(2)), "", false);
            reservations.create(r, "alice", List.of(), ReservationTransition.created("alice", "requested", T0));
            reservations.move("r1", List.of(
                    new ReservationTransition(ReservationState.REQUESTED, ReservationState.HELD, "a", "held", T0),
                    new ReservationTransition(ReservationState.HELD, ReservationState.RESERVED, "a", "committed", T0),
                    new ReservationTransition(ReservationState.RESERVED, ReservationState.ACTIVATING, "a", "start", T0),
                    new ReservationTransition(ReservationState.ACTIVATING, ReservationState.ACTIVE, "a", "up", T0)), List.of());

            assertEquals(List.of(), outbox.activeEndingBy(T0.plus(Duration.ofDays(2)).minusSeconds(1), 10));
            assertEquals(List.of("r1"), outbox.activeEndingBy(T0.plus(Duration.ofDays(2)), 10));
            outbox.add("r1", NotificationEvent.ENDING_SOON, ReservationState.ACTIVE, "", T0);
            assertEquals(List.of(), outbox.activeEndingBy(T0.plus(Duration.ofDays(2)), 10));
        }

        @Test
        void anAccountsWebhooksAreItsOwnAndKeepTheirSecret() {
            Webhook w = new Webhook("w1", "alice", "https://hooks.example.org/crs", "0123abcd", T0);
            webhooks.add(w);

            assertEquals(List.of(w), webhooks.of("alice"));
            assertEquals(List.of(), webhooks.of("bob"));
            assertFalse(webhooks.remove("bob", "w1"));
            assertEquals("0123abcd", webhooks.find("w1").orElseThrow().secret());
            assertTrue(webhooks.remove("alice", "w1"));
            assertTrue(webhooks.find("w1").isEmpty());
        }
    }
}
