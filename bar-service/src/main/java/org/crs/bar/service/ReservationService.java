package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.SegmentCalls;
import org.crs.bar.notify.Notifications;
import org.crs.bar.port.BookingMeasurements;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.domain.access.Caller;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;

/**
 * The reservation service of a BAR, the façade its doors (the SOAP port types, the JSON API)
 * call: books a circuit from a host at this site to a host at another by holding its three
 * segments (the WAN at the NSAP, this campus at the L-NSAP, the other campus at that site's BAR),
 * all or nothing, then brings it up and down on time ({@link DueWork}). A circuit between two
 * hosts of this site is one segment, held by this site's L-NSAP alone.
 *
 * <p>Every operation takes the authenticated {@link Caller} and decides from it: which
 * reservations it may see and change ({@link CallerAccess}: its own and its sharing groups' for
 * a user, all for operators, admins and the process itself), its group's quota turn and the
 * approval rules for an account's booking. The process itself ({@link #ITSELF}, or a
 * {@link Caller.Process} a door passes on a server without access control) acts on everything,
 * without quota or approval.
 *
 * <p>Each operation is carried out by the room it belongs to, this class only delegating: the
 * booking steps ({@link Bookings}), the changes to a booked reservation
 * ({@link ReservationChanges}), the queries ({@link ReservationQueries}), the approval queue
 * ({@link Approvals}), provision and release ({@link Provisions}), and the due work
 * ({@link DueWork}, {@link Reconciliation}). Every state
 * change is recorded conditionally on the state it starts from ({@link Recorder}).
 */
public final class ReservationService {

    /** The scheduler's name in histories. */
    public static final String SCHEDULER = "scheduler";
    /**
     * The BAR itself as a caller: its sweeps and in-process callers (tools, tests) act through it
     * on every reservation, recorded as the {@link #SCHEDULER}, without quota or approval.
     */
    public static final Caller.Process ITSELF = new Caller.Process(SCHEDULER);

    /** At most this many points in one {@link #widestBandwidth} answer. */
    public static final int MAX_PROFILE_POINTS = 400;

    /** The most bandwidth free for a circuit over the step starting {@code at}. */
    public record BandwidthPoint(Instant at, long maxBandwidthMbps) {
    }

    private final Site site;
    private final Recorder recorder;
    private final DueWork dueWork;
    private final Reconciliation reconciliation;
    private final Approvals approvals;
    private final Bookings bookings;
    private final ReservationChanges changes;
    private final ReservationQueries queries;
    private final Provisions provisions;

    /**
     * @param calls runs calls to controllers, and due work, in parallel; unbounded, since a task
     *     on it waits for calls it starts on it (the caller owns and shuts it down)
     */
    public ReservationService(ReservationStore store, Site site, BarSettings settings, ExecutorService calls,
                              Clock clock) {
        this(store, site, settings, calls, clock, ApprovalRules.none(), Quotas.none(), ReservationEvents.NONE);
    }

    /**
     * A reservation service with approval rules and quotas (they apply to accounts' bookings;
     * the process itself books without either).
     *
     * @param events told of approvals, rejections and lapsed approvals
     */
    public ReservationService(ReservationStore store, Site site, BarSettings settings, ExecutorService calls,
                              Clock clock, ApprovalRules approvalRules, Quotas quotas, ReservationEvents events) {
        this.site = site;
        this.recorder = new Recorder(store, clock);
        AvailabilitySearch availability = new AvailabilitySearch(site, settings, calls, clock);
        Negotiation negotiation = new Negotiation(new SegmentCalls(site, calls), settings, recorder::keepFollowUps);
        ReservationLookup lookup = new ReservationLookup(store);
        BookingParts parts = new BookingParts(site, settings);
        this.dueWork = new DueWork(recorder, negotiation, settings);
        this.reconciliation = new Reconciliation(recorder, negotiation, dueWork);
        this.approvals = new Approvals(recorder, negotiation, approvalRules, events, lookup);
        this.bookings = new Bookings(clock, new RequestValidator(site, settings, clock), recorder, negotiation,
                new FlexibleRequests(availability, settings, clock), dueWork, approvals,
                new QuotaAdmission(store, quotas), parts, lookup);
        this.changes = new ReservationChanges(clock, negotiation, dueWork, parts, lookup);
        this.queries = new ReservationQueries(site, settings, clock, availability, lookup);
        this.provisions = new Provisions(recorder, dueWork, lookup);
    }

    public Site site() {
        return site;
    }

