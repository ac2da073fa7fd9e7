package org.crs.demo.matrix;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.bar.server.NsiPublication;
import org.crs.demo.matrix.AuthorisationMatrix.Answer;
import org.crs.demo.matrix.AuthorisationMatrix.Role;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.NsiEnvelope;
import org.crs.nsi.contract.message.NsiFault;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Provision;
import org.crs.nsi.contract.message.QueryNotification;
import org.crs.nsi.contract.message.QueryNotificationSync;
import org.crs.nsi.contract.message.QueryRecursive;
import org.crs.nsi.contract.message.QueryResult;
import org.crs.nsi.contract.message.QueryResultSync;
import org.crs.nsi.contract.message.QuerySummary;
import org.crs.nsi.contract.message.QuerySummarySync;
import org.crs.nsi.contract.message.Release;
import org.crs.nsi.contract.message.Reserve;
import org.crs.nsi.contract.message.ReserveAbort;
import org.crs.nsi.contract.message.ReserveCommit;
import org.crs.nsi.contract.message.ReserveResponse;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.Terminate;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * The matrix's calls of site-a's NSI provider port ({@code ConnectionProvider}): each account
 * calls as the requester NSA mapped to it ({@link #publication}), on alice's connection where an
 * operation names one; services by certificate call as alice's NSA. A fault {@code 00203} (the
 * connection is not the caller's, so not shown to exist) is the matrix's {@code 404}; {@code 00302}
 * with the BAR's {@code NOT_ALLOWED} is the access table's refusal.
 */
public final class MatrixNsi {

    static final String PORT_TYPE = "ConnectionProvider";
    static final String PATH = "/NSI/services/ConnectionProvider";
    static final String PROVIDER = "urn:ogf:network:site-a.crs.example:2026:nsa";
    private static final Pattern OPERATION = Pattern.compile("<wsdl:operation name=\"([A-Za-z]+)\"");
    private static final Map<Role, String> ACCOUNTS = Map.of(Role.USER, "alice", Role.OTHER_USER, "bob", Role.MEMBER,
            "carol", Role.OPERATOR, "oscar", Role.ADMIN, "ada");

    private final String connectionId;

    private MatrixNsi(String connectionId) {
        this.connectionId = connectionId;
    }

    /** The requester NSA id of a demo account. */
    static String nsaOf(String account) {
        return "urn:ogf:network:" + account + ".matrix.example:2026:nsa";
    }

    /** Site-a's NSI publication for the matrix: every demo account mapped to its own requester NSA. */
    public static NsiPublication publication(java.nio.file.Path repository) throws Exception {
        SiteStps stps = SiteStps.of(CampusTopologyFile.load(repository.resolve("deploy/topology/site-a-campus.yaml")),
                new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of()));
        Map<String, String> requesters = new java.util.LinkedHashMap<>();
        ACCOUNTS.values().forEach(a -> requesters.put(nsaOf(a), a));
        return new NsiPublication(stps, Optional.empty(), new NsiRequesters(requesters));
    }

    /** Whether the BAR at {@code port} serves the provider port (its WSDL is there). */
    static boolean served(HttpClient http, URI port) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(port + "?wsdl")).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode() == 200;
    }

    /** The operations of the provider WSDL served at {@code port}. */
    static Set<String> operations(HttpClient http, URI port) throws Exception {
        String wsdl = http.send(HttpRequest.newBuilder(URI.create(port + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String portType = wsdl.substring(wsdl.indexOf("<wsdl:portType"), wsdl.indexOf("</wsdl:portType>"));
        Set<String> names = new TreeSet<>();
        Matcher m = OPERATION.matcher(portType);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Reserves alice's connection, the one the rows name: a hold far ahead, from host-a3 to host-a4. */
    static MatrixNsi start(HttpClient http, String aliceAuthorization, URI port) throws Exception {
        Instant start = Instant.now().plus(Duration.ofDays(2)).truncatedTo(ChronoUnit.HOURS);
        String network = "urn:ogf:network:site-a.crs.example:2026:topology:";
        Reserve reserve = Reserve.of(Optional.empty(), Optional.of("authorisation matrix"), new Criteria(Optional.empty(),
                Schedule.between(start, start.plus(Duration.ofHours(1))), Optional.empty(), Optional.of(P2ps.between(
                        Stp.parse(network + "host-a3"), Stp.parse(network + "host-a4"), 100))));
        HttpResponse<String> answer = post(http, aliceAuthorization, port, nsaOf("alice"), reserve);
        NsiEnvelope read = NsiXml.read(answer.body());
        if (!(read.body() instanceof ReserveResponse r)) {
            throw new IllegalStateException("alice's NSI connection was not reserved: " + answer.body());
        }
        return new MatrixNsi(r.connectionId());
    }

    /** Calls {@code operation} as {@code role} and says what it answered. */
    MatrixWalk.Observed call(String operation, Role role, HttpClient http, String authorization, URI port)
            throws Exception {
        String nsa = nsaOf(ACCOUNTS.getOrDefault(role, "alice"));
        return observed(post(http, authorization, port, nsa, message(operation)));
    }

    /**
     * What an NSI port answered, in the matrix's words: a fault {@code 00203} is {@code 404}, a
     * fault {@code 00302} carrying the BAR's {@code NOT_ALLOWED} the access table's refusal (naming
     * {@code providerNSA} at the requester port: the caller may send, but not as that provider).
     */
    static MatrixWalk.Observed observed(HttpResponse<String> answer) throws Exception {
        String evidence = answer.statusCode() + " " + answer.body();
        if (answer.statusCode() == 401) {
            return new MatrixWalk.Observed(Answer.UNAUTHORISED, evidence);
        }
        if (answer.statusCode() == 429) {
            return new MatrixWalk.Observed(Answer.THROTTLED, evidence);
        }
        NsiEnvelope read = NsiXml.read(answer.body());
        if (read.body() instanceof NsiFault fault) {
            if (fault.code() == NsiFault.Code.SERVER) {
                return new MatrixWalk.Observed(Answer.SERVER_ERROR, evidence);
            }
            if (fault.errorId() == NsiErrorId.RESERVATION_NONEXISTENT) {
                return new MatrixWalk.Observed(Answer.NOT_FOUND, evidence);
            }
            boolean table = fault.serviceException().map(e -> e.variables().getOrDefault("crsRefusalCode", List.of())
                    .contains("NOT_ALLOWED")).orElse(false);
            boolean providerNsa = fault.serviceException().map(e -> e.variables().getOrDefault("crsRefusalField",
                    List.of()).contains("providerNSA")).orElse(false);
            if (fault.errorId() == NsiErrorId.UNAUTHORIZED) {
                return new MatrixWalk.Observed(!table ? Answer.OTHER_REFUSAL
                        : providerNsa ? Answer.NOT_ALLOWED_PROVIDER_NSA : Answer.NOT_ALLOWED, evidence);
            }
        }
        return new MatrixWalk.Observed(Answer.OK, evidence);
    }

    /** The request of each operation: on alice's connection where it names one. */
    private NsiMessage message(String operation) {
        Instant start = Instant.now().plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.HOURS);
        return switch (operation) {
            // a reserve whose content is refused (an STP of no network here): whether it may be called is the question
            case "reserve" -> Reserve.of(Optional.empty(), Optional.empty(), new Criteria(Optional.empty(),
                    Schedule.between(start, start.plus(Duration.ofHours(1))), Optional.empty(), Optional.of(P2ps.between(
                            Stp.parse("urn:ogf:network:elsewhere.example:2026:topology:x"),
                            Stp.parse("urn:ogf:network:elsewhere.example:2026:topology:y"), 100))));
            case "reserveCommit" -> new ReserveCommit(connectionId);
            case "reserveAbort" -> new ReserveAbort(connectionId);
            case "provision" -> new Provision(connectionId);
            case "release" -> new Release(connectionId);
            case "terminate" -> new Terminate(connectionId);
            case "querySummary" -> QuerySummary.of(connectionId);
            case "querySummarySync" -> QuerySummarySync.of(connectionId);
            case "queryRecursive" -> QueryRecursive.of(connectionId);
            case "queryNotification" -> QueryNotification.all(connectionId);
            case "queryNotificationSync" -> QueryNotificationSync.all(connectionId);
            case "queryResult" -> QueryResult.all(connectionId);
            case "queryResultSync" -> QueryResultSync.all(connectionId);
            default -> throw new IllegalArgumentException("no NSI provider operation " + operation);
        };
    }

    private static HttpResponse<String> post(HttpClient http, String authorization, URI port, String requesterNsa,
                                             NsiMessage message) throws Exception {
        NsiOperation operation = NsiOperation.fromRequestElement(message.element()).orElseThrow();
        HttpRequest.Builder request = HttpRequest.newBuilder(port).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", operation.quotedSoapAction())
                .POST(HttpRequest.BodyPublishers.ofString(NsiXml.write(NsiHeader.toProvider(requesterNsa, PROVIDER,
                        Optional.empty()), message), StandardCharsets.UTF_8));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
