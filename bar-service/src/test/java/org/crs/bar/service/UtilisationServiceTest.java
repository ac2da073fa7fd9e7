package org.crs.bar.service;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.bar.adapter.jdbc.JdbcReservationStore;
import org.crs.bar.adapter.jdbc.JdbcUsageFlags;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.UsageFlag;
import org.crs.bar.reservation.Utilisation;
import org.crs.bar.testing.ScriptedController;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsap.testing.MutableClock;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.testing.TestCallers;

/**
 * A reservation's utilisation assembled from its segments' answers, and the IDLE and ERRORS
 * flags raised once (the store and flags on a real HSQLDB, the controllers scripted).
 */
class UtilisationServiceTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final Instant START = T0.plus(Duration.ofHours(1));
    static final Duration POLL = Duration.ofSeconds(30);
    static final String CAMPUS = "site-a:r1:campus";
    static final String WAN = "site-a:r1:wan";
    static final String REMOTE = "site-a:r1:remote";

    final MutableClock clock = new MutableClock(T0);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final List<String> told = new CopyOnWriteArrayList<>();
    Database db;
    ReservationService reservations;
    UtilisationService utilisation;

    @BeforeEach
    void start() throws Exception {
        db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null);
        db.migrateService("bar");
        JdbcReservationStore store = new JdbcReservationStore(db.dataSource(), clock);
        Site site = new Site("site-a", campus, wan, Map.of("site-b", peer));
        reservations = new ReservationService(store, site, BarSettings.defaults(), calls, clock);
        reservations.notifyWith((event, reservation, reason) -> told.add(event + " " + reservation.requestId()));
        reservations.create(TestCallers.user("alice"), new ReservationRequest("r1", Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"),
                500, new TimeInterval(START, START.plus(Duration.ofHours(2))), "test", false));
        utilisation = new UtilisationService(store, site, new JdbcUsageFlags(db.dataSource()), reservations::notifications,
                clock);
    }

    @AfterEach
    void stop() {
        calls.shutdownNow();
        db.close();
    }

    private void activate() {
        clock.set(START);
        assertEquals(ReservationState.ACTIVE, reservations.activate("r1").state());
        told.clear();
    }

    /** Samples every 30 s over [from, from + span) at the given rates. */
    private static List<TrafficSample> samples(Instant from, Duration span, double in, double out, double errors) {
        List<TrafficSample> list = new ArrayList<>();
        for (Instant t = from; t.isBefore(from.plus(span)); t = t.plus(POLL)) {
            list.add(new TrafficSample(POLL, new TrafficRate(t, t.plus(POLL), in, out, errors, 0)));
        }
        return list;
    }

    @Test
    void endToEndIsPerBucketTheLeastOfTheSegmentsIncludingTheRemoteCampusThroughThePeer() throws Exception {
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(2), 400e6, 300e6, 0));
        wan.traffic.put(WAN, samples(START, Duration.ofMinutes(2), 390e6, 310e6, 2));
        peer.traffic.put(REMOTE, samples(START, Duration.ofMinutes(2), 395e6, 290e6, 1));

        Utilisation u = utilisation.utilisation(ITSELF, "r1", new TimeInterval(START, START.plus(Duration.ofHours(1))));

        assertEquals(500_000_000L, u.bookedBitsPerSecond());
        assertEquals(4, u.endToEnd().size());
        TrafficRate first = u.endToEnd().get(0);
        assertEquals(START, first.from());
        assertEquals(390e6, first.inBitsPerSecond(), 1e-6);
        assertEquals(290e6, first.outBitsPerSecond(), 1e-6);
        assertEquals(3, first.errorsPerSecond(), 1e-9);
        Utilisation.SegmentUtilisation remote = u.segments().stream().filter(s -> s.role() == SegmentRole.REMOTE_CAMPUS)
                .findFirst().orElseThrow();
        assertEquals(Optional.empty(), remote.notMeasured());
        assertEquals(4, remote.samples().size());
        assertEquals(4, u.segments().stream().filter(s -> s.role() == SegmentRole.WAN).findFirst().orElseThrow()
                .samples().size());
    }

    @Test
    void segmentsPolledAtDifferentInstantsMeetInTheSameBucketsWeightedByTime() {
        // the campus polled 10 s after the WAN: each 30 s bucket holds parts of two campus samples
        List<TrafficSample> c = new ArrayList<>();
        c.add(new TrafficSample(POLL, new TrafficRate(START.minusSeconds(20), START.plusSeconds(10), 100, 100, 0, 0)));
        c.add(new TrafficSample(POLL, new TrafficRate(START.plusSeconds(10), START.plusSeconds(40), 400, 400, 0, 0)));
        List<TrafficRate> e2e = Utilisation.endToEnd(List.of(c, samples(START, POLL, 1000, 1000, 0)));
        assertEquals(1, e2e.size(), e2e.toString());
        assertEquals(300, e2e.get(0).inBitsPerSecond(), 1e-9); // (10 s x 100 + 20 s x 400) / 30 s
    }

    @Test
    void aControllerThatDoesNotAnswerLeavesItsSegmentUnmeasuredAndTheRestAnswers() throws Exception {
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(1), 400e6, 300e6, 0));
        wan.silent = true;

        Utilisation u = utilisation.utilisation(ITSELF, "r1", new TimeInterval(START, START.plus(Duration.ofHours(1))));

        Utilisation.SegmentUtilisation w = u.segments().stream().filter(s -> s.role() == SegmentRole.WAN).findFirst()
                .orElseThrow();
        assertTrue(w.notMeasured().isPresent());
        assertEquals(2, u.endToEnd().size(), "end to end over the campus alone");
    }

    @Test
    void aPeerThatRefusesLeavesTheRemoteCampusUnmeasuredAndTheIdleCheckStillDecides() throws Exception {
        activate();
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(12), 2_000, 1_000, 0));
        wan.traffic.put(WAN, samples(START, Duration.ofMinutes(12), 2_000, 1_000, 0));
        peer.refuseUtilisation = true;
        clock.set(START.plus(Duration.ofMinutes(11)));

        assertEquals(1, utilisation.checkTraffic());
        Utilisation u = utilisation.utilisation(ITSELF, "r1", new TimeInterval(START, START.plus(Duration.ofMinutes(5))));

        assertTrue(u.segments().stream().filter(s -> s.role() == SegmentRole.REMOTE_CAMPUS).findFirst().orElseThrow()
                .notMeasured().isPresent());
        assertEquals(10, u.endToEnd().size());
    }

    @Test
    void anUnknownReservationIsRefusedByItsId() {
        BadRequest e = assertThrows(BadRequest.class,
                () -> utilisation.utilisation(ITSELF, "nope", new TimeInterval(START, START.plusSeconds(60))));
        assertEquals("requestId", e.field());
    }

    @Test
    void aCircuitIdleForItsFirstTenMinutesIsFlaggedOnceAndItsOwnerToldOnce() throws Exception {
        activate();
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(12), 2_000, 1_000, 0));
        wan.traffic.put(WAN, samples(START, Duration.ofMinutes(12), 2_000, 1_000, 0));

        clock.set(START.plus(Duration.ofMinutes(9)));
        assertEquals(0, utilisation.checkTraffic(), "not before ten minutes of ACTIVE");
        clock.set(START.plus(Duration.ofMinutes(11)));
        assertEquals(1, utilisation.checkTraffic());
        clock.set(START.plus(Duration.ofMinutes(12)));
        assertEquals(0, utilisation.checkTraffic());

        assertEquals(List.of(NotificationEvent.IDLE + " r1"), told);
        assertEquals(Set.of(UsageFlag.IDLE), utilisation.flags(List.of("r1")).get("r1"));
        assertEquals(Set.of(UsageFlag.IDLE),
                utilisation.utilisation(ITSELF, "r1", new TimeInterval(START, START.plusSeconds(60))).flags());
    }

    @Test
    void aCircuitThatCarriesTrafficIsNotFlaggedIdleNorAskedAgainOnceDecided() throws Exception {
        activate();
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(12), 2_000, 1_000, 0));
        // one minute of real traffic on the WAN in the first ten
        List<TrafficSample> w = new ArrayList<>(samples(START, Duration.ofMinutes(4), 2_000, 1_000, 0));
        w.addAll(samples(START.plus(Duration.ofMinutes(4)), Duration.ofMinutes(1), 80e6, 1_000, 0));
        w.addAll(samples(START.plus(Duration.ofMinutes(5)), Duration.ofMinutes(7), 2_000, 1_000, 0));
        wan.traffic.put(WAN, w);

        clock.set(START.plus(Duration.ofMinutes(11)));
        assertEquals(0, utilisation.checkTraffic());
        assertTrue(told.isEmpty(), told.toString());
        assertEquals(Optional.empty(), Optional.ofNullable(utilisation.flags(List.of("r1")).get("r1")));

        // decided: the idle span is not read again (only the errors since the last round)
        campus.calls.clear();
        clock.set(START.plus(Duration.ofMinutes(12)));
        utilisation.checkTraffic();
        assertEquals(1, campus.calls.stream().filter(c -> c.startsWith("utilisation")).count(), campus.calls.toString());
    }

    @Test
    void nothingMeasuredIsNotIdle() throws Exception {
        activate();
        clock.set(START.plus(Duration.ofMinutes(20)));
        assertEquals(0, utilisation.checkTraffic());
        assertTrue(told.isEmpty(), told.toString());
    }

    @Test
    void errorsOrDiscardsAreFlaggedOnce() throws Exception {
        activate();
        campus.traffic.put(CAMPUS, samples(START, Duration.ofMinutes(3), 300e6, 300e6, 0));
        List<TrafficSample> w = new ArrayList<>(samples(START, Duration.ofMinutes(2), 300e6, 300e6, 0));
        w.add(new TrafficSample(POLL, new TrafficRate(START.plus(Duration.ofMinutes(2)),
                START.plus(Duration.ofMinutes(2)).plus(POLL), 300e6, 300e6, 0, 12.5)));
        wan.traffic.put(WAN, w);

        clock.set(START.plus(Duration.ofMinutes(1)));
        assertEquals(0, utilisation.checkTraffic());
        clock.set(START.plus(Duration.ofMinutes(3)));
        assertEquals(1, utilisation.checkTraffic());
        clock.set(START.plus(Duration.ofMinutes(4)));
        assertEquals(0, utilisation.checkTraffic());

        assertEquals(List.of(NotificationEvent.ERRORS + " r1"), told);
        assertEquals(Set.of(UsageFlag.ERRORS), utilisation.flags(List.of("r1")).get("r1"));
    }
}
