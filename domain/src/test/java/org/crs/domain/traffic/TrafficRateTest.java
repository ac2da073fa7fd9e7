package org.crs.domain.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/** Rates between two counter readings: plain, across a wrap of each counter, across a restart. */
class TrafficRateTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    static CounterReading reading(long in, long out, long errors, long discards, long uptimeSeconds, long atSeconds) {
        return new CounterReading(in, out, errors, discards, Duration.ofSeconds(uptimeSeconds), T0.plusSeconds(atSeconds));
    }

    @Test
    void ratesAreTheCounterDifferencesOverTheTimeBetween() {
        TrafficRate r = TrafficRate.between(reading(1000, 0, 5, 0, 100, 0),
                reading(1000 + 30 * 12_500_000L, 30 * 1_000_000L, 65, 30, 130, 30)).orElseThrow();
        assertEquals(100_000_000, r.inBitsPerSecond(), 1e-6);
        assertEquals(8_000_000, r.outBitsPerSecond(), 1e-6);
        assertEquals(2, r.errorsPerSecond(), 1e-9);
        assertEquals(1, r.discardsPerSecond(), 1e-9);
        assertEquals(Duration.ofSeconds(30), r.span());
    }

    @Test
    void aSixtyFourBitCounterThatWrappedCountsAcrossTheWrap() {
        long nearTop = -1_000L; // 2^64 - 1000 as unsigned
        TrafficRate r = TrafficRate.between(reading(nearTop, nearTop, 0, 0, 100, 0),
                reading(9_000L, 9_000L, 0, 0, 110, 10)).orElseThrow();
        assertEquals(10_000 * 8 / 10.0, r.inBitsPerSecond(), 1e-6);
        assertEquals(r.inBitsPerSecond(), r.outBitsPerSecond());
    }

    @Test
    void aThirtyTwoBitErrorCounterThatWrappedCountsAcrossTheWrap() {
        TrafficRate r = TrafficRate.between(reading(0, 0, 4_294_967_290L, 4_294_967_295L, 100, 0),
                reading(0, 0, 4, 9, 110, 10)).orElseThrow();
        assertEquals(1.0, r.errorsPerSecond(), 1e-9);
        assertEquals(1.0, r.discardsPerSecond(), 1e-9);
    }

    @Test
    void aRestartBetweenReadingsGivesNoRate() {
        assertTrue(TrafficRate.between(reading(5_000_000, 5_000_000, 0, 0, 3600, 0),
                reading(1_000, 1_000, 0, 0, 20, 30)).isEmpty());
    }

    @Test
    void aReadingThatIsNotLaterGivesNoRate() {
        assertTrue(TrafficRate.between(reading(0, 0, 0, 0, 100, 30), reading(10, 10, 0, 0, 100, 30)).isEmpty());
    }

    @Test
    void theRoutersClockTimesTheCountersWhenAnAnswerArrivesLate() {
        // 10 s apart on the router, read 12 s apart by a poller whose second answer came 2 s late
        TrafficRate r = TrafficRate.between(reading(0, 0, 0, 0, 100, 0), reading(12_500_000, 0, 0, 0, 110, 12))
                .orElseThrow();
        assertEquals(10_000_000, r.inBitsPerSecond(), 1e-6);
        assertEquals(Duration.ofSeconds(12), r.span(), "the period is the poller's");
    }
}
