/**
 * What a running service tells its operators without a SOAP call: Prometheus metrics at
 * {@code /metrics} ({@link ServiceMetrics}, {@link MetricsServlet}) and its health at
 * {@code /health} ({@link Health}, {@link HealthServlet}): its database, its schedule and the
 * reachability of what it depends on. docs/metrics.md names every metric.
 */
package org.crs.service.monitoring;
