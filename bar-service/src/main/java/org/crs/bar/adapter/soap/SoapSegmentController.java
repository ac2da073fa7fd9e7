package org.crs.bar.adapter.soap;

import static org.crs.bar.adapter.soap.EnvelopeWriter.body;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.xml.stream.XMLStreamException;

import org.crs.bar.adapter.soap.EnvelopeReader.Answer;
import org.crs.bar.adapter.soap.EnvelopeReader.Element;
import org.crs.bar.adapter.soap.EnvelopeWriter.Body;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.Redaction;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.availability.StartTimes;
import org.crs.domain.availability.StartWindow;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;

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
 * <li>a SOAP fault is a refusal ({@code answered() == true}) with the code its detail names
 *     (see {@code EnvelopeReader.Answer#refusalCode} for a fault without one); its message is the
 *     fault's {@code field: reason} from the fault detail (the NSAP already starts its reasons with
 *     the field, which is then not repeated), or the faultstring when there is no detail;</li>
 * <li>no answer within the timeout is {@code TIMEOUT}; no connection, an HTTP error without a SOAP
 *     fault, or an answer this client cannot read (not SOAP, unknown state) is
 *     {@code PROVIDER_SILENT}; both are {@code answered() == false}. Every call may be repeated
 *     with the same booking id, so the caller may simply retry.</li>
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
 * <p>The parts: {@link SoapCall} (the HTTP call with its deadline), {@link EnvelopeWriter} and
 * {@link EnvelopeReader} (the envelopes); this class maps the port type's operations onto them.
 * The controller is immutable and safe for any number of threads; {@link #close} releases its
 * connections.
 */
public final class SoapSegmentController implements SegmentController {

    private final String name;
    private final URI serviceUrl;
    private final String namespace;
    private final SoapCall soap;

    /**
     * @param name the controller's name, as the BAR's configuration and its failures name it
     * @param serviceUrl where the service answers ({@code http://host:port/services/NsapService})
     * @param namespace the service's namespace ({@code urn:crs:nsap:1}, or {@code urn:crs:bar-peer:1}
     *                  for a peer BAR)
     * @param timeout how long one call may take in all, positive
     */
    public SoapSegmentController(String name, URI serviceUrl, String namespace, Duration timeout) {
        this(name, serviceUrl, namespace, timeout, null);
    }

    /**
     * @param name the controller's name, as the BAR's configuration and its failures name it
     * @param serviceUrl where the service answers ({@code https://host:port/services/NsapService})
     * @param namespace the service's namespace
     * @param timeout how long one call may take in all, positive
     * @param tls for an {@code https://} URL: the BAR's own certificate, presented to the service,
     *            and the authorities its certificate must chain to ({@code TlsContexts.client});
     *            null for the JVM's defaults
     */
    public SoapSegmentController(String name, URI serviceUrl, String namespace, Duration timeout, SSLContext tls) {
        this.name = Objects.requireNonNull(name, "name");
        this.serviceUrl = Objects.requireNonNull(serviceUrl, "serviceUrl");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.soap = new SoapCall(name, serviceUrl, timeout, tls);
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
        return segment(call(body("hold").request(order).element("holdSeconds", holdSeconds(holdFor))));
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        return segment(call(body("commit").element("bookingId", bookingId)));
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        return segment(call(body("holdAndCommit").request(order)));
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        return segment(call(body("abort").element("bookingId", bookingId).element("reason", reason == null ? "" : reason)));
    }

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        return segment(call(body("activate").element("bookingId", bookingId)));
    }

    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        return segment(call(body("modify").element("bookingId", bookingId).element("end", newEnd)
                .element("bandwidthMbps", newBandwidthMbps).element("holdSeconds", holdSeconds(holdFor))));
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        return segment(call(body("deactivate").element("bookingId", bookingId)));
    }

    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        Body body = body("availability").element("source", source).element("destination", destination)
                .element("bandwidthMbps", query.mbps());
        List<StartWindow> windows = new ArrayList<>();
        for (Element r : call(startTimes(body, query.duration(), query.earliestStart(), query.latestStart())).returns) {
            if (r.children() == null) {
                continue; // an empty array may come as one nil element
            }
            windows.add(new StartWindow(instant(r.children(), "earliest"), instant(r.children(), "latest")));
        }
        return StartTimes.of(windows);
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        return segment(call(body("status").element("bookingId", bookingId)));
    }

    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        Body body = body("widestBandwidth").element("source", source).element("destination", destination);
        List<Element> returns = call(startTimes(body, duration, earliestStart, latestStart)).returns;
        String text = returns.isEmpty() ? null : returns.get(0).text();
        try {
            return Long.parseLong(text == null ? "" : text.trim());
        } catch (NumberFormatException e) {
            throw unreadable("answered a bandwidth '" + text + "', not a number", e);
        }
    }

    @Override
    public BookingWanted wanted(String bookingId) throws SegmentFailure {
        List<Element> returns = call(body("segmentWanted").element("bookingId", bookingId)).returns;
        String text = returns.isEmpty() || returns.get(0).text() == null ? "" : returns.get(0).text().trim();
        try {
            return BookingWanted.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw unreadable("answered '" + text + "', neither WANTED nor NOT_WANTED", e);
        }
    }

    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        return segment(call(body("commitModify").element("bookingId", bookingId)));
    }

    @Override
    public List<String> endpoints() throws SegmentFailure {
        List<String> endpoints = new ArrayList<>();
        for (Element r : call(body("listEndpoints")).returns) {
            if (r.text() != null) {
                endpoints.add(r.text());
            }
        }
        return List.copyOf(endpoints);
    }

    @Override
    public List<AuditRecord> deviceLog(String bookingId, int limit) throws SegmentFailure {
        List<AuditRecord> records = new ArrayList<>();
        for (Element r : call(body("deviceLog").element("bookingId", bookingId).element("limit", limit)).returns) {
            if (r.children() == null) {
                continue; // an empty array may come as one nil element
            }
            Map<String, String> e = r.children();
            Map<String, String> arguments = new LinkedHashMap<>();
            arguments.put("protocol", text(e, "protocol"));
            arguments.put("request", Redaction.text(text(e, "request"), List.of()));
            arguments.put("elapsedMs", text(e, "elapsedMillis"));
            String booking = text(e, "bookingId");
            records.add(new AuditRecord(instant(e, "at"), name, "", "", AuditRecord.ROUTER_COMMAND, arguments,
                    text(e, "outcome"), AuditRecord.reservationOfBooking(booking), booking, text(e, "router"),
                    Redaction.text(text(e, "response"), List.of())));
        }
        return records;
    }

    /** The NSAP port type's {@code utilisation}: its {@code TrafficSampleBean}s as samples. */
    @Override
    public List<TrafficSample> utilisation(String bookingId, TimeInterval range) throws SegmentFailure {
        List<TrafficSample> samples = new ArrayList<>();
        for (Element r : call(body("utilisation").element("bookingId", bookingId).element("from", range.start())
                .element("to", range.end())).returns) {
            if (r.children() == null) {
                continue; // an empty array may come as one nil element
            }
            Map<String, String> e = r.children();
            Instant start = instant(e, "start");
            Instant end = instant(e, "end");
            if (!end.isAfter(start)) {
                throw unreadable("answered a traffic sample ending at " + end + ", not after its start " + start, null);
            }
            samples.add(new TrafficSample(Duration.ofSeconds(Math.max(1, integer(e, "resolutionSeconds"))),
                    new TrafficRate(start, end, decimal(e, "inBitsPerSecond"), decimal(e, "outBitsPerSecond"),
                            decimal(e, "errorsPerSecond"), decimal(e, "discardsPerSecond"))));
        }
        return List.copyOf(samples);
    }

    private double decimal(Map<String, String> info, String field) throws SegmentFailure {
        String value = info.get(field);
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isNaN(d) || Double.isInfinite(d) || d < 0) {
                throw unreadable("answered " + field + " '" + value + "', not a rate", null);
            }
            return d;
        } catch (NumberFormatException e) {
            throw unreadable("answered " + field + " '" + value + "', not a number", e);
        }
    }

    private static String text(Map<String, String> info, String field) {
        String v = info.get(field);
        return v == null ? "" : v;
    }

    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        return segment(call(body("abortModify").element("bookingId", bookingId)));
    }

    @Override
    public MaintenanceWindow addMaintenance(String resourceId, TimeInterval window, String reason)
            throws SegmentFailure {
        return maintenance(one(call(body("addMaintenance").element("resourceId", resourceId)
                .element("start", window.start()).element("end", window.end()).element("reason", reason))));
    }

    @Override
    public MaintenanceWindow liftMaintenance(long windowId, String reason) throws SegmentFailure {
        return maintenance(one(call(body("liftMaintenance").element("windowId", windowId).element("reason", reason))));
    }

    @Override
    public List<MaintenanceWindow> listMaintenance(String resourceId, TimeInterval window) throws SegmentFailure {
        List<MaintenanceWindow> windows = new ArrayList<>();
        for (Element r : call(body("listMaintenance").element("resourceId", resourceId == null ? "" : resourceId)
                .element("from", window.start()).element("to", window.end())).returns) {
            if (r.children() != null) { // an empty array may come as one nil element
                windows.add(maintenance(r.children()));
            }
        }
        return List.copyOf(windows);
    }

    /**
     * The duration and start times of an availability question: whole seconds rounded up, and
     * times to the millisecond the services read, so the answer never offers a start the real
     * booking lacks.
     */
    private static Body startTimes(Body body, Duration duration, Instant earliestStart, Instant latestStart) {
        return body.element("durationSeconds", wholeSeconds(duration)).element("earliestStart", millisUp(earliestStart))
                .element("latestStart", latestStart.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Closes the connections kept to the service. */
    @Override
    public void close() {
        soap.close();
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
            throw unreadable("answered " + field + " '" + value + "', not an xs:dateTime", e);
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

    private Answer call(Body body) throws SegmentFailure {
        return read(body.operation(), soap.post(body.operation(), EnvelopeWriter.envelope(namespace, body)));
    }

    private Answer read(String operation, SoapCall.HttpAnswer response) throws SegmentFailure {
        String body = response.body();
        Answer answer;
        try {
            answer = EnvelopeReader.parse(body);
        } catch (XMLStreamException | RuntimeException e) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response, body) + ")", e);
        }
        if (answer == null) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " without a SOAP answer ("
                    + snippet(response, body) + ")", null);
        }
        if (answer.fault != null) {
            // A Server fault is the service failing (or a peer BAR whose L-NSAP did not answer),
            // not an answer to the request: whether it acted is unknown, and the call may be tried again.
            throw new SegmentFailure(name, !answer.serverFault, refusal(answer), null);
        }
        if (response.statusCode() != 200) {
            throw unreadable(operation + ": HTTP " + response.statusCode() + " (" + snippet(response, body) + ")", null);
        }
        return answer;
    }

    private SegmentAnswer segment(Answer answer) throws SegmentFailure {
        if (answer.returns.isEmpty() || answer.returns.get(0).children() == null) {
            throw unreadable("answered without a segment", null);
        }
        Map<String, String> info = answer.returns.get(0).children();
        String state = info.get("state");
        SegmentState segmentState;
        try {
            segmentState = SegmentState.valueOf(state == null ? "" : state.trim());
        } catch (IllegalArgumentException e) {
            throw unreadable("answered an unknown segment state '" + state + "'", e);
        }
        return new SegmentAnswer(info.get("bookingId"), segmentState, integer(info, "sourceVlan"),
                integer(info, "destinationVlan"), info.get("plan"), info.get("lastChange"));
    }

    private Map<String, String> one(Answer answer) throws SegmentFailure {
        if (answer.returns.isEmpty() || answer.returns.get(0).children() == null) {
            throw unreadable("answered without a maintenance window", null);
        }
        return answer.returns.get(0).children();
    }

    /** A {@code MaintenanceInfo}; its repeated {@code affectedBookings} come joined by commas (see EnvelopeReader). */
    private MaintenanceWindow maintenance(Map<String, String> info) throws SegmentFailure {
        String id = info.get("id");
        long windowId;
        try {
            windowId = Long.parseLong(id == null ? "" : id.trim());
        } catch (NumberFormatException e) {
            throw unreadable("answered a window id '" + id + "', not a number", e);
        }
        String lifted = info.get("liftedAt");
        MaintenanceWindow.Lift lift = lifted == null || lifted.isBlank() ? null
                : new MaintenanceWindow.Lift(info.get("liftedBy"), info.get("liftReason"), instant(info, "liftedAt"));
        String affected = info.get("affectedBookings");
        List<String> bookings = affected == null || affected.isBlank() ? List.of()
                : Arrays.stream(affected.split(",")).map(String::trim).filter(b -> !b.isEmpty()).toList();
        return new MaintenanceWindow(windowId, info.getOrDefault("resourceId", ""),
                new TimeInterval(instant(info, "start"), instant(info, "end")), info.get("reason"), info.get("createdBy"),
                instant(info, "createdAt"), lift, bookings);
    }

    private int integer(Map<String, String> info, String field) throws SegmentFailure {
        String value = info.get(field);
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw unreadable("answered " + field + " '" + value + "', not a number", e);
        }
    }

    // An answer this client cannot read is as good as none: PROVIDER_SILENT.
    private SegmentFailure unreadable(String what, Throwable cause) {
        return SegmentFailure.failed(name, what, cause);
    }

    /** The fault as a refusal: its code, and as subject its field, or this controller for a failure of its own. */
    private Refusal refusal(Answer fault) {
        RefusalCode code = fault.refusalCode();
        String subject = switch (code.subject()) {
            case FIELD -> fault.field;
            case PROVIDER -> name;
            case RESOURCE -> ""; // the fault names the resource in its text only
        };
        return new Refusal(code, subject, fault.fault);
    }

    /** A plain-text body in short; of anything else (an HTML error page), only its type. */
    private static String snippet(SoapCall.HttpAnswer response, String body) {
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
}
