package org.crs.service.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How long a check's result is kept: a passing one for its cache time, a failing one briefly. */
class HealthTest {

    private static final Duration CACHE_FOR = Duration.ofSeconds(10);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-28T08:00:00Z"));
    private final Health health = new Health("test", clock);
    private final AtomicInteger runs = new AtomicInteger();

    @AfterEach
    void close() {
        health.close();
    }

    @Test
    void aFailingResultIsCheckedAgainOnceFailingKeptAtMostHasPassed() {
        health.add("provider peer", CACHE_FOR, Health.Status.DEGRADED, () -> runs.incrementAndGet() == 1
                ? new Health.Result(Health.Status.DEGRADED, "127.0.0.1:8446 not reachable")
                : Health.Result.up("127.0.0.1:8446 accepted a connection"));

        assertEquals(Health.Status.DEGRADED, health.report().status());
        clock.advance(Health.FAILING_KEPT_AT_MOST.minusMillis(1));
        assertEquals(Health.Status.DEGRADED, health.report().status());
        assertEquals(1, runs.get());
        clock.advance(Duration.ofMillis(1));
        assertEquals(Health.Status.UP, health.report().status());
        assertEquals(2, runs.get());
    }

    @Test
    void aPassingResultIsKeptForItsWholeCacheTime() {
        health.add("provider peer", CACHE_FOR, Health.Status.DEGRADED,
                () -> Health.Result.up("accepted a connection, run " + runs.incrementAndGet()));

        health.report();
        clock.advance(CACHE_FOR.minusMillis(1));
        assertEquals(Health.Status.UP, health.report().status());
        assertEquals(1, runs.get());
        clock.advance(Duration.ofMillis(1));
        health.report();
        assertEquals(2, runs.get());
    }

    @Test
    void aFailingResultOfACheckCachedBrieflyIsKeptOnlyThatLong() {
        Duration brief = Duration.ofMillis(200);
        health.add("router edge-a", brief, Health.Status.DEGRADED, () -> {
            runs.incrementAndGet();
            return new Health.Result(Health.Status.DEGRADED, "no answer");
        });

        health.report();
        clock.advance(brief);
        health.report();
        assertEquals(2, runs.get());
    }

    /** A clock the test moves. */
    private static final class SettableClock extends Clock {
        private Instant now;

        SettableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the test's clock is UTC");
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
