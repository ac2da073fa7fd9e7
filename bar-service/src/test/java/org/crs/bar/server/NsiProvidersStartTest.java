package org.crs.bar.server;

import static org.crs.bar.service.ReservationService.ITSELF;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.testing.FarNetworkPeer;
import org.crs.bar.testing.TestCallers;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.service.tls.CertificateAuthority;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BAR started from a configuration file with {@code nsi.providers}: it finds the far network's
 * provider from its NSA description, books the far part there first, and stops at start when the
 * provider's hand-off is not one of its campus.
 */
class NsiProvidersStartTest {

    @TempDir
    Path dir;
    BarServer server;
    final FarNetworkPeer farNetwork = new FarNetworkPeer();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        farNetwork.close();
    }

    Path configuration(String handOff) throws Exception {
        // The demo's campus has the hand-off to-domain-c on edge-a's TenGigabitEthernet2/2, VLANs 3000-3099.
        Files.writeString(dir.resolve("site-a-campus.yaml"), Files.readString(Path.of("../deploy/topology/site-a-campus.yaml")));
        Path file = dir.resolve("bar.yaml");
        Files.writeString(file, """
                name: bar-nsi-providers
                site: site-a
                listen: {host: 127.0.0.1, port: 0}
                database: {jdbcUrl: "jdbc:hsqldb:mem:bar-nsi-providers-%d"}
                campus: {url: http://127.0.0.1:9/services/NsapService}
                wan: {url: http://127.0.0.1:9/services/NsapService}
                callTimeout: 3s
                networkMap:
                  campuses: [site-a-campus.yaml]
                nsi:
                  domain: site-a.crs.example
                  year: 2026
                  name: CRS site-a
                  handOffs:
                    - {port: to-domain-c, alias: "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a",
                       peerNsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
                  providers:
                    - {site: domain-c, nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", discovery: "%s",
                       handOff: %s, resultWait: 300ms}
                """.formatted(System.nanoTime(), farNetwork.discoveryUrl(), handOff));
        return file;
    }

    @Test
    void aProviderWhoseHandOffTheCampusHasNotStopsTheBarNamingIt() throws Exception {
        BarServerConfig config = BarServerConfig.FILE.load(configuration("to-domain-x"));

        String message = assertThrows(IllegalArgumentException.class, () -> server = BarMain.start(config)).getMessage();

        assertTrue(message.startsWith("nsi.providers[0].handOff") && message.contains("to-domain-x"), message);
    }

    @Test
    void theProviderIsFoundFromItsDescriptionAndTheFarPartIsAbortedWhenTheCampusCannotBeHeld() throws Exception {
        server = BarMain.start(BarServerConfig.FILE.load(configuration("to-domain-c")));
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);

        Reservation r = server.service().create(TestCallers.user("alice"), new ReservationRequest("r1",
                Endpoint.parse("site-a:host-a1"), Endpoint.parse("domain-c:host-c1"), 100,
                new TimeInterval(start, start.plus(Duration.ofHours(1))), "test", false));

        assertEquals(ReservationState.REJECTED, server.service().get(ITSELF, r.requestId()).state());
        assertEquals(RefusalCode.PROVIDER_SILENT, r.refusalCode(), "this site's L-NSAP does not answer: " + r.reason());
        String connection = farNetwork.connectionOf("urn:crs:booking:site-a:r1:far").orElseThrow();
        assertTrue(farNetwork.requests.containsAll(java.util.List.of("reserve " + connection, "reserveAbort " + connection,
                "terminate " + connection)), farNetwork.requests.toString());
        assertEquals(org.crs.domain.nsi.LifecycleState.TERMINATED, farNetwork.states(connection).lifecycleState());
    }

    @Test
    void aProvidersOwnStoresAreWhatItsRequestsGoWith() throws Exception {
        CertificateAuthority farCa = CertificateAuthority.create("CN=Far CA,O=Far Network");
        Path stores = Files.createDirectories(dir.resolve("far-tls"));
        farCa.writeTrustStore(stores.resolve("trust.p12"), "far-password");
        farCa.issue("CN=bar-site-a,O=Far Network", stores.resolve("bar.p12"), "far-password");
        Path file = configuration("to-domain-c");
        Files.writeString(file, Files.readString(file).replace("handOff: to-domain-c, resultWait: 300ms}",
                "handOff: to-domain-c, resultWait: 300ms, tls: {keyStore: far-tls/bar.p12,"
                        + " keyStorePassword: far-password, trustStore: far-tls/trust.p12, trustStorePassword: far-password}}"));
        BarServerConfig config = BarServerConfig.FILE.load(file);

        NsiRequester requester = NsiRequesters.of(config, BarMain.nsiStps(config), true,
                org.crs.bar.adapter.nsi.NsaDescriptionReader::fetch).orElseThrow();

        assertEquals(java.util.Set.of("domain-c"), requester.providerTls().keySet());
        assertEquals(requester.providerTls().get("domain-c"), requester.tlsFor(requester.providers().get(0)).orElseThrow());
    }
}
