package org.crs.bar.server;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import org.crs.bar.port.BookingMeasurements;
import org.crs.domain.reservation.ReservationState;
import org.crs.service.monitoring.ServiceMetrics;

/**
 * The metrics a BAR adds to its shell's (docs/metrics.md): its reservations by state, how long
 * booking requests take to be answered, and how late circuits come up.
 */
public final class BarMetrics implements BookingMeasurements {

    /** {@code crs_reservations{state}}: reservations in each state, read from the database at each scrape. */
    public static final String RESERVATIONS = "crs_reservations";
    /** {@code crs_admission_duration_seconds{answer}}. */
    public static final String ADMISSION = "crs_admission_duration_seconds";
    /** {@code crs_activation_lateness_seconds}. */
    public static final String LATENESS = "crs_activation_lateness_seconds";

    /**
     * Upper bounds of the lateness histogram, in seconds. A circuit is set up from its set-up lead
     * before its start, so most come up early (negative); late ones are what an operator watches.
     */
    static final double[] LATENESS_SECONDS = {-300, -60, -30, -10, -5, -1, 0, 1, 5, 10, 30, 60, 300};

    private final Histogram admission;
    private final Histogram lateness;

    /**
     * Registers the metrics on {@code registry}.
     *
     * @param reservationsByState counts the reservations in each state (a query, run at each scrape)
     */
    public BarMetrics(PrometheusRegistry registry, Supplier<Map<ReservationState, Long>> reservationsByState) {
        GaugeWithCallback.builder().name(RESERVATIONS)
                .help("Reservations in each state (RESERVED, ACTIVE, FINISHED, ...)")
                .labelNames("state")
                .callback(cb -> reservationsByState.get().forEach((state, n) -> cb.call(n, state.name())))
                .register(registry);
        admission = Histogram.builder().name(ADMISSION)
                .help("How long a booking request took to be answered (validation, negotiation with every part), "
                        + "by the state it was answered in, BAD_REQUEST or ERROR")
                .labelNames("answer").classicOnly().classicUpperBounds(ServiceMetrics.CALL_SECONDS).register(registry);
        lateness = Histogram.builder().name(LATENESS)
                .help("When a circuit became ACTIVE minus its booked start; negative when it came up before its start")
                .classicOnly().classicUpperBounds(LATENESS_SECONDS).register(registry);
    }

    @Override
    public void admissionAnswered(Duration took, String answer) {
        admission.labelValues(answer).observe(ServiceMetrics.seconds(took));
    }

    @Override
    public void circuitUp(Duration late) {
        lateness.observe(ServiceMetrics.seconds(late));
    }
}
