package org.crs.nsap.contract.client;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import javax.net.ssl.SSLContext;

import org.crs.nsap.contract.DeviceLogRecordBean;
import org.crs.nsap.contract.MaintenanceInfo;
import org.crs.nsap.contract.NsapContract;
import org.crs.nsap.contract.SegmentInfo;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.nsap.contract.StartWindowBean;
import org.crs.nsap.contract.TrafficSampleBean;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.client.SoapCallException;
import org.crs.service.soap.client.SoapClient;
import org.crs.service.soap.client.SoapRequest;

/**
 * The operations of the NSAP port type ({@code schema/wsdl/NsapService.wsdl}) as a caller sees
 * them: the contract's request beans in, its answer beans out, each operation's parameters named
 * and ordered once, here, as the servers' methods declare them. An L-NSAP and the NSAP serve it as
 * {@link NsapContract#SERVICE_NAME} in {@link NsapContract#NAMESPACE}; a BAR serves the same
 * operations to its peers as {@link NsapContract#PEER_SERVICE_NAME} in
 * {@link NsapContract#PEER_NAMESPACE}, so one client type calls all three.
 *
 * <pre>{@code
 * try (NsapPortClient nsap = new NsapPortClient(new SoapClient("nsap",
 *         URI.create("http://127.0.0.1:8080/services/NsapService"), NsapContract.NAMESPACE, Duration.ofSeconds(10), null))) {
 *     SegmentInfo held = nsap.hold(request, 300);
 * }
 * }</pre>
 *
 * <p>Every operation throws {@link ServiceFault} when the service answered with a fault (the
 * refusal's code as the fault's detail names it) and {@link SoapCallException} when there was no
 * answer that could be read ({@link SoapClient}); every call may be repeated with the same
 * booking id. An operation that answers one bean answers null when the service returned none.
 * Times are sent as UTC {@code xs:dateTime} to the nanosecond given; the services read them to
 * the millisecond.
 */
public final class NsapPortClient implements AutoCloseable {

    private final SoapClient soap;

    /** Calls the service {@code soap} is bound to (its URL and namespace). */
    public NsapPortClient(SoapClient soap) {
        this.soap = soap;
    }

    /** An NSAP port client on a new {@link SoapClient}. */
    public static NsapPortClient of(String name, URI serviceUrl, String namespace, Duration timeout,
            SSLContext tls) {
        return new NsapPortClient(new SoapClient(name, serviceUrl, namespace, timeout, tls));
    }

    /** Where the service answers. */
    public URI serviceUrl() {
        return soap.serviceUrl();
    }

