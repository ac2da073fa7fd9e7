package org.crs.bar.adapter.nsi;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.net.ssl.SSLContext;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads another network's NSA description ({@code /NSI/discovery.xml}, namespace
 * {@code http://schemas.ogf.org/nsi/2014/02/discovery/nsa}): its provider interface (type
 * {@code application/vnd.ogf.nsi.cs.v2.provider+soap}), its topology interface (type
 * {@code application/vnd.ogf.nsi.topology.v2+xml}) and its network ids. Fetched with the JDK's
 * HTTP client (over TLS with the BAR's context for {@code https}), parsed without DTDs or external
 * entities.
 */
public final class NsaDescriptionReader {

    public static final String DISCOVERY = "http://schemas.ogf.org/nsi/2014/02/discovery/nsa";
    public static final String PROVIDER_TYPE = "application/vnd.ogf.nsi.cs.v2.provider+soap";
    public static final String TOPOLOGY_TYPE = "application/vnd.ogf.nsi.topology.v2+xml";

    /**
     * What a description says: its provider port and its NML topology document, when it has them,
     * and its network ids in order.
     */
    public record Description(Optional<URI> providerUrl, List<String> networkIds, Optional<URI> topologyUrl) {
    }

    private NsaDescriptionReader() {
    }

    /**
     * Fetches and reads a description.
     *
     * @param tls for {@code https}: this BAR's certificate and trusted authorities; null for the JVM's
     * @throws IOException when it cannot be fetched or read, saying why
     */
    public static Description fetch(URI url, SSLContext tls, Duration timeout) throws IOException {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1);
        if (tls != null) {
            builder.sslContext(tls);
        }
        HttpClient client = builder.build();
        HttpResponse<byte[]> answer;
        try {
            answer = client.send(HttpRequest.newBuilder(url).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while fetching " + url, e);
        }
        if (answer.statusCode() != 200) {
            throw new IOException("HTTP " + answer.statusCode() + " from " + url);
        }
        return read(answer.body());
    }

    /** Reads a description's bytes. */
    public static Description read(byte[] xml) throws IOException {
        Document doc = PublishedDocuments.parse(xml);
        Element nsa = doc.getDocumentElement();
        if (!DISCOVERY.equals(nsa.getNamespaceURI()) || !"nsa".equals(nsa.getLocalName())) {
            throw new IOException("not an NSA description: its root is {" + nsa.getNamespaceURI() + "}"
                    + nsa.getLocalName());
        }
        Optional<URI> provider = Optional.empty();
        Optional<URI> topology = Optional.empty();
        List<String> networks = new ArrayList<>();
        for (Node n = nsa.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element e)) {
                continue;
            }
            if ("networkId".equals(e.getLocalName())) {
                networks.add(e.getTextContent().trim());
            } else if ("interface".equals(e.getLocalName()) && provider.isEmpty()
                    && PROVIDER_TYPE.equals(child(e, "type"))) {
                provider = Optional.of(href(e, "provider"));
            } else if ("interface".equals(e.getLocalName()) && topology.isEmpty()
                    && TOPOLOGY_TYPE.equals(child(e, "type"))) {
                topology = Optional.of(href(e, "topology"));
            }
        }
        return new Description(provider, List.copyOf(networks), topology);
    }

    private static URI href(Element anInterface, String what) throws IOException {
        try {
            return URI.create(child(anInterface, "href"));
        } catch (IllegalArgumentException bad) {
            throw new IOException("the " + what + " interface's href is not a URL: " + child(anInterface, "href"), bad);
        }
    }

    private static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getLocalName())) {
                return e.getTextContent().trim();
            }
        }
        return "";
    }
}
