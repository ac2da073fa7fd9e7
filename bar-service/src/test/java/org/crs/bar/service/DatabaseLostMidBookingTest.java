package org.crs.bar.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Database;
import org.crs.service.db.StoreException;
import org.crs.service.db.testing.RestartablePostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The BAR's PostgreSQL stops in the middle of a booking, after every part has committed its
 * segment and before the BAR has recorded it: the client is told the database is unreachable,
 * and once it is back the BAR gives the unrecorded negotiation up and aborts every segment, so
 * nothing stays booked at a part for a reservation that does not exist.
 */
class DatabaseLostMidBookingTest {

    /** Short, so the abandoned negotiation is given up soon after the database is back. */
    static final Duration NEGOTIATION_HOLD = Duration.ofSeconds(1);

    @Test
    void segmentsCommittedWhenTheDatabaseWentAwayAreAbortedOnceItIsBack(@TempDir Path dir) throws Exception {
        ExecutorService calls = Executors.newCachedThreadPool();
        try (RestartablePostgres postgres = RestartablePostgres.start(dir.resolve("pg"));
             Database db = Database.open(postgres.createDatabase("bar"), RestartablePostgres.USER, null)) {
            db.migrateService("bar");
            ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "site-a"));
            ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
            ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
            // The peer holds and commits the last segment; its answer comes once the database is gone.
            SegmentController peerThenTheDatabaseStops = stoppingAfterHoldAndCommit(peer, postgres);
            BarSettings d = BarSettings.defaults();
            BarSettings settings = new BarSettings(NEGOTIATION_HOLD, d.clientHold(), d.setUpLead(), d.tearDownAllowance(),
                    d.minimumDuration(), d.maximumAdvance(), d.retries(), d.setUpPlan());
            ReservationService service = new ReservationService(new JdbcReservationStore(db.dataSource(), Clock.systemUTC()),
                    new Site("site-a", campus, wan, Map.of("site-b", peerThenTheDatabaseStops)), settings, calls,
                    Clock.systemUTC());
            Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
            ReservationRequest request = new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"),
                    Endpoint.parse("site-b:host-b1"), 500, new TimeInterval(start, start.plus(Duration.ofHours(1))), "test",
                    false);

            RuntimeException told = assertThrows(RuntimeException.class,
                    () -> service.create(TestCallers.user("alice"), request));

            assertTrue(StoreException.isUnreachable(told), "told the database is unreachable: " + told);
            for (ScriptedController part : List.of(campus, wan, peer)) {
                assertEquals(List.of(SegmentState.COMMITTED), List.copyOf(part.segments.values()), part.name()
                        + " committed before the BAR could record it");
            }

            postgres.restart();
            Thread.sleep(NEGOTIATION_HOLD.plusMillis(500).toMillis());
            service.runDueWork().get(30, TimeUnit.SECONDS);

            assertEquals(ReservationState.REJECTED, service.get(TestCallers.user("alice"), "r1").state());
            for (ScriptedController part : List.of(campus, wan, peer)) {
                assertEquals(List.of(SegmentState.ABORTED), List.copyOf(part.segments.values()), part.name()
                        + " aborted its segment");
            }
        } finally {
            calls.shutdownNow();
        }
    }

    /** {@code part}, stopping {@code postgres} after it has held and committed a segment and before it answers. */
    private static SegmentController stoppingAfterHoldAndCommit(SegmentController part, RestartablePostgres postgres) {
        return (SegmentController) Proxy.newProxyInstance(SegmentController.class.getClassLoader(),
                new Class<?>[] {SegmentController.class}, (proxy, method, args) -> {
                    Object answer;
                    try {
                        answer = method.invoke(part, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("holdAndCommit")) {
                        postgres.stop();
                    }
                    return answer;
                });
    }
}
