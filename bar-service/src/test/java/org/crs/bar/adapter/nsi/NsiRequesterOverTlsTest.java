package org.crs.bar.adapter.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.net.ssl.SSLContext;

import org.crs.bar.port.Site;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.server.BarServer;
import org.crs.bar.server.NsiRequester;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.bar.testing.ScriptedController;
import org.crs.bar.testing.TestCallers;
import org.crs.bar.testing.TestCertificates;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.nsi.NsiErrorId;
import org.crs.domain.nsi.Stp;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsi.contract.client.NsiClient;
import org.crs.nsi.contract.client.NsiFaultException;
import org.crs.nsi.contract.message.DataPlaneStateChange;
import org.crs.nsi.contract.message.DataPlaneStatus;
import org.crs.nsi.contract.message.NsiHeader;
import org.crs.nsi.contract.message.ServiceExceptionInfo;
import org.crs.service.server.ServerConfig;
import org.crs.service.tls.ClientAuth;
import org.crs.service.tls.ServerTls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The requester port over TLS: a far network's provider configured with the subject of its
 * certificate ({@code nsi.providers[].subject}) sends its results to the BAR's {@code https}
 * replyTo with that certificate, and only so. The BAR (TLS beside plain HTTP, asking for client
 * certificates), its NSI segment controller and its requester port are real; the far network is
 * {@link FarNetworkPeer}; this site's L-NSAP the scripted controller.
 */
class NsiRequesterOverTlsTest {

    static final String SITE_A_NSA = "urn:ogf:network:site-a.crs.example:2026:nsa";
    static final TestCertificates CERTIFICATES = TestCertificates.authority("nsi-requester-tls");

    final FarNetworkPeer farNetwork = new FarNetworkPeer();
    final ScriptedController campus = new ScriptedController("lnsap-site-a", List.of("host-a1", "to-domain-c", "site-a"));
    final ScriptedController wan = new ScriptedController("nsap", List.of("site-a", "site-b"));
    BarServer bar;

    @BeforeEach
    void start() throws Exception {
        // results are waited for longer than a test takes, so a booking is confirmed by callbacks only
        Duration wait = Duration.ofSeconds(30);
        FarProvider provider = new FarProvider("domain-c", FarNetworkPeer.NSA, farNetwork.providerUrl(),
                FarNetworkPeer.NETWORK, "to-domain-c", Stp.parse(FarNetworkPeer.NETWORK + ":to-site-a?vlan=3000-3099"),
                Optional.of(CERTIFICATES.subject("nsi-domain-c")), wait, wait, wait);
        bar = BarServer.start(new ServerConfig("bar-nsi-tls", "jdbc:hsqldb:mem:bar-nsi-tls-" + System.nanoTime(), "SA", "",
                        "127.0.0.1", 0, false).withTls(ServerTls.besidePlain(CERTIFICATES.settings("bar-site-a",
                        ClientAuth.OPTIONAL), 0)), new Site("site-a", campus, wan, Map.of()),
                BarSettings.defaults().withMinimumDuration(Duration.ofSeconds(1)), Clock.systemUTC(),
                BarServer.Options.defaults("bar-nsi-tls").withNsiRequester(Optional.of(new NsiRequester(SITE_A_NSA,
                        List.of(provider), Optional.empty(), Optional.empty()))));
    }

    @AfterEach
    void stop() {
        if (bar != null) {
            bar.close();
        }
        farNetwork.close();
    }

    Reservation book(String id) throws Exception {
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
        return bar.service().create(TestCallers.user("alice"), new ReservationRequest(id, Endpoint.parse("site-a:host-a1"),
                Endpoint.parse("domain-c:host-c1"), 500, new TimeInterval(start, start.plus(Duration.ofHours(1))), "test",
                false));
    }

    URI tlsRequesterPort() {
        return URI.create("https://127.0.0.1:" + bar.tlsPort().orElseThrow() + "/NSI/services/ConnectionRequester");
    }

    /** Sends a dataPlaneStateChange as the configured provider over {@code port} with {@code tls} (null: none). */
    NsiFaultException refusalOf(URI port, SSLContext tls) {
        try (NsiClient client = new NsiClient(port, Duration.ofSeconds(5), tls)) {
            return assertThrows(NsiFaultException.class, () -> client.send(NsiHeader.toRequester(SITE_A_NSA,
                    FarNetworkPeer.NSA, NsiHeader.newCorrelationId()), new DataPlaneStateChange("c-1", 1, Instant.now(),
                    new DataPlaneStatus(false, 0, true))));
        }
    }

    /**
     * The results the far network had acknowledged once it has {@code count} of them (or after five
     * seconds): it learns of an acknowledgment after the BAR has taken the result.
     */
    List<String> acknowledged(int count) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(5);
        while (farNetwork.acknowledged.size() < count && Instant.now().isBefore(deadline)) {
            Thread.sleep(20);
        }
        return List.copyOf(farNetwork.acknowledged);
    }

    static List<String> barCode(NsiFaultException e) {
        return e.fault().serviceException().map(ServiceExceptionInfo::variables)
                .map(v -> v.getOrDefault("crsRefusalCode", List.of())).orElse(List.of());
    }

    @Test
    void theFarNetworksResultsComeOverTlsWithItsCertificateAndConfirmTheBooking() throws Exception {
        farNetwork.callbackTls = CERTIFICATES.client("nsi-domain-c");

        Reservation r = book("r1");

        assertEquals(ReservationState.RESERVED, r.state(), r.reason());
        assertEquals(SegmentState.COMMITTED, r.segment(SegmentRole.FAR_NETWORK).state());
        assertEquals(List.of("reserveConfirmed", "reserveCommitConfirmed"), acknowledged(2));
        assertTrue(farNetwork.requests.stream().noneMatch(q -> q.startsWith("querySummarySync")), farNetwork.requests
                .toString());
    }

    @Test
    void theConfiguredProvidersNsaWithoutItsCertificateIsNotSignedIn() {
        NsiFaultException e = refusalOf(bar.serviceUrl().resolve("/NSI/services/ConnectionRequester"), null);

        assertEquals(NsiErrorId.UNAUTHORIZED, e.errorId());
        assertEquals(List.of("NOT_SIGNED_IN"), barCode(e));
    }

    @Test
    void theConfiguredProvidersNsaWithACertificateNobodyIsConfiguredWithIsNotSignedIn() {
        NsiFaultException e = refusalOf(tlsRequesterPort(), CERTIFICATES.client("nsi-stranger"));

        assertEquals(NsiErrorId.UNAUTHORIZED, e.errorId());
        assertEquals(List.of("NOT_SIGNED_IN"), barCode(e));
    }

    @Test
    void theProviderWithItsCertificateAboutAConnectionTheBarDoesNotHoldIsToldSo() {
        NsiFaultException e = refusalOf(tlsRequesterPort(), CERTIFICATES.client("nsi-domain-c"));

        assertEquals(NsiErrorId.RESERVATION_NONEXISTENT, e.errorId());
    }
}
