package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.security.KeyStore;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.server.BarServer;
import org.crs.domain.access.AccessTable;
import org.crs.domain.access.CallerKind;
import org.crs.domain.access.Decision;
import org.crs.domain.access.Caller;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.testing.MalformedRequests;
import org.crs.nsap.testing.RawSoap;
import org.crs.service.tls.TlsContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The authorisation matrix, walked against the running federation: every kind of caller against
 * every operation of every port type the services serve (read from the served WSDLs), expecting
 * what {@link AccessTable} decides. An allowed call may still refuse the request's content (the
 * requests here are empty), but never with NOT_ALLOWED or NOT_SIGNED_IN; a call the table refuses
 * is a Client fault NOT_ALLOWED; a call without credentials is answered HTTP 401. An L-NSAP or
 * the NSAP knows no account and no peer: everyone but its BARs gets HTTP 401 there.
 */
class AuthorisationMatrixTest {

    static Federation federation;
    static final Map<CallerKind, Client> CALLERS = new LinkedHashMap<>();

    /** How a kind of caller calls: which credentials, over which HTTP client. */
    record Client(CallerKind kind, HttpClient http, String authorization, boolean tls) {
    }

    /** One port type, where it is served, and the kinds of caller it is walked with. */
    record PortType(String service, String namespace, URI plain, URI tls, boolean nsap) {
    }

    /** One cell of the matrix. */
    record Cell(PortType portType, String operation, CallerKind kind) {
        @Override
        public String toString() {
            return portType.service() + (portType.nsap() ? "@" + portType.tls().getPort() : "") + "." + operation + " as "
                    + kind;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-matrix");
        federation = Federation.start(new Federation.Options(Path.of("../..").toAbsolutePath().normalize(),
                Federation.Options.hsqldbFiles(data), false, BarSettings.defaults(), Duration.ofSeconds(3), Clock.systemUTC()));
        HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        CALLERS.put(CallerKind.ANONYMOUS, new Client(CallerKind.ANONYMOUS, plain, null, false));
        CALLERS.put(CallerKind.USER, new Client(CallerKind.USER, plain, basic("alice"), false));
        CALLERS.put(CallerKind.OPERATOR, new Client(CallerKind.OPERATOR, plain, basic("oscar"), false));
        CALLERS.put(CallerKind.ADMIN, new Client(CallerKind.ADMIN, plain, basic("ada"), false));
        CALLERS.put(CallerKind.PEER_BAR, new Client(CallerKind.PEER_BAR, tls("bar-site-b"), null, true));
        CALLERS.put(CallerKind.CONTROLLER, new Client(CallerKind.CONTROLLER, tls("lnsap-site-a"), null, true));
        CALLERS.put(CallerKind.SERVED_BAR, new Client(CallerKind.SERVED_BAR, tls("bar-site-a"), null, true));
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
    }