    public SegmentInfo hold(SegmentRequestBean request, int holdSeconds) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("hold").with("request", request).with("holdSeconds", holdSeconds));
    }

    public SegmentInfo commit(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("commit").with("bookingId", bookingId));
    }

    public SegmentInfo holdAndCommit(SegmentRequestBean request) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("holdAndCommit").with("request", request));
    }

    public SegmentInfo abort(String bookingId, String reason) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("abort").with("bookingId", bookingId).with("reason", reason));
    }

    public SegmentInfo activate(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("activate").with("bookingId", bookingId));
    }

    public SegmentInfo modify(String bookingId, Instant end, long bandwidthMbps, int holdSeconds)
            throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("modify").with("bookingId", bookingId).with("end", end)
                .with("bandwidthMbps", bandwidthMbps).with("holdSeconds", holdSeconds));
    }

    public SegmentInfo commitModify(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("commitModify").with("bookingId", bookingId));
    }

    public SegmentInfo abortModify(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("abortModify").with("bookingId", bookingId));
    }

    public SegmentInfo deactivate(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("deactivate").with("bookingId", bookingId));
    }

    /** Takes an active segment off its routers, its booking kept: COMMITTED, to be activated again. */
    public SegmentInfo suspend(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("suspend").with("bookingId", bookingId));
    }

    public SegmentInfo status(String bookingId) throws ServiceFault, SoapCallException {
        return segment(SoapRequest.of("status").with("bookingId", bookingId));
    }

    /** The stretches of start times at which the bandwidth is free for the whole duration. */
    public List<StartWindowBean> availability(String source, String destination, long bandwidthMbps,
            long durationSeconds, Instant earliestStart, Instant latestStart) throws ServiceFault, SoapCallException {
        return soap.callForAll(SoapRequest.of("availability").with("source", source).with("destination", destination)
                .with("bandwidthMbps", bandwidthMbps).with("durationSeconds", durationSeconds)
                .with("earliestStart", earliestStart).with("latestStart", latestStart), StartWindowBean.class);
    }

    /** The most bandwidth, Mbit/s, free for the whole duration at some start; null when not answered. */
    public Long widestBandwidth(String source, String destination, long durationSeconds, Instant earliestStart,
            Instant latestStart) throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("widestBandwidth").with("source", source).with("destination", destination)
                .with("durationSeconds", durationSeconds).with("earliestStart", earliestStart)
                .with("latestStart", latestStart), Long.class);
    }

    /** {@code WANTED} or {@code NOT_WANTED}, as the BAR of the booking answers (PeerService). */
    public String segmentWanted(String bookingId) throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("segmentWanted").with("bookingId", bookingId), String.class);
    }

    public List<String> listEndpoints() throws ServiceFault, SoapCallException {
        return soap.callForAll(SoapRequest.of("listEndpoints"), String.class);
    }

    public List<DeviceLogRecordBean> deviceLog(String bookingId, int limit) throws ServiceFault, SoapCallException {
        return soap.callForAll(SoapRequest.of("deviceLog").with("bookingId", bookingId).with("limit", limit),
                DeviceLogRecordBean.class);
    }

    public List<TrafficSampleBean> utilisation(String bookingId, Instant from, Instant to)
            throws ServiceFault, SoapCallException {
        return soap.callForAll(SoapRequest.of("utilisation").with("bookingId", bookingId).with("from", from)
                .with("to", to), TrafficSampleBean.class);
    }

    /** Declares a window naming no operator: the request a BAR from before the operator field sends. */
    public MaintenanceInfo addMaintenance(String resourceId, Instant start, Instant end, String reason)
            throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("addMaintenance").with("resourceId", resourceId).with("start", start)
                .with("end", end).with("reason", reason), MaintenanceInfo.class);
    }

    /** Declares a window for {@code operator}, the person at the calling BAR who declares it. */
    public MaintenanceInfo addMaintenance(String resourceId, Instant start, Instant end, String reason, String operator)
            throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("addMaintenance").with("resourceId", resourceId).with("start", start)
                .with("end", end).with("reason", reason).with("operator", operator), MaintenanceInfo.class);
    }

    /** Lifts a window naming no operator: the request a BAR from before the operator field sends. */
    public MaintenanceInfo liftMaintenance(long windowId, String reason) throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("liftMaintenance").with("windowId", windowId).with("reason", reason),
                MaintenanceInfo.class);
    }

    /** Lifts a window for {@code operator}, the person at the calling BAR who lifts it. */
    public MaintenanceInfo liftMaintenance(long windowId, String reason, String operator)
            throws ServiceFault, SoapCallException {
        return soap.call(SoapRequest.of("liftMaintenance").with("windowId", windowId).with("reason", reason)
                .with("operator", operator), MaintenanceInfo.class);
    }

    public List<MaintenanceInfo> listMaintenance(String resourceId, Instant from, Instant to)
            throws ServiceFault, SoapCallException {
        return soap.callForAll(SoapRequest.of("listMaintenance").with("resourceId", resourceId).with("from", from)
                .with("to", to), MaintenanceInfo.class);
    }

    private SegmentInfo segment(SoapRequest request) throws ServiceFault, SoapCallException {
        return soap.call(request, SegmentInfo.class);
    }

    /** Closes the connections kept to the service. */
    @Override
    public void close() {
        soap.close();
    }

    @Override
    public String toString() {
        return "NsapPortClient[" + soap + "]";
    }
}
