package org.crs.nsap.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.crs.domain.booking.SegmentState;
import org.crs.nsap.port.LatestSegmentRates;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.routers.driver.DeviceLogEntry.Outcome;
import org.crs.routers.driver.DeviceLogEntry.Protocol;
import org.crs.service.monitoring.ServiceMetrics;
import org.junit.jupiter.api.Test;

class NsapMetricsTest {

    private static DeviceLogEntry entry(Protocol protocol, String request, Outcome outcome, long ms) {
        return new DeviceLogEntry("edge-a", protocol, request, "", outcome, Instant.parse("2026-11-27T20:00:00Z"), ms);
    }

    @Test
    void eachCommandIsOfOneKindFromABoundedSet() {
        assertEquals("login", NsapMetrics.kind(entry(Protocol.CLI, "ssh 127.0.0.1:2201", Outcome.OK, 1)));
        assertEquals("enable", NsapMetrics.kind(entry(Protocol.CLI, "enable", Outcome.OK, 1)));
        assertEquals("enable", NsapMetrics.kind(entry(Protocol.CLI, "<secret>", Outcome.OK, 1)));
        assertEquals("terminal", NsapMetrics.kind(entry(Protocol.CLI, "terminal length 0", Outcome.OK, 1)));
        assertEquals("mode", NsapMetrics.kind(entry(Protocol.CLI, "configure terminal", Outcome.OK, 1)));
        assertEquals("mode", NsapMetrics.kind(entry(Protocol.CLI, "end", Outcome.OK, 1)));
        assertEquals("show", NsapMetrics.kind(entry(Protocol.CLI, "show running-config", Outcome.OK, 1)));
        assertEquals("save", NsapMetrics.kind(entry(Protocol.CLI, "write memory", Outcome.OK, 1)));
        assertEquals("config", NsapMetrics.kind(entry(Protocol.CLI, " name LP-1", Outcome.OK, 1)));
        assertEquals("config", NsapMetrics.kind(entry(Protocol.CLI, "no shutdown", Outcome.OK, 1)));
        assertEquals("get", NsapMetrics.kind(entry(Protocol.SNMP, "get 1.3.6.1.2.1.1.3.0", Outcome.OK, 1)));
        assertEquals("walk", NsapMetrics.kind(entry(Protocol.SNMP, "getbulk 1.3.6 (walk 1.3.6)", Outcome.OK, 1)));
        assertEquals("set", NsapMetrics.kind(entry(Protocol.SNMP, "set 1.3.6.1=5", Outcome.OK, 1)));
        assertEquals("discover", NsapMetrics.kind(entry(Protocol.SNMP, "discover SNMPv3 engine id", Outcome.TIMEOUT, 1)));
    }

    @Test
    void everyCommandIsTimedAndAFailedOneCountedWithItsOutcome() {
        ServiceMetrics service = new ServiceMetrics(false);
        NsapMetrics metrics = new NsapMetrics(service.registry(), () -> Map.of(SegmentState.ACTIVE, 2L),
                () -> List.of(new LatestSegmentRates.SegmentRate("site-a:r1:campus", 1.5e6, 2.5e6, Instant.EPOCH)));
        metrics.record(entry(Protocol.CLI, "write memory", Outcome.OK, 2_000));
        metrics.record(entry(Protocol.CLI, "vlan 1000", Outcome.ERROR, 30));
        metrics.record(entry(Protocol.CLI, "vlan 1001", Outcome.TIMEOUT, 10_000));
        String text = service.scrape();
        assertTrue(text.contains("crs_router_command_duration_seconds_count{kind=\"save\",protocol=\"cli\",router=\"edge-a\"} 1"), text);
        assertTrue(text.contains("crs_router_command_duration_seconds_bucket{kind=\"save\",protocol=\"cli\",router=\"edge-a\",le=\"2.5\"} 1"), text);
        assertTrue(text.contains("crs_router_command_duration_seconds_bucket{kind=\"save\",protocol=\"cli\",router=\"edge-a\",le=\"1.0\"} 0"), text);
        assertTrue(text.contains("crs_router_command_failures_total{kind=\"config\",outcome=\"error\",protocol=\"cli\",router=\"edge-a\"} 1.0"), text);
        assertTrue(text.contains("crs_router_command_failures_total{kind=\"config\",outcome=\"timeout\",protocol=\"cli\",router=\"edge-a\"} 1.0"), text);
        assertTrue(text.contains("crs_segments{state=\"ACTIVE\"} 2.0"), text);
        assertTrue(text.contains("crs_segment_rate_bits_per_second{direction=\"in\",segment=\"site-a:r1:campus\"} 1500000.0"), text);
        assertTrue(text.contains("crs_segment_rate_bits_per_second{direction=\"out\",segment=\"site-a:r1:campus\"} 2500000.0"), text);
    }
}
