package org.crs.demo.matrix;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.adapter.nsi.FarProvider;
import org.crs.bar.server.NsiRequester;
import org.crs.demo.DemoCertificates;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.domain.nsi.Stp;
import org.crs.nsi.contract.NsiOperation;
import org.crs.nsi.contract.NsiPort;
import org.crs.nsi.contract.message.ConnectionStates;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.ErrorEvent;
import org.crs.nsi.contract.message.ErrorEventKind;
import org.crs.nsi.contract.message.ErrorMessage;
import org.crs.nsi.contract.message.MessageDeliveryTimeout;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.NsiMessage;
import org.crs.nsi.contract.message.ProvisionConfirmed;
import org.crs.nsi.contract.message.QueryNotificationConfirmed;
import org.crs.nsi.contract.message.QueryRecursiveConfirmed;
import org.crs.nsi.contract.message.QueryResultConfirmed;
import org.crs.nsi.contract.message.QuerySummaryConfirmed;
import org.crs.nsi.contract.message.ReleaseConfirmed;
import org.crs.nsi.contract.message.ReserveAbortConfirmed;
import org.crs.nsi.contract.message.ReserveCommitConfirmed;
import org.crs.nsi.contract.message.ReserveCommitFailed;
import org.crs.nsi.contract.message.ReserveConfirmed;
import org.crs.nsi.contract.message.ReserveFailed;
import org.crs.nsi.contract.message.ReserveTimeout;
import org.crs.nsi.contract.message.Criteria;
import org.crs.nsi.contract.message.P2ps;
import org.crs.nsi.contract.message.Schedule;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.nsi.contract.message.TerminateConfirmed;
import org.crs.nsi.contract.xml.NsiSchemas;
import org.crs.nsi.contract.xml.NsiXml;

/**
 * The matrix's calls of site-a's NSI requester port ({@code ConnectionRequester}), where the far
 * networks' providers send results and notifications. Site-a's BAR is the requester of two far
 * networks ({@link #requester}), domain-c and domain-d, each configured with the subject of its
 * certificate. Every caller sends each message as domain-c (its {@code providerNSA}) about a
 * connection site-a's BAR does not hold: the {@code NSI provider} column with domain-c's
 * certificate, the {@code other NSI provider} with domain-d's.
 */
public final class MatrixNsiRequester {

    static final String PORT_TYPE = "ConnectionRequester";
    static final String PATH = "/NSI/services/ConnectionRequester";
    static final String DOMAIN_C = "urn:ogf:network:domain-c.matrix.example:2026:nsa";
    static final String DOMAIN_D = "urn:ogf:network:domain-d.matrix.example:2026:nsa";
    static final String DOMAIN_C_SUBJECT = "CN=nsi-domain-c,OU=Providers,O=Demo";
    static final String DOMAIN_D_SUBJECT = "CN=nsi-domain-d,OU=Providers,O=Demo";
    private static final String CONNECTION = "matrix-none";
    private static final String EVTS = "http://services.ogf.org/nsi/2013/12/descriptions/EVTS.A-GOLE";
    private static final Pattern OPERATION = Pattern.compile("<wsdl:operation name=\"([A-Za-z]+)\"");

    private MatrixNsiRequester() {
    }

    /**
     * Site-a's BAR as the requester of domain-c and domain-d, each known by its certificate's
     * subject, their provider ports at {@code domainC} and {@code domainD} (small NSI providers on
     * 127.0.0.1, {@code FarNetworkPeer}: the BAR's health probes them; the matrix books nothing there).
     */
    public static NsiRequester requester(URI domainC, URI domainD) {
        Duration timeout = Duration.ofSeconds(10);
        List<FarProvider> providers = List.of(
                provider("domain-c", DOMAIN_C, DOMAIN_C_SUBJECT, "to-domain-c", domainC, timeout),
                provider("domain-d", DOMAIN_D, DOMAIN_D_SUBJECT, "to-domain-d", domainD, timeout));
        return new NsiRequester(MatrixNsi.PROVIDER, providers, Optional.empty(), Optional.empty());
    }

    private static FarProvider provider(String site, String nsa, String subject, String handOff, URI url,
                                        Duration timeout) {
        String network = nsa.substring(0, nsa.length() - ":nsa".length()) + ":topology";
        return new FarProvider(site, nsa, url, network, handOff, Stp.parse(network + ":to-site-a?vlan=3000-3009"),
                Optional.of(new X500Principal(subject)), timeout, Duration.ofSeconds(1), timeout);
    }

