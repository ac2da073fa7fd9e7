package org.crs.bar.adapter.soap;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import javax.net.ssl.SSLContext;

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
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsap.contract.DeviceLogRecordBean;
import org.crs.nsap.contract.MaintenanceInfo;
import org.crs.nsap.contract.SegmentInfo;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.nsap.contract.StartWindowBean;
import org.crs.nsap.contract.TrafficSampleBean;
import org.crs.nsap.contract.client.NsapPortClient;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;
import org.crs.service.soap.client.SoapCallException;

/**
 * A {@link SegmentController} that calls the NSAP port type over SOAP 1.1: an L-NSAP or the NSAP
 * ({@code NsapService}, namespace {@code urn:crs:nsap:1}) or a peer BAR ({@code PeerService},
 * {@code urn:crs:bar-peer:1}), which all serve the same operations, request and answer beans
 * (see {@code schema/wsdl/NsapService.wsdl}) under their own service name and namespace. The
 * calls go through the contract's {@link NsapPortClient} on the runtime's one SOAP client
 * ({@code org.crs.service.soap.client.SoapClient}: why a small blocking client on Apache
 * HttpClient, neither Axis2's nor the JDK's, is said there); this class maps the domain onto
 * the contract's beans and the client's failures onto {@link SegmentFailure}.
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
 * (for abort, activate, deactivate, suspend and status: state, actor, time and reason) as the reason.
 *
 * <p>Failures, always a {@link SegmentFailure} named after this controller:
 * <ul>
 * <li>a SOAP fault is a refusal ({@code answered() == true}) with the code its detail names (a
 *     fault without one reads as its shape says, see the client); its message is the fault's
 *     {@code field: reason} from the fault detail, or the faultstring when there is no detail. A
 *     Server fault is the service failing (or a peer BAR whose L-NSAP did not answer), not an
 *     answer to the request: {@code answered() == false};</li>
 * <li>no answer within the timeout is {@code TIMEOUT}; no connection, an HTTP error without a SOAP
 *     fault, or an answer this controller cannot read (not SOAP, unknown state) is
 *     {@code PROVIDER_SILENT}; both are {@code answered() == false}. Every call may be repeated
 *     with the same booking id, so the caller may simply retry.</li>
 * </ul>
 * The timeout bounds the whole call: connecting, sending, and reading the whole answer.
 *
 * <p>The controller is immutable and safe for any number of threads; {@link #close} releases its
 * connections.
 */
public final class SoapSegmentController implements SegmentController {

