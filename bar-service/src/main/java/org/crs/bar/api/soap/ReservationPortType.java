package org.crs.bar.api.soap;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Map;

import java.util.Optional;

import org.crs.domain.access.Caller;
import org.crs.domain.access.ReservationAccess;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.service.security.CurrentCall;
import org.crs.bar.reservation.Visibility;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.contract.StartWindowBean;
import org.crs.service.soap.DefaultValue;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;
import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.service.ReservationService;

/**
 * The BAR's client port type (for Grid middleware and scripts): a thin layer that turns SOAP
 * parameters (xs:dateTime as Calendar) into calls on {@link ReservationService} and refusals
 * into faults naming the code, the field and the reason. The published WSDL is kept in
 * schema/wsdl and compared with the served one by a test.
 */
public class ReservationPortType {

    private static final int DEFAULT_LIST_LIMIT = 1000;
    /** The service names a flexible request's window start and end; these operations name them after what they are. */
    private static final Map<String, String> WINDOW_FIELDS = Map.of("start", "windowStart", "end", "windowEnd");
    private static final Map<String, String> TRANSFER_FIELDS = Map.of("start", "earliestStart", "end", "deadline",
            "bandwidthMbps", "maxBandwidthMbps");

    private final ReservationService service;
    private final String internalActor;

    /**
     * Every call acts as the signed-in caller ({@link CurrentCall}): a user on its own reservations
     * and its sharing groups' ({@link ReservationAccess}), operators and admins on all.
     *
     * @param service the reservation service
     * @param internalActor who calls are recorded as coming from when they come from inside the
     *     process, with nobody signed in (a server without access control, in tests)
     */
    public ReservationPortType(ReservationService service, String internalActor) {
        this.service = service;
        this.internalActor = internalActor;
    }

    /** The name the call is recorded under: the signed-in caller's. */
    private String actor() {
        Caller caller = CurrentCall.caller();
        return caller instanceof Caller.Anonymous ? internalActor : caller.name();
    }

    /**
     * Refuses with NOT_ALLOWED when the reservation exists and the caller may not act on it. A
     * reservation that does not exist is left to the service to refuse.
     */
    private void requireAccess(String requestId) throws ServiceFault {
        Caller caller = CurrentCall.caller();
        if (caller instanceof Caller.Anonymous || requestId == null) {
            return; // nobody signed in: a call from inside the process
        }
        Optional<Reservation> found = service.find(requestId);
        if (found.isPresent() && !ReservationAccess.mayAct(caller, found.get().owner(), found.get().group())) {
            throw new ServiceFault(new Refusal(RefusalCode.NOT_ALLOWED, "requestId",
                    "reservation " + requestId + " is not allowed to " + caller.name() + ": it is neither its own nor"
                            + " its group's"));
        }
    }

    /** What the caller's listings show. */
    private static Visibility visibility() {
        Caller caller = CurrentCall.caller();
        return caller instanceof Caller.Anonymous ? Visibility.ALL : Visibility.of(caller);
    }

    /**
     * Books a circuit from {@code source} to {@code destination} (each {@code site:host}) at
     * {@code bandwidthMbps} over [start, end). Answers RESERVED, HELD when {@code holdOnly}
     * (commit or abort it later), or REJECTED with the segment that refused and why, and the next
     * start times at which the same circuit is free. The same requestId again answers the same
     * reservation. {@code description} and {@code holdOnly} (false) may be left out.
     */
    public ReservationInfo createReservation(String requestId, String source, String destination, long bandwidthMbps,
                                             Calendar start, Calendar end, String description,
                                             @DefaultValue("false") boolean holdOnly)
            throws ServiceFault {
        TimeInterval interval = interval(start, end);
        return create(requestId, source, destination, bandwidthMbps, interval, description, holdOnly,
                new Timing.Fixed(interval, bandwidthMbps));
    }

    /**
     * Books a circuit of {@code bandwidthMbps} for {@code durationSeconds} at the earliest start
     * time at which it can be booked within [windowStart, windowEnd). If that slot is taken
     * before it is held, the next is tried. The answer's start and end are the ones chosen;
     * otherwise as {@link #createReservation}.
     */
    public ReservationInfo createReservationInWindow(String requestId, String source, String destination,
                                                     long bandwidthMbps, long durationSeconds, Calendar windowStart,
                                                     Calendar windowEnd, String description,
                                                     @DefaultValue("false") boolean holdOnly)
            throws ServiceFault {
        TimeInterval window = window(windowStart, windowEnd);
        if (durationSeconds <= 0) {
            throw ServiceFault.badField("durationSeconds", "must be a positive number of seconds, was " + durationSeconds);
        }
        return create(requestId, source, destination, bandwidthMbps, window, description, holdOnly,
                new Timing.InWindow(window, Duration.ofSeconds(durationSeconds), bandwidthMbps));
    }

