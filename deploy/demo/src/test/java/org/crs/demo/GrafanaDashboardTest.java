package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.server.BarMetrics;
import org.crs.nsap.server.NsapMetrics;
import org.crs.service.monitoring.ServiceMetrics;
import org.junit.jupiter.api.Test;

/**
 * docs/grafana/crs-dashboard.json reads only metrics the services register, through a Prometheus
 * data source variable; and docs/metrics.md documents every one of them.
 */
class GrafanaDashboardTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final Path DASHBOARD = REPOSITORY.resolve("docs/grafana/crs-dashboard.json");
    private static final Path DOCUMENT = REPOSITORY.resolve("docs/metrics.md");

    /** The series names of the metrics the services register: a histogram's three, a counter's and a gauge's own. */
    private static final Set<String> HISTOGRAMS = Set.of(ServiceMetrics.SOAP_CALL_DURATION, BarMetrics.ADMISSION,
            BarMetrics.LATENESS, NsapMetrics.COMMAND_DURATION);
    private static final Set<String> OTHERS = Set.of(ServiceMetrics.SOAP_CALLS, BarMetrics.RESERVATIONS, NsapMetrics.SEGMENTS,
            NsapMetrics.COMMAND_FAILURES, NsapMetrics.SEGMENT_RATE);
    /** A metric name in a query: crs_ and the rest of the identifier. */
    private static final Pattern METRIC = Pattern.compile("\\bcrs_[a-z0-9_]+");

    @Test
    void theDashboardIsJsonWhosePanelsQueryOnlyMetricsTheServicesExpose() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        Set<String> exposed = new TreeSet<>(OTHERS);
        for (String h : HISTOGRAMS) {
            exposed.addAll(List.of(h + "_bucket", h + "_sum", h + "_count"));
        }
        List<String> queries = new ArrayList<>();
        dashboard.get("panels").forEach(panel -> panel.get("targets").forEach(t -> queries.add(t.get("expr").asText())));
        dashboard.get("templating").get("list").forEach(v -> {
            if (v.has("definition")) {
                queries.add(v.get("definition").asText());
            }
        });
        assertTrue(queries.size() >= 8, "the panels have queries: " + queries);
        Set<String> queried = new TreeSet<>();
        for (String q : queries) {
            Matcher m = METRIC.matcher(q);
            while (m.find()) {
                queried.add(m.group());
            }
        }
        Set<String> unknown = new TreeSet<>(queried);
        unknown.removeAll(exposed);
        assertTrue(unknown.isEmpty(), "the dashboard queries metrics no service exposes: " + unknown);
        // Every metric a service exposes has its panel.
        Set<String> families = new TreeSet<>(OTHERS);
        families.addAll(HISTOGRAMS);
        families.removeIf(f -> queried.stream().anyMatch(q -> q.equals(f) || q.startsWith(f + "_")));
        families.remove(ServiceMetrics.SOAP_CALL_DURATION); // per operation: Prometheus' own queries, no panel
        assertTrue(families.isEmpty(), "metrics without a panel: " + families);
    }

    @Test
    void everyPanelReadsThroughThePrometheusDataSourceVariable() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        JsonNode variable = null;
        for (JsonNode v : dashboard.get("templating").get("list")) {
            if (v.get("type").asText().equals("datasource")) {
                variable = v;
            }
        }
        assertTrue(variable != null, "a data source variable");
        assertEquals("prometheus", variable.get("query").asText());
        String uid = "${" + variable.get("name").asText() + "}";
        for (JsonNode panel : dashboard.get("panels")) {
            assertEquals(uid, panel.get("datasource").get("uid").asText(), panel.get("title").asText());
            for (JsonNode t : panel.get("targets")) {
                assertEquals(uid, t.get("datasource").get("uid").asText(), panel.get("title").asText());
                assertFalse(t.get("expr").asText().isBlank(), panel.get("title").asText());
            }
        }
    }

    @Test
    void docsMetricsNamesEveryMetricTheServicesExpose() throws Exception {
        String doc = Files.readString(DOCUMENT);
        Set<String> all = new TreeSet<>(OTHERS);
        all.addAll(HISTOGRAMS);
        all.removeIf(name -> doc.contains("`" + name + "`"));
        assertTrue(all.isEmpty(), "not in docs/metrics.md: " + all);
    }
}
