package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.CalendarSource;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.testing.OneHopPlanner;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The reads a search for free slots makes: the calendars of many resources at once, and when
 * each VLAN of a resource is booked. Every behaviour on HSQLDB in memory and on a real PostgreSQL.
 */
class CalendarReadsTest {

    @Nested
    class OnHsqldb extends Behaviour {
        @Override
        Database open() {
            return Database.open("jdbc:hsqldb:mem:reads-" + UUID.randomUUID(), "SA", "");
        }

        @Override
        boolean pipelines() {
            return false;
        }
    }

    @Nested
    class OnPostgresql extends Behaviour {
        @Override
        Database open() {
            return EmbeddedPostgres.shared().openNewDatabase();
        }

        @Override
        boolean pipelines() {
            return true;
        }
    }

    static final Instant T0 = Instant.parse("2030-01-01T10:00:00Z");
    /** More resources than one statement of a bulk read takes. */
    static final int RESOURCES = 40;

    /** Hours after T0: {@code hours(2, 4)} is [12:00, 14:00). */
    static TimeInterval hours(int from, int to) {
        return new TimeInterval(T0.plus(Duration.ofHours(from)), T0.plus(Duration.ofHours(to)));
    }

    abstract static class Behaviour {

        Database db;
        JdbcSegmentStore store;
        final AtomicInteger statements = new AtomicInteger();
        final AtomicInteger queries = new AtomicInteger();
        final OneHopPlanner planner = new OneHopPlanner(RESOURCES);

        abstract Database open();

        /** Whether statements of a transaction go to the database together, as one prepared statement. */
        abstract boolean pipelines();

        @BeforeEach
        void start() {
            db = open();
            db.migrateService("nsap");
            store = new JdbcSegmentStore(counting(db.dataSource()));
            store.registerResources(planner.resources());
        }

        @AfterEach
        void stop() {
            db.close();
        }

