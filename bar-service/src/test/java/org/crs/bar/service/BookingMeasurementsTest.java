package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.port.BookingMeasurements;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/** What the reservation service tells its {@link BookingMeasurements}: each booking's answer, each circuit's lateness. */
class BookingMeasurementsTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final List<String> answers = new CopyOnWriteArrayList<>();
    final List<Duration> lateness = new CopyOnWriteArrayList<>();
    Database db;
    ReservationService service;

    @BeforeEach
    void start() {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        service = new ReservationService(new JdbcReservationStore(db.dataSource(), clock),
                new Site("site-a", campus, wan, Map.of("site-b", peer)), BarSettings.defaults(), calls, clock);
        service.measureWith(new BookingMeasurements() {
            @Override
            public void admissionAnswered(Duration took, String answer) {
                assertTrue(!took.isNegative(), took.toString());
                answers.add(answer);
            }

            @Override
            public void circuitUp(Duration late) {
                lateness.add(late);
            }
        });
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    static ReservationRequest request(String id, String destination) {
        return new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse(destination), 500,
                new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "test", false);
    }

    @Test
    void eachBookingRequestIsMeasuredOnceWithTheStateItWasAnsweredIn() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", "site-b:host-b1"));
        campus.refuseHolds = new Refusal(RefusalCode.NO_CAPACITY, "host-a1", "no bandwidth left");
        service.create(TestCallers.user("alice"), request("r2", "site-b:host-b1"));
        assertThrows(BadRequest.class, () -> service.create(TestCallers.user("alice"), request("r3", "site-z:host-z1")));

        assertEquals(List.of("RESERVED", "REJECTED", "BAD_REQUEST"), answers);
    }

    @Test
    void aCircuitThatComesUpReportsWhenItBecameActiveMinusItsBookedStart() throws Exception {
        service.create(TestCallers.user("alice"), request("r1", "site-b:host-b1"));
        Instant start = request("r1", "site-b:host-b1").interval().start();
        Duration lead = BarSettings.defaults().setUpLead();

        clock.set(start.minus(lead).plusSeconds(3));
        service.runDueWork().get();

        assertEquals(ReservationState.ACTIVE, service.get(ITSELF, "r1").state());
        assertEquals(List.of(lead.minusSeconds(3).negated()), lateness, "up at start minus the lead plus 3 s");
    }
}
