package org.crs.nsap.soap;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;

import org.crs.domain.access.Caller;
import org.crs.domain.availability.SlotQuery;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.CheckResult;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.nsap.service.RequestRejected;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.service.SegmentService;
import org.crs.nsap.port.SegmentStore;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;
import org.crs.nsap.contract.CheckAnswer;
import org.crs.nsap.contract.DeviceLogRecordBean;
import org.crs.nsap.contract.MaintenanceInfo;
import org.crs.nsap.contract.SegmentInfo;
import org.crs.nsap.contract.SegmentRequestBean;
import org.crs.nsap.contract.SlotQueries;
import org.crs.nsap.contract.StartWindowBean;
import org.crs.nsap.contract.TrafficSampleBean;
import org.crs.nsap.service.SegmentTraffic;
import org.crs.service.security.CurrentCall;
import java.util.Optional;

/**
 * The NSAP port type, served over SOAP by the L-NSAP and the NSAP alike: a thin layer that
 * turns SOAP beans (xs:dateTime as Calendar) into domain calls on {@link SegmentService} and
 * refusals into faults naming the field and the reason. It passes the service the caller
 * authentication found ({@link CurrentCall}), and the service decides which bookings it may act
 * on. The published WSDL is kept in schema/wsdl and compared with the served one by a test.
 */
public class NsapPortType {

    private final SegmentService service;
    private final String actor;
    private final SegmentTraffic traffic;
    private final Optional<ServedBars> servedBars;

    /**
     * @param service the segment service
     * @param actor who the calls are recorded as coming from in a service without access control
     * @param traffic the traffic measured on the segments
     * @param servedBars the BARs this service answers; empty: every caller (a service inside a test)
     */
    public NsapPortType(SegmentService service, String actor, SegmentTraffic traffic, Optional<ServedBars> servedBars) {
        this.service = service;
        this.actor = actor;
        this.traffic = traffic;
        this.servedBars = servedBars;
    }