        /** The data source, counting the statements prepared on its connections. */
        DataSource counting(DataSource dataSource) {
            return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DataSource.class},
                    (proxy, method, args) -> {
                        Object result = invoke(dataSource, method, args);
                        if (!(result instanceof Connection c)) {
                            return result;
                        }
                        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                                (p, m, a) -> {
                                    if (m.getName().equals("prepareStatement")) {
                                        statements.incrementAndGet();
                                        if (((String) a[0]).startsWith("SELECT")) {
                                            queries.incrementAndGet();
                                        }
                                    }
                                    return invoke(c, m, a);
                                });
                    });
        }

        static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        CalendarSource calendars() {
            return store.committedCalendars();
        }

        void hold(String id, String resourceId, TimeInterval interval, long mbps, int vlan) throws PlanRefused {
            store.hold(new SegmentRequest(id, resourceId, "end", mbps, interval, vlan, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                    Transition.created("bar-a", "held", T0));
        }

        void move(String id, SegmentState from, SegmentState to) {
            store.move(id, new Transition(from, to, "bar-a", "moved", T0)).orElseThrow();
        }

        static List<String> ids(int count) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ids.add("r" + i);
            }
            return ids;
        }

        @Test
        void calendarsOfManyResourcesAreTheirCalendarsReadOneByOne() throws Exception {
            for (int i = 0; i < RESOURCES; i += 3) {
                hold("b" + i, "r" + i, hours(i % 5, i % 5 + 2), 10L * (i + 1), 0);
                hold("c" + i, "r" + i, hours(1, 3), 5, 0);
            }
            store.addMaintenance("r6", hours(2, 3), "optics", "ops-alice", Optional.empty(), T0);
            TimeInterval window = hours(0, 24);
            Map<String, BookingCalendar> all = calendars().calendars(ids(RESOURCES), window);
            assertEquals(ids(RESOURCES), List.copyOf(all.keySet()), "every id, in the order given");
            for (String id : ids(RESOURCES)) {
                BookingCalendar one = calendars().calendar(id, window);
                assertEquals(one.steps(window), all.get(id).steps(window), id);
                assertEquals(one.maintenanceDuring(window), all.get(id).maintenanceDuring(window), id);
            }
            assertEquals(Optional.of(hours(2, 3)), all.get("r6").maintenanceDuring(window));
            assertEquals(15, all.get("r0").bookedAt(hours(1, 2).start()));
        }

        @Test
        void calendarsOfManyResourcesTakeOneStatementPerThirtyTwoResources() throws Exception {
            hold("b1", "r1", hours(1, 2), 100, 0);
            statements.set(0);
            calendars().calendars(ids(RESOURCES), hours(0, 24));
            assertEquals(1 + 2, statements.get(), "the longest bookings, then 32 and 8 resources");
        }

        @Test
        void vlansInUseOfManyResourcesAreThoseReadOneByOne() throws Exception {
            for (int i = 0; i < RESOURCES; i += 3) {
                hold("b" + i, "r" + i, hours(i % 5, i % 5 + 2), 10, 1000 + i);
                hold("c" + i, "r" + i, hours(1, 3), 5, 2000 + i);
            }
            move("c0", SegmentState.HELD, SegmentState.ABORTED);
            TimeInterval interval = hours(1, 2);
            Map<String, Set<Integer>> all = calendars().vlansInUse(ids(RESOURCES), interval);
            assertEquals(ids(RESOURCES), List.copyOf(all.keySet()), "every id, in the order given");
            for (String id : ids(RESOURCES)) {
                assertEquals(calendars().vlansInUse(id, interval), all.get(id), id);
            }
            assertEquals(Set.of(1000), all.get("r0"));
            assertEquals(Set.of(), all.get("r1"));
        }

        @Test
        void vlansInUseOfTwoResourcesTakeOneStatement() throws Exception {
            hold("b1", "r1", hours(1, 2), 100, 1001);
            statements.set(0);
            assertEquals(Set.of(1001), calendars().vlansInUse(List.of("r1", "r2"), hours(0, 24)).get("r1"));
            assertEquals(1 + 1, statements.get(), "the longest bookings, then both resources");
        }

        @Test
        void aHoldLocksReadsTheResourcesThenTheCalendarWithItsVlansInOneRoundTrip() throws Exception {
            hold("b1", "r1", hours(1, 2), 100, 1001);
            statements.set(0);
            PlanRefused refused = assertThrows(PlanRefused.class, () -> hold("b2", "r1", hours(1, 2), 100, 1001));
            assertTrue(refused.getMessage().contains("VLAN 1001 is in use"), refused.getMessage());
            assertEquals(pipelines() ? 1 : 2, statements.get(), pipelines()
                    ? "the lock of r1 (the last hold between the same endpoints booked it), the resources, then the "
                            + "calendar with its VLANs, sent together"
                    : "the resources, then the calendar with its VLANs (HSQLDB locks nothing first)");
        }

        @Test
        void aHoldFindsABookingLongerThanAnyItsStoreHadSeen() throws Exception {
            hold("short", "r1", hours(1, 2), 100, 0);
            // Another process sharing the database books ten hours from 00:00.
            JdbcSegmentStore other = new JdbcSegmentStore(db.dataSource());
            other.hold(new SegmentRequest("long", "r1", "end", 100, hours(0, 10), 1001, 0), new SegmentOwner.Unrecorded(), planner, T0.plusSeconds(300),
                    Transition.created("bar-b", "held", T0));
            PlanRefused refused = assertThrows(PlanRefused.class, () -> hold("late", "r1", hours(8, 9), 100, 1001));
            assertTrue(refused.getMessage().contains("VLAN 1001 is in use"), refused.getMessage());
        }

        @Test
        void resourceWithNothingBookedMapsToAnEmptyCalendar() throws Exception {
            hold("b1", "r1", hours(1, 2), 100, 0);
            Map<String, BookingCalendar> read = calendars().calendars(List.of("r0", "r1", "r2"), hours(0, 24));
            assertTrue(read.get("r0").isEmpty());
            assertTrue(read.get("r2").isEmpty());
            assertEquals(100, read.get("r1").peak(hours(0, 24)));
        }

        @Test
        void calendarsHoldTheLiveMaintenanceWindowsOnly() {
            store.addMaintenance("r1", hours(2, 3), "optics", "ops-alice", Optional.empty(), T0);
            long lifted = store.addMaintenance("r2", hours(2, 3), "firmware", "ops-alice", Optional.empty(), T0).window().id();
            store.liftMaintenance(lifted, new MaintenanceWindow.Lift("ops-bob", "postponed", T0));
            Map<String, BookingCalendar> read = calendars().calendars(List.of("r1", "r2"), hours(0, 24));
            assertEquals(Optional.of(hours(2, 3)), read.get("r1").maintenanceDuring(hours(0, 24)));
            assertTrue(read.get("r2").isEmpty());
        }

        @Test
        void endedBookingsCountInNoCalendar() throws Exception {
            hold("released", "r1", hours(1, 2), 100, 0);
            move("released", SegmentState.HELD, SegmentState.COMMITTED);
            move("released", SegmentState.COMMITTED, SegmentState.RELEASED);
            hold("aborted", "r1", hours(1, 2), 200, 0);
            move("aborted", SegmentState.HELD, SegmentState.ABORTED);
            hold("expired", "r1", hours(1, 2), 300, 0);
            move("expired", SegmentState.HELD, SegmentState.EXPIRED);
            hold("held", "r1", hours(1, 2), 400, 0);
            assertEquals(400, calendars().calendars(List.of("r1"), hours(0, 24)).get("r1").peak(hours(0, 24)));
        }

        @Test
        void longBookingStartingBeforeTheWindowIsRead() throws Exception {
            hold("long", "r1", hours(0, 30), 100, 1001);
            assertEquals(100, calendars().calendars(List.of("r1"), hours(28, 29)).get("r1").peak(hours(28, 29)));
            assertEquals(Map.of(1001, List.of(hours(0, 30))), calendars().vlanBookings("r1", hours(28, 29)));
        }

        @Test
        void vlanBookingsGiveEachVlanItsBookedIntervalsJoinedInTimeOrder() throws Exception {
            hold("late", "r1", hours(2, 3), 10, 1001);
            hold("early", "r1", hours(0, 2), 10, 1001);
            hold("apart", "r1", hours(5, 6), 10, 1001);
            hold("other", "r1", hours(1, 4), 10, 1002);
            hold("elsewhere", "r2", hours(1, 4), 10, 1003);
            hold("outside", "r1", hours(8, 9), 10, 1004);
            hold("novlan", "r1", hours(1, 4), 10, 0);
            assertEquals(Map.of(1001, List.of(hours(0, 3), hours(5, 6)), 1002, List.of(hours(1, 4))),
                    calendars().vlanBookings("r1", hours(1, 7)));
            assertEquals(List.of(1001, 1002), List.copyOf(calendars().vlanBookings("r1", hours(1, 7)).keySet()),
                    "in VLAN order");
        }

        @Test
        void vlanBookingsLeaveOutEndedBookings() throws Exception {
            hold("released", "r1", hours(1, 2), 10, 1001);
            move("released", SegmentState.HELD, SegmentState.COMMITTED);
            move("released", SegmentState.COMMITTED, SegmentState.RELEASED);
            hold("aborted", "r1", hours(1, 2), 10, 1002);
            move("aborted", SegmentState.HELD, SegmentState.ABORTED);
            hold("committed", "r1", hours(1, 2), 10, 1003);
            move("committed", SegmentState.HELD, SegmentState.COMMITTED);
            assertEquals(Map.of(1003, List.of(hours(1, 2))), calendars().vlanBookings("r1", hours(0, 24)));
        }

        @Test
        void pendingChangeBooksItsVlanOverItsNewInterval() throws Exception {
            hold("b1", "r1", hours(1, 2), 10, 1001);
            move("b1", SegmentState.HELD, SegmentState.COMMITTED);
            store.holdChange("b1", planner, T0.plusSeconds(300),
                    new SegmentChange(SegmentChange.Kind.REQUESTED, hours(1, 4).end(), 10, "bar-a", "longer", T0));
            assertEquals(Map.of(1001, List.of(hours(1, 4))), calendars().vlanBookings("r1", hours(0, 24)));
        }
    }
}
