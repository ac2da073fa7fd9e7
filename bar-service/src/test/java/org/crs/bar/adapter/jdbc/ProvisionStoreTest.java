package org.crs.bar.adapter.jdbc;

import static org.crs.bar.adapter.jdbc.JdbcReservationStoreTest.A;
import static org.crs.bar.adapter.jdbc.JdbcReservationStoreTest.B;
import static org.crs.bar.adapter.jdbc.JdbcReservationStoreTest.NOW;
import static org.crs.bar.adapter.jdbc.JdbcReservationStoreTest.T0;
import static org.crs.bar.adapter.jdbc.JdbcReservationStoreTest.segments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The store's side of provision and release (schema/bar V13): the mode and the provision kept
 * with the reservation, the conditional writes, and an activation that does not start on a
 * released reservation however stale the due work's read of it. On HSQLDB and PostgreSQL.
 */
class ProvisionStoreTest {

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

    static ReservationRequest request(String id, Provisioning provisioning) {
        return new ReservationRequest(id, A, B, 100, TimeInterval.of(T0.plus(Duration.ofHours(1)), Duration.ofHours(1)),
                "test", false).withProvisioning(provisioning);
    }

    static ReservationTransition note(ReservationState state, String reason, Instant at) {
        return new ReservationTransition(state, state, "alice", reason, at);
    }

    abstract static class Behaviour {

        Database db;
        JdbcReservationStore store;

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("bar");
            store = new JdbcReservationStore(db.dataSource(), Clock.fixed(NOW, ZoneOffset.UTC));
        }

        @AfterEach
        void stop() {
            db.close();
        }

        /** A reservation RESERVED in the store, with committed segments. */
        Reservation reserved(String id, Provisioning provisioning) {
            ReservationRequest r = request(id, provisioning);
            store.create(r, "alice", segments(r, null), ReservationTransition.created("alice", "requested", T0)).orElseThrow();
            return store.move(id, List.of(new ReservationTransition(ReservationState.REQUESTED, ReservationState.HELD,
                    "bar-a", "held", T0), new ReservationTransition(ReservationState.HELD, ReservationState.RESERVED,
                    "bar-a", "committed", T0)), segments(r, SegmentState.COMMITTED)).orElseThrow();
        }

        @Test
        void aReservationKeepsItsProvisioningAndIsNotProvisionedWhenBooked() {
            Reservation r = reserved("r1", Provisioning.ON_PROVISION);

            Reservation found = store.find("r1").orElseThrow();
            assertEquals(Provisioning.ON_PROVISION, found.request().provisioning());
            assertFalse(found.provisioned());
            assertEquals(new Reservation.Provision(false, T0), found.provision(), "not provisioned since its creation");
            assertEquals(r, found);
            assertEquals(Provisioning.AUTOMATIC, reserved("r2", Provisioning.AUTOMATIC).request().provisioning());
        }

        @Test
        void aProvisionIsKeptWithWhenAndAHistoryEntryThatKeepsTheState() {
            reserved("r1", Provisioning.ON_PROVISION);
            Instant at = T0.plusSeconds(30);

            Reservation provisioned = store.provision("r1", true, note(ReservationState.RESERVED, "provisioned by alice", at))
                    .orElseThrow();

            assertTrue(provisioned.provisioned());
            assertEquals(at, provisioned.provision().changedAt());
            assertEquals(ReservationState.RESERVED, provisioned.state());
            assertEquals(provisioned, store.find("r1").orElseThrow());
            ReservationTransition last = store.history("r1").get(store.history("r1").size() - 1);
            assertEquals("provisioned by alice", last.reason());
            assertEquals(ReservationState.RESERVED, last.from());
        }

        @Test
        void aProvisionInAStateTheReservationHasLeftChangesNothing() {
            reserved("r1", Provisioning.ON_PROVISION);
            int entries = store.history("r1").size();

            Optional<Reservation> written = store.provision("r1", true, note(ReservationState.ACTIVE, "provisioned",
                    T0.plusSeconds(30)));

            assertEquals(Optional.empty(), written);
            assertFalse(store.find("r1").orElseThrow().provisioned());
            assertEquals(entries, store.history("r1").size(), "no history entry either");
        }

        @Test
        void anAutomaticReservationIsNeverProvisioned() {
            reserved("r1", Provisioning.AUTOMATIC);

            assertEquals(Optional.empty(), store.provision("r1", true, note(ReservationState.RESERVED, "provisioned",
                    T0.plusSeconds(30))));
            assertFalse(store.find("r1").orElseThrow().provisioned());
        }

        @Test
        void aReleaseOfAReleasedReservationChangesNothing() {
            reserved("r1", Provisioning.ON_PROVISION);

            assertEquals(Optional.empty(), store.provision("r1", false, note(ReservationState.RESERVED, "released",
                    T0.plusSeconds(30))));
        }

        @Test
        void anActivationDoesNotStartOnAReservationReleasedAfterTheDueWorkReadItProvisioned() {
            reserved("r1", Provisioning.ON_PROVISION);
            store.provision("r1", true, note(ReservationState.RESERVED, "provisioned by alice", T0.plusSeconds(10)));
            Reservation seen = store.find("r1").orElseThrow();
            assertTrue(seen.mayBeUp(), "the due work reads it provisioned");
            store.provision("r1", false, note(ReservationState.RESERVED, "released by alice", T0.plusSeconds(11)));

            Optional<Reservation> activating = store.startWork("r1", new ReservationTransition(ReservationState.RESERVED,
                    ReservationState.ACTIVATING, "scheduler", "activating", T0.plusSeconds(12)), seen.segments(),
                    T0.plusSeconds(30), ReservationState.ACTIVE);

            assertEquals(Optional.empty(), activating);
            assertEquals(ReservationState.RESERVED, store.find("r1").orElseThrow().state());
        }

        @Test
        void anActivationStartsOnAProvisionedOrAutomaticReservation() {
            reserved("r1", Provisioning.ON_PROVISION);
            reserved("r2", Provisioning.AUTOMATIC);
            store.provision("r1", true, note(ReservationState.RESERVED, "provisioned by alice", T0.plusSeconds(10)));

            for (String id : List.of("r1", "r2")) {
                Optional<Reservation> activating = store.startWork(id, new ReservationTransition(ReservationState.RESERVED,
                        ReservationState.ACTIVATING, "scheduler", "activating", T0.plusSeconds(12)),
                        store.find(id).orElseThrow().segments(), T0.plusSeconds(30), ReservationState.ACTIVE);
                assertEquals(ReservationState.ACTIVATING, activating.orElseThrow().state(), id);
            }
        }

        @Test
        void theReleasedListsOnlyOnProvisionReservationsThatAreNotProvisioned() {
            reserved("r1", Provisioning.ON_PROVISION);
            reserved("r2", Provisioning.ON_PROVISION);
            reserved("r3", Provisioning.AUTOMATIC);
            store.provision("r2", true, note(ReservationState.RESERVED, "provisioned by alice", T0.plusSeconds(10)));

            assertEquals(List.of("r1"), store.released(EnumSet.of(ReservationState.RESERVED), 10).stream()
                    .map(Reservation::requestId).toList());
        }
    }
}