    private final String name;
    private final NsapPortClient port;

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
        this.port = NsapPortClient.of(name, serviceUrl, namespace, timeout, tls);
    }

    @Override
    public String name() {
        return name;
    }

    public URI serviceUrl() {
        return port.serviceUrl();
    }

    @Override
    public SegmentAnswer hold(SegmentOrder order, Duration holdFor) throws SegmentFailure {
        return segment(call(p -> p.hold(request(order), holdSeconds(holdFor))));
    }

    @Override
    public SegmentAnswer commit(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.commit(bookingId)));
    }

    @Override
    public SegmentAnswer holdAndCommit(SegmentOrder order) throws SegmentFailure {
        return segment(call(p -> p.holdAndCommit(request(order))));
    }

    @Override
    public SegmentAnswer abort(String bookingId, String reason) throws SegmentFailure {
        return segment(call(p -> p.abort(bookingId, reason == null ? "" : reason)));
    }

    @Override
    public SegmentAnswer activate(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.activate(bookingId)));
    }

    @Override
    public SegmentAnswer modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor)
            throws SegmentFailure {
        return segment(call(p -> p.modify(bookingId, newEnd, newBandwidthMbps, holdSeconds(holdFor))));
    }

    @Override
    public SegmentAnswer deactivate(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.deactivate(bookingId)));
    }

    @Override
    public SegmentAnswer suspend(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.suspend(bookingId)));
    }

    @Override
    public SegmentAnswer commitModify(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.commitModify(bookingId)));
    }

    @Override
    public SegmentAnswer abortModify(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.abortModify(bookingId)));
    }

    @Override
    public SegmentAnswer status(String bookingId) throws SegmentFailure {
        return segment(call(p -> p.status(bookingId)));
    }

    /**
     * The duration and start times of an availability question go as whole seconds rounded up,
     * and times to the millisecond the services read (the earliest rounded up), so the answer
     * never offers a start the real booking lacks.
     */
    @Override
    public StartTimes availability(String source, String destination, SlotQuery query) throws SegmentFailure {
        List<StartWindowBean> answered = call(p -> p.availability(source, destination, query.mbps(),
                wholeSeconds(query.duration()), millisUp(query.earliestStart()), millis(query.latestStart())));
        List<StartWindow> windows = new ArrayList<>();
        for (StartWindowBean w : answered) {
            windows.add(new StartWindow(instant(w.getEarliest(), "earliest"), instant(w.getLatest(), "latest")));
        }
        return StartTimes.of(windows);
    }

    @Override
    public long widest(String source, String destination, Duration duration, Instant earliestStart, Instant latestStart)
            throws SegmentFailure {
        Long widest = call(p -> p.widestBandwidth(source, destination, wholeSeconds(duration), millisUp(earliestStart),
                millis(latestStart)));
        if (widest == null) {
            throw unreadable("answered no bandwidth", null);
        }
        return widest;
    }

    @Override
    public BookingWanted wanted(String bookingId) throws SegmentFailure {
        String answered = call(p -> p.segmentWanted(bookingId));
        String text = answered == null ? "" : answered.trim();
        try {
            return BookingWanted.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw unreadable("answered '" + text + "', neither WANTED nor NOT_WANTED", e);
        }
    }

    @Override
    public List<String> endpoints() throws SegmentFailure {
        return call(NsapPortClient::listEndpoints);
    }

    @Override
    public List<AuditRecord> deviceLog(String bookingId, int limit) throws SegmentFailure {
        List<AuditRecord> records = new ArrayList<>();
        for (DeviceLogRecordBean e : call(p -> p.deviceLog(bookingId, limit))) {
            Map<String, String> arguments = new LinkedHashMap<>();
            arguments.put("protocol", text(e.getProtocol()));
            arguments.put("request", Redaction.text(text(e.getRequest()), List.of()));
            arguments.put("elapsedMs", Long.toString(e.getElapsedMillis()));
            String booking = text(e.getBookingId());
            records.add(new AuditRecord(instant(e.getAt(), "at"), name, "", "", AuditRecord.ROUTER_COMMAND, arguments,
                    text(e.getOutcome()), AuditRecord.reservationOfBooking(booking), booking, text(e.getRouter()),
                    Redaction.text(text(e.getResponse()), List.of())));
        }
        return records;
    }

    /** The NSAP port type's {@code utilisation}: its {@code TrafficSampleBean}s as samples. */
    @Override
    public List<TrafficSample> utilisation(String bookingId, TimeInterval range) throws SegmentFailure {
        List<TrafficSample> samples = new ArrayList<>();
        for (TrafficSampleBean b : call(p -> p.utilisation(bookingId, range.start(), range.end()))) {
            Instant start = instant(b.getStart(), "start");
            Instant end = instant(b.getEnd(), "end");
            if (!end.isAfter(start)) {
                throw unreadable("answered a traffic sample ending at " + end + ", not after its start " + start, null);
            }
            samples.add(new TrafficSample(Duration.ofSeconds(Math.max(1, b.getResolutionSeconds())),
                    new TrafficRate(start, end, rate("inBitsPerSecond", b.getInBitsPerSecond()),
                            rate("outBitsPerSecond", b.getOutBitsPerSecond()),
                            rate("errorsPerSecond", b.getErrorsPerSecond()),
                            rate("discardsPerSecond", b.getDiscardsPerSecond()))));
        }
        return List.copyOf(samples);
    }

    @Override
    public MaintenanceWindow addMaintenance(String resourceId, TimeInterval window, String reason, String operator)
            throws SegmentFailure {
        return maintenance(call(p -> p.addMaintenance(resourceId, window.start(), window.end(), reason, operator)));
    }

    @Override
    public MaintenanceWindow liftMaintenance(long windowId, String reason, String operator) throws SegmentFailure {
        return maintenance(call(p -> p.liftMaintenance(windowId, reason, operator)));
    }

    @Override
    public List<MaintenanceWindow> listMaintenance(String resourceId, TimeInterval window) throws SegmentFailure {
        List<MaintenanceWindow> windows = new ArrayList<>();
        for (MaintenanceInfo info : call(p -> p.listMaintenance(resourceId == null ? "" : resourceId, window.start(),
                window.end()))) {
            windows.add(maintenance(info));
        }
        return List.copyOf(windows);
    }

    /** Closes the connections kept to the service. */
    @Override
    public void close() {
        port.close();
    }

    @Override
    public String toString() {
        return "SoapSegmentController[" + name + " at " + port.serviceUrl() + "]";
    }

    /** {@code holdFor} in whole seconds, rounded up, at least 1, at most {@code Integer.MAX_VALUE}. */
    static int holdSeconds(Duration holdFor) {
        if (holdFor == null || holdFor.isNegative() || holdFor.isZero()) {
            return 1;
        }
        long seconds = holdFor.getSeconds() + (holdFor.getNano() > 0 ? 1 : 0);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, seconds));
    }

    /** Whole seconds, rounded up: a search for a longer booking never offers a start the real one lacks. */
    private static long wholeSeconds(Duration d) {
        return d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
    }

    /** Rounded up to the millisecond, the precision the services read xs:dateTime to. */
    private static Instant millisUp(Instant t) {
        Instant down = millis(t);
        return down.equals(t) ? t : down.plusMillis(1);
    }

    private static Instant millis(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS);
    }

    // ---- the call and its answers ----

    /** One operation of the port type. */
    @FunctionalInterface
    private interface PortCall<T> {
        T on(NsapPortClient port) throws ServiceFault, SoapCallException;
    }

    private <T> T call(PortCall<T> call) throws SegmentFailure {
        try {
            return call.on(port);
        } catch (ServiceFault fault) {
            // A Server fault is the service failing (or a peer BAR whose L-NSAP did not answer),
            // not an answer to the request: whether it acted is unknown, and the call may be tried again.
            throw new SegmentFailure(name, fault.callersError(), fault.refusal(), null);
        } catch (SoapCallException e) {
            throw switch (e.kind()) {
                case TIMEOUT -> SegmentFailure.timedOut(name, e.getMessage(), e);
                case NO_CONNECTION -> SegmentFailure.silent(name, e.getMessage(), e);
                case UNREADABLE -> unreadable(e.getMessage(), e);
            };
        }
    }

    /** The order as the port type's request bean. */
    private static SegmentRequestBean request(SegmentOrder order) {
        SegmentRequestBean b = new SegmentRequestBean();
        b.setBookingId(order.bookingId());
        b.setSource(order.source());
        b.setDestination(order.destination());
        b.setBandwidthMbps(order.bandwidthMbps());
        b.setStart(SoapTimes.calendar(order.interval().start()));
        b.setEnd(SoapTimes.calendar(order.interval().end()));
        b.setSourceVlan(order.sourceVlan());
        b.setDestinationVlan(order.destinationVlan());
        return b;
    }

    private SegmentAnswer segment(SegmentInfo info) throws SegmentFailure {
        if (info == null) {
            throw unreadable("answered without a segment", null);
        }
        String state = info.getState();
        SegmentState segmentState;
        try {
            segmentState = SegmentState.valueOf(state == null ? "" : state.trim());
        } catch (IllegalArgumentException e) {
            throw unreadable("answered an unknown segment state '" + state + "'", e);
        }
        return new SegmentAnswer(info.getBookingId(), segmentState, info.getSourceVlan(), info.getDestinationVlan(),
                info.getPlan(), info.getLastChange());
    }

    private MaintenanceWindow maintenance(MaintenanceInfo info) throws SegmentFailure {
        if (info == null) {
            throw unreadable("answered without a maintenance window", null);
        }
        MaintenanceWindow.Lift lift = info.getLiftedAt() == null ? null
                : new MaintenanceWindow.Lift(info.getLiftedBy(), info.getLiftReason(), info.getLiftedAt().toInstant());
        List<String> bookings = Arrays.stream(info.getAffectedBookings()).filter(Objects::nonNull).map(String::trim)
                .filter(b -> !b.isEmpty()).toList();
        return new MaintenanceWindow(info.getId(), info.getResourceId() == null ? "" : info.getResourceId(),
                new TimeInterval(instant(info.getStart(), "start"), instant(info.getEnd(), "end")), info.getReason(),
                info.getCreatedBy(), instant(info.getCreatedAt(), "createdAt"), lift, bookings);
    }

    private Instant instant(Calendar time, String field) throws SegmentFailure {
        if (time == null) {
            throw unreadable("answered without " + field, null);
        }
        return time.toInstant();
    }

    private double rate(String field, double value) throws SegmentFailure {
        if (Double.isNaN(value) || Double.isInfinite(value) || value < 0) {
            throw unreadable("answered " + field + " '" + value + "', not a rate", null);
        }
        return value;
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    // An answer this controller cannot read is as good as none: PROVIDER_SILENT.
    private SegmentFailure unreadable(String what, Throwable cause) {
        return SegmentFailure.failed(name, what, cause);
    }
}
