package org.crs.domain.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The schedule of resolutions: where each ends, how rates are averaged, what it costs per circuit. */
class TrafficRetentionTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    static TrafficRate rate(long fromSeconds, long toSeconds, double in) {
        return new TrafficRate(T0.plusSeconds(fromSeconds), T0.plusSeconds(toSeconds), in, in / 2, 1, 0);
    }

    @Test
    void meansAreWeightedByTheTimeEachRateCoversAndSpanTheirBucket() {
        List<TrafficRate> means = TrafficRetention.means(List.of(rate(0, 30, 100), rate(30, 90, 400),
                rate(300, 330, 50)), TrafficRetention.MEDIUM);
        assertEquals(2, means.size());
        assertEquals(300, means.get(0).inBitsPerSecond(), 1e-9); // (100*30 + 400*60) / 90
        assertEquals(150, means.get(0).outBitsPerSecond(), 1e-9);
        assertEquals(1, means.get(0).errorsPerSecond(), 1e-9);
        assertEquals(T0, means.get(0).from());
        assertEquals(T0.plus(Duration.ofMinutes(5)), means.get(0).to());
        assertEquals(50, means.get(1).inBitsPerSecond(), 1e-9);
    }

    @Test
    void eachResolutionEndsOnABucketBoundary() {
        Instant now = Instant.parse("2030-02-15T12:34:56Z");
        TrafficRetention r = TrafficRetention.DEFAULT;
        assertEquals(Instant.parse("2030-02-14T12:30:00Z"), r.fineBefore(now));
        assertEquals(Instant.parse("2030-01-16T12:00:00Z"), r.mediumBefore(now));
        assertEquals(Instant.parse("2029-02-15T12:34:56Z"), r.coarseBefore(now));
    }

    @Test
    void aCircuitActiveAllYearHoldsAboutNineteenThousandRowsAtThirtySeconds() {
        // 2880 + 10 polled, 8352 + 12 five-minute, 8040 hourly
        assertEquals(2890 + 8364 + 8040, TrafficRetention.DEFAULT.rowsPerCircuit(Duration.ofSeconds(30)));
    }

    @Test
    void retentionThatShrinksWithCoarsenessIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new TrafficRetention(Duration.ofDays(2), Duration.ofDays(1), Duration.ofDays(365)));
    }
}
