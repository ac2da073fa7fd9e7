package org.crs.bar.service;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.port.MaintenanceNotices;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.MaintenanceScope;
import org.crs.bar.reservation.MaintenanceWindow;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.access.Caller;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintenance for operators: declare a window on a resource of this site's campus or of the
 * WAN, see the bookings it hits, move each out of it or cancel it, and tell the owner either way.
 *
 * <p>The windows are kept where admission happens: at this site's L-NSAP (host ports, uplinks)
 * or at the NSAP (links, access points); this service keeps none of its own. A resource id
 * belongs to one of them: the L-NSAP is asked first, and refuses a resource it does not know
 * ({@code BAD_FIELD} on {@code resourceId}), and then the NSAP is asked.
 *
 * <p>Which reservations a window hits: the controller that keeps the window answers the booking
 * ids of its live bookings that use the resource at some instant of the window (it knows each
 * booking's ports, path and VLANs, and computes this under the resource's lock, so a hold
 * admitted at the same moment is either refused or listed). Each id is looked up among this
 * BAR's reservations by the booking ids their segments hold. That is more reliable than
 * anything the BAR could work out itself: it does not know which WAN path a segment took, and
 * a port or link is named by the topology only the controllers read. Ids of bookings that are
 * not this BAR's (another site's circuit, booked here through the peer port type, or its WAN
 * segment) are listed as they are, for that site's operators.
 *
 * <p>Moving: to the earliest start after the last live window that hits the reservation at
 * which the same circuit (ends, bandwidth, length) is free end to end, by the availability
 * search the clients use ({@link ReservationService#findAvailability}), within
 * {@link #MOVE_HORIZON} after the window; then all or nothing
 * ({@link ReservationService#reschedule}). A slot taken between the search and the holds makes
 * the search run again, up to {@link #MOVE_ATTEMPTS} in all.
 */
public final class MaintenanceService {

    private static final Logger LOG = LoggerFactory.getLogger(MaintenanceService.class);

    /** How far after a window a move looks for the next free slot. */
    public static final Duration MOVE_HORIZON = Duration.ofDays(7);
    /** How many slots a move tries when the one it found is taken before it is held. */
    static final int MOVE_ATTEMPTS = 3;
    /** The longest reason a window keeps (the services keep up to 2000 characters). */
    private static final int MAX_REASON = 1500;

    private final ReservationService reservations;
    private final ReservationStore store;
    private final MaintenanceNotices notices;

    /**
     * A window and what it hits.
     *
     * @param scope whose window it is: the campus's (this site's L-NSAP) or the WAN's (the NSAP)
     * @param window the window as its controller answered it
     * @param reservations this BAR's reservations that are not over whose segments the window hits,
     *     by start time
     * @param otherBookings the booking ids the window hits that are not this BAR's (other sites'
     *     circuits), as the controller named them
     */
    public record WindowHits(MaintenanceScope scope, MaintenanceWindow window, List<Reservation> reservations,
                             List<String> otherBookings) {
        public WindowHits {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(window, "window");
            reservations = List.copyOf(reservations);
            otherBookings = List.copyOf(otherBookings);
        }
    }

    /**
     * @param reservations the reservation service, which moves and cancels
     * @param store where the reservations are found by their segments' booking ids
     * @param notices tells the owners
     */
    public MaintenanceService(ReservationService reservations, ReservationStore store, MaintenanceNotices notices) {
        this.reservations = Objects.requireNonNull(reservations, "reservations");
        this.store = Objects.requireNonNull(store, "store");
        this.notices = Objects.requireNonNull(notices, "notices");
    }

    private Site site() {
        return reservations.site();
    }

    /**
     * Takes a resource out of service over {@code interval} at the controller that knows it, and
     * answers the window with the bookings it hits. Recording the same window again while it is
     * live answers the first.
     *
     * @param resourceId a host port or uplink of this site's campus, a WAN link or an access point
     * @param reason why, for the owners and the operators who read it later
     * @param operator who declares it; the controllers record the BAR as the window's author and
     *     the operator's account name beside it. The reason names the operator too, for the
     *     BAR's own answers (which show the reason, not the controller's operator field) and for
     *     controllers from before the operator field
     * @throws BadRequest for a missing or bad field, a resource neither controller knows, or
     *     (NOT_ALLOWED) a caller that is no operator
     * @throws SegmentFailure when the controller could not be asked
     */
    public WindowHits declare(Caller operator, String resourceId, TimeInterval interval, String reason)
            throws BadRequest, SegmentFailure {
        CallerAccess.requireOperator(operator, "resourceId", "declare maintenance");
        if (resourceId == null || resourceId.isBlank()) {
            throw new BadRequest("resourceId", "is missing: name a host port, uplink, link or access point");
        }
        if (interval == null) {
            throw new BadRequest("start", "is missing");
        }
        String said = reason(reason);
        String recorded = said + " (declared by " + operator.name() + ")";
        SegmentController campus = site().campus();
        try {
            MaintenanceWindow w = campus.addMaintenance(resourceId.strip(), interval, recorded, operator.name());
            LOG.info("{} declared maintenance window {} of {} on {} over {}: {}", operator.name(), w.id(), campus.name(),
                    w.resourceId(), interval, said);
            return hits(MaintenanceScope.CAMPUS, w);
        } catch (SegmentFailure f) {
            if (!unknownResource(f)) {
                throw failureUnlessField(f);
            }
            SegmentController wan = site().wan();
            try {
                MaintenanceWindow w = wan.addMaintenance(resourceId.strip(), interval, recorded, operator.name());
                LOG.info("{} declared maintenance window {} of {} on {} over {}: {}", operator.name(), w.id(), wan.name(),
                        w.resourceId(), interval, said);
                return hits(MaintenanceScope.WAN, w);
            } catch (SegmentFailure g) {
                if (unknownResource(g)) {
                    throw new BadRequest("resourceId", "neither this site's campus (" + campus.name() + ") nor the WAN ("
                            + wan.name() + ") has a resource '" + resourceId.strip() + "': " + f.refusal().message()
                            + "; " + g.refusal().message());
                }
                throw failureUnlessField(g);
            }
        }
    }

    /**
     * Lifts a window: its resource can be booked over it again. The window is kept, marked
     * lifted.
     *
     * @param scope whose window it is, as {@link #declare} and {@link #list} answer it
     * @param windowId its number there
     * @throws BadRequest for a missing or bad field, or (NOT_ALLOWED) a caller that is no operator
     */
    public WindowHits lift(Caller operator, MaintenanceScope scope, long windowId, String reason)
            throws BadRequest, SegmentFailure {
        CallerAccess.requireOperator(operator, "windowId", "lift maintenance");
        if (scope == null) {
            throw new BadRequest("scope", "is missing: one of " + List.of(MaintenanceScope.values()));
        }
        if (windowId < 1) {
            throw new BadRequest("windowId", "must be the positive number of a maintenance window, was " + windowId);
        }
        String said = reason(reason);
        try {
            MaintenanceWindow w = controller(scope).liftMaintenance(windowId,
                    said + " (lifted by " + operator.name() + ")", operator.name());
            LOG.info("{} lifted maintenance window {} of {} on {}: {}", operator.name(), windowId, controller(scope).name(),
                    w.resourceId(), said);
            return new WindowHits(scope, w, List.of(), List.of());
        } catch (SegmentFailure f) {
            throw failureUnlessField(f);
        }
    }

    /**
     * The windows, live and lifted, of this site's campus and of the WAN that overlap
     * {@code interval}, by start; each live one with what it hits.
     *
     * @throws BadRequest for a missing interval, or (NOT_ALLOWED) a caller that is no operator
     * @throws SegmentFailure when the L-NSAP or the NSAP could not be asked
     */
    public List<WindowHits> list(Caller operator, TimeInterval interval) throws BadRequest, SegmentFailure {
        CallerAccess.requireOperator(operator, "from", "list maintenance");
        return windows(interval);
    }

    /** The windows of {@link #list}, for whoever is allowed to ask. */
    private List<WindowHits> windows(TimeInterval interval) throws BadRequest, SegmentFailure {
        if (interval == null) {
            throw new BadRequest("from", "is missing");
        }
        List<WindowHits> all = new ArrayList<>();
        for (MaintenanceScope scope : MaintenanceScope.values()) {
            try {
                for (MaintenanceWindow w : controller(scope).listMaintenance(null, interval)) {
                    all.add(hits(scope, w));
                }
            } catch (SegmentFailure f) {
                throw failureUnlessField(f);
            }
        }
        all.sort(Comparator.comparing((WindowHits h) -> h.window().interval().start()).thenComparing(h -> h.scope())
                .thenComparingLong(h -> h.window().id()));
        return all;
    }

    /**
     * Moves a reserved reservation that a live window hits to the earliest slot of the same
     * length after the last such window, all or nothing, and tells its owner. When there is no
     * such slot within {@link #MOVE_HORIZON}, or a part refuses it, the reservation stays as it
     * was and the refusal says why.
     *
     * @return the reservation at its new interval
     * @throws BadRequest when no live window hits it, or it is not RESERVED (see {@link ReservationService#reschedule})
     * @throws ChangeRefused when no slot is free ({@code NO_CAPACITY}) or a part refused the one found
     * @throws SegmentFailure when the windows or the free slots could not be asked
     */
    public Reservation move(Caller operator, String requestId, String reason)
            throws BadRequest, ChangeRefused, SegmentFailure {
        CallerAccess.requireOperator(operator, "requestId", "move reservation " + requestId);
        String said = reason(reason);
        String actor = operator.name();
        Reservation before = reservations.get(operator, requestId);
        if (before.state() != ReservationState.RESERVED) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + before.state()
                    + "; only a reserved reservation can be moved (cancel it instead)");
        }
        List<WindowHits> hitting = windowsHitting(before);
        if (hitting.isEmpty()) {
            throw BadRequest.notInThisState("no live maintenance window of this site's campus or of the WAN hits"
                    + " reservation " + requestId + " over " + before.request().interval());
        }
        WindowHits last = hitting.stream().max(Comparator.comparing(h -> h.window().interval().end())).orElseThrow();
        Instant after = last.window().interval().end();
        String why = Recorder.clip("maintenance of " + last.window().resourceId() + " over " + last.window().interval()
                + " (" + last.scope() + " window " + last.window().id() + "): " + said);
        Duration length = before.request().interval().duration();
        ChangeRefused refused = null;
        for (int attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
            Optional<TimeInterval> slot = nextSlot(operator, before, after, length);
            if (slot.isEmpty()) {
                throw new ChangeRefused(new Refusal(RefusalCode.NO_CAPACITY, "", "no start time within "
                        + MOVE_HORIZON.toDays() + " days after " + after + " has " + before.request().bandwidthMbps()
                        + " Mbit/s free end to end for " + length.toSeconds() + " s; reservation " + requestId
                        + " was not moved"));
            }
            try {
                Reservation moved = reservations.reschedule(operator, requestId, slot.get(), why);
                LOG.info("{} moved reservation {} from {} to {}: {}", actor, requestId, before.request().interval(),
                        moved.request().interval(), why);
                tell(() -> notices.moved(before, moved, why));
                return moved;
            } catch (ChangeRefused e) {
                LOG.info("moving reservation {} to {} was refused (attempt {}): {}", requestId, slot.get(), attempt,
                        e.getMessage());
                RefusalCode code = e.refusal().code();
                if (code == RefusalCode.TIMEOUT || code == RefusalCode.PROVIDER_SILENT) {
                    throw e; // a part that did not answer will not answer the next slot sooner
                }
                refused = e;
            }
        }
        throw refused;
    }

    /**
     * Cancels a reservation for maintenance (an active circuit is torn down first) and tells its
     * owner. Cancelling a cancelled one answers it and tells no one again.
     */
    public Reservation cancel(Caller operator, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "requestId", "cancel reservation " + requestId + " for maintenance");
        String said = reason(reason);
        String actor = operator.name();
        Reservation before = reservations.get(operator, requestId);
        String why = "cancelled for maintenance: " + said;
        Reservation after = reservations.cancel(operator, requestId, why);
        if (before.state() != ReservationState.CANCELLED) {
            LOG.info("{} cancelled reservation {} for maintenance: {}", actor, requestId, said);
            tell(() -> notices.cancelled(after, said));
        }
        return after;
    }

    /** The live windows of the campus and the WAN that hit one of the reservation's bookings. */
    private List<WindowHits> windowsHitting(Reservation r) throws SegmentFailure, BadRequest {
        List<String> bookings = r.segments().stream().map(Segment::bookingId).toList();
        TimeInterval span = null;
        for (Segment s : r.segments()) {
            TimeInterval i = s.order().interval();
            span = span == null ? i : new TimeInterval(i.start().isBefore(span.start()) ? i.start() : span.start(),
                    i.end().isAfter(span.end()) ? i.end() : span.end());
        }
        if (span == null) {
            return List.of();
        }
        List<WindowHits> out = new ArrayList<>();
        for (WindowHits h : windows(span)) {
            if (h.window().live() && h.window().affectedBookings().stream().anyMatch(bookings::contains)) {
                out.add(h);
            }
        }
        return out;
    }

    /** The earliest interval of {@code length} starting at or after {@code after} at which the same circuit is free. */
    private Optional<TimeInterval> nextSlot(Caller operator, Reservation r, Instant after, Duration length)
            throws BadRequest, SegmentFailure {
        AvailabilitySearch.Answer answer = reservations.findAvailability(operator, r.request().source(), r.request().destination(),
                r.request().bandwidthMbps(), length, new TimeInterval(after, after.plus(MOVE_HORIZON).plus(length)));
        return answer.starts().earliest().map(start -> new TimeInterval(start, start.plus(length)));
    }

    /** The window with this BAR's reservations it hits and the other bookings it names. */
    private WindowHits hits(MaintenanceScope scope, MaintenanceWindow w) {
        Map<String, Reservation> hit = new LinkedHashMap<>();
        List<String> others = new ArrayList<>();
        for (String bookingId : w.affectedBookings()) {
            Optional<Reservation> r = store.findByBookingId(bookingId).filter(x -> !x.state().isFinal());
            if (r.isPresent()) {
                hit.putIfAbsent(r.get().requestId(), r.get());
            } else {
                others.add(bookingId);
            }
        }
        List<Reservation> reservationsHit = new ArrayList<>(hit.values());
        reservationsHit.sort(Comparator.comparing((Reservation r) -> r.request().interval().start())
                .thenComparing(Reservation::requestId));
        return new WindowHits(scope, w, reservationsHit, others);
    }

    private SegmentController controller(MaintenanceScope scope) {
        return scope == MaintenanceScope.CAMPUS ? site().campus() : site().wan();
    }

    /** The controller refused a resource id it does not know. */
    private static boolean unknownResource(SegmentFailure f) {
        return f.answered() && f.refusal().code() == RefusalCode.BAD_FIELD && "resourceId".equals(f.refusal().subject());
    }

    /**
     * A field the controller refused (an end in the past, a window number it does not have) is
     * the operator's to correct: thrown as a bad request naming the field. Any other failure is
     * the part's, answered to be thrown.
     */
    private static SegmentFailure failureUnlessField(SegmentFailure f) throws BadRequest {
        Refusal refusal = f.refusal();
        if (f.answered() && refusal.code() == RefusalCode.BAD_FIELD && !refusal.subject().isEmpty()) {
            String prefix = refusal.subject() + ": ";
            String message = refusal.message().startsWith(prefix) ? refusal.message().substring(prefix.length())
                    : refusal.message();
            throw new BadRequest(refusal.subject(), message);
        }
        return f;
    }

    private static String reason(String reason) throws BadRequest {
        if (reason == null || reason.isBlank()) {
            throw new BadRequest("reason", "is required: say why, for the owners and the operators who read it later");
        }
        String s = reason.strip();
        if (s.length() > MAX_REASON) {
            throw new BadRequest("reason", "must be at most " + MAX_REASON + " characters, was " + s.length());
        }
        return s;
    }

    /** Tells the owner; a notice that fails does not undo what was done. */
    private static void tell(Runnable notice) {
        try {
            notice.run();
        } catch (RuntimeException e) {
            LOG.warn("the owner's maintenance notice failed", e);
        }
    }
}
