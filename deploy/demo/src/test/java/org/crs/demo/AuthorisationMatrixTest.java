package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.crs.bar.reservation.BarSettings;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.bar.server.BarServer;
import org.crs.domain.access.AccessTable;
import org.crs.demo.matrix.AuthorisationMatrix;
import org.crs.demo.matrix.AuthorisationMatrix.Answer;
import org.crs.demo.matrix.AuthorisationMatrix.Role;
import org.crs.demo.matrix.AuthorisationMatrix.Row;
import org.crs.demo.matrix.AuthorisationMatrix.Section;
import org.crs.demo.matrix.MatrixNsi;
import org.crs.demo.matrix.MatrixNsiRequester;
import org.crs.demo.matrix.MatrixWalk;
import org.crs.service.tls.TlsContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The authorisation matrix (src/test/resources/authorisation-matrix.md, written by hand from
 * docs/security.md), walked against the running federation: every caller against every
 * operation of every port type the BAR, an L-NSAP and the NSAP serve, and against every route of
 * the BAR's JSON API, each answering what its cell says. The matrix must list exactly the
 * operations the services serve, and state the same table as docs/security.md.
 *
 * <p>The cells of another site's BAR at the NSAP (a booking of site-a, asked by site-b's BAR)
 * are walked apart, in {@link #anotherSitesBarIsRefusedSiteAsBookingsAtTheNsap}.
 */
class AuthorisationMatrixTest {

    static Federation federation;
    /** The far networks site-a's BAR is the requester of: small NSI providers its health probes. */
    static final FarNetworkPeer domainC = new FarNetworkPeer();
    static final FarNetworkPeer domainD = new FarNetworkPeer();
    static AuthorisationMatrix matrix;
    static MatrixWalk walk;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("crs-matrix");
        Path repository = Path.of("../..").toAbsolutePath().normalize();
        federation = Federation.start(new Federation.Options(repository, Federation.Options.hsqldbFiles(data), false,
                BarSettings.defaults(), Duration.ofSeconds(15), Clock.systemUTC())
                .withNsi("site-a", MatrixNsi.publication(repository)));
        // site-a's BAR again, as the requester of two far networks too: its requester port has rows
        federation.stopBar("site-a");
        federation.startBar("site-a", AccessTable.standard(), Optional.of(MatrixNsiRequester.requester(
                domainC.providerUrl(), domainD.providerUrl())));
        matrix = AuthorisationMatrix.load();
        walk = MatrixWalk.start(federation);
    }

    @AfterAll
    static void stop() {
        if (federation != null) {
            federation.close();
        }
        domainC.close();
        domainD.close();
    }

    @Test
    void theMatrixListsEveryOperationTheServicesServeAndNoOther() throws Exception {
        Map<String, Set<String>> served = new TreeMap<>();
        for (Section section : walk.servedSections()) {
            served.put(section.toString(), walk.servedOperations(section));
        }
        Map<String, Set<String>> listed = new TreeMap<>();
        for (Row row : matrix.rows()) {
            listed.computeIfAbsent(row.section().toString(), s -> new TreeSet<>()).add(row.operation());
        }
        assertEquals(served, listed);
    }

    static Stream<Row> rows() throws Exception {
        return AuthorisationMatrix.load().rows().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyCallerGetsWhatTheMatrixSays(Row row) throws Exception {
        Set<Role> callers = EnumSet.allOf(Role.class);
        if (atAProvider(row)) {
            callers.remove(Role.OTHER_SERVED_BAR); // walked apart, below
        }
        List<MatrixWalk.Mismatch> differences = walk.differences(row, callers);
        assertTrue(differences.isEmpty(), () -> differences.stream().map(Object::toString)
                .collect(Collectors.joining("\n")));
    }

    static Stream<Row> rowsAtTheNsap() throws Exception {
        return rows().filter(r -> r.section().service().equals("nsap"));
    }

    /**
     * The NSAP serves every site's BAR; each acts only on its own site's bookings. Site-b's BAR
     * is refused every operation that names a booking of site-a, with NOT_ALLOWED naming
     * {@code bookingId}; the operations that name none (a query, availability, maintenance) run.
     * Walked apart from the rest: these cells hold only where the NSAP confines each BAR to the
     * bookings it made.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rowsAtTheNsap")
    void anotherSitesBarIsRefusedSiteAsBookingsAtTheNsap(Row row) throws Exception {
        List<MatrixWalk.Mismatch> differences = walk.differences(row, List.of(Role.OTHER_SERVED_BAR));
        assertTrue(differences.isEmpty(), () -> differences.stream().map(Object::toString)
                .collect(Collectors.joining("\n")));
    }

    private static boolean atAProvider(Row row) {
        return !row.section().service().startsWith("bar-");
    }

    // ---- the matrix and docs/security.md state the same table ----

    /** The callers docs/security.md's table names, as the matrix's columns. */
    static final Map<String, Set<Role>> DOCUMENTED_CALLERS = Map.of(
            "user", EnumSet.of(Role.USER, Role.OTHER_USER, Role.MEMBER),
            "operator", EnumSet.of(Role.OPERATOR),
            "admin", EnumSet.of(Role.ADMIN),
            "peer bar", EnumSet.of(Role.PEER_BAR, Role.OTHER_PEER_BAR),
            "controller", EnumSet.of(Role.CONTROLLER),
            "served bar", EnumSet.of(Role.SERVED_BAR, Role.OTHER_SERVED_BAR),
            "nsi provider", EnumSet.of(Role.NSI_PROVIDER, Role.OTHER_NSI_PROVIDER));

    /** The answers that say the access table lets the caller call the operation (whatever it then says of the content). */
    static final Set<Answer> LET_IN = EnumSet.of(Answer.OK, Answer.NOT_ALLOWED_REQUEST_ID, Answer.NOT_ALLOWED_BOOKING_ID,
            Answer.NOT_ALLOWED_PROVIDER_NSA, Answer.NOT_FOUND);

    /**
     * Every operation of docs/security.md's authorisation table has rows in the matrix and the
     * other way round, and in every row exactly the callers the document names are let in; a
     * JSON route counts for the table row it names.
     */
    @Test
    void securityMdStatesTheSameTableAsTheMatrix() throws Exception {
        Map<String, Set<Role>> documented = documentedTable();
        Map<String, Set<String>> where = new TreeMap<>();
        for (Row row : matrix.rows()) {
            String operation = row.section().json() ? row.access() : row.section().portType() + "." + row.operation();
            if (operation.equals("anyone")) {
                continue;
            }
            Set<Role> letIn = row.answers().entrySet().stream().filter(e -> LET_IN.contains(e.getValue()))
                    .map(Map.Entry::getKey).collect(Collectors.toCollection(() -> EnumSet.noneOf(Role.class)));
            // a caller that does not exist at a service says nothing about it
            Set<Role> absent = row.answers().entrySet().stream().filter(e -> e.getValue() == Answer.NO_SUCH_CALLER)
                    .map(Map.Entry::getKey).collect(Collectors.toSet());
            Set<Role> expected = EnumSet.noneOf(Role.class);
            expected.addAll(documented.getOrDefault(operation, Set.of()));
            expected.removeAll(absent);
            where.computeIfAbsent(operation, o -> new TreeSet<>()).add(row.toString());
            assertEquals(expected, letIn, row + ": docs/security.md lets in " + documented.get(operation));
        }
        assertEquals(documented.keySet(), where.keySet(), "the operations of docs/security.md's table and of the matrix");
    }

    private static final Pattern OPERATION = Pattern.compile("`([A-Za-z]+)`");

    /** docs/security.md's authorisation table: for every {@code PortType.operation}, the callers it lets in. */
    static Map<String, Set<Role>> documentedTable() throws Exception {
        String doc = Files.readString(Path.of("../../docs/security.md"), StandardCharsets.UTF_8);
        String section = doc.substring(doc.indexOf("## The authorisation table"));
        section = section.substring(0, section.indexOf("\n## ", 3));
        Map<String, Set<Role>> table = new LinkedHashMap<>();
        for (String line : section.split("\n")) {
            List<String> cells = Arrays.stream(line.split("\\|", -1)).map(String::trim).toList();
            if (cells.size() != 6 || cells.get(1).equals("Port type") || cells.get(1).startsWith("---")) {
                continue;
            }
            Set<Role> callers = EnumSet.noneOf(Role.class);
            for (String who : cells.get(2).split(",")) {
                Set<Role> roles = DOCUMENTED_CALLERS.get(who.trim());
                if (roles == null) {
                    throw new IllegalStateException("docs/security.md names a caller '" + who.trim() + "' the matrix has no column for");
                }
                callers.addAll(roles);
            }
            Matcher m = OPERATION.matcher(cells.get(4));
            while (m.find()) {
                table.put(cells.get(1) + "." + m.group(1), callers);
            }
        }
        return table;
    }

    // ---- outside the table ----

    /**
     * {@code /metrics} and {@code /health} are outside the table on purpose (docs/metrics.md):
     * every caller reads them, without credentials on a plain port and with any certificate the
     * service trusts on a TLS-only one; and only by GET.
     */
    @Test
    void metricsAndHealthAnswerEveryCallerWithoutTheTableAndOnlyByGet() throws Exception {
        BarServer bar = federation.bar("site-a");
        HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<URI> tlsServices = List.of(bar.tlsPeerUrl().orElseThrow(), federation.lnsap("site-a").serviceUrl(),
                federation.nsap().serviceUrl());
        Map<String, HttpClient> callers = new LinkedHashMap<>();
        callers.put("anonymous", plain);
        for (String service : List.of("bar-site-a", "bar-site-b", "lnsap-site-a", "lnsap-site-b")) {
            var context = federation.certificates().client(service);
            callers.put(service, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                    .sslParameters(TlsContexts.parameters(context)).build());
        }
        for (Map.Entry<String, HttpClient> caller : callers.entrySet()) {
            List<URI> services = caller.getKey().equals("anonymous") ? List.of(bar.serviceUrl()) : tlsServices;
            for (URI service : services) {
                for (String path : List.of("/metrics", "/health")) {
                    List<String> asWho = new ArrayList<>(List.of(""));
                    if (caller.getKey().equals("anonymous")) {
                        asWho.add("alice");
                    }
                    for (String account : asWho) {
                        HttpRequest.Builder get = HttpRequest.newBuilder(service.resolve(path));
                        if (!account.isEmpty()) {
                            get.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                                    (account + ":" + DemoAccounts.password(account)).getBytes(StandardCharsets.UTF_8)));
                        }
                        HttpResponse<String> answer = caller.getValue().send(get.build(), HttpResponse.BodyHandlers.ofString());
                        assertEquals(200, answer.statusCode(), caller.getKey() + account + " GET " + service.resolve(path));
                    }
                    HttpResponse<String> post = caller.getValue().send(HttpRequest.newBuilder(service.resolve(path))
                            .POST(HttpRequest.BodyPublishers.ofString("")).build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(405, post.statusCode(), caller.getKey() + " POST " + service.resolve(path));
                }
            }
        }
    }
}