    /** A client presenting a far network's certificate ({@link #DOMAIN_C_SUBJECT}, ...) of the demo's authority. */
    static HttpClient client(DemoCertificates certificates, String subject, Path folder) {
        var context = certificates.issueClient(subject, folder);
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(context)
                .sslParameters(org.crs.service.tls.TlsContexts.parameters(context)).connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /** Whether the BAR at {@code port} serves the requester port (it answers a GET with 405, not 404). */
    static boolean served(HttpClient http, URI port) throws Exception {
        return http.send(HttpRequest.newBuilder(port).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 405;
    }

    /** The operations of NSI's requester WSDL: every message the port reads. */
    static Set<String> operations() throws Exception {
        String wsdl;
        try (InputStream in = NsiSchemas.wsdl(NsiPort.REQUESTER).openStream()) {
            wsdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String portType = wsdl.substring(wsdl.indexOf("<wsdl:portType"), wsdl.indexOf("</wsdl:portType>"));
        Set<String> names = new TreeSet<>();
        Matcher m = OPERATION.matcher(portType);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Sends {@code operation}'s message as domain-c and says what the port answered. */
    static MatrixWalk.Observed call(String operation, HttpClient http, String authorization, URI port) throws Exception {
        NsiMessage message = message(operation);
        HttpRequest.Builder request = HttpRequest.newBuilder(port).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", NsiOperation.fromRequestElement(message.element()).orElseThrow().quotedSoapAction())
                .POST(HttpRequest.BodyPublishers.ofString(NsiXml.write(NsiHeader.toRequester(MatrixNsi.PROVIDER, DOMAIN_C,
                        NsiHeader.newCorrelationId()), message), StandardCharsets.UTF_8));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return MatrixNsi.observed(http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
    }

    /** Each operation's message, about a connection site-a's BAR does not hold at domain-c. */
    private static NsiMessage message(String operation) {
        Instant now = Instant.now();
        ConnectionStates states = new ConnectionStates(NsiReservationState.RESERVE_FAILED, ProvisionState.RELEASED,
                LifecycleState.CREATED, new DataPlaneStatus(false, 0, true));
        ServiceExceptionInfo why = ServiceExceptionInfo.of(DOMAIN_C, NsiErrorId.STP_UNAVAILABLE, "in use")
                .withConnectionId(CONNECTION);
        String network = "urn:ogf:network:domain-c.matrix.example:2026:topology";
        Criteria criteria = new Criteria(Optional.of(1), Schedule.between(now.plus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(1)).plus(Duration.ofHours(1))), Optional.of(EVTS), Optional.of(P2ps.between(
                Stp.parse(network + ":to-site-a?vlan=3000"), Stp.parse(network + ":host-c1"), 100)));
        return switch (operation) {
            case "reserveConfirmed" -> new ReserveConfirmed(CONNECTION, Optional.empty(), Optional.empty(), criteria);
            case "reserveFailed" -> new ReserveFailed(CONNECTION, states, why);
            case "reserveCommitConfirmed" -> new ReserveCommitConfirmed(CONNECTION);
            case "reserveCommitFailed" -> new ReserveCommitFailed(CONNECTION, states, why);
            case "reserveAbortConfirmed" -> new ReserveAbortConfirmed(CONNECTION);
            case "provisionConfirmed" -> new ProvisionConfirmed(CONNECTION);
            case "releaseConfirmed" -> new ReleaseConfirmed(CONNECTION);
            case "terminateConfirmed" -> new TerminateConfirmed(CONNECTION);
            case "querySummaryConfirmed" -> new QuerySummaryConfirmed(List.of());
            case "queryRecursiveConfirmed" -> new QueryRecursiveConfirmed(List.of());
            case "queryNotificationConfirmed" -> new QueryNotificationConfirmed(List.of());
            case "queryResultConfirmed" -> new QueryResultConfirmed(List.of());
            case "error" -> new ErrorMessage(why);
            case "errorEvent" -> new ErrorEvent(CONNECTION, 1, now, ErrorEventKind.FORCED_END, CONNECTION, DOMAIN_C,
                    Map.of(), Optional.empty());
            case "dataPlaneStateChange" -> new DataPlaneStateChange(CONNECTION, 1, now, new DataPlaneStatus(false, 0, true));
            case "reserveTimeout" -> new ReserveTimeout(CONNECTION, 1, now, 120, CONNECTION, DOMAIN_C);
            case "messageDeliveryTimeout" -> new MessageDeliveryTimeout(CONNECTION, 1, now, NsiHeader.newCorrelationId());
            default -> throw new IllegalArgumentException("no NSI requester operation " + operation);
        };
    }
}