    /** Would this segment fit now, and if not, which resource refuses it and why (its code)? Books nothing. */
    public CheckAnswer check(SegmentRequestBean request) throws ServiceFault {
        try {
            CheckResult r = service.check(toRequest(request));
            CheckAnswer a = new CheckAnswer();
            a.setFits(r.fits());
            a.setResource(r.resource());
            a.setReason(r.reason());
            a.setCode(r.code() == null ? null : r.code().name());
            return a;
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Every start time in [earliestStart, latestStart] at which a segment from {@code source} to
     * {@code destination} could be booked at {@code bandwidthMbps} for {@code durationSeconds},
     * as stretches in time order (none: an empty answer). Books nothing.
     */
    public StartWindowBean[] availability(String source, String destination, long bandwidthMbps, long durationSeconds,
                                          Calendar earliestStart, Calendar latestStart) throws ServiceFault {
        SlotQuery query = SlotQueries.of(bandwidthMbps, durationSeconds, earliestStart, latestStart);
        try {
            return StartWindowBean.of(service.availability(source, destination, query));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * The most bandwidth, in Mbit/s, a segment from {@code source} to {@code destination} could
     * be booked with for {@code durationSeconds} at some start time in [earliestStart,
     * latestStart]; 0 when none.
     */
    public long widestBandwidth(String source, String destination, long durationSeconds, Calendar earliestStart,
                                Calendar latestStart) throws ServiceFault {
        SlotQuery query = SlotQueries.of(1, durationSeconds, earliestStart, latestStart);
        try {
            return service.widest(source, destination, query.duration(), query.earliestStart(), query.latestStart());
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Books the segment, held for {@code holdSeconds} unless committed; answers the path or port and the VLANs. */
    public SegmentInfo hold(SegmentRequestBean request, int holdSeconds) throws ServiceFault {
        try {
            return info(service.hold(toRequest(request), Duration.ofSeconds(holdSeconds), caller()));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Books the segment for good in one step, as hold then commit would: for the last part of an
     * all-or-nothing booking, which its caller aborts if another part fails. Answers COMMITTED,
     * the path or port and the VLANs.
     */
    public SegmentInfo holdAndCommit(SegmentRequestBean request) throws ServiceFault {
        try {
            return info(service.holdAndCommit(toRequest(request), caller()));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Confirms a held segment. */
    public SegmentInfo commit(String bookingId) throws ServiceFault {
        try {
            return info(service.commit(bookingId, caller()));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Releases a held or committed segment. */
    public SegmentInfo abort(String bookingId, String reason) throws ServiceFault {
        try {
            return withLastChange(info(service.abort(bookingId, caller(), reason)));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Configures a committed segment on its routers. */
    public SegmentInfo activate(String bookingId) throws ServiceFault {
        try {
            return withLastChange(info(service.activate(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Removes an active segment from its routers and ends it; releases a committed one. A segment
     * being activated answers DEACTIVATING, and is taken off its routers once that activation finishes.
     */
    public SegmentInfo deactivate(String bookingId) throws ServiceFault {
        try {
            return withLastChange(info(service.deactivate(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Takes an active segment off its routers and keeps it booked: COMMITTED again, to be
     * activated again later. A committed segment, or one being activated or suspended, answers
     * as it is.
     */
    public SegmentInfo suspend(String bookingId) throws ServiceFault {
        try {
            return withLastChange(info(service.suspend(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Holds a change of a committed or active segment: a new end time and/or bandwidth, on the
     * same path or port and VLANs, held for {@code holdSeconds} unless committed. Answers the
     * segment with the change as pendingEnd, pendingBandwidthMbps and pendingExpiresAt.
     */
    public SegmentInfo modify(String bookingId, Calendar end, long bandwidthMbps, int holdSeconds) throws ServiceFault {
        if (end == null) {
            throw ServiceFault.badField("end", "is missing");
        }
        try {
            return withLastModify(info(service.modify(bookingId, end.toInstant(), bandwidthMbps,
                    Duration.ofSeconds(holdSeconds), caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Applies the segment's pending change. */
    public SegmentInfo commitModify(String bookingId) throws ServiceFault {
        try {
            return withLastModify(info(service.commitModify(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** Drops the segment's pending change, if any. */
    public SegmentInfo abortModify(String bookingId) throws ServiceFault {
        try {
            return withLastModify(info(service.abortModify(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** The segment as it is now. */
    public SegmentInfo status(String bookingId) throws ServiceFault {
        try {
            return withLastChange(info(service.status(bookingId, caller())));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Segments in a state (empty or absent for all) overlapping [from, to) (absent for any time).
     */
    public SegmentInfo[] query(String state, Calendar from, Calendar to) throws ServiceFault {
        List<SegmentState> states = new ArrayList<>();
        if (state != null && !state.isBlank()) {
            try {
                states.add(SegmentState.valueOf(state.trim()));
            } catch (IllegalArgumentException e) {
                throw ServiceFault.badField("state", "unknown state '" + state + "'; one of " + List.of(SegmentState.values()));
            }
        }
        TimeInterval window = null;
        if (from != null || to != null) {
            if (from == null || to == null) {
                throw ServiceFault.badField(from == null ? "from" : "to", "give both from and to, or neither");
            }
            window = interval(from, to, "to");
        }
        return service.query(states, window, caller()).stream().map(NsapPortType::info).toArray(SegmentInfo[]::new);
    }

    /** The device log of a segment, or of all segments when {@code bookingId} is empty. */
    public DeviceLogRecordBean[] deviceLog(String bookingId, int limit) throws ServiceFault {
        try {
            List<SegmentStore.DeviceLogRecord> records =
                    service.deviceLog(bookingId == null || bookingId.isBlank() ? null : bookingId, limit, caller());
            return records.stream().map(NsapPortType::record).toArray(DeviceLogRecordBean[]::new);
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * What a segment carried over {@code [from, to)}: its samples, oldest first, each a mean
     * over its own period at the resolution kept for that time (polled rates for the last day,
     * then 5-minute, then hourly means, with the default retention); none where nothing was
     * measured (before activation, after release, while a router could not be read). Only the
     * BAR that owns the segment may ask (the one that booked it, as stored with it). Faults: {@code NOT_ALLOWED} naming {@code bookingId} for another
     * BAR's segment, {@code BAD_FIELD} naming {@code bookingId} for an unknown segment, naming
     * {@code to} for a range not after {@code from} or longer than 400 days.
     */
    public TrafficSampleBean[] utilisation(String bookingId, Calendar from, Calendar to) throws ServiceFault {
        if (from == null) {
            throw ServiceFault.badField("from", "is missing");
        }
        if (to == null) {
            throw ServiceFault.badField("to", "is missing");
        }
        try {
            return traffic.utilisation(bookingId, interval(from, to, "to"), caller()).stream().map(TrafficSampleBean::of)
                    .toArray(TrafficSampleBean[]::new);
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Takes a resource out of service over [start, end): from now on every hold and modify that
     * would book it then is refused, naming the resource. Answers the window with the bookings
     * already made that it overlaps (they stand). Recording the same window again while it is
     * live answers the first. The window records the authenticated caller as its author and
     * {@code operator}, the person the calling BAR declares it for; a BAR from before this
     * parameter sends none, and the operator is recorded as not known.
     */
    public MaintenanceInfo addMaintenance(String resourceId, Calendar start, Calendar end, String reason,
                                          String operator) throws ServiceFault {
        if (start == null) {
            throw ServiceFault.badField("start", "is missing");
        }
        if (end == null) {
            throw ServiceFault.badField("end", "is missing");
        }
        try {
            return maintenance(service.addMaintenance(resourceId, interval(start, end, "end"), caller().name(),
                    Optional.ofNullable(operator), reason));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * Lifts a maintenance window: its resource can be booked over it again. The window is kept,
     * marked lifted by the caller and by {@code operator} (absent from an older BAR: not known).
     */
    public MaintenanceInfo liftMaintenance(long windowId, String reason, String operator) throws ServiceFault {
        try {
            return maintenance(new MaintenanceImpact(service.liftMaintenance(windowId, caller().name(),
                    Optional.ofNullable(operator), reason), List.of()));
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /**
     * The maintenance windows, live and lifted, of a resource (of every resource when
     * {@code resourceId} is empty or absent) that overlap [from, to), by start time.
     */
    public MaintenanceInfo[] listMaintenance(String resourceId, Calendar from, Calendar to) throws ServiceFault {
        if (from == null) {
            throw ServiceFault.badField("from", "is missing");
        }
        if (to == null) {
            throw ServiceFault.badField("to", "is missing");
        }
        try {
            return service.listMaintenance(resourceId == null || resourceId.isBlank() ? null : resourceId,
                    interval(from, to, "to")).stream().map(NsapPortType::maintenance).toArray(MaintenanceInfo[]::new);
        } catch (RequestRejected e) {
            throw fault(e);
        }
    }

    /** The endpoints this service books between. */
    public String[] listEndpoints() {
        return service.endpoints().toArray(new String[0]);
    }

    /**
     * Who makes the call being served, for the service to decide on: the served BAR its
     * certificate names; in a service built without access control (no BARs configured, a test)
     * the process itself, recorded as {@code actor}.
     */
    private Caller caller() {
        Caller caller = CurrentCall.caller();
        return servedBars.isEmpty() && !(caller instanceof Caller.ServedBar) ? new Caller.Process(actor) : caller;
    }

    // ---- conversions ----

    private static SegmentRequest toRequest(SegmentRequestBean b) throws ServiceFault {
        if (b == null) {
            throw ServiceFault.badField("request", "is missing");
        }
        if (b.getStart() == null) {
            throw ServiceFault.badField("start", "is missing");
        }
        if (b.getEnd() == null) {
            throw ServiceFault.badField("end", "is missing");
        }
        return new SegmentRequest(b.getBookingId(), b.getSource(), b.getDestination(), b.getBandwidthMbps(),
                interval(b.getStart(), b.getEnd(), "end"), b.getSourceVlan(), b.getDestinationVlan());
    }

    private static TimeInterval interval(Calendar start, Calendar end, String endField) throws ServiceFault {
        Instant s = start.toInstant();
        Instant e = end.toInstant();
        if (!e.isAfter(s)) {
            throw ServiceFault.badField(endField, "must be after the start (" + s + "), was " + e);
        }
        return new TimeInterval(s, e);
    }

    static SegmentInfo info(Segment s) {
        SegmentInfo i = new SegmentInfo();
        i.setBookingId(s.bookingId());
        i.setCircuitId(s.circuitId());
        i.setState(s.state().name());
        i.setSource(s.request().source());
        i.setDestination(s.request().destination());
        i.setBandwidthMbps(s.request().bandwidthMbps());
        i.setStart(SoapTimes.calendar(s.request().interval().start()));
        i.setEnd(SoapTimes.calendar(s.request().interval().end()));
        i.setHoldExpiresAt(s.holdExpiresAt() == null ? null : SoapTimes.calendar(s.holdExpiresAt()));
        i.setSourceVlan(s.plan().sourceVlan());
        i.setDestinationVlan(s.plan().destinationVlan());
        i.setPlan(s.plan().description());
        i.setRouters(s.plan().routerParts().stream().map(RouterPart::router).distinct().toArray(String[]::new));
        i.setLastChange(s.state() + " since " + s.updatedAt());
        if (s.pending() != null) {
            i.setPendingEnd(SoapTimes.calendar(s.pending().end()));
            i.setPendingBandwidthMbps(s.pending().bandwidthMbps());
            i.setPendingExpiresAt(SoapTimes.calendar(s.pending().expiresAt()));
        }
        return i;
    }

    // Where the reason matters to the caller (which router failed activation, and why), the
    // answer carries the last transition in full: state, actor, time and reason.
    private SegmentInfo withLastChange(SegmentInfo info) throws RequestRejected {
        List<Transition> history = service.history(info.getBookingId(), caller());
        if (!history.isEmpty()) {
            Transition last = history.get(history.size() - 1);
            info.setLastChange(last.to() + " by " + last.actor() + " at " + last.at() + ": " + last.reason());
        }
        return info;
    }

    // Answers to the change operations carry the last step of the last change in full.
    private SegmentInfo withLastModify(SegmentInfo info) throws RequestRejected {
        List<SegmentChange> changes = service.changes(info.getBookingId(), caller());
        if (!changes.isEmpty()) {
            SegmentChange last = changes.get(changes.size() - 1);
            info.setLastChange("change " + last.kind() + " by " + last.actor() + " at " + last.at() + ": " + last.reason());
        }
        return info;
    }

    private static MaintenanceInfo maintenance(MaintenanceImpact impact) {
        MaintenanceWindow w = impact.window();
        MaintenanceInfo i = new MaintenanceInfo();
        i.setId(w.id());
        i.setResourceId(w.resourceId());
        i.setStart(SoapTimes.calendar(w.interval().start()));
        i.setEnd(SoapTimes.calendar(w.interval().end()));
        i.setReason(w.reason());
        i.setCreatedBy(w.createdBy());
        i.setDeclaredByOperator(w.declaredByOperator().orElse(null));
        i.setCreatedAt(SoapTimes.calendar(w.createdAt()));
        if (w.lifted() != null) {
            i.setLiftedAt(SoapTimes.calendar(w.lifted().at()));
            i.setLiftedBy(w.lifted().by());
            i.setLiftedByOperator(w.lifted().operator().orElse(null));
            i.setLiftReason(w.lifted().reason());
        }
        i.setAffectedBookings(impact.affectedBookings().toArray(new String[0]));
        return i;
    }

    private static DeviceLogRecordBean record(SegmentStore.DeviceLogRecord r) {
        DeviceLogRecordBean b = new DeviceLogRecordBean();
        b.setBookingId(r.bookingId());
        b.setRouter(r.entry().router());
        b.setProtocol(r.entry().protocol().name());
        b.setRequest(r.entry().request());
        b.setResponse(r.entry().response());
        b.setOutcome(r.entry().outcome().name());
        b.setAt(SoapTimes.calendar(r.entry().at()));
        b.setElapsedMillis(r.entry().elapsedMillis());
        return b;
    }

    // The text names the field or resource too, for clients that show only the text.
    private static ServiceFault fault(RequestRejected e) {
        Refusal refusal = e.refusal();
        if (e.resource() != null) {
            return new ServiceFault(refusal.withMessage(e.getMessage() + " (resource " + e.resource() + ")"));
        }
        if (e.field() != null) {
            return new ServiceFault(refusal.withMessage(e.field() + ": " + e.getMessage()));
        }
        return new ServiceFault(refusal);
    }
}
