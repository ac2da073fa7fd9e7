package org.crs.service.soap.client;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.xml.stream.XMLStreamException;

import org.crs.service.soap.ServiceFault;
import org.crs.service.tls.TlsContexts;

/**
 * The SOAP client with which CRS services call each other's document/literal port types: it
 * writes a {@link SoapRequest} (simple values and the contract's beans), posts it as SOAP 1.1
 * with SOAPAction {@code "urn:<operation>"}, and reads the answer's {@code return} elements back
 * into the contract's beans, or the fault into the {@link ServiceFault} the service threw.
 *
 * <pre>{@code
 * try (SoapClient nsap = new SoapClient("nsap", URI.create("http://127.0.0.1:8080/services/NsapService"),
 *         "urn:crs:nsap:1", Duration.ofSeconds(10), null)) {
 *     SegmentInfo held = nsap.call(SoapRequest.of("status").with("bookingId", id), SegmentInfo.class);
 * }
 * }</pre>
 *
 * <p>What a call can end in:
 * <ul>
 * <li>an answer: the first {@code return} read as the asked type ({@link #call}), or every one
 *     ({@link #callForAll}); a bean's fields the type lacks are skipped (a newer service);</li>
 * <li>a {@link ServiceFault}: the service answered with a fault. Its refusal has the code the
 *     fault's detail names (see {@code EnvelopeReader.Fault#refusalCode} for a fault without
 *     one), its message is the detail's {@code field: reason} or the faultstring, and
 *     {@link ServiceFault#callersError()} is false for a Server fault (the service failed; the
 *     same call may succeed later);</li>
 * <li>a {@link SoapCallException}: no answer within the timeout ({@code TIMEOUT}), no connection
 *     ({@code NO_CONNECTION}), or an answer this client cannot read: not SOAP, an HTTP error
 *     without a fault, a value not of its type ({@code UNREADABLE}).</li>
 * </ul>
 * The timeout bounds the whole call: connecting, sending, and reading the whole answer.
 *
 * <p>Why a small hand-written SOAP client on Apache HttpClient's blocking API and StAX rather
 * than Axis2's {@code RPCServiceClient} ({@code SoapClients.rpcClient}, Axis2 2.0.0):
 * <ul>
 * <li>Axis2 ignores {@code Options.setTimeOutInMilliSeconds} on the wire: its HTTP sender always
 *     sets the message's {@code SO_TIMEOUT} and {@code CONNECTION_TIMEOUT} properties from the
 *     transport's defaults (60 s) when the caller did not, and those win; the pooled connection
 *     manager, shared by every client of the JVM, takes its socket timeout from whichever call
 *     created it. Tried: an {@code RPCServiceClient} with a 500 ms timeout, calling a server that
 *     accepts and never answers, was still waiting after 5 s. Even set through those properties,
 *     a timeout is per read, not a bound on the call.</li>
 * <li>A {@code ServiceClient} is not thread-safe (options and the last operation context live in
 *     it), and each new one registers an anonymous service in the JVM's shared
 *     {@code AxisConfiguration} until {@code cleanup()}; a client per call would pay that on every
 *     call.</li>
 * <li>The port types are small and fixed (document/literal, qualified elements, published WSDL),
 *     so writing their requests and reading their answers from the beans takes little code. The
 *     answers are parsed without DTDs or external entities.</li>
 * </ul>
 * A warm status call against a local NSAP costs about the same either way (about 1 ms, most of
 * it the server's).
 *
 * <p>Why not the JDK's {@code java.net.http.HttpClient}: it completes every exchange through
 * {@code CompletableFuture} stages on the common pool, and where the common pool has fewer than
 * two threads (a machine with two cores) each stage starts a new thread. Measured in a BAR under
 * load: a thread started for every answer, a tenth of the BAR's CPU. The blocking client reads
 * the answer on the calling thread.
 *
 * <p>An {@code https://} service is called with the given {@link SSLContext} (the caller's own
 * certificate and the authorities the service's must chain to, {@link TlsContexts#client}), TLS
 * 1.3 or 1.2, the certificate checked against the URL's host. Connections are kept alive and
 * reused (up to {@value HttpSoapCall#CONNECTIONS} per service). The client is safe for any number
 * of threads; {@link #close} releases its connections.
 */
public final class SoapClient implements AutoCloseable {

    /** How much of an unreadable answer a failure quotes. */
    private static final int SNIPPET = 200;

    private final String name;
    private final URI serviceUrl;
    private final String namespace;
    private final HttpSoapCall http;

