package org.crs.nsap.peer;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.crs.nsap.port.BookingOwners;
import org.crs.service.soap.SoapXml;
import org.crs.service.tls.TlsContexts;

/**
 * Asks the BARs this service serves whether a segment is still wanted, through the operation
 * {@code segmentWanted} of their PeerService ({@code schema/wsdl/PeerService.wsdl}): SOAP 1.1,
 * namespace {@value #NAMESPACE}, SOAPAction {@code "urn:segmentWanted"}, one element
 * {@code bookingId}; the answer's {@code return} is {@code WANTED} or {@code NOT_WANTED}.
 *
 * <pre>{@code
 * <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:n="urn:crs:bar-peer:1">
 *   <soapenv:Body><n:segmentWanted><n:bookingId>site-a:R7:campus</n:bookingId></n:segmentWanted></soapenv:Body>
 * </soapenv:Envelope>
 * }</pre>
 *
 * <p>The BAR asked is the one of the site the booking id names ({@code <site>:<requestId>:<part>}),
 * or the first listed when that site is not listed: an L-NSAP usually knows only its own BAR,
 * which forwards the question to the BAR of the booking's site.
 *
 * <p>The JDK's HTTP client, not Axis2: each call is bounded as a whole by the timeout (Axis2's
 * sender does not keep to its own, service-runtime/README.md), and the answer is one string.
 * A SOAP Client fault (a booking id the BAR does not take) is {@link BookingOwners.Answer#REFUSED};
 * no connection, a timeout, a Server fault or an answer that cannot be read is
 * {@link BookingOwners.Answer#UNREACHABLE}.
 *
 * <p>An {@code https://} BAR is called with the given {@link SSLContext}: this service's own
 * certificate, which the BAR's PeerService takes as this service, and the authorities the BAR's
 * certificate must chain to; TLS 1.3 or 1.2, the certificate checked against the URL's host.
 */
public final class PeerServiceClient implements BookingOwners {

    /** The PeerService's namespace. */
    public static final String NAMESPACE = "urn:crs:bar-peer:1";
    /** The operation asked. */
    static final String OPERATION = "segmentWanted";
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    /** How much of an answer a reply's detail quotes. */
    private static final int SNIPPET = 200;

    private static final XMLInputFactory XML = SoapXml.inputFactory();

    private final Map<String, URI> bars;
    private final URI first;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * @param bars the PeerService URL of each BAR, by site, the one to ask by default first; not empty
     * @param timeout how long one question may take in all, positive
     */
    public PeerServiceClient(Map<String, URI> bars, Duration timeout) {
        this(bars, timeout, null);
    }

    /**
     * @param bars the PeerService URL of each BAR, by site, the one to ask by default first; not empty
     * @param timeout how long one question may take in all, positive
     * @param tls for {@code https://} BARs: this service's certificate and trusted authorities
     *     ({@link TlsContexts#client}); null for the JVM's defaults
     */
    public PeerServiceClient(Map<String, URI> bars, Duration timeout, SSLContext tls) {
        Objects.requireNonNull(bars, "bars");
        if (bars.isEmpty()) {
            throw new IllegalArgumentException("bars must name at least one BAR");
        }
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        this.bars = new LinkedHashMap<>(bars);
        this.first = bars.values().iterator().next();
        this.timeout = timeout;
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER);
        if (tls != null) {
            http.sslContext(tls).sslParameters(TlsContexts.parameters(tls));
        }
        this.http = http.build();
    }

    /** The BAR asked about {@code bookingId}: its site's, else the first. */
    URI barFor(String bookingId) {
        int colon = bookingId.indexOf(':');
        return colon < 0 ? first : bars.getOrDefault(bookingId.substring(0, colon), first);
    }

    @Override
    public Reply wanted(String bookingId) {
        Objects.requireNonNull(bookingId, "bookingId");
        URI bar = barFor(bookingId);
        HttpRequest request = HttpRequest.newBuilder(bar)
                .timeout(timeout)
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"urn:" + OPERATION + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope(bookingId), StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": " + describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": interrupted");
        }
        return read(bar, response.statusCode(), response.body());
    }

    /** The request envelope. */
    static String envelope(String bookingId) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\" xmlns:n=\""
                + NAMESPACE + "\"><soapenv:Body><n:" + OPERATION + "><n:bookingId>" + escape(bookingId)
                + "</n:bookingId></n:" + OPERATION + "></soapenv:Body></soapenv:Envelope>";
    }

    /** What an answer says: the {@code return} of a response, or a fault. */
    static Reply read(URI bar, int status, String body) {
        String faultCode = null;
        String faultString = null;
        String returned = null;
        try {
            XMLStreamReader r = XML.createXMLStreamReader(new StringReader(body));
            try {
                while (r.hasNext()) {
                    if (r.next() != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    String local = r.getLocalName();
                    if ("faultcode".equals(local)) {
                        faultCode = r.getElementText().trim();
                    } else if ("faultstring".equals(local)) {
                        faultString = r.getElementText().trim();
                    } else if ("return".equals(local) && returned == null) {
                        returned = r.getElementText().trim();
                    }
                }
            } finally {
                r.close();
            }
        } catch (XMLStreamException e) {
            return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": HTTP " + status + ", an answer that is not XML ("
                    + snippet(body) + ")");
        }
        if (faultCode != null) {
            String why = "BAR " + bar + ": fault " + faultCode + (faultString == null ? "" : ": " + faultString);
            // Axis2 writes the code qualified (soapenv:Client); the local part is what counts.
            return new Reply(faultCode.endsWith("Client") ? Answer.REFUSED : Answer.UNREACHABLE, why);
        }
        if (status == 200 && "WANTED".equals(returned)) {
            return new Reply(Answer.WANTED, "BAR " + bar);
        }
        if (status == 200 && "NOT_WANTED".equals(returned)) {
            return new Reply(Answer.NOT_WANTED, "BAR " + bar);
        }
        return new Reply(Answer.UNREACHABLE, "BAR " + bar + ": HTTP " + status + ", answered "
                + (returned == null ? "no return (" + snippet(body) + ")" : "'" + snippet(returned) + "'")
                + ", neither WANTED nor NOT_WANTED");
    }

    private static String snippet(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= SNIPPET ? flat : flat.substring(0, SNIPPET) + "...";
    }

    private static String describe(IOException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : ": " + root.getMessage();
        return root.getClass().getSimpleName() + message;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @Override
    public String toString() {
        return "PeerServiceClient" + bars;
    }
}
