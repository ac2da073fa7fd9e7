package org.crs.nsap.activation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.crs.domain.traffic.CounterReading;
import org.crs.service.monitoring.Health;
import org.junit.jupiter.api.Test;

/** A router on the dry-run driver is never reached: its health and its counters answer without it. */
class DryRunRoutersTest {

    // No SNMP agent answers at 127.0.0.1:9: a poll that tried it would time out and fail.
    static final RouterDirectory ROUTERS = RouterDirectory.parse("""
            routers:
              - { name: edge-c, host: 127.0.0.1, snmpPort: 9, driver: dry-run }
            """, name -> null);

    @Test
    void aDryRunRouterIsUpWithoutAProbe() {
        assertEquals(Health.Status.UP, new RouterProbe(ROUTERS).probe("edge-c").status());
    }

    @Test
    void aDryRunRoutersCountersReadZero() throws Exception {
        Map<String, CounterReading> read = new SnmpCounterReader(ROUTERS).read("edge-c", List.of("GigabitEthernet1/1"));

        CounterReading reading = read.get("GigabitEthernet1/1");
        assertEquals(List.of(0L, 0L, 0L, 0L), List.of(reading.inOctets(), reading.outOctets(), reading.inErrors(),
                reading.outDiscards()));
    }
}
