package org.crs.bar.nsi.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Both NSI documents, parsed back with the JDK and read element by element, as a peer reads them. */
class NsiDocumentsXmlTest {

    static final String NML = "http://schemas.ogf.org/nml/2013/05/base#";
    static final String DISCOVERY = "http://schemas.ogf.org/nsi/2014/02/discovery/nsa";
    static final String DEFINITION = "http://schemas.ogf.org/nsi/2013/12/services/definition";
    static final String NETWORK = SiteStpsTest.NETWORK;
    static final String PEER_PORT = "urn:ogf:network:domain-c.crs.example:2026:topology:to-site-a";
    static final Instant VERSION = Instant.parse("2026-05-01T10:00:00Z");

    static Element parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        return document.getDocumentElement();
    }

    /** The child elements of {@code parent}, in order. */
    static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    /** {@code {namespace}localName} of an element, {@code localName} when unqualified. */
    static String name(Element e) {
        return (e.getNamespaceURI() == null ? "" : "{" + e.getNamespaceURI() + "}") + e.getLocalName();
    }

    static List<String> names(Element parent) {
        return children(parent).stream().map(NsiDocumentsXmlTest::name).toList();
    }

    @Test
    void theTopologyHasOneBidirectionalPortPerStpAndTheServiceInOpenNsasOrder() throws Exception {
        Element topology = parse(NmlTopologyDocument.write(SiteStpsTest.siteA(), VERSION));

        assertEquals("{" + NML + "}Topology", name(topology));
        assertEquals(NETWORK, topology.getAttribute("id"));
        assertEquals("2026-05-01T10:00:00Z", topology.getAttribute("version"));
        String port = "{" + NML + "}BidirectionalPort";
        String relation = "{" + NML + "}Relation";
        assertEquals(List.of("{" + NML + "}name", port, port, port, relation, relation, "{" + DEFINITION + "}serviceDefinition",
                relation), names(topology));
        assertEquals("CRS site-a", children(topology).get(0).getTextContent());

        Element handOff = children(topology).get(3);
        assertEquals(NETWORK + ":to-domain-c", handOff.getAttribute("id"));
        assertEquals(List.of("{" + NML + "}name", "{" + NML + "}PortGroup", "{" + NML + "}PortGroup"), names(handOff));
        assertEquals("to-domain-c", children(handOff).get(0).getTextContent());
        assertEquals(NETWORK + ":to-domain-c-in", children(handOff).get(1).getAttribute("id"));
        assertEquals(NETWORK + ":to-domain-c-out", children(handOff).get(2).getAttribute("id"));
        assertEquals(NETWORK + ":host-a1", children(topology).get(1).getAttribute("id"));
    }

    @Test
    void theHandOffsPortGroupsCarryItsVlansAndAliasThePeersOppositeGroups() throws Exception {
        Element topology = parse(NmlTopologyDocument.write(SiteStpsTest.siteA(), VERSION));
        Element inbound = children(topology).get(4);
        Element outbound = children(topology).get(5);

        assertEquals(NML + "hasInboundPort", inbound.getAttribute("type"));
        assertEquals(NML + "hasOutboundPort", outbound.getAttribute("type"));
        assertEquals(List.of(NETWORK + ":host-a1-in", NETWORK + ":host-a2-in", NETWORK + ":to-domain-c-in"),
                children(inbound).stream().map(e -> e.getAttribute("id")).toList());
        assertEquals(List.of(), children(children(inbound).get(0)), "a host port is untagged: no label, no alias");

        Element in = children(inbound).get(2);
        assertEquals(List.of("{" + NML + "}LabelGroup", "{" + NML + "}Relation"), names(in));
        Element label = children(in).get(0);
        assertEquals("http://schemas.ogf.org/nml/2012/10/ethernet#vlan", label.getAttribute("labeltype"));
        assertEquals("3000-3099", label.getTextContent());
        Element alias = children(in).get(1);
        assertEquals(NML + "isAlias", alias.getAttribute("type"));
        assertEquals(PEER_PORT + "-out", children(alias).get(0).getAttribute("id"));

        Element out = children(outbound).get(2);
        assertEquals(NETWORK + ":to-domain-c-out", out.getAttribute("id"));
        assertEquals("3000-3099", children(out).get(0).getTextContent());
        assertEquals(PEER_PORT + "-in", children(children(out).get(1)).get(0).getAttribute("id"));
    }

    @Test
    void theSwitchingServiceSwapsNoLabelsAndNamesTheServiceDefinition() throws Exception {
        Element topology = parse(NmlTopologyDocument.write(SiteStpsTest.siteA(), VERSION));
        Element definition = children(topology).get(6);
        Element hasService = children(topology).get(7);

        assertEquals(NETWORK + ":sd:EVTS.A-GOLE", definition.getAttribute("id"));
        assertEquals(List.of("name", "serviceType"), names(definition));
        assertEquals("http://services.ogf.org/nsi/2013/07/descriptions/EVTS.A-GOLE", children(definition).get(1).getTextContent());
        assertEquals(NML + "hasService", hasService.getAttribute("type"));
        Element switching = children(hasService).get(0);
        assertEquals("{" + NML + "}SwitchingService", name(switching));
        assertEquals(NETWORK + ":switch:EVTS.A-GOLE", switching.getAttribute("id"));
        assertEquals("false", switching.getAttribute("labelSwapping"));
        assertEquals("http://schemas.ogf.org/nml/2012/10/ethernet#vlan", switching.getAttribute("labelType"));
        assertEquals(NETWORK + ":sd:EVTS.A-GOLE", children(switching).get(0).getAttribute("id"));
    }

    @Test
    void theNsaDescriptionNamesTheInterfacesTheUpaRoleAndThePeers() throws Exception {
        Element nsa = parse(NsaDiscoveryDocument.write(new NsaDiscoveryDocument.Description(SiteStpsTest.siteA(),
                "https://bar.site-a.example:8443", "CRS 1.0", VERSION)));

        assertEquals("{" + DISCOVERY + "}nsa", name(nsa));
        assertEquals("urn:ogf:network:site-a.crs.example:2026:nsa", nsa.getAttribute("id"));
        assertEquals("2026-05-01T10:00:00Z", nsa.getAttribute("version"));
        assertEquals(List.of("name", "softwareVersion", "startTime", "networkId", "interface", "interface", "interface",
                "feature", "peersWith"), names(nsa), "children unqualified, in the schema's order");
        List<Element> c = children(nsa);
        assertEquals("CRS site-a", c.get(0).getTextContent());
        assertEquals("CRS 1.0", c.get(1).getTextContent());
        assertEquals("2026-05-01T10:00:00Z", c.get(2).getTextContent());
        assertEquals(NETWORK, c.get(3).getTextContent());
        assertEquals(List.of("application/vnd.ogf.nsi.cs.v2.provider+soap",
                "https://bar.site-a.example:8443/NSI/services/ConnectionProvider"), texts(c.get(4)));
        assertEquals(List.of("application/vnd.ogf.nsi.cs.v2.requester+soap",
                "https://bar.site-a.example:8443/NSI/services/ConnectionRequester"), texts(c.get(5)));
        assertEquals(List.of("application/vnd.ogf.nsi.topology.v2+xml", "https://bar.site-a.example:8443/NSI/topology.xml"),
                texts(c.get(6)));
        assertEquals("vnd.ogf.nsi.cs.v2.role.uPA", c.get(7).getAttribute("type"));
        assertEquals("urn:ogf:network:domain-c.crs.example:2026:nsa", c.get(8).getTextContent());
        assertNull(c.get(4).getNamespaceURI());
    }

    @Test
    void aSiteWithoutHandOffPeersPeersWithNobody() throws Exception {
        Element nsa = parse(NsaDiscoveryDocument.write(new NsaDiscoveryDocument.Description(
                SiteStps.of(SiteStpsTest.campus(), SiteStpsTest.network()), "http://127.0.0.1:8080", "CRS 1.0", VERSION)));

        assertEquals(List.of(), children(nsa).stream().filter(e -> e.getLocalName().equals("peersWith")).toList());
    }

    @Test
    void aBaseUrlWithAPathIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new NsaDiscoveryDocument.Description(SiteStpsTest.siteA(),
                "https://bar.site-a.example:8443/NSI", "CRS 1.0", VERSION));
    }

    private static List<String> texts(Element parent) {
        return children(parent).stream().map(Node::getTextContent).toList();
    }
}
