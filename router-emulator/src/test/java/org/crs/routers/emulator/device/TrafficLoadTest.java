package org.crs.routers.emulator.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A circuit's counters under a configured load, on a clock the test moves: exact octets,
 * errors and discards for a steady share of the policed rate, for bursts, and across a
 * change of load at run time.
 */
class TrafficLoadTest {

    private static final long POLICED_BPS = 80_000_000; // 10 MB/s

    /** A clock that stands still until the test moves it. */
    private static final class StepClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final StepClock clock = new StepClock();
    private Device device;
    private Interface hostPort;

    @BeforeEach
    void edgeWithACircuit() {
        device = new Device("edge-a", Profile.C7600, "10.0.0.1", clock);
        hostPort = device.addInterface(InterfaceName.parse("GigabitEthernet1/1"), 1_000_000_000L);
        device.vlans().put(1234, new Vlan(1234, "LP-42", false));
        PolicyMap policy = new PolicyMap("LP-42-IN");
        policy.classNamed("class-default").setPolice(new Police(POLICED_BPS, 0, false, "transmit", "drop"));
        device.policyMaps().put(policy.name(), policy);
        hostPort.setSwitchport(true);
        hostPort.setSwitchportMode(Interface.SwitchportMode.ACCESS);
        hostPort.setAccessVlan(1234);
        hostPort.setServicePolicyInput("LP-42-IN");
        hostPort.setShutdown(false);
    }

    private long inOctetsAfter(Duration d) {
        clock.advance(d);
        device.advanceTraffic();
        return hostPort.inOctets();
    }

    @Test
    void byDefaultACircuitCarriesItsPolicedRate() {
        assertEquals(10_000_000L * 60, inOctetsAfter(Duration.ofMinutes(1)));
        assertEquals(hostPort.inOctets(), hostPort.outOctets());
    }

    @Test
    void aFractionOfTheRateCountsThatShare() {
        device.setTrafficLoad(TrafficLoad.fraction(0.25));
        assertEquals(2_500_000L * 60, inOctetsAfter(Duration.ofMinutes(1)));
    }

    @Test
    void anIdleCircuitCountsNothing() {
        device.setTrafficLoad(hostPort.name(), TrafficLoad.IDLE);
        assertEquals(0, inOctetsAfter(Duration.ofMinutes(1)));
    }

    @Test
    void burstsCountOnlyTheirOnPeriods() {
        device.setTrafficLoad(TrafficLoad.FULL.inBursts(Duration.ofSeconds(10), Duration.ofSeconds(30)));
        assertEquals(10_000_000L * 5, inOctetsAfter(Duration.ofSeconds(5)), "half-way through the first burst");
        assertEquals(10_000_000L * 10, inOctetsAfter(Duration.ofSeconds(30)), "during the pause");
        assertEquals(10_000_000L * 15, inOctetsAfter(Duration.ofSeconds(10)), "five seconds into the second burst");
    }

    @Test
    void errorsAndDiscardsAccumulateEvenFromManySmallSteps() {
        device.setTrafficLoad(TrafficLoad.FULL.withErrors(2.5, 0.5));
        for (int i = 0; i < 100; i++) {
            inOctetsAfter(Duration.ofMillis(100)); // 0.25 errors and 0.05 discards a step
        }
        assertEquals(25, hostPort.inErrors());
        assertEquals(5, hostPort.outDiscards());
    }

    @Test
    void aChangeOfLoadKeepsWhatWasCountedBefore() {
        inOctetsAfter(Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(10));
        device.setTrafficLoad(TrafficLoad.IDLE); // the ten seconds before the change count in full
        assertEquals(10_000_000L * 20, inOctetsAfter(Duration.ofSeconds(10)));
    }

    @Test
    void aCircuitThatIsDownCountsNoErrorsEither() {
        device.setTrafficLoad(TrafficLoad.FULL.withErrors(10, 10));
        hostPort.setShutdown(true);
        assertEquals(0, inOctetsAfter(Duration.ofMinutes(1)));
        assertEquals(0, hostPort.inErrors());
    }

    @Test
    void aPseudowireRunsAtItsTunnelBandwidthAndItsTunnelCountsIt() {
        Device core = new Device("core-1", Profile.C12000, "10.0.0.1", clock);
        Interface access = core.addInterface(InterfaceName.parse("GigabitEthernet3/0"), 1_000_000_000L);
        access.setShutdown(false);
        Interface tunnel = core.createLogicalInterface(InterfaceName.parse("Tunnel42"));
        tunnel.setTeBandwidthKbps(40_000);
        PseudowireClass pw = new PseudowireClass("LP-42");
        pw.setPreferredPath("Tunnel42", true);
        core.pseudowireClasses().put("LP-42", pw);
        Interface sub = core.createLogicalInterface(InterfaceName.parse("GigabitEthernet3/0.1234"));
        sub.setDot1q(1234);
        sub.setXconnect(new Interface.Xconnect("10.0.0.9", 42, "LP-42"));
        clock.advance(Duration.ofSeconds(8));
        core.advanceTraffic();
        assertEquals(5_000_000L * 8, sub.inOctets());
        assertEquals(sub.inOctets(), tunnel.outOctets());
        assertEquals(sub.inOctets(), access.inOctets());
    }

    @Test
    void aLoadOutsideZeroToOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TrafficLoad.fraction(1.5));
        assertThrows(IllegalArgumentException.class,
                () -> TrafficLoad.FULL.inBursts(Duration.ZERO, Duration.ofSeconds(1)));
    }
}
