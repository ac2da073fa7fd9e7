package org.crs.bar.api.soap;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.crs.bar.port.SegmentFailure;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.IntervalFields;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.UsageFlag;
import org.crs.bar.reservation.Utilisation;
import org.crs.bar.service.ReservationService;
import org.crs.bar.service.UtilisationService;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.service.security.CurrentCall;
import org.crs.service.soap.DefaultValue;
import org.crs.service.soap.ServiceFault;
import org.crs.service.soap.SoapTimes;

/**
 * The BAR's client port type (for Grid middleware and scripts), a door: it turns SOAP parameters
 * (xs:dateTime as Calendar, strings as endpoints and states) into calls on
 * {@link ReservationService}, passing the signed-in caller, builds its answers with the beans'
 * {@code of} methods, and turns refusals into faults naming the code, the field and the reason.
 * Which reservations the caller may see and change, its group's quota and the approval rules are
 * the service's to decide. The published WSDL is kept in schema/wsdl and compared with the served
 * one by a test.
 */
public class ReservationPortType {

    private static final int DEFAULT_LIST_LIMIT = 1000;

    private final ReservationService service;
    private final Caller.Process inside;
    private final Optional<UtilisationService> utilisation;

    /**
     * Every call is the signed-in caller's ({@link CurrentCall}); the service decides what it may do.
     *
     * @param service the reservation service
     * @param internalActor who calls are recorded as coming from when they come from inside the
     *     process, with nobody signed in (a server without access control, in tests)
     */
    public ReservationPortType(ReservationService service, String internalActor) {
        this(service, internalActor, Optional.empty());
    }

    /**
     * As {@link #ReservationPortType(ReservationService, String)}, answering utilisation and the
     * traffic flags of reservations from {@code utilisation} (without it, none are measured).
     */
    public ReservationPortType(ReservationService service, String internalActor, Optional<UtilisationService> utilisation) {
        this.service = service;
        this.inside = new Caller.Process(internalActor);
        this.utilisation = utilisation;
    }

    /** The caller the service decides for: the signed-in one, or the process itself on a server without access control. */
    private Caller caller() {
        return SoapCaller.of(inside);
    }

