package org.crs.bar.adapter.soap;

import java.io.IOException;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.booking.SegmentState;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;

/**
 * A {@link SegmentController} that calls the NSAP port type over SOAP 1.1: an L-NSAP or the NSAP
 * ({@code NsapService}, namespace {@code urn:crs:nsap:1}) or a peer BAR ({@code PeerService},
 * {@code urn:crs:bar-peer:1}), which all serve the same operations, request and answer beans
 * (see {@code schema/wsdl/NsapService.wsdl}) under their own service name and namespace.
 *
 * <pre>{@code
 * SegmentController nsap = new SoapSegmentController("nsap",
 *         URI.create("http://nsap:8080/services/NsapService"), "urn:crs:nsap:1", Duration.ofSeconds(10));
 * SegmentAnswer held = nsap.hold(order, Duration.ofMinutes(5));
 * }</pre>
 *
 * <p>Mapping: a {@link SegmentOrder} becomes the port type's {@code SegmentRequestBean} (times as
 * UTC {@code xs:dateTime}); a hold passes {@code holdFor} in whole seconds, rounded up, at least 1.
 * A {@code SegmentInfo} answer becomes a {@link SegmentAnswer}: its {@code state} read with
 * {@link SegmentState#valueOf}, its {@code plan} as the description and its {@code lastChange}
 * (for abort, activate, deactivate and status: state, actor, time and reason) as the reason.
 *
 * <p>Failures, always a {@link SegmentFailure} named after this controller:
 * <ul>
 * <li>a SOAP fault is a refusal ({@code answered() == true}); its message is the fault's
 *     {@code field: reason} from the fault detail (the NSAP already starts its reasons with the
 *     field, which is then not repeated), or the faultstring when there is no detail;</li>
 * <li>no connection, no answer within the timeout, an HTTP error without a SOAP fault, or an
 *     answer this client cannot read (not SOAP, unknown state) is {@code answered() == false}.
 *     Every call may be repeated with the same booking id, so the caller may simply retry.</li>
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
 * <li>The port type is small and fixed (document/literal, qualified elements, published WSDL),
 *     so writing its requests and reading its answers takes little code. The answers are parsed
 *     without DTDs or external entities.</li>
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
 * <p>One client (HTTP/1.1, a keep-alive pool of up to {@value #CONNECTIONS} connections) per
 * controller; the controller is immutable and safe for any number of threads.
 */
public final class SoapSegmentController implements SegmentController {

    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final XMLInputFactory XML = xmlInputFactory();
    private static final ContentType TEXT_XML = ContentType.create("text/xml", StandardCharsets.UTF_8);
    /** Connections kept to one service: the BAR's call pool rarely has more calls to one service at once. */
    static final int CONNECTIONS = 64;
    /** Ends calls that outlive their timeout (a socket timeout bounds one read, not the call). */
    private static final ScheduledThreadPoolExecutor DEADLINES = deadlines();

    private final String name;
    private final URI serviceUrl;
    private final String namespace;
    private final Duration timeout;
    private final CloseableHttpClient http;

