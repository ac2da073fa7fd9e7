package org.crs.bar.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.testing.ScriptedController;

class AvailabilitySearchTest {

    static final Instant DAY = Instant.parse("2030-01-01T00:00:00Z");
    static final Endpoint HOST_A1 = Endpoint.parse("site-a:host-a1");
    static final Endpoint HOST_A2 = Endpoint.parse("site-a:host-a2");
    static final Endpoint HOST_B1 = Endpoint.parse("site-b:host-b1");
    static final Duration HOUR = Duration.ofHours(1);

    final MutableClock clock = new MutableClock(DAY);
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "host-a2", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    final ScriptedController peer = new ScriptedController("bar-site-b", List.of("host-b1", "site-b"));
    final ExecutorService calls = Executors.newCachedThreadPool();
    final AvailabilitySearch search = new AvailabilitySearch(new Site("site-a", campus, wan, Map.of("site-b", peer)),
            BarSettings.defaults(), calls, clock);

    @AfterEach
    void stop() {
        calls.shutdownNow();
    }

    static Instant at(String time) {
        return Instant.parse("2030-01-01T" + time + "Z");
    }

    static TimeInterval between(String start, String end) {
        return new TimeInterval(at(start), at(end));
    }

    static void bookFull(ScriptedController part, TimeInterval interval) {
        part.booked.add(interval, part.capacityMbps);
    }

    @Test
    void aCircuitCanStartWheneverAllThreeOfItsSegmentsAreFree() throws Exception {
        bookFull(wan, between("10:00:00", "11:00:00"));
        bookFull(peer, between("13:00:00", "14:00:00"));

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_B1, 500, HOUR, between("09:00:00", "16:00:00"));

        // Segments book [start - 1 s lead, end + 5 s allowance): they must clear each busy hour by that much.
        assertEquals(StartTimes.of(List.of(new StartWindow(at("11:00:01"), at("11:59:55")),
                new StartWindow(at("14:00:01"), at("15:00:00")))), answer.starts());
        assertEquals(500, answer.maxBandwidthMbps());
    }

    @Test
    void eachPartIsAskedAboutTheTimeItsRoutersCarryTheCircuitBetweenItsOwnEnds() throws Exception {
        search.find(HOST_A1, HOST_B1, 500, HOUR, between("09:00:00", "16:00:00"));

        SlotQuery expected = new SlotQuery(500, HOUR.plusSeconds(6), at("08:59:59"), at("14:59:59"));
        assertEquals(List.of(expected), wan.availabilityQueries);
        assertEquals(List.of(expected), campus.availabilityQueries);
        assertEquals(List.of(expected), peer.availabilityQueries);
        assertEquals(List.of("availability site-a>site-b"), wan.calls);
        assertEquals(List.of("availability host-a1>site-a"), campus.calls);
        assertEquals(List.of("availability site-b>host-b1"), peer.calls);
    }

    @Test
    void betweenTwoHostsOfThisSiteOnlyTheCampusIsAsked() throws Exception {
        bookFull(campus, between("09:00:00", "12:00:00"));

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_A2, 500, HOUR, between("09:00:00", "16:00:00"));

        assertEquals(StartTimes.between(at("12:00:01"), at("15:00:00")), answer.starts());
        assertEquals(List.of("availability host-a1>host-a2"), campus.calls);
        assertTrue(wan.calls.isEmpty());
        assertTrue(peer.calls.isEmpty());
    }

    @Test
    void whenTheBandwidthIsNotFreeTheAnswerGivesTheMostThatIs() throws Exception {
        wan.booked.add(between("00:00:00", "23:00:00"), 6_000);

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_B1, 5_000, HOUR, between("09:00:00", "16:00:00"));

        assertTrue(answer.starts().isEmpty());
        assertEquals(4_000, answer.maxBandwidthMbps());
    }

    @Test
    void theMostFreeCountsOnlyTimesAtWhichEveryPartHasIt() throws Exception {
        // Each part alone has all 10,000 Mbit/s for hours, but never at the same time as the other.
        wan.booked.add(between("00:00:00", "12:00:00"), 8_000);
        campus.booked.add(between("12:00:00", "23:00:00"), 8_000);

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_B1, 5_000, HOUR, between("09:00:00", "16:00:00"));

        assertTrue(answer.starts().isEmpty());
        assertEquals(2_000, answer.maxBandwidthMbps());
    }

    @Test
    void startTimesThatHavePassedAreNotOffered() throws Exception {
        clock.set(at("10:30:00"));

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_B1, 500, HOUR, between("09:00:00", "16:00:00"));

        assertEquals(StartTimes.between(at("10:30:00"), at("15:00:00")), answer.starts());
    }

    @Test
    void aWindowThatHasPassedHasNoStartTimes() throws Exception {
        clock.set(at("15:30:00"));

        AvailabilitySearch.Answer answer = search.find(HOST_A1, HOST_B1, 500, HOUR, between("09:00:00", "16:00:00"));

        assertTrue(answer.starts().isEmpty());
        assertTrue(wan.calls.isEmpty(), "nothing to ask");
    }

    @Test
    void aPartThatDoesNotAnswerFailsTheSearchNamingIt() {
        peer.silent = true;

        SegmentFailure e = assertThrows(SegmentFailure.class,
                () -> search.find(HOST_A1, HOST_B1, 500, HOUR, between("09:00:00", "16:00:00")));

        assertEquals("bar-site-b", e.controller());
        assertFalse(e.answered());
    }

    @Test
    void badInputIsRefusedNamingTheField() {
        TimeInterval window = between("09:00:00", "16:00:00");
        assertEquals("durationSeconds", assertThrows(BadRequest.class,
                () -> search.find(HOST_A1, HOST_B1, 500, Duration.ofHours(8), window)).field());
        assertEquals("durationSeconds", assertThrows(BadRequest.class,
                () -> search.find(HOST_A1, HOST_B1, 500, Duration.ofSeconds(10), window)).field());
        assertEquals("bandwidthMbps", assertThrows(BadRequest.class,
                () -> search.find(HOST_A1, HOST_B1, 0, HOUR, window)).field());
        assertEquals("destination", assertThrows(BadRequest.class,
                () -> search.find(HOST_A1, Endpoint.parse("site-c:host-c1"), 500, HOUR, window)).field());
        assertEquals("source", assertThrows(BadRequest.class,
                () -> search.find(HOST_B1, Endpoint.parse("site-c:host-c1"), 500, HOUR, window)).field());
        assertEquals("end", assertThrows(BadRequest.class,
                () -> search.find(HOST_A1, HOST_B1, 500, HOUR, new TimeInterval(at("09:00:00"), at("09:00:00").plus(Duration.ofDays(40))))).field());
        assertTrue(wan.calls.isEmpty(), "nothing asked");
    }
}
