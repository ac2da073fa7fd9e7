package org.crs.service.monitoring;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * One service's Prometheus metrics: a registry of its own (several services share a JVM in the
 * demo and the tests, so none uses the library's default registry), the SOAP calls every service
 * counts, and the JVM's metrics. A service registers its own metrics on {@link #registry()}.
 *
 * <p>Names follow Prometheus' conventions: {@code crs_} first, counters end in {@code _total},
 * durations are in seconds and end in {@code _seconds}. No label carries a secret or an
 * account's name.
 */
public final class ServiceMetrics {

    /** {@code crs_soap_calls_total{service, operation, outcome, code}}. */
    public static final String SOAP_CALLS = "crs_soap_calls_total";
    /** {@code crs_soap_call_duration_seconds{service, operation}}. */
    public static final String SOAP_CALL_DURATION = "crs_soap_call_duration_seconds";

    /**
     * Upper bounds of the request-duration histograms, in seconds: from a read answered from the
     * database (milliseconds) to a booking negotiated over three services (seconds) and one that
     * waited for a call timeout (10 s and more).
     */
    public static final double[] CALL_SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};

    /** How a SOAP call ended, as {@link #SOAP_CALLS} counts it. */
    public enum Outcome {
        /** Answered. */
        OK("ok"),
        /** Answered with a Client (SOAP 1.2: Sender) fault: the caller's error or a refusal. */
        CLIENT_FAULT("client_fault"),
        /** Answered with a Server (Receiver) fault: the service's or a part's failure. */
        SERVER_FAULT("server_fault"),
        /** Refused by the access table before the operation ran. */
        REFUSED("refused");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** The label value. */
        public String label() {
            return label;
        }
    }

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter soapCalls;
    private final Histogram soapDurations;
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

    /** A registry with the SOAP call metrics and, when {@code jvm}, the JVM's. */
    public ServiceMetrics(boolean jvm) {
        soapCalls = Counter.builder().name(SOAP_CALLS)
                .help("SOAP calls answered, by port type, operation, outcome (ok, client_fault, server_fault, refused) "
                        + "and refusal code (empty when ok)")
                .labelNames("service", "operation", "outcome", "code").register(registry);
        soapDurations = Histogram.builder().name(SOAP_CALL_DURATION)
                .help("How long a SOAP call took from its request being read to its answer, by port type and operation")
                .labelNames("service", "operation").classicOnly().classicUpperBounds(CALL_SECONDS).register(registry);
        if (jvm) {
            registry.register(new LazyJvmMetrics());
        }
    }

    /**
     * The JVM's metrics, made at the first scrape: registering them loads the JVM's management
     * beans, which took 0.1 s to 1 s on two busy cores, and a service (or a test) that is never
     * scraped should not pay it at start.
     */
    private static final class LazyJvmMetrics implements MultiCollector {
        private volatile PrometheusRegistry jvm;

        @Override
        public MetricSnapshots collect() {
            PrometheusRegistry r = jvm;
            if (r == null) {
                synchronized (this) {
                    if (jvm == null) {
                        PrometheusRegistry made = new PrometheusRegistry();
                        JvmMetrics.builder().register(made);
                        jvm = made;
                    }
                    r = jvm;
                }
            }
            return r.scrape();
        }
    }

    /** Where the service registers its own metrics. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /**
     * Counts one SOAP call.
     *
     * @param code the refusal code of a fault ({@code NO_CAPACITY}, {@code NOT_ALLOWED}); empty when ok
     */
    public void soapCall(String service, String operation, Outcome outcome, String code, Duration took) {
        soapCalls.labelValues(service, operation, outcome.label(), Objects.requireNonNullElse(code, "")).inc();
        soapDurations.labelValues(service, operation).observe(seconds(took));
    }

    /** The content type of {@link #writeTo}: the Prometheus text format 0.0.4. */
    public String contentType() {
        return writer.getContentType();
    }

    /** Every metric now, in the Prometheus text format. */
    public void writeTo(OutputStream out) throws IOException {
        writer.write(out, registry.scrape());
    }

    /** Every metric now, in the Prometheus text format, as a string. */
    public String scrape() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A duration in seconds, as Prometheus observes it. */
    public static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
