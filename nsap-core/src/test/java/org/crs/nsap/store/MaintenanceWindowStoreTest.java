package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.OneHopPlanner;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Maintenance windows in the JDBC segment store, every behaviour on HSQLDB in memory and on a real PostgreSQL. */
class MaintenanceWindowStoreTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:maintenance-" + UUID.randomUUID(), "SA", "");
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
    /** Hours after T0: {@code hours(2, 4)} is [12:00, 14:00). */
    static TimeInterval hours(int from, int to) {
        return new TimeInterval(T0.plus(Duration.ofHours(from)), T0.plus(Duration.ofHours(to)));
    }

    static final TimeInterval WINDOW = hours(2, 4);

    abstract static class Behaviour {

        Database db;
        JdbcSegmentStore store;
        final OneHopPlanner planner = new OneHopPlanner(3);

        abstract Database open();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("nsap");
            store = new JdbcSegmentStore(db.dataSource());
            store.registerResources(planner.resources());
        }

        @AfterEach
        void stop() {
            db.close();
        }

        MaintenanceImpact add(String resourceId, TimeInterval interval, String reason) {
            return store.addMaintenance(resourceId, interval, reason, "ops-alice", Optional.empty(), T0);
        }

        void hold(String id, String resourceId, TimeInterval interval, long mbps) throws PlanRefused {
            store.hold(new SegmentRequest(id, resourceId, "end", mbps, interval, 0, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                    Transition.created("bar-a", "held", T0));
        }

        void move(String id, SegmentState from, SegmentState to) {
            store.move(id, new Transition(from, to, "bar-a", "moved", T0)).orElseThrow();
        }

        @Test
        void addedWindowIsReadBackWithWhoWhenAndWhy() {
            MaintenanceWindow added = add("r1", WINDOW, "replace the optics").window();
            assertTrue(added.id() >= 1, "ids start at 1: " + added.id());
            MaintenanceWindow expected = new MaintenanceWindow(added.id(), "r1", WINDOW, "replace the optics", "ops-alice",
                    T0, null);
            assertEquals(expected, added);
            assertEquals(Optional.of(expected), store.findMaintenance(added.id()));
            assertTrue(store.findMaintenance(added.id() + 1).isEmpty());
        }

        @Test
        void windowKeepsTheOperatorItWasDeclaredAndLiftedFor() {
            MaintenanceWindow added = store.addMaintenance("r1", WINDOW, "optics", "bar-site-b", Optional.of("oscar"), T0)
                    .window();
            assertEquals(Optional.of("oscar"), added.declaredByOperator());
            assertEquals("bar-site-b", added.createdBy());
            MaintenanceWindow.Lift lift = new MaintenanceWindow.Lift("bar-site-b", "done", T0.plusSeconds(60),
                    Optional.of("olga"));
            store.liftMaintenance(added.id(), lift).orElseThrow();
            MaintenanceWindow read = store.findMaintenance(added.id()).orElseThrow();
            assertEquals(Optional.of("oscar"), read.declaredByOperator());
            assertEquals(lift, read.lifted());
        }

        @Test
        void windowDeclaredWithoutOperatorReadsBackAsNotKnown() {
            long id = add("r1", WINDOW, "optics").window().id();
            store.liftMaintenance(id, new MaintenanceWindow.Lift("ops-bob", "done", T0.plusSeconds(60))).orElseThrow();
            MaintenanceWindow read = store.findMaintenance(id).orElseThrow();
            assertEquals(Optional.empty(), read.declaredByOperator());
            assertEquals(Optional.empty(), read.lifted().operator());
        }

        @Test
        void sameWindowForAnotherOperatorIsASecondWindow() {
            long oscars = store.addMaintenance("r1", WINDOW, "optics", "bar-site-b", Optional.of("oscar"), T0)
                    .window().id();
            long again = store.addMaintenance("r1", WINDOW, "optics", "bar-site-b", Optional.of("oscar"), T0)
                    .window().id();
            long olgas = store.addMaintenance("r1", WINDOW, "optics", "bar-site-b", Optional.of("olga"), T0)
                    .window().id();
            long unnamed = store.addMaintenance("r1", WINDOW, "optics", "bar-site-b", Optional.empty(), T0)
                    .window().id();
            assertEquals(oscars, again);
            assertEquals(3, java.util.Set.of(oscars, olgas, unnamed).size());
        }

        @Test
        void calendarHoldsTheLiveWindowsOfItsResourceThatOverlapTheRead() {
            add("r1", WINDOW, "optics");
            add("r2", hours(3, 5), "another resource");
            add("r1", hours(6, 7), "later");
            BookingCalendar calendar = store.committedCalendars().calendar("r1", hours(1, 5));
            assertEquals(Optional.of(WINDOW), calendar.maintenanceDuring(hours(1, 5)));
            assertEquals(Optional.empty(), calendar.maintenanceDuring(hours(4, 5)), "the window read ends at 14:00");
            assertEquals(Optional.empty(), calendar.maintenanceDuring(hours(5, 8)), "16:00 lies outside the read");
            assertTrue(store.committedCalendars().calendar("r1", hours(0, 2)).isEmpty(), "a window from 12:00 "
                    + "does not overlap [10:00, 12:00)");
        }

        @Test
        void holdOverlappingALiveWindowIsRefusedNamingTheResource() throws Exception {
            add("r1", WINDOW, "optics");
            PlanRefused refused = assertThrows(PlanRefused.class, () -> hold("b1", "r1", hours(3, 5), 10));
            assertEquals("r1", refused.resource());
            assertTrue(refused.getMessage().contains("down for maintenance over " + WINDOW), refused.getMessage());
            hold("b2", "r1", hours(4, 5), 10);
            hold("b3", "r2", hours(3, 5), 10);
        }

        @Test
        void liftedWindowIsKeptWithItsLiftButNoLongerCounts() throws Exception {
            long id = add("r1", WINDOW, "optics").window().id();
            MaintenanceWindow.Lift lift = new MaintenanceWindow.Lift("ops-bob", "optics arrived late", T0.plusSeconds(60));
            MaintenanceWindow lifted = store.liftMaintenance(id, lift).orElseThrow();
            assertEquals(lift, lifted.lifted());
            assertEquals(Optional.of(lifted), store.findMaintenance(id));
            assertTrue(store.committedCalendars().calendar("r1", WINDOW).isEmpty());
            hold("b1", "r1", WINDOW, 1000);
        }

        @Test
        void liftingALiftedWindowKeepsTheFirstLift() {
            long id = add("r1", WINDOW, "optics").window().id();
            MaintenanceWindow.Lift first = new MaintenanceWindow.Lift("ops-bob", "done early", T0.plusSeconds(60));
            store.liftMaintenance(id, first);
            MaintenanceWindow again = store.liftMaintenance(id,
                    new MaintenanceWindow.Lift("ops-carol", "again", T0.plusSeconds(120))).orElseThrow();
            assertEquals(first, again.lifted());
        }

        @Test
        void liftingAWindowThatDoesNotExistAnswersEmpty() {
            assertTrue(store.liftMaintenance(42, new MaintenanceWindow.Lift("ops-bob", "why", T0)).isEmpty());
        }

        @Test
        void addingAnswersTheLiveBookingsHoldingBandwidthDuringTheWindow() throws Exception {
            hold("held", "r1", hours(1, 3), 100);
            hold("committed", "r1", hours(3, 4), 100);
            move("committed", SegmentState.HELD, SegmentState.COMMITTED);
            hold("before", "r1", hours(1, 2), 100);
            hold("after", "r1", hours(4, 5), 100);
            hold("aborted", "r1", WINDOW, 100);
            move("aborted", SegmentState.HELD, SegmentState.ABORTED);
            hold("elsewhere", "r2", WINDOW, 100);
            MaintenanceImpact impact = add("r1", WINDOW, "optics");
            assertEquals(List.of("committed", "held"), impact.affectedBookings(),
                    "touching bookings, ended ones and those of other resources are not affected");
            assertEquals(List.of("committed", "held"), store.bookingsDuring("r1", WINDOW));
        }

        @Test
        void addingTheSameLiveWindowAgainAnswersTheFirst() {
            MaintenanceWindow first = add("r1", WINDOW, "optics").window();
            assertEquals(first, add("r1", WINDOW, "optics").window());
            assertEquals(1, store.maintenance("r1", WINDOW).size());
            MaintenanceWindow other = add("r1", WINDOW, "firmware").window();
            assertTrue(other.id() != first.id(), "another reason is another window");
        }

        @Test
        void listingGivesLiveAndLiftedWindowsOverlappingTheRangeByStart() {
            MaintenanceWindow later = add("r1", hours(5, 6), "later").window();
            MaintenanceWindow earlier = add("r1", WINDOW, "earlier").window();
            MaintenanceWindow other = add("r2", hours(3, 5), "other resource").window();
            MaintenanceWindow outside = add("r1", hours(8, 9), "outside").window();
            MaintenanceWindow lifted = store.liftMaintenance(earlier.id(),
                    new MaintenanceWindow.Lift("ops-bob", "done", T0)).orElseThrow();
            assertEquals(List.of(lifted, later), store.maintenance("r1", hours(3, 8)));
            assertEquals(List.of(lifted, other, later), store.maintenance(null, hours(3, 8)));
            assertEquals(List.of(outside), store.maintenance(null, hours(8, 10)));
            assertEquals(List.of(), store.maintenance("r1", hours(6, 8)), "[5, 6) ends where the range starts");
        }

        @Test
        void longReasonsAreClippedToTheirColumn() {
            MaintenanceWindow added = add("r1", WINDOW, "x".repeat(3000)).window();
            assertEquals(2000, store.findMaintenance(added.id()).orElseThrow().reason().length());
            MaintenanceWindow lifted = store.liftMaintenance(added.id(),
                    new MaintenanceWindow.Lift("ops-bob", "y".repeat(3000), T0)).orElseThrow();
            assertEquals(2000, lifted.lifted().reason().length());
            assertNull(store.findMaintenance(added.id() + 1).orElse(null));
        }
    }
}
