package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficRetention;
import org.junit.jupiter.api.Test;

/**
 * The polling of 500 ACTIVE segments, 125 on each of four emulated 12000s, over SNMPv2c: how
 * long a cycle takes (the first walks ifDescr on every router; the next only reads), and what
 * the database grows by per circuit per day. Prints both; docs/nsap-services.md quotes them.
 * About 6 s on this project's 2-core machine (up to 40 s when other builds load it);
 * {@code -Dcrs.trafficSegments=N} polls N instead.
 */
class TrafficPollingScaleTest {

    static final int SEGMENTS = Integer.getInteger("crs.trafficSegments", 500);
    static final int ROUTERS = 4;
    static final Duration INTERVAL = NsapServerConfigDefaults.INTERVAL;

    @Test
    void fiveHundredActiveSegmentsArePolledWellWithinTheInterval() throws Exception {
        try (TrafficLab lab = new TrafficLab(ROUTERS, false)) {
            long setUp = System.nanoTime();
            for (int n = 0; n < SEGMENTS; n++) {
                lab.circuit(n);
            }
            Duration madeActive = Duration.ofNanos(System.nanoTime() - setUp);
            try (TrafficPolling polling = lab.polling(INTERVAL)) {
                TrafficPolling.Cycle first = polling.poll();
                Thread.sleep(1000);
                TrafficPolling.Cycle second = polling.poll();
                Thread.sleep(1000);
                TrafficPolling.Cycle third = polling.poll();
                for (TrafficPolling.Cycle c : new TrafficPolling.Cycle[] {first, second, third}) {
                    assertTrue(c.failedRouters().isEmpty(), c.toString());
                    assertEquals(SEGMENTS, c.segments());
                    assertEquals(SEGMENTS, c.interfaces());
                }
                assertEquals(SEGMENTS, third.stored());
                assertEquals(2L * SEGMENTS, lab.traffic.rows());
                Map<String, TrafficRate> latest = lab.traffic.latestRates(Instant.now().minusSeconds(5));
                assertEquals(SEGMENTS, latest.size());
                latest.values().forEach(r -> assertEquals(TrafficLab.POLICED_BPS, r.inBitsPerSecond(),
                        TrafficLab.POLICED_BPS * 0.05));
                assertTrue(third.took().compareTo(INTERVAL) < 0, "a cycle must end within the interval: " + third);

                long polledPerDay = Duration.ofDays(1).dividedBy(INTERVAL);
                long mostPerCircuit = TrafficRetention.DEFAULT.rowsPerCircuit(INTERVAL);
                System.out.printf("traffic polling of %d ACTIVE segments on %d routers (made ACTIVE in %d ms):"
                        + " first cycle %d ms (ifDescr walks), next cycles %d ms and %d ms;"
                        + " per circuit per day %d polled rows (kept a day), then 288 five-minute rows (kept 30 days),"
                        + " then 24 hourly rows (kept 365 days): at most %d rows per circuit%n",
                        SEGMENTS, ROUTERS, madeActive.toMillis(), first.took().toMillis(), second.took().toMillis(),
                        third.took().toMillis(), polledPerDay, mostPerCircuit);
            }
        }
    }

    /** The interval the NSAP configuration defaults to. */
    private static final class NsapServerConfigDefaults {
        static final Duration INTERVAL = org.crs.nsap.server.NsapServerConfig.DEFAULT_TRAFFIC_INTERVAL;
    }
}