    /**
     * Books a circuit that moves {@code volumeMegabytes} (10^6 bytes) from {@code source} to
     * {@code destination} within [earliestStart, deadline), at up to {@code maxBandwidthMbps}:
     * the bandwidth and interval that finish first. The answer's start, end and bandwidth are the
     * ones chosen; otherwise as {@link #createReservation}.
     */
    public ReservationInfo createTransfer(String requestId, String source, String destination, long volumeMegabytes,
                                          long maxBandwidthMbps, Calendar earliestStart, Calendar deadline,
                                          String description, @DefaultValue("false") boolean holdOnly)
            throws ServiceFault {
        if (earliestStart == null) {
            throw ServiceFault.badField("earliestStart", "is missing");
        }
        if (deadline == null) {
            throw ServiceFault.badField("deadline", "is missing");
        }
        TimeInterval window = interval(earliestStart, deadline, "deadline");
        if (volumeMegabytes <= 0) {
            throw ServiceFault.badField("volumeMegabytes", "must be a positive number of megabytes, was " + volumeMegabytes);
        }
        return create(requestId, source, destination, maxBandwidthMbps, window, description, holdOnly,
                new Timing.Transfer(window, volumeMegabytes, maxBandwidthMbps));
    }

    private ReservationInfo create(String requestId, String source, String destination, long bandwidthMbps,
                                   TimeInterval interval, String description, boolean holdOnly, Timing timing)
            throws ServiceFault {
        Caller caller = CurrentCall.caller();
        String group = caller instanceof Caller.Account account ? account.primaryGroup().orElse("") : "";
        ReservationRequest request = new ReservationRequest(requestId == null ? "" : requestId,
                endpoint("source", source), endpoint("destination", destination), bandwidthMbps, interval, description,
                holdOnly, timing, group);
        requireAccess(requestId);
        try {
            return info(service.create(request, actor()));
        } catch (BadRequest e) {
            throw fault(timing instanceof Timing.Transfer ? renamed(e, TRANSFER_FIELDS)
                    : timing instanceof Timing.InWindow ? renamed(e, WINDOW_FIELDS) : e);
        }
    }

