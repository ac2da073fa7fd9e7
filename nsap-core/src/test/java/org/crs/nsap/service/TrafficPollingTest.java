package org.crs.nsap.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.crs.domain.access.Caller;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.routers.emulator.device.TrafficLoad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The polling of ACTIVE segments against an emulated 12000 over real SNMPv3 (v2c: the 500
 * segment test): the rate stored is the load the emulator was told to carry, within 5%, also
 * across a wrap of the 64-bit counters; an idle circuit reads zero; errors and discards are counted; a torn-down circuit is no longer
 * polled. One lab for the class (an emulator and a migrated database take seconds to start);
 * each test has circuits of its own.
 */
class TrafficPollingTest {

    private static TrafficLab lab;
    private TrafficPolling polling;

    @BeforeAll
    static void startLab() throws Exception {
        lab = new TrafficLab(1, true);
    }

    @AfterAll
    static void stopLab() throws Exception {
        lab.close();
    }

    @BeforeEach
    void startPolling() {
        polling = lab.polling(Duration.ofSeconds(1));
    }

    @AfterEach
    void stopPolling() {
        polling.close();
    }

    private static String subinterface(int n) {
        return "GigabitEthernet3/0." + TrafficLab.vlanOf(n);
    }

    /** Two cycles {@code apart}; the one rate the second stored for circuit n. */
    private TrafficRate rateOverTwoCycles(int n, Duration apart) throws Exception {
        polling.poll();
        Thread.sleep(apart.toMillis());
        TrafficPolling.Cycle second = polling.poll();
        assertTrue(second.failedRouters().isEmpty(), second.toString());
        List<TrafficSample> samples = lab.traffic.samples(TrafficLab.bookingId(n),
                new TimeInterval(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1)));
        assertEquals(1, samples.size(), "one rate from two readings");
        assertEquals(Duration.ofSeconds(1), samples.get(0).resolution());
        return samples.get(0).rate();
    }

    @Test
    void aCircuitsMeasuredRateIsWithinFivePercentOfTheLoadTheEmulatorCarries() throws Exception {
        lab.circuit(0);
        lab.emulator.router("core-1").setTrafficLoad(subinterface(0), TrafficLoad.fraction(0.4));
        TrafficRate r = rateOverTwoCycles(0, Duration.ofMillis(1500));
        double expected = 0.4 * TrafficLab.POLICED_BPS;
        assertEquals(expected, r.inBitsPerSecond(), expected * 0.05, "in bit/s");
        assertEquals(expected, r.outBitsPerSecond(), expected * 0.05, "out bit/s");
        assertEquals(0, r.errorsPerSecond());
    }

    @Test
    void aCircuitWhoseCountersWrapBetweenTwoCyclesIsMeasuredAcrossTheWrap() throws Exception {
        lab.circuit(4);
        lab.emulator.router("core-1").setTrafficLoad(subinterface(4), TrafficLoad.fraction(0.5));
        lab.emulator.router("core-1").presetOctets(subinterface(4), -1_000_000L); // 2^64 - 10^6: wraps in 0.2 s
        TrafficRate r = rateOverTwoCycles(4, Duration.ofMillis(1500));
        double expected = 0.5 * TrafficLab.POLICED_BPS;
        assertEquals(expected, r.inBitsPerSecond(), expected * 0.05, "in bit/s across the wrap");
    }

    @Test
    void anIdleCircuitReadsZeroAndItsErrorsAndDiscardsAreCounted() throws Exception {
        lab.circuit(1);
        lab.emulator.router("core-1").setTrafficLoad(subinterface(1), TrafficLoad.IDLE.withErrors(20, 10));
        TrafficRate r = rateOverTwoCycles(1, Duration.ofMillis(1500));
        assertEquals(0, r.inBitsPerSecond());
        assertEquals(20, r.errorsPerSecond(), 20 * 0.1, "errors/s");
        assertEquals(10, r.discardsPerSecond(), 10 * 0.15, "discards/s");
    }

    @Test
    void aCircuitNoLongerActiveIsNoLongerPolledAndItsLatestRateAges() throws Exception {
        lab.circuit(2);
        lab.circuit(3);
        polling.poll();
        Thread.sleep(300);
        TrafficPolling.Cycle both = polling.poll();
        lab.service.deactivate(TrafficLab.bookingId(3), new Caller.Process("test"));
        Thread.sleep(300);
        TrafficPolling.Cycle after = polling.poll();
        assertEquals(both.segments() - 1, after.segments());
        assertEquals(both.stored() - 1, after.stored());
        SegmentTraffic traffic = new SegmentTraffic(lab.store, lab.traffic, Clock.systemUTC());
        Map<String, TrafficRate> lastMinute = traffic.latestRates(Duration.ofMinutes(1));
        assertTrue(lastMinute.containsKey(TrafficLab.bookingId(2)) && lastMinute.containsKey(TrafficLab.bookingId(3)));
        Map<String, TrafficRate> justNow = traffic.latestRates(Duration.ofMillis(250));
        assertTrue(justNow.containsKey(TrafficLab.bookingId(2)));
        assertFalse(justNow.containsKey(TrafficLab.bookingId(3)), "not measured since its release");
    }

    @Test
    void utilisationOfAnUnknownSegmentIsRefusedNamingIt() {
        SegmentTraffic traffic = new SegmentTraffic(lab.store, lab.traffic, Clock.systemUTC());
        RequestRejected e = org.junit.jupiter.api.Assertions.assertThrows(RequestRejected.class,
                () -> traffic.utilisation("site-a:nothing:wan", new TimeInterval(Instant.now().minusSeconds(60),
                        Instant.now()), new Caller.Process("test")));
        assertEquals("bookingId", e.field());
    }

    /** Many interfaces of one router in chunked GETs of one session (500 on four routers: {@link TrafficPollingScaleTest}). */
    @Test
    void fortySegmentsOnOneRouterAreReadInOneCycle() throws Exception {
        for (int n = 100; n < 140; n++) {
            lab.circuit(n);
        }
        polling.poll();
        Thread.sleep(200);
        TrafficPolling.Cycle c = polling.poll();
        assertTrue(c.failedRouters().isEmpty(), c.toString());
        assertEquals(c.segments(), c.interfaces());
        assertTrue(c.stored() >= 40, c.toString());
        assertTrue(c.took().compareTo(Duration.ofSeconds(30)) < 0, c.toString());
    }
}