    /**
     * @param name the controller's name, as the BAR's configuration and its failures name it
     * @param serviceUrl where the service answers ({@code http://host:port/services/NsapService})
     * @param namespace the service's namespace ({@code urn:crs:nsap:1}, or {@code urn:crs:bar-peer:1}
     *                  for a peer BAR)
     * @param timeout how long one call may take in all, positive
     */
    public SoapSegmentController(String name, URI serviceUrl, String namespace, Duration timeout) {
        this.name = Objects.requireNonNull(name, "name");
        this.serviceUrl = Objects.requireNonNull(serviceUrl, "serviceUrl");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        Timeout bound = Timeout.of(timeout);
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(CONNECTIONS)
                        .setMaxConnPerRoute(CONNECTIONS)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(bound)
                                .setSocketTimeout(bound)
                                // A connection the server closed while it was idle is found before use.
                                .setValidateAfterInactivity(TimeValue.ofMilliseconds(500))
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(bound).build())
                .disableAutomaticRetries() // the caller decides; every call may be repeated with its booking id
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .build();
    }

    @Override
    public String name() {
        return name;
    }

    public URI serviceUrl() {
        return serviceUrl;
    }

    @Override
    public SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure {
        StringBuilder body = new StringBuilder(640).append("<n:hold>");
        request(body, order);
        element(body, "holdSeconds", Integer.toString(holdSeconds(holdFor)));
        body.append("</n:hold>");
        return segment(call("hold", body));
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        StringBuilder body = new StringBuilder(640).append("<n:holdAndCommit>");
        request(body, order);
        body.append("</n:holdAndCommit>");
        return segment(call("holdAndCommit", body));
    }

    /** The order as the port type's {@code SegmentRequestBean}, its elements in the schema's order. */
    private static void request(StringBuilder body, SegmentOrder order) {
        body.append("<n:request>");
        element(body, "bandwidthMbps", Long.toString(order.bandwidthMbps()));
        element(body, "bookingId", order.bookingId());
        element(body, "destination", order.destination());
        element(body, "destinationVlan", Integer.toString(order.destinationVlan()));
        element(body, "end", dateTime(order.interval().end()));
        element(body, "source", order.source());
        element(body, "sourceVlan", Integer.toString(order.sourceVlan()));
        element(body, "start", dateTime(order.interval().start()));
        body.append("</n:request>");
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        return segment(call("commit", byId("commit", bookingId)));
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        StringBuilder body = new StringBuilder(160).append("<n:abort>");
        element(body, "bookingId", bookingId);
        element(body, "reason", reason == null ? "" : reason);
        return segment(call("abort", body.append("</n:abort>")));
    }

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        return segment(call("activate", byId("activate", bookingId)));
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        return segment(call("deactivate", byId("deactivate", bookingId)));
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        return segment(call("status", byId("status", bookingId)));
    }

    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        StringBuilder body = new StringBuilder(240).append("<n:modify>");
        element(body, "bookingId", bookingId);
        element(body, "end", dateTime(newEnd));
        element(body, "bandwidthMbps", Long.toString(newBandwidthMbps));
        element(body, "holdSeconds", Integer.toString(holdSeconds(holdFor)));
        return segment(call("modify", body.append("</n:modify>")));
    }

    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        return segment(call("commitModify", byId("commitModify", bookingId)));
    }

    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        return segment(call("abortModify", byId("abortModify", bookingId)));
    }

    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        StringBuilder body = new StringBuilder(400).append("<n:availability>");
        element(body, "source", source);
        element(body, "destination", destination);
        element(body, "bandwidthMbps", Long.toString(query.mbps()));
        element(body, "durationSeconds", Long.toString(wholeSeconds(query.duration())));
        element(body, "earliestStart", dateTime(millisUp(query.earliestStart())));
        element(body, "latestStart", dateTime(query.latestStart().truncatedTo(ChronoUnit.MILLIS)));
        body.append("</n:availability>");
        List<StartWindow> windows = new ArrayList<>();
        for (Element r : call("availability", body).returns) {
            if (r.children == null) {
                continue; // an empty array may come as one nil element
            }
            windows.add(new StartWindow(instant(r.children, "earliest"), instant(r.children, "latest")));
        }
        return StartTimes.of(windows);
    }

    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        StringBuilder body = new StringBuilder(400).append("<n:widestBandwidth>");
        element(body, "source", source);
        element(body, "destination", destination);
        element(body, "durationSeconds", Long.toString(wholeSeconds(duration)));
        element(body, "earliestStart", dateTime(millisUp(earliestStart)));
        element(body, "latestStart", dateTime(latestStart.truncatedTo(ChronoUnit.MILLIS)));
        body.append("</n:widestBandwidth>");
        List<Element> returns = call("widestBandwidth", body).returns;
        String text = returns.isEmpty() ? null : returns.get(0).text;
        try {
            return Long.parseLong(text == null ? "" : text.trim());
        } catch (NumberFormatException e) {
            throw unreachable("answered a bandwidth '" + text + "', not a number", e);
        }
    }

    @Override
    public List<String> endpoints() throws SegmentFailure {
        List<String> endpoints = new ArrayList<>();
        for (Element r : call("listEndpoints", new StringBuilder("<n:listEndpoints/>")).returns) {
            if (r.text != null) {
                endpoints.add(r.text);
            }
        }
        return List.copyOf(endpoints);
    }

    @Override
    public String toString() {
        return "SoapSegmentController[" + name + " at " + serviceUrl + "]";
    }

    /** Whole seconds, rounded up: a search for a longer booking never offers a start the real one lacks. */
    private static long wholeSeconds(Duration d) {
        return d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
    }

    /** Rounded up to the millisecond, the precision the services read xs:dateTime to. */
    private static Instant millisUp(Instant t) {
        Instant down = t.truncatedTo(ChronoUnit.MILLIS);
        return down.equals(t) ? t : down.plusMillis(1);
    }

    private Instant instant(Map<String, String> info, String field) throws SegmentFailure {
        String value = info.get(field);
        try {
            return OffsetDateTime.parse(value == null ? "" : value.trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw unreachable("answered " + field + " '" + value + "', not an xs:dateTime", e);
        }
    }

    /** {@code holdFor} in whole seconds, rounded up, at least 1, at most {@code Integer.MAX_VALUE}. */
    static int holdSeconds(Duration holdFor) {
        if (holdFor == null || holdFor.isNegative() || holdFor.isZero()) {
            return 1;
        }
        long seconds = holdFor.getSeconds() + (holdFor.getNano() > 0 ? 1 : 0);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, seconds));
    }

    // ---- the call ----

    private Answer call(String operation, CharSequence body) throws SegmentFailure {
        String envelope = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"" + SOAP11
                + "\" xmlns:n=\"" + escape(namespace) + "\"><soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
        HttpPost post = new HttpPost(serviceUrl);
        post.setHeader("SOAPAction", "\"urn:" + operation + "\"");
        post.setEntity(new StringEntity(envelope, TEXT_XML));
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> deadline = DEADLINES.schedule(() -> {
            late.set(true);
            post.cancel();
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        HttpAnswer response;
        try {
            response = http.execute(post, r -> {
                Header type = r.getFirstHeader("Content-Type");
                return new HttpAnswer(r.getCode(), type == null ? "no content type" : type.getValue(),
                        r.getEntity() == null ? "" : EntityUtils.toString(r.getEntity(), StandardCharsets.UTF_8));
            });
        } catch (IOException | RuntimeException e) {
            if (late.get() || e instanceof SocketTimeoutException) {
                throw unreachable(operation + ": no answer within " + timeout.toMillis() + " ms", e);
            }
            throw unreachable(operation + ": " + transportProblem(e), e);
        } finally {
            deadline.cancel(false);
        }
        return read(operation, response);
    }

    /** What came back over HTTP, read whole. */
    private record HttpAnswer(int statusCode, String contentType, String body) {
    }

    private static ScheduledThreadPoolExecutor deadlines() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "soap-call-deadlines");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    private String transportProblem(Throwable cause) {
        if (cause instanceof ConnectTimeoutException) {
            return "could not connect to " + serviceUrl + " within " + timeout.toMillis() + " ms";
        }
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (cause instanceof ConnectException) {
            return "could not connect to " + serviceUrl + " (" + describe(root) + ")";
        }
        if (cause instanceof IOException) {
            return "connection to " + serviceUrl + " failed (" + describe(root) + ")";
        }
        return describe(cause);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    private Answer read(String operation, HttpAnswer response) throws SegmentFailure {
        String body = response.body();
        Answer answer;
        try {
            answer = parse(body);
        } catch (XMLStreamException | RuntimeException e) {
            throw unreachable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response, body) + ")", e);
        }
        if (answer == null) {
            throw unreachable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response, body) + ")", null);
        }
        if (answer.fault != null) {
            throw new SegmentFailure(name, true, answer.fault, null);
        }
        if (response.statusCode() != 200) {
            throw unreachable(operation + ": HTTP " + response.statusCode() + " (" + snippet(response, body) + ")", null);
        }
        return answer;
    }

    private SegmentAnswer segment(Answer answer) throws SegmentFailure {
        if (answer.returns.isEmpty() || answer.returns.get(0).children == null) {
            throw unreachable("answered without a segment", null);
        }
        Map<String, String> info = answer.returns.get(0).children;
        String state = info.get("state");
        SegmentState segmentState;
        try {
            segmentState = SegmentState.valueOf(state == null ? "" : state.trim());
        } catch (IllegalArgumentException e) {
            throw unreachable("answered an unknown segment state '" + state + "'", e);
        }
        return new SegmentAnswer(info.get("bookingId"), segmentState, integer(info, "sourceVlan"),
                integer(info, "destinationVlan"), info.get("plan"), info.get("lastChange"));
    }

    private int integer(Map<String, String> info, String field) throws SegmentFailure {
        String value = info.get(field);
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw unreachable("answered " + field + " '" + value + "', not a number", e);
        }
    }

    private SegmentFailure unreachable(String what, Throwable cause) {
        return new SegmentFailure(name, false, what, cause);
    }

    // ---- writing ----

    private static StringBuilder byId(String operation, String bookingId) {
        StringBuilder body = new StringBuilder(96).append("<n:").append(operation).append('>');
        element(body, "bookingId", bookingId);
        return body.append("</n:").append(operation).append('>');
    }

    private static void element(StringBuilder out, String element, String text) {
        out.append("<n:").append(element).append('>').append(escape(text)).append("</n:").append(element).append('>');
    }

    private static String dateTime(Instant instant) {
        return instant.toString(); // ISO-8601 in UTC with a Z: a valid xs:dateTime
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\r' -> "&#13;";
                default -> null;
            };
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                out.append(replacement != null ? replacement : String.valueOf(c));
            }
        }
        return out == null ? text : out.toString();
    }

    /** A plain-text body in short; of anything else (an HTML error page), only its type. */
    private static String snippet(HttpAnswer response, String body) {
        String type = response.contentType();
        if (!type.startsWith("text/plain") && !type.startsWith("text/xml")) {
            return type + ", " + body.length() + " characters";
        }
        String oneLine = body.replaceAll("\\s+", " ").trim();
        if (oneLine.isEmpty()) {
            return "empty body";
        }
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }

    // ---- reading ----

    /** The body's first element read: either a fault's message, or the answer's {@code return} elements. */
    private static final class Answer {
        String fault;
        final List<Element> returns = new ArrayList<>();
    }

    /** A {@code return} element: its text when simple (null when nil), its children's texts when a bean. */
    private record Element(String text, Map<String, String> children) {
    }

    private static XMLInputFactory xmlInputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }

    /** The answer in {@code xml}, or null when it is not a SOAP envelope with a body. */
    private static Answer parse(String xml) throws XMLStreamException {
        XMLStreamReader r = XML.createXMLStreamReader(new StringReader(xml));
        try {
            if (!nextElement(r) || !"Envelope".equals(r.getLocalName()) || !SOAP11.equals(r.getNamespaceURI())) {
                return null;
            }
            while (nextElement(r)) {
                if ("Body".equals(r.getLocalName()) && SOAP11.equals(r.getNamespaceURI())) {
                    if (!nextChild(r)) {
                        return new Answer();
                    }
                    return "Fault".equals(r.getLocalName()) && SOAP11.equals(r.getNamespaceURI()) ? fault(r) : returns(r);
                }
                skip(r);
            }
            return null;
        } finally {
            r.close();
        }
    }

    // At a soapenv:Fault: faultstring, and field and reason anywhere in the detail (the detail's
    // outer element is named after the service: NsapServiceServiceFault, PeerServiceServiceFault).
    private static Answer fault(XMLStreamReader r) throws XMLStreamException {
        String faultString = null;
        String field = null;
        String reason = null;
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
                String local = r.getLocalName();
                if ("faultstring".equals(local) && depth == 2) {
                    faultString = r.getElementText();
                    depth--;
                } else if ("field".equals(local) && field == null) {
                    field = text(r);
                    depth--;
                } else if ("reason".equals(local) && reason == null) {
                    reason = text(r);
                    depth--;
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.END_DOCUMENT) {
                break;
            }
        }
        Answer a = new Answer();
        a.fault = faultMessage(field, reason, faultString);
        return a;
    }

    static String faultMessage(String field, String reason, String faultString) {
        String said = reason != null && !reason.isBlank() ? reason.trim()
                : faultString != null && !faultString.isBlank() ? faultString.trim() : "a SOAP fault without a reason";
        if (field == null || field.isBlank() || said.startsWith(field.trim() + ":")) {
            return said;
        }
        return field.trim() + ": " + said;
    }

    // At the answer element (opResponse): each child is a return; a bean's fields are its children.
    private static Answer returns(XMLStreamReader r) throws XMLStreamException {
        Answer a = new Answer();
        while (nextChild(r)) {
            if (isNil(r)) {
                skip(r);
                a.returns.add(new Element(null, null));
                continue;
            }
            StringBuilder text = new StringBuilder();
            Map<String, String> children = null;
            while (true) {
                int event = r.next();
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    text.append(r.getText());
                } else if (event == XMLStreamConstants.START_ELEMENT) {
                    if (children == null) {
                        children = new HashMap<>();
                    }
                    String local = r.getLocalName();
                    String value = text(r);
                    children.merge(local, value == null ? "" : value, (first, next) -> first + "," + next);
                } else if (event == XMLStreamConstants.END_ELEMENT || event == XMLStreamConstants.END_DOCUMENT) {
                    break;
                }
            }
            a.returns.add(children != null ? new Element(null, children) : new Element(text.toString(), null));
        }
        return a;
    }

    /** The text of a simple element the reader is at, null when nil; leaves the reader at its end. */
    private static String text(XMLStreamReader r) throws XMLStreamException {
        if (isNil(r)) {
            skip(r);
            return null;
        }
        StringBuilder text = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) && depth == 1) {
                text.append(r.getText());
            } else if (event == XMLStreamConstants.END_DOCUMENT) {
                break;
            }
        }
        return text.toString();
    }

    private static boolean isNil(XMLStreamReader r) {
        String nil = r.getAttributeValue(XSI, "nil");
        return nil != null && ("true".equals(nil.trim()) || "1".equals(nil.trim()));
    }

    private static boolean nextElement(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT) {
                return true;
            }
        }
        return false;
    }

    /** To the next child element of the current parent, or false at the parent's end. */
    private static boolean nextChild(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                return true;
            }
            if (event == XMLStreamConstants.END_ELEMENT) {
                return false;
            }
        }
        return false;
    }

    /** From a start element past its end. */
    private static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0 && r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }
}
