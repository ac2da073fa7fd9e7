package org.crs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javax.security.auth.x500.X500Principal;

import org.crs.bar.server.BarMain;
import org.crs.bar.server.BarServerConfig;
import org.crs.bar.server.NsiConfig;
import org.crs.bar.port.Site;
import org.crs.nsap.server.NsapLauncher;
import org.crs.nsap.server.NsapServer;
import org.crs.nsap.server.NsapServerConfig;
import org.crs.service.tls.CertificateAuthority;
import org.crs.service.tls.ClientCertificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The configuration files the project ships (deploy/config for the demo's services run standalone,
 * deploy/config/production for a real site), read by the services' own loaders: every client a
 * service calls another service with (a BAR's L-NSAP, NSAP and peers; an L-NSAP's or the NSAP's
 * BARs, asked by the orphan sweep) calls an {@code https://} URL with the service's own
 * certificate, and the called service's file names that certificate's subject as the caller it
 * answers. The stores are made for the test, with the subjects the files expect.
 */
class ShippedConfigurationsCallWithCertificatesTest {

    static final Path CONFIG = Path.of("../config").toAbsolutePath().normalize();
    static final List<String> SITES = List.of("site-a", "site-b");

    static Path demoCertificates;
    static Path productionCertificates;

    @BeforeAll
    static void certificates() throws Exception {
        DemoCertificates demo = DemoCertificates.inFolder(Files.createTempDirectory("shipped-demo-certificates"));
        demo.domainC();
        demoCertificates = demo.folder();
        productionCertificates = Files.createTempDirectory("shipped-production-certificates");
        CertificateAuthority ca = CertificateAuthority.create("CN=CRS CA,OU=CRS,O=Example Research Network");
        ca.writeTrustStore(productionCertificates.resolve("trust.p12"), "store-password");
        for (String service : DemoCertificates.SERVICES) {
            ca.issue("CN=" + service + ",OU=CRS,O=Example Research Network", productionCertificates.resolve(service + ".p12"),
                    "store-password");
        }
    }

    @Test
    void everyCallBetweenTheDemoSamplesGoesOverHttpsWithACertificateTheCalledServiceKnows() throws Exception {
        Map<String, BarServerConfig> bars = new LinkedHashMap<>();
        SITES.forEach(site -> bars.put(site, demoBar(site)));
        Map<String, NsapServerConfig> holders = new LinkedHashMap<>();
        for (String name : List.of("lnsap-site-a", "lnsap-site-b", "nsap")) {
            holders.put(name, demoHolder(name));
        }

        for (String site : SITES) {
            BarServerConfig bar = bars.get(site);
            X500Principal caller = callsAs(bar.basics().tls().orElseThrow().settings());
            assertEquals(new X500Principal("CN=bar-" + site + ",OU=CRS,O=Demo"), caller);
            NsapServerConfig lnsap = holders.get("lnsap-" + site);
            NsapServerConfig nsap = holders.get("nsap");
            assertCalledOverHttpsAt(bar.campus(), lnsap.basics().port());
            assertEquals(caller, servedAs(lnsap, site), "lnsap-" + site + " answers " + site + "'s BAR by its certificate");
            assertCalledOverHttpsAt(bar.wan().orElseThrow(), nsap.basics().port());
            assertEquals(caller, servedAs(nsap, site), "the NSAP answers " + site + "'s BAR by its certificate");
            bar.peers().forEach((peerSite, url) -> {
                BarServerConfig peer = bars.get(peerSite);
                assertCalledOverHttpsAt(url, peer.basics().tls().orElseThrow().port().getAsInt());
                assertEquals(caller, peer.subjects().peers().get(site), peerSite + "'s BAR knows " + site + "'s by its certificate");
            });
            assertFalse(bar.peers().isEmpty(), site);
            // The clients the BAR's main makes of the file: its L-NSAP, the NSAP and a peer per site.
            try (Site clients = BarMain.site(bar)) {
                assertEquals(bar.peers().keySet(), clients.peers().keySet());
            }
        }
        for (Map.Entry<String, NsapServerConfig> e : holders.entrySet()) {
            NsapServerConfig holder = e.getValue();
            X500Principal caller = callsAs(holder.basics().tls().orElseThrow().settings());
            assertEquals(new X500Principal("CN=" + e.getKey() + ",OU=CRS,O=Demo"), caller);
            assertFalse(holder.bars().isEmpty(), e.getKey() + " runs an orphan sweep");
            for (NsapServerConfig.Bar b : holder.bars()) {
                BarServerConfig bar = bars.get(b.site());
                assertCalledOverHttpsAt(b.url(), bar.basics().tls().orElseThrow().port().getAsInt());
                X500Principal known = e.getKey().equals("nsap") ? bar.subjects().wan().orElseThrow()
                        : bar.subjects().campus().orElseThrow();
                assertEquals(caller, known, b.site() + "'s BAR answers " + e.getKey() + "'s orphan questions by its certificate");
            }
            // The orphan sweep's client the main makes of the file.
            NsapServer.Upkeep upkeep = NsapLauncher.upkeep(holder);
            assertTrue(upkeep.owners().isPresent(), e.getKey());
            if (upkeep.owners().get() instanceof AutoCloseable client) {
                client.close();
            }
        }
    }

    @Test
    void domainCsSamplesCallEachOtherOverHttpsAndSiteAsBarCallsItsProviderTrustingItsCaAlone() throws Exception {
        BarServerConfig bar = BarServerConfig.FILE.parse(demo("bar-domain-c"), CONFIG, name -> null);
        NsapServerConfig lnsap = demoHolder("lnsap-domain-c");
        X500Principal barSubject = callsAs(bar.basics().tls().orElseThrow().settings());
        assertEquals(new X500Principal("CN=bar-domain-c,OU=CRS,O=Domain C"), barSubject);
        assertCalledOverHttpsAt(bar.campus(), lnsap.basics().port());
        assertEquals(barSubject, servedAs(lnsap, "domain-c"), "domain-c's L-NSAP answers its BAR by its certificate");
        assertCalledOverHttpsAt(lnsap.bars().get(0).url(), bar.basics().tls().orElseThrow().port().getAsInt());
        assertEquals(callsAs(lnsap.basics().tls().orElseThrow().settings()), bar.subjects().campus().orElseThrow());
        assertTrue(bar.wan().isEmpty() && bar.peers().isEmpty(), "no WAN, no peer: NSI is domain-c's only link");

        BarServerConfig siteA = demoBar("site-a");
        NsiConfig.ProviderConfig provider = siteA.nsi().orElseThrow().providers().get(0);
        assertCalledOverHttpsAt(provider.providerUrl().orElseThrow(), bar.basics().tls().orElseThrow().port().getAsInt());
        org.crs.service.tls.TlsSettings towards = provider.tls().orElseThrow();
        X500Principal siteABar = callsAs(towards);
        assertEquals(new X500Principal("CN=bar-site-a,OU=CRS,O=Demo"), siteABar);
        assertEquals(List.of(new X500Principal(DemoCertificates.DOMAIN_C_CA_SUBJECT)), authorities(towards),
                "site-a's BAR trusts domain-c's CA toward its provider, and nothing else there");
        assertEquals(List.of(new X500Principal(DemoCertificates.CA_SUBJECT)), authorities(siteA.basics().tls().orElseThrow()
                .settings()), "site-a's own TLS port trusts the federation's CA alone");
        assertEquals(List.of(new X500Principal(DemoCertificates.CA_SUBJECT),
                new X500Principal(DemoCertificates.DOMAIN_C_CA_SUBJECT)), authorities(bar.basics().tls().orElseThrow()
                .settings()), "domain-c's BAR takes site-a's BAR's certificate and calls it back");
        assertEquals(List.of(new X500Principal(DemoCertificates.DOMAIN_C_CA_SUBJECT)), authorities(lnsap.basics().tls()
                .orElseThrow().settings()), "domain-c's L-NSAP trusts its own CA alone");
        assertTrue(bar.nsi().orElseThrow().requesters().allows("site-a", siteA.nsi().orElseThrow().network().nsaId()),
                "site-a's BAR acts as its NSA id through the account site-a");
        // The files name the two domains as the demo's NsiDomain does.
        assertEquals(List.of(NsiDomain.SITE_A_NSA, NsiDomain.NSA, NsiDomain.NETWORK, NsiDomain.NSA),
                List.of(siteA.nsi().orElseThrow().network().nsaId(), provider.nsa(), provider.network().orElseThrow(),
                        bar.nsi().orElseThrow().network().nsaId()));
    }

    /** The subjects of the authorities a trust store holds, sorted by name. */
    static List<X500Principal> authorities(org.crs.service.tls.TlsSettings settings) throws Exception {
        java.security.KeyStore store = org.crs.service.tls.TlsContexts.load(settings.trustStore(),
                settings.trustStorePassword(), "trustStore");
        List<X500Principal> subjects = new java.util.ArrayList<>();
        for (String alias : java.util.Collections.list(store.aliases())) {
            subjects.add(((java.security.cert.X509Certificate) store.getCertificate(alias)).getSubjectX500Principal());
        }
        subjects.sort(java.util.Comparator.comparing(X500Principal::getName));
        return subjects;
    }

    @Test
    void everyCallBetweenTheProductionSamplesGoesOverHttpsWithACertificateTheCalledServiceKnows() throws Exception {
        BarServerConfig bar = BarServerConfig.FILE.parse(production("bar-site-a"), CONFIG.resolve("production"), environment());
        NsapServerConfig lnsap = NsapServerConfig.FILE.parse(production("lnsap-site-a"), CONFIG.resolve("production"),
                environment());
        NsapServerConfig nsap = NsapServerConfig.FILE.parse(production("nsap"), CONFIG.resolve("production"), environment());

        X500Principal barSubject = callsAs(bar.basics().tls().orElseThrow().settings());
        assertEquals(List.of("https", "https", "https"), List.of(bar.campus().getScheme(), bar.wan().orElseThrow().getScheme(),
                bar.peers().get("site-b").getScheme()));
        assertEquals(barSubject, servedAs(lnsap, "site-a"));
        assertEquals(barSubject, servedAs(nsap, "site-a"));
        assertEquals(callsAs(lnsap.basics().tls().orElseThrow().settings()), bar.subjects().campus().orElseThrow());
        assertEquals(callsAs(nsap.basics().tls().orElseThrow().settings()), bar.subjects().wan().orElseThrow());
        for (NsapServerConfig holder : List.of(lnsap, nsap)) {
            assertFalse(holder.bars().isEmpty(), holder.name() + " runs an orphan sweep");
            assertTrue(holder.bars().stream().allMatch(b -> b.url().getScheme().equals("https")), holder.bars().toString());
        }
        assertEquals(lnsap.bars().get(0).url(), nsap.bars().get(0).url(), "both ask site-a's BAR at the same address");
    }

    // ---- reading ----

    static BarServerConfig demoBar(String site) {
        return BarServerConfig.FILE.parse(demo("bar-" + site), CONFIG, name -> null);
    }

    static NsapServerConfig demoHolder(String name) {
        return NsapServerConfig.FILE.parse(demo(name), CONFIG, variable -> null);
    }

    /** A file of deploy/config, its stores those made for the test. */
    static String demo(String name) {
        try {
            return Files.readString(CONFIG.resolve(name + ".yaml"))
                    .replace("../../target/crs-demo/certificates/", demoCertificates + "/");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A file of deploy/config/production, its /etc/crs/ files those of this repository and of the test. */
    static String production(String name) throws Exception {
        return Files.readString(CONFIG.resolve("production").resolve(name + ".yaml"))
                .replace("/etc/crs/tls/", productionCertificates + "/")
                .replace("/etc/crs/topology/", CONFIG.resolveSibling("topology") + "/")
                .replace("/etc/crs/routers.yaml", CONFIG.resolve("routers-demo.yaml").toString());
    }

    static Function<String, String> environment() {
        return Map.of("CRS_BAR_DB_PASSWORD", "db-secret", "CRS_LNSAP_DB_PASSWORD", "db-secret",
                "CRS_NSAP_DB_PASSWORD", "db-secret", "CRS_TLS_KEYSTORE_PASSWORD", "store-password",
                "CRS_TLS_TRUSTSTORE_PASSWORD", "store-password")::get;
    }

    // ---- what is checked ----

    /** The subject of the certificate a service presents when it calls the others. */
    static X500Principal callsAs(org.crs.service.tls.TlsSettings settings) {
        return ClientCertificate.subject(settings);
    }

    /** The subject an L-NSAP or the NSAP answers as the BAR of {@code site}. */
    static X500Principal servedAs(NsapServerConfig holder, String site) {
        return holder.bars().stream().filter(b -> b.site().equals(site)).findFirst().orElseThrow().subject().orElseThrow();
    }

    static void assertCalledOverHttpsAt(URI url, int port) {
        assertEquals("https", url.getScheme(), url.toString());
        assertEquals(port, url.getPort(), url.toString());
    }
}
