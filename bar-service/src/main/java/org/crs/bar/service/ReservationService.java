package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.negotiation.Negotiation;
import org.crs.bar.negotiation.Negotiation.Holding;
import org.crs.bar.negotiation.SegmentCalls;
import org.crs.bar.negotiation.SegmentCalls.Outcome;
import org.crs.bar.notify.Notifications;
import org.crs.bar.port.BookingMeasurements;
import org.crs.bar.port.CircuitParts;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.port.ReservationEvents;
import org.crs.bar.reservation.ApprovalRules;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Quotas;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.reservation.SegmentRole;
import org.crs.domain.access.Caller;
import org.crs.bar.reservation.Visibility;
import org.crs.domain.availability.SlotChoice.Slot;
import org.crs.domain.booking.BookingWanted;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reservation service of a BAR, the façade its port types call: books a circuit from a host
 * at this site to a host at another by holding its three segments (the WAN at the NSAP, this
 * campus at the L-NSAP, the other campus at that site's BAR), all or nothing
 * ({@link Negotiation}), then brings it up and down on time ({@link DueWork}). A circuit between
 * two hosts of this site is one segment, held by this site's L-NSAP alone. Requests are checked
 * first ({@link RequestValidator}); a flexible request's slot is chosen from the availability
 * search ({@link FlexibleRequests}). Every state change is recorded conditionally on the state it
 * starts from ({@link Recorder}).
 */
public final class ReservationService {

    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);
    /** The scheduler's name in histories. */
    public static final String SCHEDULER = "scheduler";
    /**
     * The BAR itself as a caller: its sweeps and in-process callers (tools, tests) act through it
     * on every reservation, recorded as the {@link #SCHEDULER}, without quota or approval.
     */
    public static final Caller.Process ITSELF = new Caller.Process(SCHEDULER);

    /** The last part of a segment's booking id, by its role. */
    private static final Map<SegmentRole, String> PART_NAMES = Map.of(SegmentRole.WAN, "wan",
            SegmentRole.LOCAL_CAMPUS, "campus", SegmentRole.REMOTE_CAMPUS, "remote");
    /** How many times a fixed request is held before it is refused (see holdWithRetries). */
    static final int FIXED_ATTEMPTS = 2;
    /** How many slots a flexible request tries when the one it found is taken before it is held. */
    static final int SLOT_ATTEMPTS = 3;

    private final ReservationStore store;
    private final Site site;
    private final BarSettings settings;
    private final Clock clock;
    private final AvailabilitySearch availability;
    private final RequestValidator validator;
    private final Recorder recorder;
    private final Negotiation negotiation;
    private final FlexibleRequests flexible;
    private final DueWork dueWork;
    private final Reconciliation reconciliation;
    private final Approvals approvals;
    private final QuotaAdmission quotas;
    /** Retries of refused holds take turns, so that of two requests racing for the same ports one wins. */
    private final ReentrantLock retries = new ReentrantLock(true);
    /** Counts moves, so two moves of one reservation in the same millisecond get different booking ids. */
    private final AtomicInteger moves = new AtomicInteger();
    /** The reservations this BAR is moving now: a second move of one is refused until the first settles. */
    private final Set<String> moving = ConcurrentHashMap.newKeySet();

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
        this.store = store;
        this.site = site;
        this.settings = settings;
        this.clock = clock;
        this.availability = new AvailabilitySearch(site, settings, calls, clock);
        this.validator = new RequestValidator(site, settings, clock);
        this.recorder = new Recorder(store, clock);
        this.negotiation = new Negotiation(new SegmentCalls(site, calls), settings, this::keepFollowUps);
        this.flexible = new FlexibleRequests(availability, settings, clock);
        this.dueWork = new DueWork(recorder, negotiation, settings);
        this.reconciliation = new Reconciliation(recorder, negotiation, dueWork);
        this.approvals = new Approvals(recorder, negotiation, approvalRules, events);
        this.quotas = new QuotaAdmission(store, quotas);
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

    // ---- client operations ----

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
        if (!(caller instanceof Caller.Account)) {
            return measured(request, caller);
        }
        Optional<String> group = request.group().isEmpty() ? groupOf(caller) : Optional.of(request.group());
        ReservationRequest booked = group.map(request::forGroup).orElse(request);
        try (QuotaAdmission.Turn turn = quotas.turnOf(group)) {
            Optional<Reservation> existing = store.find(request.requestId());
            if (existing.isPresent()) {
                CallerAccess.requireMayAct(caller, existing.get());
            } else if (group.isPresent()) {
                quotas.check(booked, group.get());
            }
            return measured(booked, caller);
        }
    }

    /** {@link #create} after the quota, measured. */
    private Reservation measured(ReservationRequest request, Caller caller) throws BadRequest {
        long t0 = System.nanoTime();
        String answer = "ERROR";
        try {
            Reservation r = admit(request, caller);
            answer = r.state().name();
            return r;
        } catch (BadRequest e) {
            answer = "BAD_REQUEST";
            throw e;
        } finally {
            recorder.measurements().admissionAnswered(Duration.ofNanos(System.nanoTime() - t0), answer);
        }
    }

    /** {@link #create}, unmeasured. */
    private Reservation admit(ReservationRequest request, Caller caller) throws BadRequest {
        if (request.isFlexible()) {
            return createFlexible(request, caller);
        }
        validator.validate(request);
        String actor = caller.name();
        Optional<Reservation> created = store.create(request, actor, segments(request, 1), ReservationTransition.created(actor,
                "requested " + request.bandwidthMbps() + " Mbit/s " + request.source() + " -> " + request.destination()
                        + " over " + request.interval(), clock.instant()));
        if (created.isEmpty()) {
            return existingFor(request).orElseThrow(); // a repeated call, or a racing one, with the same id created it
        }
        return holdWithRetries(created.get(), caller, FIXED_ATTEMPTS, Optional::of, true);
    }

    /** What a refused request tries next: the same request again, or another slot; empty to give up. */
    @FunctionalInterface
    private interface NextTry {
        Optional<ReservationRequest> after(ReservationRequest refused) throws SegmentFailure, BadRequest;
    }

    /**
     * Holds every segment and moves on (to HELD, RESERVED) when all are held. When a segment
     * refuses, tries again, up to {@code attempts} in all, with what {@code next} gives and new
     * booking ids: two requests racing for the same ports may each hold one that the other needs
     * and both be refused. Retries take turns ({@link #retries}): each has aborted what it held
     * before the next begins, so one of two racing requests gets through, without a pause. A refusal that is final says why, and with {@code suggest} the next
     * free start times.
     */
    private Reservation holdWithRetries(Reservation r, Caller caller, int attempts, NextTry next, boolean suggest)
            throws BadRequest {
        String actor = caller.name();
        for (int attempt = 1; ; attempt++) {
            Holding holding = attempt == 1 ? negotiation.holdAll(r) : holdInTurn(r);
            if (holding.held()) {
                return held(r, holding, caller);
            }
            Optional<ReservationRequest> retry = Optional.empty();
            if (holding.answered() && attempt < attempts) {
                try {
                    retry = next.after(r.request());
                } catch (SegmentFailure | BadRequest e) {
                    LOG.info("nothing more to try for {}: {}", r.requestId(), e.getMessage());
                }
            }
            if (retry.isEmpty()) {
                String why = holding.refusal().message()
                        + (suggest && holding.answered() ? flexible.nextFreeStarts(r.request()) : "");
                return recorder.reject(r, holding.refusal(), actor, why, holding.segments());
            }
            ReservationRequest again = retry.get();
            String reason = r.request().bandwidthMbps() + " Mbit/s over " + r.request().interval() + " refused ("
                    + holding.refusal().message() + "); trying " + again.bandwidthMbps() + " Mbit/s over " + again.interval();
            Optional<Reservation> moved = store.modify(r.requestId(), ReservationState.REQUESTED, again,
                    segments(again, attempt + 1), actor, Recorder.clip(reason), clock.instant());
            if (moved.isEmpty()) {
                return store.find(r.requestId()).orElseThrow();
            }
            r = moved.get();
        }
    }

    /** A retry's hold, one at a time at this BAR; a refused one has aborted what it held when it ends. */
    private Holding holdInTurn(Reservation r) {
        retries.lock();
        try {
            return negotiation.holdAll(r);
        } finally {
            retries.unlock();
        }
    }

    /**
     * Moves a reservation whose segments are all held on: to HELD when hold-only; otherwise
     * commits the segments and records HELD and RESERVED (or ABORTED) in one write. Until then
     * it stays REQUESTED, which a restart reconciles by aborting every segment.
     */
    private Reservation held(Reservation r, Holding holding, Caller caller) {
        if (r.request().holdOnly()) {
            return recorder.moveOrCurrent(r, ReservationState.HELD, caller.name(), holding.reason(), holding.segments());
        }
        ReservationTransition held = recorder.transition(r.state(), ReservationState.HELD, caller.name(), holding.reason());
        return commitSegments(r, Optional.of(held), holding.segments(), caller);
    }

    /**
     * The segments a request books, none held yet. A flexible request that found its slot taken
     * tries the next with new booking ids ({@code attempt} 2 on), since the controllers keep the
     * aborted ones.
     */
    private List<Segment> segments(ReservationRequest request, int attempt) throws BadRequest {
        // A first try's id has two colons (a request id has none); later tries add ":2", ":3", ...
        return segments(request, attempt == 1 ? "" : ":" + attempt);
    }

    /** The segments a request books under booking ids {@code <site>:<requestId>:<part><suffix>}, none held yet. */
    private List<Segment> segments(ReservationRequest request, String suffix) throws BadRequest {
        // The routers carry the circuit from the set-up lead before its start until it is taken down.
        TimeInterval configured = settings.configured(request.interval());
        List<Segment> segments = new ArrayList<>();
        for (CircuitParts.Part p : CircuitParts.of(site, request.source(), request.destination())) {
            String bookingId = bookingId(request.requestId(), PART_NAMES.get(p.role())) + suffix;
            segments.add(new Segment(p.role(), p.controller().name(), new SegmentOrder(bookingId,
                    p.source(), p.destination(), request.bandwidthMbps(), configured, 0, 0), null, 0, 0, ""));
        }
        return segments;
    }

    /**
     * Books the earliest slot that fits a window request, or the transfer that finishes first.
     * If the slot is taken between the search and the holds, the search runs again and its
     * first slot is tried, up to {@link #SLOT_ATTEMPTS} in all; admission at every segment keeps
     * it from ever overbooking.
     */
    private Reservation createFlexible(ReservationRequest request, Caller caller) throws BadRequest {
        String actor = caller.name();
        validator.validateFlexible(request);
        Optional<Reservation> existing = existingFor(request);
        if (existing.isPresent()) {
            return existing.get();
        }
        Slot slot;
        Refusal nothing;
        try {
            slot = flexible.chooseSlot(request).orElse(null);
            // no start time fits end to end: the parts lack the bandwidth, whichever part it is
            nothing = slot == null ? new Refusal(RefusalCode.NO_CAPACITY, "", flexible.noSlotReason(request)) : null;
        } catch (SegmentFailure e) {
            slot = null;
            nothing = e.refusal().withMessage("could not search for a slot: " + e.getMessage());
        }
        ReservationRequest booked = slot == null ? request : request.at(slot.interval(), slot.mbps());
        Optional<Reservation> created = store.create(booked, actor, segments(booked, 1), ReservationTransition.created(
                actor, FlexibleRequests.describe(request) + (slot == null ? "" : "; chose " + slot.mbps() + " Mbit/s over " + slot.interval()),
                clock.instant()));
        if (created.isEmpty()) {
            return existingFor(request).orElseThrow();
        }
        Reservation r = created.get();
        if (slot == null) {
            return recorder.reject(r, nothing, actor, nothing.message(), r.segments());
        }
        return holdWithRetries(r, caller, SLOT_ATTEMPTS,
                refused -> flexible.chooseSlot(request).map(next -> request.at(next.interval(), next.mbps())), false);
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
        return availability.find(source, destination, mbps, duration, window);
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
        if (step.compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("stepSeconds", "must be at least " + settings.minimumDuration().toSeconds() + " s, was "
                    + step.toSeconds() + " s");
        }
        long points = span.duration().toSeconds() / step.toSeconds();
        if (points > MAX_PROFILE_POINTS) {
            throw new BadRequest("stepSeconds", "gives " + points + " points over " + span + "; at most "
                    + MAX_PROFILE_POINTS + " are answered: take a longer step or a shorter span");
        }
        Instant now = clock.instant();
        List<BandwidthPoint> out = new ArrayList<>();
        for (Instant t = span.start(); t.isBefore(span.end()); t = t.plus(step)) {
            // a circuit cannot start in the past: a step under way is asked from now on
            Instant from = t.isBefore(now) ? now : t;
            Instant stepEnd = t.plus(step);
            long mbps = stepEnd.isAfter(from) && Duration.between(from, stepEnd).compareTo(settings.minimumDuration()) >= 0
                    ? availability.widestAt(source, destination, from, Duration.between(from, stepEnd)) : 0;
            out.add(new BandwidthPoint(t, mbps));
        }
        return out;
    }

    /** At most this many points in one {@link #widestBandwidth} answer. */
    public static final int MAX_PROFILE_POINTS = 400;

    /** The most bandwidth free for a circuit over the step starting {@code at}. */
    public record BandwidthPoint(Instant at, long maxBandwidthMbps) {
    }

    /**
     * Commits held segments and moves the reservation to RESERVED, or aborts them all and moves it
     * to ABORTED; {@code held} is the move to HELD not yet recorded, if any, written with it.
     */
    private Reservation commitSegments(Reservation r, Optional<ReservationTransition> held, List<Segment> heldSegments,
                                       Caller caller) {
        String actor = caller.name();
        Negotiation.Commitment commitment = negotiation.commitAll(r.requestId(), heldSegments);
        Optional<String> waits = commitment.committed() ? approvals.waits(r, caller) : Optional.empty();
        ReservationState end = !commitment.committed() ? ReservationState.ABORTED
                : waits.isPresent() ? ReservationState.PENDING_APPROVAL : ReservationState.RESERVED;
        String reason = commitment.committed() ? "every segment committed" + waits.map(w -> "; " + w).orElse("")
                : "commit failed: " + String.join("; ", commitment.failures());
        List<ReservationTransition> steps = new ArrayList<>();
        held.ifPresent(steps::add);
        steps.add(recorder.transition(held.map(ReservationTransition::to).orElse(r.state()), end, actor, reason));
        return recorder.moveOrCurrent(r, steps, commitment.segments());
    }

    /**
     * Commits a hold-only reservation; for an account the approval rules decide as for
     * {@link #create}. Committing a reserved (or later) one answers it.
     */
    public Reservation commit(Caller caller, String requestId) throws BadRequest {
        Reservation r = require(caller, requestId);
        if (r.state() != ReservationState.HELD) {
            if (r.state() == ReservationState.ABORTED || r.state() == ReservationState.REJECTED
                    || r.state() == ReservationState.CANCELLED) {
                throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                        + " and can no longer be committed" + (r.reason().isEmpty() ? "" : " (" + r.reason() + ")"));
            }
            return r;
        }
        return commitSegments(r, Optional.empty(), r.segments(), caller);
    }

    /** Gives up a hold-only reservation. Aborting an aborted one answers it. */
    public Reservation abort(Caller caller, String requestId, String reason) throws BadRequest {
        Reservation r = require(caller, requestId);
        String actor = caller.name();
        if (r.state() == ReservationState.ABORTED) {
            return r;
        }
        if (r.state() != ReservationState.HELD) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a held reservation can be aborted (cancel a reserved one)");
        }
        String why = reason == null || reason.isBlank() ? "aborted by " + actor : reason;
        return dueWork.releaseHeld(r, ReservationState.ABORTED, actor, why);
    }

    /**
     * Cancels a reservation: releases its segments, tearing the circuit down first if it is up.
     * Cancelling a cancelled one answers it.
     */
    public Reservation cancel(Caller caller, String requestId, String reason) throws BadRequest {
        Reservation r = require(caller, requestId);
        String actor = caller.name();
        String why = reason == null || reason.isBlank() ? "cancelled by " + actor : reason;
        return switch (r.state()) {
            case CANCELLED -> r;
            case HELD, PENDING_APPROVAL -> dueWork.releaseHeld(r, ReservationState.CANCELLED, actor, why);
            case RESERVED -> releaseReserved(r, actor, why);
            case ACTIVE -> dueWork.tearDown(r, ReservationState.CANCELLED, actor, why);
            case REQUESTED, ACTIVATING, RELEASING -> throw BadRequest.notInThisState("reservation " + requestId
                    + " is " + r.state() + "; cancel it again once that settles");
            case FINISHED, REJECTED, ABORTED, FAILED -> throw BadRequest.notInThisState("reservation " + requestId
                    + " has already ended: " + r.state());
        };
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
        Reservation r = require(caller, requestId);
        String actor = caller.name();
        if (r.state() != ReservationState.RESERVED && r.state() != ReservationState.ACTIVE) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a reserved or active reservation can be modified");
        }
        if (newBandwidthMbps < 0) {
            throw new BadRequest("bandwidthMbps", "must be positive, or 0 to keep " + r.request().bandwidthMbps()
                    + ", was " + newBandwidthMbps);
        }
        ReservationRequest was = r.request();
        Instant end = newEnd == null ? was.interval().end() : newEnd;
        long mbps = newBandwidthMbps == 0 ? was.bandwidthMbps() : newBandwidthMbps;
        if (!end.isAfter(was.interval().start())) {
            throw new BadRequest("end", "must be after the start (" + was.interval().start() + "), was " + end);
        }
        TimeInterval interval = new TimeInterval(was.interval().start(), end);
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, would last " + interval.duration().toSeconds() + " s");
        }
        if (r.state() == ReservationState.ACTIVE && !end.isAfter(clock.instant())) {
            throw new BadRequest("end", "must be in the future for a circuit that is up, was " + end
                    + " (cancel it to end it now)");
        }
        if (end.equals(was.interval().end()) && mbps == was.bandwidthMbps()) {
            return r;
        }
        TimeInterval configured = settings.configured(interval);
        List<Outcome> committed;
        try {
            committed = negotiation.change(r.segments(), configured.end(), mbps);
        } catch (Negotiation.ChangeNotHeld e) {
            throw new ChangeRefused(e.refusal().withMessage("the change was refused: " + String.join("; ", e.failures())));
        }
        List<String> notApplied = SegmentCalls.failed(committed);
        String reason = "modified: end " + was.interval().end() + " -> " + end + ", " + was.bandwidthMbps() + " -> " + mbps
                + " Mbit/s" + (notApplied.isEmpty() ? "" : "; NOT applied by: " + String.join("; ", notApplied));
        if (!notApplied.isEmpty()) {
            LOG.error("reservation {}: {}", requestId, reason);
        }
        ReservationRequest modified = new ReservationRequest(was.requestId(), was.source(), was.destination(), mbps,
                interval, was.description(), was.holdOnly()).forGroup(was.group());
        List<Segment> segments = SegmentCalls.segmentsOf(committed).stream()
                .map(s -> Negotiation.withBooking(s, mbps, configured)).toList();
        Optional<Reservation> stored = store.modify(requestId, r.state(), modified, segments, actor, Recorder.clip(reason),
                clock.instant());
        if (stored.isEmpty()) {
            // It moved meanwhile (the sweep brought it up): record the change in its new state.
            Reservation now = require(requestId);
            stored = store.modify(requestId, now.state(), modified, segments, actor, Recorder.clip(reason), clock.instant());
        }
        return stored.orElseGet(() -> store.find(requestId).orElseThrow());
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
        Reservation r = require(caller, requestId);
        String actor = caller.name();
        if (r.state() != ReservationState.RESERVED) {
            throw BadRequest.notInThisState("reservation " + requestId + " is " + r.state()
                    + "; only a reserved reservation can be moved (cancel it instead)");
        }
        Instant now = clock.instant();
        // The due sweep must not start the old bookings while they are being replaced.
        if (!settings.configured(r.request().interval()).start().isAfter(now.plus(settings.negotiationHold()))) {
            throw BadRequest.notInThisState("reservation " + requestId + " starts at " + r.request().interval().start()
                    + ", too soon to move (its set-up is due within " + settings.negotiationHold().toSeconds()
                    + " s); cancel it instead");
        }
        if (interval == null) {
            throw new BadRequest("start", "is missing");
        }
        if (!interval.start().isAfter(now)) {
            throw new BadRequest("start", "must be in the future, was " + interval.start());
        }
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, would last " + interval.duration().toSeconds() + " s");
        }
        ReservationRequest was = r.request();
        if (interval.equals(was.interval())) {
            return r;
        }
        if (!moving.add(requestId)) {
            throw BadRequest.notInThisState("reservation " + requestId + " is being moved already");
        }
        try {
            return moveTo(r, interval, actor, reason, now);
        } finally {
            moving.remove(requestId);
        }
    }

    /** The all-or-nothing move of {@link #reschedule}, with no other move of the reservation under way here. */
    private Reservation moveTo(Reservation r, TimeInterval interval, String actor, String reason, Instant now)
            throws BadRequest, ChangeRefused {
        String requestId = r.requestId();
        ReservationRequest was = r.request();
        // Fixed at its new interval from now on, whatever the client first let the BAR choose.
        ReservationRequest moved = new ReservationRequest(was.requestId(), was.source(), was.destination(),
                was.bandwidthMbps(), interval, was.description(), was.holdOnly());
        // New ids at every part: a controller answers a hold of an id it already has (even an
        // aborted one) with that booking. The time in base 36 (8 characters) and a counter keep
        // them new and within the 100 characters a booking id may have.
        String suffix = ":m" + Long.toString(now.toEpochMilli(), 36) + Integer.toString(moves.incrementAndGet() % 1296, 36);
        Reservation candidate = new Reservation(moved, r.owner(), r.state(), r.reason(), segments(moved, suffix),
                r.createdAt(), r.updatedAt(), r.refusalCode());
        Holding holding = negotiation.holdAll(candidate);
        if (!holding.held()) {
            throw new ChangeRefused(holding.refusal().withMessage("the move to " + interval + " was refused: "
                    + holding.refusal().message()));
        }
        Negotiation.Commitment commitment = negotiation.commitAll(requestId, holding.segments());
        if (!commitment.committed()) {
            throw new ChangeRefused(new Refusal(RefusalCode.PROVIDER_SILENT, "", "the move to " + interval
                    + " could not be committed: " + String.join("; ", commitment.failures())));
        }
        // A modify that went through meanwhile would be lost by writing the move over it.
        Reservation current = require(requestId);
        if (!current.request().equals(was) || !bookingIds(current).equals(bookingIds(r))) {
            negotiation.abortAll(requestId, commitment.segments(), "the reservation changed while it was being moved");
            throw BadRequest.notInThisState("reservation " + requestId + " changed while it was being moved; it was not"
                    + " moved");
        }
        String history = Recorder.clip("moved from " + was.interval() + " to " + interval + ": " + reason);
        Optional<Reservation> stored = store.modify(requestId, ReservationState.RESERVED, moved, commitment.segments(),
                actor, history, clock.instant());
        if (stored.isEmpty()) {
            negotiation.abortAll(requestId, commitment.segments(), "the reservation changed while it was being moved");
            throw BadRequest.notInThisState("reservation " + requestId + " became " + require(requestId).state()
                    + " while it was being moved; it was not moved");
        }
        // A committed segment is released by deactivating it; nothing was configured yet.
        List<Outcome> released = negotiation.deactivateAll(r.segments());
        negotiation.keepUnanswered(requestId, released, FollowUp.Action.RELEASE, "moved to " + interval);
        List<String> notReleased = SegmentCalls.failed(released);
        if (!notReleased.isEmpty()) {
            LOG.warn("reservation {} moved to {}; old bookings not released yet: {}", requestId, interval, notReleased);
        }
        return stored.get();
    }

    private static List<String> bookingIds(Reservation r) {
        return r.segments().stream().map(Segment::bookingId).toList();
    }

    private Reservation releaseReserved(Reservation r, String actor, String reason) {
        // A committed segment is released by deactivating it; nothing was configured yet.
        return dueWork.endReleasingParts(r, r.segments(), ReservationState.CANCELLED, actor, reason);
    }

    /** The reservation as it is now. */
    public Reservation get(Caller caller, String requestId) throws BadRequest {
        return require(caller, requestId);
    }

    /**
     * Reservations in the states (all when empty) overlapping the window (any time when null),
     * those the caller may see ({@link Visibility#of}).
     */
    public List<Reservation> list(Caller caller, Collection<ReservationState> states, TimeInterval window, int limit)
            throws BadRequest {
        if (limit < 1 || limit > 10_000) {
            throw new BadRequest("limit", "must be between 1 and 10000, was " + limit);
        }
        return store.list(states, window, Visibility.of(caller), limit);
    }

    /** The reservation of {@code requestId}, if there is one. */
    public Optional<Reservation> find(String requestId) {
        return store.find(requestId);
    }

    /** Every history entry of a reservation, oldest first. */
    public List<ReservationTransition> history(Caller caller, String requestId) throws BadRequest {
        require(caller, requestId);
        return store.history(requestId);
    }

    /**
     * The endpoints clients can book between: this site's hosts, and those of every peer that
     * answers, as {@code site:host}. Any caller may ask.
     */
    public List<String> endpoints(Caller caller) {
        List<String> out = new ArrayList<>(hostsOf(site.name(), site.campus()));
        site.peers().forEach((peerSite, peer) -> out.addAll(hostsOf(peerSite, peer)));
        return out;
    }

    private static List<String> hostsOf(String siteName, SegmentController controller) {
        try {
            return controller.endpoints().stream().filter(e -> !e.equals(siteName)).map(h -> siteName + ":" + h).toList();
        } catch (SegmentFailure e) {
            LOG.warn("endpoints of {} unknown: {}", siteName, e.getMessage());
            return List.of();
        }
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
        if (bookingId == null || bookingId.isBlank()) {
            throw new BadRequest("bookingId", "is missing");
        }
        String[] fields = bookingId.split(":", -1);
        if (fields.length < 3 || fields[0].isEmpty() || fields[1].isEmpty()) {
            throw new BadRequest("bookingId", "is not <site>:<requestId>:<part>: " + bookingId);
        }
        if (fields[0].equals(site.name())) {
            return store.findByBookingId(bookingId).filter(r -> !r.state().isFinal()).isPresent()
                    ? BookingWanted.WANTED : BookingWanted.NOT_WANTED;
        }
        SegmentController peer = site.peer(fields[0]).orElseThrow(() -> new BadRequest("bookingId",
                "names site " + fields[0] + ", which is neither this site nor a peer of it"));
        return peer.wanted(bookingId);
    }

    /** Unique at every controller: request ids are unique per BAR, and each BAR is at one site. */
    private String bookingId(String requestId, String part) {
        return site.name() + ":" + requestId + ":" + part;
    }

    private Optional<Reservation> existingFor(ReservationRequest request) throws BadRequest {
        Optional<Reservation> existing = store.find(request.requestId());
        if (existing.isPresent() && !RequestValidator.sameRequest(existing.get().request(), request)) {
            throw new BadRequest("requestId", "reservation " + request.requestId() + " already exists for a different request");
        }
        return existing;
    }

    private Reservation require(String requestId) throws BadRequest {
        RequestValidator.checkRequestId(requestId);
        return store.find(requestId).orElseThrow(() -> new BadRequest("requestId", "no reservation " + requestId));
    }

    /** The reservation, if it exists (else BAD_FIELD) and the caller may act on it (else NOT_ALLOWED), both naming requestId. */
    private Reservation require(Caller caller, String requestId) throws BadRequest {
        return CallerAccess.requireMayAct(caller, require(requestId));
    }

    // ---- approval and quotas ----

    /**
     * Every reservation waiting for an operator's approval, soonest start first.
     *
     * @throws BadRequest NOT_ALLOWED for a caller that is no operator
     */
    public List<Reservation> pendingApprovals(Caller caller) throws BadRequest {
        CallerAccess.requireOperator(caller, "", "list the reservations waiting for approval");
        return approvals.pending();
    }

    /**
     * An operator approves a reservation waiting for approval: RESERVED, brought up at its start.
     *
     * @throws BadRequest for an unknown request id, a reservation not waiting, one past its approval
     *     deadline, or (NOT_ALLOWED) a caller that is no operator
     */
    public Reservation approve(Caller operator, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "requestId", "approve reservation " + requestId);
        return approvals.approve(require(requestId), operator.name(), reason);
    }

    /**
     * An operator rejects a reservation waiting for approval: its segments are aborted, and it is
     * REJECTED with {@link RefusalCode#POLICY} and the reason.
     *
     * @throws BadRequest for an unknown request id, a reservation not waiting, or (NOT_ALLOWED) a
     *     caller that is no operator
     */
    public Reservation reject(Caller operator, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "requestId", "reject reservation " + requestId);
        return approvals.reject(require(requestId), operator.name(), reason);
    }

    /**
     * An operator ends a reservation in any live state, as {@link #cancel} does with the operator
     * as actor: a circuit that is up is torn down, and the reservation ends CANCELLED.
     *
     * @throws BadRequest for an unknown request id, an ended reservation, one in the middle of a
     *     move, or (NOT_ALLOWED) a caller that is no operator
     */
    public Reservation terminate(Caller operator, String requestId, String reason) throws BadRequest {
        CallerAccess.requireOperator(operator, "requestId", "terminate reservation " + requestId);
        return cancel(operator, requestId, "terminated by " + operator.name()
                + (reason == null || reason.isBlank() ? "" : ": " + reason));
    }

    /** The group a caller books for: an account's primary group; none for any other caller. */
    private static Optional<String> groupOf(Caller caller) {
        return caller instanceof Caller.Account a ? a.primaryGroup() : Optional.empty();
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

    /** The follow-ups of a reservation still to be made: calls that have not reached their part yet. */
    public List<FollowUp> followUps(String requestId) throws BadRequest {
        require(requestId);
        return store.followUps(requestId);
    }

    /** Keeps calls that did not reach their parts, to be tried again (see {@link Negotiation.FollowUps}). */
    private void keepFollowUps(String requestId, List<Segment> segments, FollowUp.Action action, String reason,
                               Duration after) {
        Instant at = clock.instant().plus(after);
        LOG.warn("reservation {}: {} of {} did not reach its part, or it is still under way there; trying again at {}",
                requestId, action, segments.stream().map(Segment::bookingId).toList(), at);
        store.addFollowUps(segments.stream().map(s -> FollowUp.of(requestId, s, action, reason, at)).toList());
    }
}
