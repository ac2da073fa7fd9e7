package org.crs.bar.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.nsi.NsiRequesters;
import org.crs.bar.nsi.topology.HandOffPeer;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.domain.nsi.Stp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The BAR's optional {@code nsi} section ({@link NsiConfig}). */
class NsiConfigTest {

    static final String NSI = """
            nsi:
              domain: site-a.crs.example
              year: 2026
              name: CRS site-a
              handOffs:
                - {port: to-domain-c, alias: "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a",
                   peerNsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
            """;

    @TempDir
    Path dir;

    BarServerConfig parse(String yaml) {
        return BarServerConfig.FILE.parse(yaml, dir, BarServerConfigTest.env(BarServerConfigTest.ENV));
    }

    String refusal(String yaml) {
        return assertThrows(IllegalArgumentException.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void everyKeyOfTheSectionIsRead() {
        NsiConfig nsi = parse(BarServerConfigTest.GOOD + NSI + "  url: https://crs.site-a.example.org:8443\n").nsi().orElseThrow();

        assertEquals(new NsiNetwork("site-a.crs.example", 2026, "CRS site-a", List.of(new HandOffPeer("to-domain-c",
                Stp.parse("urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a"),
                "urn:ogf:network:domain-c.crs.example:2026:nsa"))), nsi.network());
        assertEquals(Optional.of(URI.create("https://crs.site-a.example.org:8443")), nsi.url());
    }

    @Test
    void withoutTheSectionTheBarPublishesNoNsiDocuments() {
        assertEquals(Optional.empty(), parse(BarServerConfigTest.GOOD).nsi());
    }

    @Test
    void handOffsAndUrlAreOptional() {
        NsiConfig nsi = parse(BarServerConfigTest.GOOD + "nsi: {domain: site-a.crs.example, year: 2026, name: A}\n")
                .nsi().orElseThrow();

        assertEquals(List.of(), nsi.network().handOffs());
        assertEquals(Optional.empty(), nsi.url());
    }

    @Test
    void aMissingKeyIsNamed() {
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI.replace("  domain: site-a.crs.example\n", ""))
                .startsWith("nsi.domain is missing"));
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI.replace("  year: 2026\n", "")).startsWith("nsi.year is missing"));
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI.replace("peerNsa:", "peer:")).contains("unknown key \"peer\""));
    }

    @Test
    void aBadValueIsRefusedNamingTheKeyAndItsLine() {
        String year = refusal(BarServerConfigTest.GOOD + NSI.replace("year: 2026", "year: 26"));
        String domain = refusal(BarServerConfigTest.GOOD + NSI.replace("domain: site-a.crs.example", "domain: \"site:a\""));
        String alias = refusal(BarServerConfigTest.GOOD + NSI.replace("topology:to-site-a", "topology:to-site-a?vlan=5"));
        String peer = refusal(BarServerConfigTest.GOOD + NSI.replace("peerNsa: \"urn:ogf:network:", "peerNsa: \"nsa:"));
        String url = refusal(BarServerConfigTest.GOOD + NSI + "  url: https://crs.site-a.example.org/NSI\n");

        assertEquals("nsi.year: four digits, was '26' (line 29)", year);
        assertEquals("nsi.domain: a DNS name such as site-a.crs.example (line 28)", domain);
        assertTrue(alias.startsWith("nsi.handOffs[0].alias: a port id without a label"), alias);
        assertTrue(peer.startsWith("nsi.handOffs[0].peerNsa: an NSA id begins with urn:ogf:network:"), peer);
        assertTrue(url.startsWith("nsi.url: scheme, host and port only"), url);
    }

    @Test
    void aPortListedTwiceIsRefused() {
        String twice = NSI + """
                    - {port: to-domain-c, alias: "urn:ogf:network:domain-d.example:2026:topology:x",
                       peerNsa: "urn:ogf:network:domain-d.example:2026:nsa"}
                """;

        assertTrue(refusal(BarServerConfigTest.GOOD + twice).startsWith("nsi.handOffs: port to-domain-c is listed twice"));
    }

    @Test
    void valuesMayComeFromTheEnvironment() {
        BarServerConfig c = BarServerConfig.FILE.parse(BarServerConfigTest.GOOD + NSI.replace("CRS site-a", "${SITE_NAME}"),
                dir, BarServerConfigTest.env(Map.of("CRS_DB_PASSWORD", "x", "SITE_NAME", "Site A")));

        assertEquals("Site A", c.nsi().orElseThrow().network().name());
    }

    static final String PROVIDERS = """
              providers:
                - site: domain-c
                  nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"
                  discovery: https://nsi.domain-c.example/NSI/discovery.xml
                  handOff: to-domain-c
            """;

    @Test
    void aProviderIsReadWithItsDefaults() {
        NsiConfig.ProviderConfig p = parse(BarServerConfigTest.GOOD + NSI + PROVIDERS).nsi().orElseThrow().providers().get(0);

        assertEquals("domain-c", p.site());
        assertEquals("urn:ogf:network:domain-c.crs.example:2026:nsa", p.nsa());
        assertEquals(URI.create("https://nsi.domain-c.example/NSI/discovery.xml"), p.discovery());
        assertEquals("to-domain-c", p.handOff());
        assertEquals(Optional.empty(), p.providerUrl());
        assertEquals(Optional.empty(), p.network());
        assertEquals(Optional.empty(), p.callTimeout(), "the BAR's callTimeout");
        assertEquals(java.time.Duration.ofSeconds(5), p.resultWait());
        assertEquals(java.time.Duration.ofMinutes(2), p.activationTimeout());
        assertEquals(Optional.empty(), p.tls(), "the BAR's own certificate");
    }

    @Test
    void aProvidersOverridesAreRead() {
        NsiConfig.ProviderConfig p = parse(BarServerConfigTest.GOOD + NSI + PROVIDERS
                + "      providerUrl: https://nsi.domain-c.example/NSI/services/CS2\n"
                + "      network: \"urn:ogf:network:domain-c.crs.example:2026:topology\"\n"
                + "      subject: \"CN=nsa.domain-c.example\"\n      callTimeout: 20s\n      resultWait: 2s\n")
                .nsi().orElseThrow().providers().get(0);

        assertEquals(Optional.of(URI.create("https://nsi.domain-c.example/NSI/services/CS2")), p.providerUrl());
        assertEquals(Optional.of("urn:ogf:network:domain-c.crs.example:2026:topology"), p.network());
        assertEquals(Optional.of("CN=nsa.domain-c.example"), p.subject());
        assertEquals(Optional.of(java.time.Duration.ofSeconds(20)), p.callTimeout());
        assertEquals(java.time.Duration.ofSeconds(2), p.resultWait());
    }

    @Test
    void aProvidersMissingOrBadKeyIsNamed() {
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI + PROVIDERS.replace("      handOff: to-domain-c\n", ""))
                .startsWith("nsi.providers[0].handOff is missing"));
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI + PROVIDERS.replace("https://nsi.domain-c.example/NSI/discovery.xml",
                "nsi.domain-c.example")).startsWith("nsi.providers[0].discovery"));
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI + PROVIDERS.replace("nsa: \"urn:ogf:network:", "nsa: \"nsa:"))
                .startsWith("nsi.providers[0].nsa"));
        assertTrue(refusal(BarServerConfigTest.GOOD + NSI + PROVIDERS + "      resultWait: soon\n")
                .startsWith("nsi.providers[0].resultWait"));
    }

    @Test
    void requestersMapNsaIdsToAccounts() {
        NsiConfig nsi = parse(BarServerConfigTest.GOOD + NSI + """
                  requesters:
                    - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", account: domain-c}
                """).nsi().orElseThrow();

        assertTrue(nsi.requesters().allows("domain-c", "urn:ogf:network:domain-c.crs.example:2026:nsa"));
        assertFalse(nsi.requesters().allows("alice", "urn:ogf:network:domain-c.crs.example:2026:nsa"));
    }

    @Test
    void withoutRequestersNoAccountMayActAsAnyNsa() {
        NsiConfig nsi = parse(BarServerConfigTest.GOOD + NSI).nsi().orElseThrow();

        assertEquals(NsiRequesters.none(), nsi.requesters());
    }

    @Test
    void aRequesterNsaListedTwiceIsRefusedNamingItsKey() {
        String message = refusal(BarServerConfigTest.GOOD + NSI + """
                  requesters:
                    - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", account: domain-c}
                    - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa", account: alice}
                """);

        assertTrue(message.startsWith("nsi.requesters[1].nsa:"), message);
    }

    @Test
    void aRequesterWithoutAnAccountIsRefusedNamingTheKey() {
        String message = refusal(BarServerConfigTest.GOOD + NSI + """
                  requesters:
                    - {nsa: "urn:ogf:network:domain-c.crs.example:2026:nsa"}
                """);

        assertTrue(message.contains("nsi.requesters[0].account"), message);
    }
}
