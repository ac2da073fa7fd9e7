package org.crs.nsap.server;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import org.crs.domain.booking.SegmentState;
import org.crs.nsap.port.LatestSegmentRates;
import org.crs.routers.driver.DeviceLog;
import org.crs.routers.driver.DeviceLogEntry;

/**
 * The metrics an L-NSAP or the NSAP adds to its shell's (docs/metrics.md): its segments by state,
 * each router command's duration and each failed one, by router and kind of command, and the
 * latest rates of each measured segment. As a {@link DeviceLog} it sees every exchange the
 * drivers have with a router.
 */
public final class NsapMetrics implements DeviceLog {

    /** {@code crs_segments{state}}: segments in each state, read from the database at each scrape. */
    public static final String SEGMENTS = "crs_segments";
    /** {@code crs_router_command_duration_seconds{router, protocol, kind}}. */
    public static final String COMMAND_DURATION = "crs_router_command_duration_seconds";
    /** {@code crs_router_command_failures_total{router, protocol, kind, outcome}}. */
    public static final String COMMAND_FAILURES = "crs_router_command_failures_total";
    /** {@code crs_segment_rate_bits_per_second{segment, direction}}. */
    public static final String SEGMENT_RATE = "crs_segment_rate_bits_per_second";

    /**
     * Upper bounds of the command histogram, in seconds: a configuration line on an idle router
     * takes milliseconds, one on a loaded 7600 tens of milliseconds, {@code write memory} seconds
     * and a login up to its 10 s timeout.
     */
    static final double[] COMMAND_SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};

    private final Histogram durations;
    private final Counter failures;

    /**
     * Registers the metrics on {@code registry}.
     *
     * @param segmentsByState counts the segments in each state (a query, run at each scrape)
     * @param rates the latest rates of the measured segments
     */
    public NsapMetrics(PrometheusRegistry registry, Supplier<Map<SegmentState, Long>> segmentsByState,
                       LatestSegmentRates rates) {
        GaugeWithCallback.builder().name(SEGMENTS)
                .help("Segment bookings in each state (HELD, COMMITTED, ACTIVE, ...)")
                .labelNames("state")
                .callback(cb -> segmentsByState.get().forEach((state, n) -> cb.call(n, state.name())))
                .register(registry);
        durations = Histogram.builder().name(COMMAND_DURATION)
                .help("How long a router took to answer one command (a CLI line, an SNMP request, a login), "
                        + "by router, protocol and kind of command")
                .labelNames("router", "protocol", "kind").classicOnly().classicUpperBounds(COMMAND_SECONDS)
                .register(registry);
        failures = Counter.builder().name(COMMAND_FAILURES)
                .help("Router commands that failed, by router, protocol, kind and outcome (error, timeout, disconnected)")
                .labelNames("router", "protocol", "kind", "outcome").register(registry);
        GaugeWithCallback.builder().name(SEGMENT_RATE)
                .help("The latest measured rate of each measured segment, into (in) and out of (out) the circuit")
                .labelNames("segment", "direction")
                .callback(cb -> rates.latest().forEach(r -> {
                    cb.call(r.inBitsPerSecond(), r.bookingId(), "in");
                    cb.call(r.outBitsPerSecond(), r.bookingId(), "out");
                }))
                .register(registry);
    }

    @Override
    public void record(DeviceLogEntry entry) {
        String protocol = entry.protocol().name().toLowerCase(Locale.ROOT);
        String kind = kind(entry);
        durations.labelValues(entry.router(), protocol, kind).observe(entry.elapsedMillis() / 1000.0);
        if (entry.outcome() != DeviceLogEntry.Outcome.OK) {
            failures.labelValues(entry.router(), protocol, kind, entry.outcome().name().toLowerCase(Locale.ROOT)).inc();
        }
    }

    /**
     * The kind of a command, from a small fixed set so that the label stays bounded: {@code login},
     * {@code enable}, {@code terminal}, {@code mode} (configure, end, exit), {@code show},
     * {@code save} (write memory, copy to startup), {@code config} (any configuration line, a
     * {@code no} line included: {@code no shutdown} adds as often as a {@code no} removes); over SNMP {@code get}, {@code walk},
     * {@code set}, {@code discover}.
     */
    static String kind(DeviceLogEntry entry) {
        String r = entry.request().strip().toLowerCase(Locale.ROOT);
        if (entry.protocol() == DeviceLogEntry.Protocol.SNMP) {
            if (r.startsWith("getbulk")) {
                return "walk";
            }
            if (r.startsWith("get")) {
                return "get";
            }
            if (r.startsWith("set")) {
                return "set";
            }
            return r.startsWith("discover") ? "discover" : "other";
        }
        if (r.startsWith("ssh ")) {
            return "login";
        }
        if (r.startsWith("enable") || r.equals("<secret>")) {
            return "enable";
        }
        if (r.startsWith("terminal ")) {
            return "terminal";
        }
        if (r.startsWith("configure") || r.equals("end") || r.equals("exit")) {
            return "mode";
        }
        if (r.startsWith("show ") || r.equals("show")) {
            return "show";
        }
        if (r.startsWith("write") || r.startsWith("copy ")) {
            return "save";
        }
        return "config";
    }
}