    /** Commits a reservation created with holdOnly. */
    public ReservationInfo commitReservation(String requestId) throws ServiceFault {
        requireAccess(requestId);
        try {
            return info(service.commit(requestId, actor()));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Gives up a reservation created with holdOnly and not committed. */
    public ReservationInfo abortReservation(String requestId, String reason) throws ServiceFault {
        requireAccess(requestId);
        try {
            return info(service.abort(requestId, actor(), reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Cancels a reservation; an active circuit is torn down first. */
    public ReservationInfo cancelReservation(String requestId, String reason) throws ServiceFault {
        requireAccess(requestId);
        try {
            return info(service.cancel(requestId, actor(), reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /**
     * Changes a reserved or active reservation's end (absent: keep it) and/or bandwidth (0 or
     * absent: keep it), all or nothing; a refusal says which segment could not take the change, and the
     * reservation stays as it was.
     */
    public ReservationInfo modifyReservation(String requestId, Calendar end, @DefaultValue("0") long bandwidthMbps)
            throws ServiceFault {
        requireAccess(requestId);
        try {
            return info(service.modify(requestId, end == null ? null : end.toInstant(), bandwidthMbps, actor()));
        } catch (BadRequest e) {
            throw fault(e);
        } catch (ChangeRefused e) {
            throw new ServiceFault(e.refusal());
        }
    }

    /** The reservation as it is now. */
    public ReservationInfo getReservation(String requestId) throws ServiceFault {
        requireAccess(requestId);
        try {
            return info(service.get(requestId));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Reservations in a state (empty for all) overlapping [from, to) (both absent for any time). */
    public ReservationInfo[] listReservations(String state, Calendar from, Calendar to) throws ServiceFault {
        List<ReservationState> states = new ArrayList<>();
        if (state != null && !state.isBlank()) {
            try {
                states.add(ReservationState.valueOf(state.trim()));
            } catch (IllegalArgumentException e) {
                throw ServiceFault.badField("state", "unknown state '" + state + "'; one of " + List.of(ReservationState.values()));
            }
        }
        TimeInterval window = null;
        if (from != null || to != null) {
            if (from == null || to == null) {
                throw ServiceFault.badField(from == null ? "from" : "to", "give both from and to, or neither");
            }
            window = interval(from, to, "to");
        }
        try {
            return service.list(states, window, visibility(), DEFAULT_LIST_LIMIT).stream().map(ReservationPortType::info)
                    .toArray(ReservationInfo[]::new);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Every change of a reservation, oldest first: who, when, why. */
    public HistoryEntry[] getHistory(String requestId) throws ServiceFault {
        requireAccess(requestId);
        try {
            return service.history(requestId).stream().map(ReservationPortType::entry).toArray(HistoryEntry[]::new);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /**
     * When can a circuit of {@code bandwidthMbps} from {@code source} to {@code destination} run
     * for {@code durationSeconds} inside [windowStart, windowEnd)? Every start time at which all
     * its segments can be booked, and the most bandwidth available when the requested one is
     * not. Books nothing.
     */
    public AvailabilityInfo findAvailability(String source, String destination, long bandwidthMbps, long durationSeconds,
                                             Calendar windowStart, Calendar windowEnd) throws ServiceFault {
        TimeInterval window = window(windowStart, windowEnd);
        if (durationSeconds <= 0) {
            throw ServiceFault.badField("durationSeconds", "must be a positive number of seconds, was " + durationSeconds);
        }
        try {
            AvailabilitySearch.Answer answer = service.findAvailability(endpoint("source", source),
                    endpoint("destination", destination), bandwidthMbps, Duration.ofSeconds(durationSeconds), window);
            AvailabilityInfo info = new AvailabilityInfo();
            info.setStarts(StartWindowBean.of(answer.starts()));
            info.setMaxBandwidthMbps(answer.maxBandwidthMbps());
            return info;
        } catch (BadRequest e) {
            throw fault(renamed(e, WINDOW_FIELDS));
        } catch (SegmentFailure e) {
            Refusal refusal = e.refusal().withMessage("availability unknown: " + e.getMessage());
            throw e.answered() ? new ServiceFault(refusal) : ServiceFault.failure(refusal);
        }
    }

    /** The endpoints that can be booked, as site:host. */
    public String[] listEndpoints() {
        return service.endpoints().toArray(new String[0]);
    }

    // ---- conversions ----

    private static Endpoint endpoint(String field, String text) throws ServiceFault {
        try {
            return Endpoint.parse(text);
        } catch (IllegalArgumentException e) {
            throw ServiceFault.badField(field, e.getMessage());
        }
    }

    private static TimeInterval window(Calendar windowStart, Calendar windowEnd) throws ServiceFault {
        if (windowStart == null) {
            throw ServiceFault.badField("windowStart", "is missing");
        }
        if (windowEnd == null) {
            throw ServiceFault.badField("windowEnd", "is missing");
        }
        return interval(windowStart, windowEnd, "windowEnd");
    }

    private static BadRequest renamed(BadRequest e, Map<String, String> names) {
        String field = names.get(e.field());
        return field == null ? e : new BadRequest(new Refusal(e.refusal().code(), field, e.reason()));
    }

    private static TimeInterval interval(Calendar start, Calendar end) throws ServiceFault {
        if (start == null) {
            throw ServiceFault.badField("start", "is missing");
        }
        if (end == null) {
            throw ServiceFault.badField("end", "is missing");
        }
        return interval(start, end, "end");
    }

    private static TimeInterval interval(Calendar start, Calendar end, String endField) throws ServiceFault {
        Instant s = start.toInstant();
        Instant e = end.toInstant();
        if (!e.isAfter(s)) {
            throw ServiceFault.badField(endField, "must be after the start (" + s + "), was " + e);
        }
        return new TimeInterval(s, e);
    }

    static ReservationInfo info(Reservation r) {
        ReservationInfo i = new ReservationInfo();
        ReservationRequest q = r.request();
        i.setRequestId(q.requestId());
        i.setSource(q.source().toString());
        i.setDestination(q.destination().toString());
        i.setBandwidthMbps(q.bandwidthMbps());
        i.setStart(SoapTimes.calendar(q.interval().start()));
        i.setEnd(SoapTimes.calendar(q.interval().end()));
        i.setDescription(q.description());
        i.setHoldOnly(q.holdOnly());
        i.setState(r.state().name());
        i.setReason(r.reason());
        i.setRefusalCode(r.refusalCode() == null ? null : r.refusalCode().name());
        i.setOwner(r.owner());
        i.setCreatedAt(SoapTimes.calendar(r.createdAt()));
        i.setUpdatedAt(SoapTimes.calendar(r.updatedAt()));
        i.setSegments(r.segments().stream().map(ReservationPortType::segment).toArray(SegmentBean[]::new));
        return i;
    }

    private static SegmentBean segment(Segment s) {
        SegmentBean b = new SegmentBean();
        b.setRole(s.role().name());
        b.setController(s.controller());
        b.setBookingId(s.bookingId());
        b.setState(s.state() == null ? "" : s.state().name());
        b.setSourceVlan(s.sourceVlan());
        b.setDestinationVlan(s.destinationVlan());
        b.setDescription(s.description());
        return b;
    }

    private static HistoryEntry entry(ReservationTransition t) {
        HistoryEntry e = new HistoryEntry();
        e.setFromState(t.from() == null ? "" : t.from().name());
        e.setToState(t.to().name());
        e.setActor(t.actor());
        e.setReason(t.reason());
        e.setAt(SoapTimes.calendar(t.at()));
        return e;
    }

    // The fault string names the field too, for clients that show only the string.
    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
