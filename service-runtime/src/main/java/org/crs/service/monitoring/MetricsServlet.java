package org.crs.service.monitoring;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Objects;

/**
 * {@code GET /metrics}: the service's {@link ServiceMetrics} in the Prometheus text format. Open
 * to whoever reaches the port (docs/metrics.md, "Who may read them"): the metrics hold counts and
 * durations, never a secret, an account or a request's arguments.
 */
public final class MetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient ServiceMetrics metrics;

    public MetricsServlet(ServiceMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(metrics.contentType());
        response.setHeader("Cache-Control", "no-store");
        metrics.writeTo(response.getOutputStream());
    }
}