    /**
     * Tells owners, from now on, about every recorded move that is an event (set once, at
     * start-up). Operators' actions tell theirs through the same {@link Notifications}.
     */
    public void notifyWith(Notifications notifications) {
        recorder.notifyWith(notifications);
    }

    /**
     * Measures, from now on, how long booking requests take to be answered and how late circuits
     * come up (set once, at start-up).
     */
    public void measureWith(BookingMeasurements measurements) {
        recorder.measureWith(measurements);
    }

    /** Who tells owners: {@link Notifications#NONE} until {@link #notifyWith} is called. */
    public Notifications notifications() {
        return recorder.notifications();
    }

    // ---- booking ----

    /**
     * Creates and negotiates a reservation for {@code caller}, who owns it. Answers REJECTED
     * (with the part that refused and why) when a segment cannot be held, HELD for a hold-only
     * request, RESERVED otherwise. The same request id again answers the same reservation.
     *
     * <p>An account's booking is made for the request's group, or if it names none the
     * account's primary group; it is first checked against that group's quota, refused with
     * {@link RefusalCode#QUOTA_EXCEEDED} before anything is negotiated, and once its segments are
     * committed the approval rules decide whether it is RESERVED or waits PENDING_APPROVAL for an
     * operator. The process itself ({@link Caller.Process}) books without quota or approval.
     *
     * @throws BadRequest for invalid input, a request id used for a different request, a quota it
     *     would exceed, or (NOT_ALLOWED) a request id of a reservation the caller may not act on
     */
    public Reservation create(Caller caller, ReservationRequest request) throws BadRequest {
        return bookings.create(caller, request);
    }

    /**
     * Commits a hold-only reservation; for an account the approval rules decide as for
     * {@link #create}. Committing a reserved (or later) one answers it.
     */
    public Reservation commit(Caller caller, String requestId) throws BadRequest {
        return bookings.commit(caller, requestId);
    }

    /** Gives up a hold-only reservation. Aborting an aborted one answers it. */
    public Reservation abort(Caller caller, String requestId, String reason) throws BadRequest {
        return bookings.abort(caller, requestId, reason);
    }

    // ---- changes ----

    /**
     * Cancels a reservation: releases its segments, tearing the circuit down first if it is up.
     * Cancelling a cancelled one answers it.
     */
    public Reservation cancel(Caller caller, String requestId, String reason) throws BadRequest {
        return changes.cancel(caller, requestId, reason);
    }

