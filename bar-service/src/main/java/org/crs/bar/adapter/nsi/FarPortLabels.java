package org.crs.bar.adapter.nsi;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.net.ssl.SSLContext;

import org.crs.domain.nsi.Stp;
import org.crs.domain.nsi.VlanLabels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The VLANs of another network's ports, as its NML topology document publishes them: the STP a
 * request names at the far end of a circuit carries the port's whole VLAN range as its label
 * ("choose one"), or no label on a port that carries none.
 *
 * <p>Why: a network's tagged ports must be asked for with a label. OpenNSA refuses a tagged port
 * without one, and a tagged end joined to an untagged one ({@code 00400 Cannot connect STP}), so
 * the hand-off's VLAN range on one end and a label-less port on the other is refused whenever the
 * far port is tagged, as nearly every port of the AutoGOLE is.
 *
 * <p>The document ({@code http://schemas.ogf.org/nml/2013/05/base#}, as OpenNSA and this BAR
 * write it): a {@code BidirectionalPort} per port names its inbound and outbound
 * {@code PortGroup}s, whose definitions carry a {@code LabelGroup} of type
 * {@code http://schemas.ogf.org/nml/2012/10/ethernet#vlan}. It is fetched when first needed and
 * again when older than {@link #MAX_AGE}; a fetch that fails keeps what was read before (nothing
 * at first: the ports are asked for without a label, and the far network's refusal says why) and
 * is tried again at the next request.
 */
public final class FarPortLabels {

    private static final Logger LOG = LoggerFactory.getLogger(FarPortLabels.class);

    public static final String NML = "http://schemas.ogf.org/nml/2013/05/base#";
    public static final String VLAN = "http://schemas.ogf.org/nml/2012/10/ethernet#vlan";
    /** How long a topology read is used before it is fetched again. */
    public static final Duration MAX_AGE = Duration.ofMinutes(10);

    /** Fetches a document's bytes. */
    @FunctionalInterface
    public interface Fetch {
        byte[] get(URI url) throws IOException;
    }

    private final String networkId;
    private final Optional<URI> topology;
    private final Fetch fetch;
    private final Clock clock;
    private Map<String, VlanLabels> ports = Map.of();
    private Instant readAt;

    /**
     * @param networkId the far network's id: its ports' STPs begin with it
     * @param topology its NML document; empty: every port is asked for without a label
     */
    public FarPortLabels(String networkId, Optional<URI> topology, Fetch fetch, Clock clock) {
        this.networkId = Objects.requireNonNull(networkId, "networkId");
        this.topology = Objects.requireNonNull(topology, "topology");
        this.fetch = Objects.requireNonNull(fetch, "fetch");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The labels of {@code provider}'s ports, fetched over HTTP (with {@code tls} for {@code https}; null: the JVM's). */
    public static FarPortLabels of(FarProvider provider, SSLContext tls, Clock clock) {
        return new FarPortLabels(provider.networkId(), provider.topology(), url -> get(url, tls,
                provider.callTimeout()), clock);
    }

    /** The STP of {@code port} in the far network, labelled with its VLANs when the topology gives it some. */
    public Stp stpOf(String port) {
        VlanLabels vlans = current().get(port);
        return vlans == null ? Stp.of(networkId, port) : new Stp(networkId, port, Optional.of(vlans));
    }

    private synchronized Map<String, VlanLabels> current() {
        if (topology.isEmpty()) {
            return ports;
        }
        Instant now = clock.instant();
        if (readAt == null || !now.isBefore(readAt.plus(MAX_AGE))) {
            try {
                ports = read(fetch.get(topology.get()), networkId);
                readAt = now;
            } catch (IOException e) {
                LOG.warn("the topology of {} at {} could not be read ({}); its ports are asked for with {} labels",
                        networkId, topology.get(), e.getMessage(), ports.isEmpty() ? "no" : "the previous read's");
            }
        }
        return ports;
    }

    /**
     * The VLANs of each port of {@code networkId} an NML document gives them for, by the port's
     * local id ({@code ps-1} of {@code <networkId>:ps-1}); ports without a VLAN label group are left out.
     *
     * @throws IOException when it is not an NML topology, or a label group cannot be read
     */
    public static Map<String, VlanLabels> read(byte[] xml, String networkId) throws IOException {
        Document doc = PublishedDocuments.parse(xml);
        Element root = doc.getDocumentElement();
        if (!NML.equals(root.getNamespaceURI()) || !"Topology".equals(root.getLocalName())) {
            throw new IOException("not an NML topology: its root is {" + root.getNamespaceURI() + "}" + root.getLocalName());
        }
        // a port group is defined once with its labels and named again, bare, in its port
        Map<String, VlanLabels> groups = new HashMap<>();
        NodeList all = root.getElementsByTagNameNS(NML, "PortGroup");
        for (int i = 0; i < all.getLength(); i++) {
            Element group = (Element) all.item(i);
            for (Node n = group.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element label && NML.equals(label.getNamespaceURI())
                        && "LabelGroup".equals(label.getLocalName()) && VLAN.equals(label.getAttribute("labeltype"))) {
                    String text = label.getTextContent().trim();
                    try {
                        groups.put(group.getAttribute("id"), VlanLabels.parse(text));
                    } catch (IllegalArgumentException e) {
                        throw new IOException("port group " + group.getAttribute("id") + ": VLANs '" + text + "': "
                                + e.getMessage(), e);
                    }
                }
            }
        }
        Map<String, VlanLabels> ports = new LinkedHashMap<>();
        String prefix = networkId + ":";
        NodeList bidirectional = root.getElementsByTagNameNS(NML, "BidirectionalPort");
        for (int i = 0; i < bidirectional.getLength(); i++) {
            Element port = (Element) bidirectional.item(i);
            String id = port.getAttribute("id");
            if (!id.startsWith(prefix)) {
                continue;
            }
            for (Node n = port.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element group && "PortGroup".equals(group.getLocalName())
                        && groups.containsKey(group.getAttribute("id"))) {
                    ports.putIfAbsent(id.substring(prefix.length()), groups.get(group.getAttribute("id")));
                }
            }
        }
        return Map.copyOf(ports);
    }

    private static byte[] get(URI url, SSLContext tls, Duration timeout) throws IOException {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1);
        if (tls != null) {
            builder.sslContext(tls);
        }
        HttpResponse<byte[]> answer;
        try {
            answer = builder.build().send(HttpRequest.newBuilder(url).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while fetching " + url, e);
        }
        if (answer.statusCode() != 200) {
            throw new IOException("HTTP " + answer.statusCode() + " from " + url);
        }
        return answer.body();
    }
}
