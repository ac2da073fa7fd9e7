package org.crs.bar.adapter.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.crs.bar.nsi.topology.HandOffPeer;
import org.crs.bar.nsi.topology.NmlTopologyDocument;
import org.crs.bar.nsi.topology.NsiNetwork;
import org.crs.bar.nsi.topology.SiteStps;
import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;
import org.crs.nsap.contract.topology.CampusTopologyFile;
import org.junit.jupiter.api.Test;

/**
 * A far port is asked for with the VLANs the far network's NML topology gives it: OpenNSA refuses
 * a tagged port without a label (00400 "Cannot connect STP"). The vectors are OpenNSA's own
 * documents, captured on the wire (deploy/nsi/opennsa/wire/).
 */
class FarPortLabelsTest {

    static final String NETWORK = "urn:ogf:network:domain-c.crs.example:2026:topology";
    static final Path WIRE = Path.of("../deploy/nsi/opennsa/wire");
    static final URI TOPOLOGY = URI.create("http://127.0.0.1:9080/NSI/domain-c.crs.example:2026:topology.nml.xml");

    static byte[] openNsaTopology() throws IOException {
        return Files.readAllBytes(WIRE.resolve("d02-topology.nml.xml"));
    }

    @Test
    void openNsasTopologyGivesEachTaggedPortItsVlansAndUntaggedPortsNone() throws IOException {
        Map<String, VlanLabels> ports = FarPortLabels.read(openNsaTopology(), NETWORK);

        assertEquals(Map.of("ps-1", VlanLabels.parse("1000-1009"), "ps-2", VlanLabels.parse("1000-1009"),
                "to-site-a", VlanLabels.parse("3000-3099")), ports);
    }

    @Test
    void aTaggedFarPortIsAskedForWithItsWholeRangeAndAnUntaggedOneWithoutLabel() throws IOException {
        byte[] topology = openNsaTopology();
        FarPortLabels labels = new FarPortLabels(NETWORK, Optional.of(TOPOLOGY), url -> topology, Clock.systemUTC());

        assertEquals(NETWORK + ":ps-1?vlan=1000-1009", labels.stpOf("ps-1").toString());
        assertEquals(NETWORK + ":host-c1", labels.stpOf("host-c1").toString());
        assertEquals(NETWORK + ":ps-9", labels.stpOf("ps-9").toString(), "a port it does not list: its refusal says why");
    }

    @Test
    void theTopologyIsFetchedOnceAndAgainOnlyWhenOlderThanItsMaximumAge() throws IOException {
        byte[] topology = openNsaTopology();
        List<URI> fetched = new ArrayList<>();
        MutableClock clock = new MutableClock(Instant.parse("2026-11-28T12:00:00Z"));
        FarPortLabels labels = new FarPortLabels(NETWORK, Optional.of(TOPOLOGY), url -> {
            fetched.add(url);
            return topology;
        }, clock);

        labels.stpOf("ps-1");
        clock.now = clock.now.plus(FarPortLabels.MAX_AGE).minusSeconds(1);
        labels.stpOf("ps-2");
        assertEquals(List.of(TOPOLOGY), fetched);

        clock.now = clock.now.plusSeconds(1);
        labels.stpOf("ps-1");
        assertEquals(List.of(TOPOLOGY, TOPOLOGY), fetched);
    }

    @Test
    void aTopologyThatCannotBeFetchedLeavesThePortUnlabelledAndIsTriedAgainAtTheNextRequest() throws IOException {
        byte[] topology = openNsaTopology();
        List<Boolean> answers = new ArrayList<>(List.of(false, true));
        FarPortLabels labels = new FarPortLabels(NETWORK, Optional.of(TOPOLOGY), url -> {
            if (!answers.remove(0)) {
                throw new IOException("HTTP 503 from " + url);
            }
            return topology;
        }, Clock.systemUTC());

        assertEquals(NETWORK + ":ps-1", labels.stpOf("ps-1").toString());
        assertEquals(NETWORK + ":ps-1?vlan=1000-1009", labels.stpOf("ps-1").toString());
    }

    @Test
    void withoutATopologyEveryPortIsAskedForWithoutLabel() {
        FarPortLabels labels = new FarPortLabels(NETWORK, Optional.empty(), url -> {
            throw new AssertionError("nothing to fetch");
        }, Clock.systemUTC());

        assertEquals(Stp.of(NETWORK, "ps-1"), labels.stpOf("ps-1"));
    }

    @Test
    void aDocumentThatIsNotAnNmlTopologyIsRefusedNamingItsRoot() {
        IOException e = assertThrows(IOException.class, () -> FarPortLabels.read(
                Files.readAllBytes(WIRE.resolve("d01-discovery-with-peer.xml")), NETWORK));

        assertTrue(e.getMessage().contains("{http://schemas.ogf.org/nsi/2014/02/discovery/nsa}nsa"), e.getMessage());
    }

    @Test
    void aCrsBarsOwnTopologyGivesItsHandOffItsVlansAndItsHostsNone() throws IOException {
        String campus = Files.readString(Path.of("../deploy/topology/site-a-campus.yaml"));
        SiteStps stps = SiteStps.of(CampusTopologyFile.parse(campus), new NsiNetwork("site-a.crs.example", 2026,
                "CRS site-a", List.of(new HandOffPeer("to-domain-c", Stp.parse(NETWORK + ":to-site-a"),
                        "urn:ogf:network:domain-c.crs.example:2026:nsa"))));
        String siteA = "urn:ogf:network:site-a.crs.example:2026:topology";

        Map<String, VlanLabels> ports = FarPortLabels.read(NmlTopologyDocument.write(stps, Instant.now())
                .getBytes(StandardCharsets.UTF_8), siteA);

        assertEquals(Map.of("to-domain-c", VlanLabels.parse("3000-3099")), ports);
    }

    @Test
    void theNsaDescriptionNamesOpenNsasTopologyDocument() throws IOException {
        NsaDescriptionReader.Description d = NsaDescriptionReader.read(
                Files.readAllBytes(WIRE.resolve("d01-discovery-with-peer.xml")));

        assertEquals(Optional.of(TOPOLOGY), d.topologyUrl());
        assertEquals(Optional.of(URI.create("http://127.0.0.1:9080/NSI/services/CS2")), d.providerUrl());
        assertEquals(List.of(NETWORK), d.networkIds());
    }

    static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