    /**
     * Changes a reserved or active reservation's end and/or bandwidth, all or nothing: every
     * segment holds the change, then every segment commits it; if one cannot take it, every
     * held change is dropped and the reservation stays as it was. Asking for what the
     * reservation already is answers it unchanged.
     *
     * @param newEnd the new end, or null to keep the end
     * @param newBandwidthMbps the new bandwidth, or 0 to keep it
     * @throws BadRequest for bad input, or a reservation that cannot change in its state
     * @throws ChangeRefused when a segment cannot take the change, naming it and why
     */
    public Reservation modify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps)
            throws BadRequest, ChangeRefused {
        return changes.modify(caller, requestId, newEnd, newBandwidthMbps);
    }

    /**
     * Holds a change of a reserved or active reservation's end and/or bandwidth at every segment
     * for {@code holdFor}, all or nothing, for a caller that decides later whether to make it (an
     * NSI modify: reserve, then reserveCommit or reserveAbort): {@link #commitModify} applies it,
     * {@link #abortModify} drops it, and a hold not committed in time lapses at the segments. The
     * reservation is unchanged until the commit.
     *
     * @param newEnd the new end, or null to keep the end
     * @param newBandwidthMbps the new bandwidth, or 0 to keep it
     * @throws BadRequest as {@link #modify} does
     * @throws ChangeRefused when a segment cannot hold the change, naming it and why
     */
    public Reservation holdModify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps,
                                  Duration holdFor) throws BadRequest, ChangeRefused {
        return changes.holdModify(caller, requestId, newEnd, newBandwidthMbps, holdFor);
    }

    /**
     * Commits the change {@link #holdModify} held (named again by its end and bandwidth): the
     * segments apply it and the reservation is recorded with it, as {@link #modify} records one.
     *
     * @throws ChangeRefused when no segment applied it (its hold lapsed or was dropped); nothing changed
     */
    public Reservation commitModify(Caller caller, String requestId, Instant newEnd, long newBandwidthMbps)
            throws BadRequest, ChangeRefused {
        return changes.commitModify(caller, requestId, newEnd, newBandwidthMbps);
    }

    /** Drops a change {@link #holdModify} held; the reservation stays as it is. */
    public Reservation abortModify(Caller caller, String requestId) throws BadRequest {
        return changes.abortModify(caller, requestId);
    }

    /**
     * Moves a reserved reservation to another interval at the same bandwidth and between the same
     * ends, all or nothing: every part holds and commits the new interval under new booking ids
     * (the NSAP port type's modify changes only the end), the reservation is recorded at the new
     * interval with a history entry that keeps its state (from = to, as a modify), and only then
     * are the old bookings released. If a part cannot take the new interval, what was held of it
     * is aborted and the reservation stays as it was.
     *
     * <p>The old bookings stand while the new ones are held, so a new interval that overlaps the
     * old one must fit beside it at every part (the availability search counts the old booking
     * too, so a slot it offers does). A BAR that stops between the write and the releases leaves
     * the old bookings committed with no reservation behind them; their services release them
     * when the BAR answers that they are no longer wanted ({@code segmentWanted}).
     *
     * @param interval the new [start, end), in the future, at least the shortest reservation long
     * @param reason why, for the history
     * @throws BadRequest for a bad interval, or a reservation that is not RESERVED or starts too
     *     soon to move (within the negotiation hold of its set-up)
     * @throws ChangeRefused when a part refused the new interval or did not answer, with its code
     */
    public Reservation reschedule(Caller caller, String requestId, TimeInterval interval, String reason)
            throws BadRequest, ChangeRefused {
        return changes.reschedule(caller, requestId, interval, reason);
    }

    // ---- provision and release (reservations booked ON_PROVISION) ----

    /**
     * Provisions a committed reservation booked {@link org.crs.bar.reservation.Provisioning#ON_PROVISION}:
     * its circuit comes up at its start (through the usual activation, {@link DueWork}), or within
     * a sweep if now is past the start and before the end, and stays up until its end or a
     * {@link #release(Caller, String) release}. Provisioning a provisioned one answers it. Allowed
     * to whoever may cancel it.
     *
     * @throws BadRequest BAD_FIELD for an unknown request id; NOT_ALLOWED for another's reservation;
     *     POLICY, naming requestId, for an AUTOMATIC reservation, one not committed yet (HELD,
     *     PENDING_APPROVAL), one being taken down to its end, or one that has ended
     */
    public Reservation provision(Caller caller, String requestId) throws BadRequest {
        return provisions.provision(caller, requestId);
    }

    /**
     * Releases a committed reservation booked ON_PROVISION: a circuit that is up is taken down
     * (ACTIVE -> RELEASING -> RESERVED, answered once it is down) and its booking kept; one being
     * activated is taken down by its activation; a later provision brings it up again. Releasing
     * a released one answers it.
     *
     * @throws BadRequest as {@link #provision} does
     */
    public Reservation release(Caller caller, String requestId) throws BadRequest {
        return provisions.release(caller, requestId);
    }

    // ---- queries ----

    /** The reservation as it is now. */
    public Reservation get(Caller caller, String requestId) throws BadRequest {
        return queries.get(caller, requestId);
    }

    /**
     * Reservations in the states (all when empty) overlapping the window (any time when null),
     * those the caller may see ({@link Visibility#of}).
     */
    public List<Reservation> list(Caller caller, Collection<ReservationState> states, TimeInterval window, int limit)
            throws BadRequest {
        return queries.list(caller, states, window, limit);
    }

    /** Every reservation holding resources at {@code at}, whoever owns it: the load the network map draws. */
    public List<Reservation> holdingAt(Instant at) {
        return queries.holdingAt(at);
    }

    /** The reservation of {@code requestId}, if there is one. */
    public Optional<Reservation> find(String requestId) {
        return queries.find(requestId);
    }

    /** Every history entry of a reservation, oldest first. */
    public List<ReservationTransition> history(Caller caller, String requestId) throws BadRequest {
        return queries.history(caller, requestId);
    }

    /** The follow-ups of a reservation still to be made: calls that have not reached their part yet. */
    public List<FollowUp> followUps(String requestId) throws BadRequest {
        return queries.followUps(requestId);
    }

    /**
     * The endpoints clients can book between: this site's hosts, and those of every peer that
     * answers, as {@code site:host}. Any caller may ask.
     */
    public List<String> endpoints(Caller caller) {
        return queries.endpoints(caller);
    }

    /**
     * Whether the reservation that booked a segment under {@code bookingId} still wants it, for a
     * service that holds the segment and finds it unchanged for long. A booking of this site is
     * wanted while its reservation is not over; a booking of another site is that site's BAR's
     * to answer, and is asked of it.
     *
     * @throws BadRequest if the booking id is not {@code <site>:<requestId>:<part>} or names an unknown site
     * @throws SegmentFailure if the BAR of the booking's site could not answer
     */
    public BookingWanted segmentWanted(String bookingId) throws BadRequest, SegmentFailure {
        return queries.segmentWanted(bookingId);
    }

    /**
     * The start times at which a circuit could be booked; see {@link AvailabilitySearch#find}.
     * Any caller may ask: it books nothing and names no one's reservation.
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked
     */
    public AvailabilitySearch.Answer findAvailability(Caller caller, Endpoint source, Endpoint destination, long mbps,
                                                      Duration duration, TimeInterval window)
            throws BadRequest, SegmentFailure {
        return queries.findAvailability(caller, source, destination, mbps, duration, window);
    }

    /**
     * The most bandwidth a circuit could be booked with at each step of [from, to): one point per
     * {@code step}, each for a circuit over that step; see {@link AvailabilitySearch#widestAt}.
     * Any caller may ask, as for {@link #findAvailability}.
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked
     */
    public List<BandwidthPoint> widestBandwidth(Caller caller, Endpoint source, Endpoint destination, TimeInterval span,
                                                Duration step)
            throws BadRequest, SegmentFailure {
        return queries.widestBandwidth(caller, source, destination, span, step);
    }

    // ---- operators: the approval queue, ending circuits ----

    /**
     * Every reservation waiting for an operator's approval, soonest start first.
     *
     * @throws BadRequest NOT_ALLOWED for a caller that is no operator
     */
    public List<Reservation> pendingApprovals(Caller caller) throws BadRequest {
        return approvals.pending(caller);
    }

    /**
     * An operator approves a reservation waiting for approval: RESERVED, brought up at its start.
     *
     * @throws BadRequest for an unknown request id, a reservation not waiting, one past its approval
     *     deadline, or (NOT_ALLOWED) a caller that is no operator
     */
    public Reservation approve(Caller operator, String requestId, String reason) throws BadRequest {
        return approvals.approve(operator, requestId, reason);
    }

    /**
     * An operator rejects a reservation waiting for approval: its segments are aborted, and it is
     * REJECTED with {@link RefusalCode#POLICY} and the reason.
     *
     * @throws BadRequest for an unknown request id, a reservation not waiting, or (NOT_ALLOWED) a
     *     caller that is no operator
     */
    public Reservation reject(Caller operator, String requestId, String reason) throws BadRequest {
        return approvals.reject(operator, requestId, reason);
    }

    /**
     * An operator ends a reservation in any live state, as {@link #cancel} does with the operator
     * as actor: a circuit that is up is torn down, and the reservation ends CANCELLED.
     *
     * @throws BadRequest for an unknown request id, an ended reservation, one in the middle of a
     *     move, or (NOT_ALLOWED) a caller that is no operator
     */
    public Reservation terminate(Caller operator, String requestId, String reason) throws BadRequest {
        return changes.terminate(operator, requestId, reason);
    }

    // ---- on time ----

    /**
     * Starts what is due now ({@link DueWork}): activations, releases, lapsed client holds,
     * half-done work of a stopped BAR.
     *
     * @return completes when everything started here has finished, with how many were started
     */
    public CompletableFuture<Integer> runDueWork() {
        return dueWork.run().thenCombine(approvals.releaseLapsed(), Integer::sum);
    }

    /** Brings a reserved circuit up now; see {@link DueWork}. */
    public Reservation activate(String requestId) {
        return dueWork.activate(requestId);
    }

    /** Tears an active circuit down at its end: FINISHED. */
    public Reservation release(String requestId) {
        return dueWork.release(requestId);
    }

    /**
     * Finishes what a BAR that stopped left half done. A lone BAR runs it at start with no age;
     * BAR replicas sharing a database give it an age (a replica that is alive finishes its own
     * work well within it), and the sweep runs it with the negotiation hold as age for whatever a
     * stopped replica left.
     *
     * @param olderThan only reservations unchanged for at least this long
     * @return how many reservations were reconciled
     */
    public int reconcile(Duration olderThan) {
        return dueWork.reconcile(olderThan);
    }

    /**
     * Asks the parts of every reserved and active reservation whether they still hold it, and
     * makes the two agree ({@link Reconciliation}). The BAR runs it at start and every
     * {@code reconcileEvery}.
     *
     * @return how many reservations were changed
     */
    public int reconcileWithParts() {
        return reconciliation.run();
    }
}
