package org.crs.service.monitoring;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * {@code GET /health}: the service's {@link Health.Report} as JSON, with HTTP 200 when every
 * check is UP and 503 otherwise (DEGRADED or DOWN), so that a load balancer or a monitor reads
 * the code and a person the body:
 *
 * <pre>{@code
 * {"service":"bar-site-a","status":"DEGRADED","checkedAt":"2026-11-27T20:00:00Z",
 *  "checks":[{"name":"database","status":"UP","detail":"...","checkedAt":"..."},
 *            {"name":"provider site-b","status":"DEGRADED","detail":"127.0.0.1:8446 not reachable: ..."}]}
 * }</pre>
 *
 * Open to whoever reaches the port: it names hosts and ports, never a credential.
 */
public final class HealthServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final transient Health health;

    public HealthServlet(Health health) {
        this.health = Objects.requireNonNull(health, "health");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Health.Report report = health.report();
        ObjectNode body = JSON.createObjectNode();
        body.put("service", report.service());
        body.put("status", report.status().name());
        body.put("checkedAt", report.at().toString());
        ArrayNode checks = body.putArray("checks");
        for (Health.Check c : report.checks()) {
            ObjectNode check = checks.addObject();
            check.put("name", c.name());
            check.put("status", c.status().name());
            check.put("detail", c.detail());
            check.put("checkedAt", c.checkedAt().toString());
        }
        response.setStatus(report.status() == Health.Status.UP ? HttpServletResponse.SC_OK
                : HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(JSON.writeValueAsBytes(body));
    }
}