    /**
     * @param name the caller's name for the service: the subject of a refusal the service made as
     *             a failure of its own
     * @param serviceUrl where the service answers ({@code http://host:port/services/NsapService})
     * @param namespace the port type's namespace ({@code urn:crs:nsap:1})
     * @param timeout how long one call may take in all, positive
     * @param tls for an {@code https://} URL: the caller's certificate and trusted authorities
     *            ({@link TlsContexts#client}); null for the JVM's defaults
     */
    public SoapClient(String name, URI serviceUrl, String namespace, Duration timeout, SSLContext tls) {
        this.name = Objects.requireNonNull(name, "name");
        this.serviceUrl = Objects.requireNonNull(serviceUrl, "serviceUrl");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.http = new HttpSoapCall(serviceUrl, timeout, tls);
    }

    /** Where the service answers. */
    public URI serviceUrl() {
        return serviceUrl;
    }

    /**
     * Calls the operation and reads its first {@code return} as {@code answer}: a bean, or a
     * simple type ({@code String}, a number, {@code Boolean}, {@code Calendar}, {@code Instant}).
     *
     * @return the answer, null when the service returned nothing or nil
     * @throws ServiceFault the service answered with a fault
     * @throws SoapCallException no answer, or none that could be read as {@code answer}
     */
    public <T> T call(SoapRequest request, Class<T> answer) throws ServiceFault, SoapCallException {
        List<EnvelopeReader.Element> returns = returns(request);
        return returns.isEmpty() ? null : read(request, returns.get(0), answer);
    }

    /**
     * Calls an operation that answers an array, and reads each {@code return} as {@code element};
     * nil items (an empty array may come as one nil element) are left out.
     *
     * @throws ServiceFault the service answered with a fault
     * @throws SoapCallException no answer, or none that could be read as {@code element}s
     */
    public <T> List<T> callForAll(SoapRequest request, Class<T> element) throws ServiceFault, SoapCallException {
        List<T> all = new ArrayList<>();
        for (EnvelopeReader.Element r : returns(request)) {
            T item = read(request, r, element);
            if (item != null) {
                all.add(item);
            }
        }
        return List.copyOf(all);
    }

    private List<EnvelopeReader.Element> returns(SoapRequest request) throws ServiceFault, SoapCallException {
        String operation = request.operation();
        HttpSoapCall.HttpAnswer response = http.post(operation, EnvelopeWriter.envelope(namespace, request));
        String body = response.body();
        EnvelopeReader.Answer answer;
        try {
            answer = EnvelopeReader.parse(body);
        } catch (XMLStreamException | RuntimeException e) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response) + ")", e);
        }
        if (answer == null) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response) + ")", null);
        }
        if (answer.fault != null) {
            throw answer.fault.toServiceFault(name);
        }
        if (response.statusCode() != 200) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " (" + snippet(response) + ")", null);
        }
        return answer.returns;
    }

    private static <T> T read(SoapRequest request, EnvelopeReader.Element r, Class<T> type) throws SoapCallException {
        if (r.isNil()) {
            return null;
        }
        try {
            if (Beans.isSimple(type)) {
                String text = r.text() != null ? r.text() : "";
                return type.cast(Beans.value("return", text, type));
            }
            if (r.fields() == null) {
                throw new IllegalArgumentException("answered '" + r.text() + "' where " + type.getSimpleName()
                        + " was expected");
            }
            return Beans.bean(type, r.fields());
        } catch (IllegalArgumentException e) {
            throw unreadable(request.operation() + ": " + e.getMessage(), e);
        }
    }

    private static SoapCallException unreadable(String what, Throwable cause) {
        return new SoapCallException(SoapCallException.Kind.UNREADABLE, what, cause);
    }

    /** A plain-text body in short; of anything else (an HTML error page), only its type. */
    private static String snippet(HttpSoapCall.HttpAnswer response) {
        String type = response.contentType();
        String body = response.body();
        if (!type.startsWith("text/plain") && !type.startsWith("text/xml")) {
            return type + ", " + body.length() + " characters";
        }
        String oneLine = body.replaceAll("\\s+", " ").trim();
        if (oneLine.isEmpty()) {
            return "empty body";
        }
        return oneLine.length() <= SNIPPET ? oneLine : oneLine.substring(0, SNIPPET) + "...";
    }

    /** Closes the connections kept to the service; calls after this fail. */
    @Override
    public void close() {
        http.close();
    }

    @Override
    public String toString() {
        return "SoapClient[" + name + " at " + serviceUrl + "]";
    }
}