    /**
     * Books a circuit from {@code source} to {@code destination} (each {@code site:host}) at
     * {@code bandwidthMbps} over [start, end). Answers RESERVED (PENDING_APPROVAL when the BAR's
     * approval rules keep it for an operator; a fault QUOTA_EXCEEDED when it would take the
     * caller's group over a quota), HELD when {@code holdOnly}
     * (commit or abort it later), or REJECTED with the segment that refused and why, and the next
     * start times at which the same circuit is free. The same requestId again answers the same
     * reservation. {@code description} and {@code holdOnly} (false) may be left out, and so may
     * {@code provisioning}: AUTOMATIC (up from its start to its end) or ON_PROVISION (up only
     * while provisioned: {@link #provisionReservation}, {@link #releaseReservation}).
     */
    public ReservationInfo createReservation(String requestId, String source, String destination, long bandwidthMbps,
                                             Calendar start, Calendar end, String description,
                                             @DefaultValue("false") boolean holdOnly, String provisioning)
            throws ServiceFault {
        try {
            return create(requestId, source, destination, description, holdOnly, provisioning(provisioning),
                    new Timing.Fixed(IntervalFields.of(SoapTimes.instant(start), "start", SoapTimes.instant(end), "end"), bandwidthMbps));
        } catch (BadRequest e) {
            throw fault(e);
        }
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
        try {
            TimeInterval window = IntervalFields.of(SoapTimes.instant(windowStart), "windowStart", SoapTimes.instant(windowEnd), "windowEnd");
            if (durationSeconds <= 0) {
                throw new BadRequest("durationSeconds", "must be a positive number of seconds, was " + durationSeconds);
            }
            return create(requestId, source, destination, description, holdOnly, Provisioning.AUTOMATIC,
                    new Timing.InWindow(window, Duration.ofSeconds(durationSeconds), bandwidthMbps));
        } catch (BadRequest e) {
            throw fault(e);
        }
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
        try {
            TimeInterval window = IntervalFields.of(SoapTimes.instant(earliestStart), "earliestStart", SoapTimes.instant(deadline),
                    "deadline");
            if (volumeMegabytes <= 0) {
                throw new BadRequest("volumeMegabytes", "must be a positive number of megabytes, was " + volumeMegabytes);
            }
            return create(requestId, source, destination, description, holdOnly, Provisioning.AUTOMATIC,
                    new Timing.Transfer(window, volumeMegabytes, maxBandwidthMbps));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Books with {@code timing}; a refusal names the field as this operation names it ({@link Timing#named}). */
    private ReservationInfo create(String requestId, String source, String destination, String description,
                                   boolean holdOnly, Provisioning provisioning, Timing timing)
            throws ServiceFault, BadRequest {
        ReservationRequest request = ReservationRequest.of(requestId == null ? "" : requestId,
                endpoint("source", source), endpoint("destination", destination), timing, description, holdOnly)
                .withProvisioning(provisioning);
        try {
            return ReservationInfo.of(service.create(caller(), request));
        } catch (BadRequest e) {
            throw timing.named(e);
        }
    }

    /** Commits a reservation created with holdOnly. */
    public ReservationInfo commitReservation(String requestId) throws ServiceFault {
        try {
            return ReservationInfo.of(service.commit(caller(), requestId));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Gives up a reservation created with holdOnly and not committed. */
    public ReservationInfo abortReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.abort(caller(), requestId, reason));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** The provisioning a request names: AUTOMATIC when it names none. */
    private static Provisioning provisioning(String text) throws BadRequest {
        if (text == null || text.isBlank()) {
            return Provisioning.AUTOMATIC;
        }
        try {
            return Provisioning.valueOf(text.trim());
        } catch (IllegalArgumentException e) {
            throw new BadRequest("provisioning", "must be one of " + List.of(Provisioning.values()) + ", was '" + text
                    + "'");
        }
    }

    /**
     * Provisions a reservation booked ON_PROVISION: its circuit comes up at its start, or at once
     * (within the BAR's sweep) when now is inside its schedule, and stays up until its end or a
     * release. Answers it as it is (RESERVED, provisioned; ACTIVE when it was up already).
     * Provisioning a provisioned one answers it. A fault POLICY naming requestId for an AUTOMATIC
     * reservation, or one not committed (HELD, PENDING_APPROVAL) or ended.
     */
    public ReservationInfo provisionReservation(String requestId) throws ServiceFault {
        try {
            return ReservationInfo.of(service.provision(caller(), requestId));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /**
     * Releases a reservation booked ON_PROVISION: an active circuit is taken down and the
     * reservation answered RESERVED once it is down, its booking kept (a later provision brings
     * it up again). Releasing a released one answers it. Faults as {@link #provisionReservation}.
     */
    public ReservationInfo releaseReservation(String requestId) throws ServiceFault {
        try {
            return ReservationInfo.of(service.release(caller(), requestId));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Cancels a reservation; an active circuit is torn down first. */
    public ReservationInfo cancelReservation(String requestId, String reason) throws ServiceFault {
        try {
            return ReservationInfo.of(service.cancel(caller(), requestId, reason));
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
        try {
            return ReservationInfo.of(service.modify(caller(), requestId, end == null ? null : end.toInstant(),
                    bandwidthMbps));
        } catch (BadRequest e) {
            throw fault(e);
        } catch (ChangeRefused e) {
            throw new ServiceFault(e.refusal());
        }
    }

    /** The reservation as it is now. */
    public ReservationInfo getReservation(String requestId) throws ServiceFault {
        try {
            return flagged(ReservationInfo.of(service.get(caller(), requestId)))[0];
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /**
     * What the reservation's circuit carried over [from, to): each segment's samples as its
     * L-NSAP or the NSAP measured them (the other site's campus is not measured here), the rates
     * end to end (per bucket, the least of the measured segments'), the booked rate in bit/s and
     * the traffic flags raised (IDLE, ERRORS). Whoever may read the reservation may read this.
     * Faults: {@code BAD_FIELD} naming {@code requestId} for an unknown reservation, naming
     * {@code to} for a range not after {@code from} or longer than 400 days.
     */
    public UtilisationInfo getUtilisation(String requestId, Calendar from, Calendar to) throws ServiceFault {
        try {
            TimeInterval range = IntervalFields.of(SoapTimes.instant(from), "from", SoapTimes.instant(to), "to");
            Reservation r = service.get(caller(), requestId);
            Utilisation u = utilisation.isPresent() ? utilisation.get().utilisation(caller(), requestId, range)
                    : new Utilisation(requestId, range, r.request().bandwidthMbps() * 1_000_000L, List.of(), List.of(),
                            Set.of());
            return UtilisationInfo.of(u, r);
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** The infos with the traffic flags of their reservations. */
    ReservationInfo[] flagged(ReservationInfo... infos) {
        if (utilisation.isPresent() && infos.length > 0) {
            Map<String, Set<UsageFlag>> flags = utilisation.get()
                    .flags(Arrays.stream(infos).map(ReservationInfo::getRequestId).toList());
            for (ReservationInfo i : infos) {
                i.setFlags(flags.getOrDefault(i.getRequestId(), Set.of()).stream().sorted()
                        .map(Enum::name).toArray(String[]::new));
            }
        }
        return infos;
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
        try {
            TimeInterval window = from == null && to == null ? null
                    : IntervalFields.of(SoapTimes.instant(from), "from", SoapTimes.instant(to), "to");
            return flagged(service.list(caller(), states, window, DEFAULT_LIST_LIMIT).stream()
                    .map(ReservationInfo::of).toArray(ReservationInfo[]::new));
        } catch (BadRequest e) {
            throw fault(e);
        }
    }

    /** Every change of a reservation, oldest first: who, when, why. */
    public HistoryEntry[] getHistory(String requestId) throws ServiceFault {
        try {
            return service.history(caller(), requestId).stream().map(HistoryEntry::of).toArray(HistoryEntry[]::new);
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
        try {
            TimeInterval window = IntervalFields.of(SoapTimes.instant(windowStart), "windowStart", SoapTimes.instant(windowEnd), "windowEnd");
            if (durationSeconds <= 0) {
                throw new BadRequest("durationSeconds", "must be a positive number of seconds, was " + durationSeconds);
            }
            Timing asked = new Timing.InWindow(window, Duration.ofSeconds(durationSeconds), bandwidthMbps);
            try {
                return AvailabilityInfo.of(service.findAvailability(caller(), endpoint("source", source),
                        endpoint("destination", destination), bandwidthMbps, Duration.ofSeconds(durationSeconds), window));
            } catch (BadRequest e) {
                throw asked.named(e);
            }
        } catch (BadRequest e) {
            throw fault(e);
        } catch (SegmentFailure e) {
            Refusal refusal = e.refusal().withMessage("availability unknown: " + e.getMessage());
            throw e.answered() ? new ServiceFault(refusal) : ServiceFault.failure(refusal);
        }
    }

    /** The endpoints that can be booked, as site:host. */
    public String[] listEndpoints() {
        return service.endpoints(caller()).toArray(new String[0]);
    }

    // ---- conversions ----

    private static Endpoint endpoint(String field, String text) throws ServiceFault {
        try {
            return Endpoint.parse(text);
        } catch (IllegalArgumentException e) {
            throw ServiceFault.badField(field, e.getMessage());
        }
    }

    // The fault string names the field too, for clients that show only the string.
    private static ServiceFault fault(BadRequest e) {
        return new ServiceFault(e.refusal().withMessage(e.field() + ": " + e.reason()));
    }
}
