package org.crs.bar.nsi.topology;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The NSA description document of this site's BAR ({@code /NSI/discovery.xml}), as OpenNSA
 * writes and polls it: the {@code nsa} element in the discovery namespace, its children
 * unqualified, in the schema's order:
 *
 * <pre>{@code
 * <nsa:nsa id="urn:ogf:network:site-a.crs.example:2026:nsa" version="2026-05-01T10:00:00Z">
 *   <name>CRS site-a</name>
 *   <softwareVersion>CRS 1.0</softwareVersion>
 *   <startTime>2026-05-01T10:00:00Z</startTime>
 *   <networkId>urn:ogf:network:site-a.crs.example:2026:topology</networkId>
 *   <interface><type>application/vnd.ogf.nsi.cs.v2.provider+soap</type><href>https://.../NSI/services/ConnectionProvider</href></interface>
 *   <interface><type>application/vnd.ogf.nsi.cs.v2.requester+soap</type><href>https://.../NSI/services/ConnectionRequester</href></interface>
 *   <interface><type>application/vnd.ogf.nsi.topology.v2+xml</type><href>https://.../NSI/topology.xml</href></interface>
 *   <feature type="vnd.ogf.nsi.cs.v2.role.uPA"/>
 *   <peersWith>urn:ogf:network:domain-c.crs.example:2026:nsa</peersWith>
 * </nsa:nsa>
 * }</pre>
 */
public final class NsaDiscoveryDocument {

    public static final String DISCOVERY = "http://schemas.ogf.org/nsi/2014/02/discovery/nsa";
    public static final String PROVIDER_TYPE = "application/vnd.ogf.nsi.cs.v2.provider+soap";
    public static final String REQUESTER_TYPE = "application/vnd.ogf.nsi.cs.v2.requester+soap";
    public static final String TOPOLOGY_TYPE = "application/vnd.ogf.nsi.topology.v2+xml";
    public static final String UPA_FEATURE = "vnd.ogf.nsi.cs.v2.role.uPA";
    /** The paths every BAR serves NSI on (docs/configuration.md). */
    public static final String PROVIDER_PATH = "/NSI/services/ConnectionProvider";
    public static final String REQUESTER_PATH = "/NSI/services/ConnectionRequester";
    public static final String TOPOLOGY_PATH = "/NSI/topology.xml";
    public static final String DISCOVERY_PATH = "/NSI/discovery.xml";

    private NsaDiscoveryDocument() {
    }

    /**
     * What the document says.
     *
     * @param baseUrl where peers reach this BAR, {@code https://host:port} without a trailing slash;
     *     every interface's href is it and the interface's path
     * @param softwareVersion for operators of the peers
     * @param startTime when this BAR started; also the document's version, as nothing in it
     *     changes while the BAR runs
     */
    public record Description(SiteStps stps, String baseUrl, String softwareVersion, Instant startTime) {
        public Description {
            Objects.requireNonNull(stps, "stps");
            Objects.requireNonNull(softwareVersion, "softwareVersion");
            Objects.requireNonNull(startTime, "startTime");
            if (baseUrl == null || !baseUrl.matches("https?://[^/?#]+")) {
                throw new IllegalArgumentException("baseUrl: http(s)://host:port without a path, was " + baseUrl);
            }
        }

        /** Each hand-off's peer NSA, once each, in the campus file's order. */
        public List<String> peersWith() {
            return stps.handOffs().stream().flatMap(h -> h.peer().stream()).map(HandOffPeer::peerNsa).distinct().toList();
        }
    }

    public static String write(Description description) {
        NsiNetwork network = description.stps().network();
        Document document = XmlText.newDocument();
        Element nsa = document.createElementNS(DISCOVERY, "nsa:nsa");
        document.appendChild(nsa);
        nsa.setAttribute("id", network.nsaId());
        nsa.setAttribute("version", description.startTime().toString());
        XmlText.addText(nsa, null, "name", network.name());
        XmlText.addText(nsa, null, "softwareVersion", description.softwareVersion());
        XmlText.addText(nsa, null, "startTime", description.startTime().toString());
        XmlText.addText(nsa, null, "networkId", network.networkId());
        addInterface(nsa, PROVIDER_TYPE, description.baseUrl() + PROVIDER_PATH);
        addInterface(nsa, REQUESTER_TYPE, description.baseUrl() + REQUESTER_PATH);
        addInterface(nsa, TOPOLOGY_TYPE, description.baseUrl() + TOPOLOGY_PATH);
        XmlText.add(nsa, null, "feature").setAttribute("type", UPA_FEATURE);
        for (String peer : description.peersWith()) {
            XmlText.addText(nsa, null, "peersWith", peer);
        }
        return XmlText.write(document);
    }

    private static void addInterface(Element nsa, String type, String href) {
        Element element = XmlText.add(nsa, null, "interface");
        XmlText.addText(element, null, "type", type);
        XmlText.addText(element, null, "href", href);
    }
}