    static String basic(String account) {
        return "Basic " + java.util.Base64.getEncoder().encodeToString((account + ":" + DemoAccounts.password(account))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static HttpClient tls(String service) {
        var context = federation.certificates().client(service);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(TlsContexts.parameters(context)).build();
    }

    /** Site-a's BAR's port types, in plain HTTP for accounts and over TLS for services; site-a's L-NSAP and the NSAP. */
    static List<PortType> portTypes() {
        BarServer bar = federation.bar("site-a");
        URI tlsPeer = bar.tlsPeerUrl().orElseThrow();
        List<PortType> out = new ArrayList<>();
        Map<String, String> barServices = new LinkedHashMap<>();
        barServices.put(BarServer.SERVICE_NAME, BarServer.NAMESPACE);
        barServices.put(BarServer.PEER_SERVICE_NAME, BarServer.PEER_NAMESPACE);
        barServices.put(BarServer.ACCOUNT_SERVICE_NAME, BarServer.ACCOUNT_NAMESPACE);
        barServices.put(BarServer.OPERATOR_SERVICE_NAME, BarServer.OPERATOR_NAMESPACE);
        barServices.put(BarServer.MAINTENANCE_SERVICE_NAME, BarServer.MAINTENANCE_NAMESPACE);
        barServices.put(BarServer.AUDIT_SERVICE_NAME, BarServer.AUDIT_NAMESPACE);
        barServices.put(BarServer.NOTIFICATION_SERVICE_NAME, BarServer.NOTIFICATION_NAMESPACE);
        barServices.forEach((name, ns) -> out.add(new PortType(name, ns,
                URI.create(bar.serviceUrl().toString().replace(BarServer.SERVICE_NAME, name)),
                URI.create(tlsPeer.toString().replace(BarServer.PEER_SERVICE_NAME, name)), false)));
        for (var nsap : List.of(federation.lnsap("site-a"), federation.nsap())) {
            out.add(new PortType(NsapContract.SERVICE_NAME, NsapContract.NAMESPACE, nsap.serviceUrl(), nsap.serviceUrl(), true));
        }
        return out;
    }

    static final Pattern OPERATION = Pattern.compile("<wsdl:operation name=\"([A-Za-z]+)\"");

    /** The operations a served WSDL's port type declares. */
    static Set<String> operations(PortType p) throws Exception {
        HttpClient http = p.nsap() ? CALLERS.get(CallerKind.SERVED_BAR).http() : CALLERS.get(CallerKind.ANONYMOUS).http();
        String wsdl = http.send(HttpRequest.newBuilder(URI.create((p.nsap() ? p.tls() : p.plain()) + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String portType = wsdl.substring(wsdl.indexOf("<wsdl:portType"), wsdl.indexOf("</wsdl:portType>"));
        Set<String> names = new TreeSet<>();
        Matcher m = OPERATION.matcher(portType);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    static Stream<Cell> cells() throws Exception {
        List<Cell> out = new ArrayList<>();
        for (PortType p : portTypes()) {
            for (String operation : operations(p)) {
                for (CallerKind kind : CallerKind.values()) {
                    if (!p.nsap() && kind == CallerKind.SERVED_BAR) {
                        continue; // a BAR's certificate at another BAR is a peer's
                    }
                    out.add(new Cell(p, operation, kind));
                }
            }
        }
        return out.stream();
    }

    /**
     * {@code /metrics} and {@code /health} are outside the table on purpose (docs/metrics.md):
     * every caller reads them, without credentials on a plain port and with any certificate the
     * service trusts on a TLS-only one; and only by GET.
     */
    @Test
    void metricsAndHealthAnswerEveryCallerWithoutTheTableAndOnlyByGet() throws Exception {
        BarServer bar = federation.bar("site-a");
        for (Client caller : CALLERS.values()) {
            List<URI> services = caller.tls()
                    ? List.of(bar.tlsPeerUrl().orElseThrow(), federation.lnsap("site-a").serviceUrl(), federation.nsap().serviceUrl())
                    : List.of(bar.serviceUrl());
            for (URI service : services) {
                for (String path : List.of("/metrics", "/health")) {
                    HttpRequest.Builder get = HttpRequest.newBuilder(service.resolve(path));
                    if (caller.authorization() != null) {
                        get.header("Authorization", caller.authorization());
                    }
                    HttpResponse<String> answer = caller.http().send(get.build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, answer.statusCode(), caller.kind() + " GET " + service.resolve(path) + ": " + answer.body());
                    HttpResponse<String> post = caller.http().send(HttpRequest.newBuilder(service.resolve(path))
                            .POST(HttpRequest.BodyPublishers.ofString("")).build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(405, post.statusCode(), caller.kind() + " POST " + service.resolve(path));
                }
            }
        }
    }

    @Test
    void theTableHasARowForEveryOperationOfEveryPortTypeAndNoOther() throws Exception {
        Map<String, Set<String>> served = new LinkedHashMap<>();
        for (PortType p : portTypes()) {
            served.computeIfAbsent(p.service(), s -> new TreeSet<>()).addAll(operations(p));
        }
        // the JSON API's own operations (the browser's) have rows of their own; its others are the port types'
        for (JsonRoute r : jsonRoutes()) {
            if (r.access().startsWith(AccessTable.BROWSER_SERVICE + ".")) {
                served.computeIfAbsent(AccessTable.BROWSER_SERVICE, s -> new TreeSet<>())
                        .add(r.access().substring(AccessTable.BROWSER_SERVICE.length() + 1));
            }
        }
        Map<String, Set<String>> table = AccessTable.rows().keySet().stream().collect(Collectors.groupingBy(
                AccessTable.Operation::service, LinkedHashMap::new,
                Collectors.mapping(AccessTable.Operation::operation, Collectors.toCollection(TreeSet::new))));
        assertEquals(served, table);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void everyCallerGetsWhatTheTableDecides(Cell cell) throws Exception {
        Client client = CALLERS.get(cell.kind());
        URI endpoint = client.tls() ? cell.portType().tls() : cell.portType().plain();
        Expected expected = expected(cell);
        if (cell.portType().nsap() && !client.tls()) {
            // The L-NSAPs and the NSAP speak only TLS and require a client certificate: a caller
            // without one does not get past the handshake.
            HttpClient noCertificate = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .sslContext(trustOnly()).build();
            assertThrows(IOException.class, () -> post(new Client(client.kind(), noCertificate, client.authorization(), true),
                    cell.portType().tls(), cell.portType().namespace(), cell.operation()));
            return;
        }
        HttpResponse<String> answer = post(client, endpoint, cell.portType().namespace(), cell.operation());
        String code = answer.statusCode() == 401 ? "401" : MalformedRequests.text(answer.body(), "code");
        switch (expected) {
            case UNAUTHORISED -> assertEquals(401, answer.statusCode(), answer.body());
            case NOT_ALLOWED -> {
                assertEquals(500, answer.statusCode(), answer.body());
                assertEquals(MalformedRequests.CLIENT, MalformedRequests.faultCode(answer.body()), answer.body());
                assertEquals("NOT_ALLOWED", code, answer.body());
            }
            case ALLOWED -> {
                assertNotEquals(401, answer.statusCode(), answer.body());
                assertNotEquals("NOT_ALLOWED", code, answer.body());
                assertNotEquals("NOT_SIGNED_IN", code, answer.body());
            }
        }
    }

    // ---- the JSON API: the same table, walked over every route of the served OpenAPI document ----

    /** One operation of the JSON API: method, path, and the table row that decides it ({@code anyone} for none). */
    record JsonRoute(String method, String path, String access) {
    }

    /** One cell of the JSON API's matrix. */
    record JsonCell(JsonRoute route, CallerKind kind) {
        @Override
        public String toString() {
            return route.method() + " " + route.path() + " (" + route.access() + ") as " + kind;
        }
    }

    static List<JsonRoute> jsonRoutes() throws Exception {
        BarServer bar = federation.bar("site-a");
        String doc = CALLERS.get(CallerKind.ANONYMOUS).http().send(HttpRequest.newBuilder(URI.create(bar.apiUrl()
                + "/openapi.json")).build(), HttpResponse.BodyHandlers.ofString()).body();
        var paths = new com.fasterxml.jackson.databind.ObjectMapper().readTree(doc).get("paths");
        List<JsonRoute> out = new ArrayList<>();
        paths.fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> out.add(new JsonRoute(
                m.getKey().toUpperCase(java.util.Locale.ROOT), p.getKey(), m.getValue().get("x-crs-access").asText()))));
        return out;
    }

    static Stream<JsonCell> jsonCells() throws Exception {
        List<JsonCell> out = new ArrayList<>();
        for (JsonRoute r : jsonRoutes()) {
            for (CallerKind kind : CallerKind.values()) {
                if (kind != CallerKind.SERVED_BAR) {
                    out.add(new JsonCell(r, kind));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonCells")
    void everyCallerGetsWhatTheTableDecidesOverJson(JsonCell cell) throws Exception {
        Client client = CALLERS.get(cell.kind());
        BarServer bar = federation.bar("site-a");
        URI base = client.tls() ? bar.tlsPeerUrl().orElseThrow().resolve("/") : bar.apiUrl().resolve("/");
        String path = cell.route().path().replace("{requestId}", "matrix-none").replace("{name}", "matrix-none")
                .replace("{scope}", "WAN").replace("{id}", "0").replace("{token}", "matrix-none");
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path.substring(1)))
                .timeout(Duration.ofSeconds(20))
                .method(cell.route().method(), cell.route().method().equals("GET") || cell.route().method().equals("DELETE")
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString("{}"))
                .header("Content-Type", "application/json");
        if (client.authorization() != null) {
            request.header("Authorization", client.authorization());
        }
        // an event stream answers at once and stays open: its status is enough
        HttpResponse<java.io.InputStream> response = client.http().send(request.build(),
                HttpResponse.BodyHandlers.ofInputStream());
        String body;
        try (java.io.InputStream in = response.body()) {
            body = cell.route().path().equals("/api/events") && response.statusCode() == 200 ? ""
                    : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String code = body.contains("\"error\"") ? new com.fasterxml.jackson.databind.ObjectMapper().readTree(body)
                .path("error").path("code").asText() : "";
        if (cell.route().access().equals("anyone")) {
            assertNotEquals("NOT_ALLOWED", code, body);
            return;
        }
        int dot = cell.route().access().indexOf('.');
        Expected expected = expected(new Cell(new PortType(cell.route().access().substring(0, dot), "", base, base, false),
                cell.route().access().substring(dot + 1), cell.kind()));
        switch (expected) {
            case UNAUTHORISED -> {
                assertEquals(401, response.statusCode(), body);
                assertEquals("NOT_SIGNED_IN", code, body);
            }
            case NOT_ALLOWED -> {
                assertEquals(403, response.statusCode(), body);
                assertEquals("NOT_ALLOWED", code, body);
            }
            case ALLOWED -> {
                assertNotEquals(401, response.statusCode(), body);
                assertNotEquals("NOT_ALLOWED", code, body);
                assertNotEquals("NOT_SIGNED_IN", code, body);
                assertTrue(response.statusCode() < 500, body);
            }
        }
    }

    enum Expected { ALLOWED, NOT_ALLOWED, UNAUTHORISED }

    static Expected expected(Cell cell) {
        CallerKind kind = cell.kind();
        // (reassigned below for an L-NSAP or the NSAP, which knows its BARs only)
        if (kind == CallerKind.ANONYMOUS) {
            return Expected.UNAUTHORISED;
        }
        if (cell.portType().nsap()) {
            // It knows only its BARs, by certificate: site-a's BAR at both, site-b's at the NSAP only.
            boolean served = kind == CallerKind.SERVED_BAR
                    || (kind == CallerKind.PEER_BAR && cell.portType().tls().getPort() == federation.nsap().port());
            if (!served) {
                return Expected.UNAUTHORISED;
            }
            kind = CallerKind.SERVED_BAR;
        }
        Caller caller = switch (kind) {
            case USER -> new Caller.Account("alice", org.crs.domain.access.Role.USER, List.of());
            case OPERATOR -> new Caller.Account("oscar", org.crs.domain.access.Role.OPERATOR, List.of());
            case ADMIN -> new Caller.Account("ada", org.crs.domain.access.Role.ADMIN, List.of());
            case PEER_BAR -> new Caller.PeerBar("site-b", "");
            case CONTROLLER -> new Caller.Controller("lnsap-site-a", "");
            case SERVED_BAR -> new Caller.ServedBar("site-a", "");
            default -> new Caller.Anonymous();
        };
        return AccessTable.decide(caller, cell.portType().service(), cell.operation()) == Decision.ALLOWED
                ? Expected.ALLOWED : Expected.NOT_ALLOWED;
    }

    /** A TLS context that trusts the demo's authority and has no certificate of its own. */
    static SSLContext trustOnly() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(federation.certificates().trustStore())) {
            trust.load(in, DemoCertificates.PASSWORD.toCharArray());
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    static HttpResponse<String> post(Client client, URI endpoint, String namespace, String operation) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "urn:" + operation)
                .POST(HttpRequest.BodyPublishers.ofString(RawSoap.envelope("<n:" + operation + " xmlns:n=\"" + namespace
                        + "\"/>")));
        if (client.authorization() != null) {
            request.header("Authorization", client.authorization());
        }
        return client.http().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
