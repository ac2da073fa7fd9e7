package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.crs.domain.availability.StartWindow;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Flexibility;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.BarSettings;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.ChangeRefused;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.availability.AvailabilitySearch;
import org.crs.bar.port.CircuitParts;
import org.crs.bar.reservation.SegmentAnswer;
import org.crs.bar.reservation.SegmentOrder;

/**
 * The reservation service of a BAR: books a circuit from a host at this site to a host at
 * another by holding its three segments (the WAN at the NSAP, this campus at the L-NSAP, the
 * other campus at that site's BAR), all or nothing, then brings it up and down on time. A
 * circuit between two hosts of this site is one segment, held by this site's L-NSAP alone.
 *
 * <p>Negotiation: the NSAP holds the WAN path first and names the hand-off VLAN at each access
 * point; the two campus segments are then held on those VLANs in parallel. If any part refuses
 * or does not answer within its controller's timeout, every part that may be held is aborted
 * and the reservation is REJECTED with the part and its reason. Otherwise every part is
 * committed (unless the client asked to stop at HELD) and the reservation is RESERVED.
 *
 * <p>On time: {@link #runDueWork()}, run every fraction of a second by the BAR's sweep,
 * activates reservations whose start minus the set-up lead has come, releases those whose end
 * has come, aborts hold-only reservations not committed in time, and finishes what a stopped
 * BAR left half done ({@link #reconcile}). Every state change is
 * conditional on the state it starts from, so two sweeps (or two BAR replicas) never act twice.
 */
public final class ReservationService {

    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final int MAX_DESCRIPTION = 2000;
    /** A start this far in the past is taken as "now" (clients' clocks differ a little). */
    private static final Duration START_GRACE = Duration.ofMinutes(1);
    /**
     * A part that did not answer its hold may still book it afterwards (a slow peer): it is
     * aborted at once and again this much later.
     */
    static final Duration LATE_ABORT = Duration.ofSeconds(5);
    /** The scheduler's name in histories. */
    public static final String SCHEDULER = "scheduler";

    private final ReservationStore store;
    private final Site site;
    private final BarSettings settings;
    private final ExecutorService calls;
    private final Clock clock;
    /** Reservations the due work is acting on now, so a sweep does not start one twice. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final AvailabilitySearch availability;

    /**
     * @param calls runs calls to controllers, and due work, in parallel; unbounded, since a task
     *     on it waits for calls it starts on it (the caller owns and shuts it down)
     */
    public ReservationService(ReservationStore store, Site site, BarSettings settings, ExecutorService calls,
                              Clock clock) {
        this.store = store;
        this.site = site;
        this.settings = settings;
        this.calls = calls;
        this.clock = clock;
        this.availability = new AvailabilitySearch(site, settings, calls, clock);
    }

    public Site site() {
        return site;
    }

    // ---- client operations ----

    /**
     * Creates and negotiates a reservation. Answers REJECTED (with the part that refused and why)
     * when a segment cannot be held, HELD for a hold-only request, RESERVED otherwise. The same
     * request id again answers the same reservation.
     *
     * @throws BadRequest for invalid input, or a request id used for a different request
     */
    public Reservation create(ReservationRequest request, String actor) throws BadRequest {
        if (request.flexibility() != null) {
            return createFlexible(request, actor);
        }
        validate(request);
        Optional<Reservation> created = store.create(request, actor, segments(request, 1), ReservationTransition.created(actor,
                "requested " + request.bandwidthMbps() + " Mbit/s " + request.source() + " -> " + request.destination()
                        + " over " + request.interval(), clock.instant()));
        if (created.isEmpty()) {
            return existingFor(request).orElseThrow(); // a repeated call, or a racing one, with the same id created it
        }
        return holdWithRetries(created.get(), actor, FIXED_ATTEMPTS, Optional::of, true);
    }

    /** What a refused request tries next: the same request again, or another slot; empty to give up. */
    @FunctionalInterface
    private interface NextTry {
        Optional<ReservationRequest> after(ReservationRequest refused) throws SegmentFailure, BadRequest;
    }

    /**
     * Holds every segment and moves on (to HELD, RESERVED) when all are held. When a segment
     * refuses, tries again a random moment later, up to {@code attempts} in all, with what
     * {@code next} gives and new booking ids: two requests racing for the same ports may each
     * hold one that the other needs and both be refused, and a retry at a random moment lets
     * one of them through. A refusal that is final says why, and with {@code suggest} the next
     * free start times.
     */
    private Reservation holdWithRetries(Reservation r, String actor, int attempts, NextTry next, boolean suggest)
            throws BadRequest {
        for (int attempt = 1; ; attempt++) {
            Holding holding = holdAll(r);
            if (holding.held()) {
                return held(r, holding, actor);
            }
            Optional<ReservationRequest> retry = Optional.empty();
            if (holding.answered() && attempt < attempts) {
                pauseBeforeRetry();
                try {
                    retry = next.after(r.request());
                } catch (SegmentFailure | BadRequest e) {
                    LOG.info("nothing more to try for {}: {}", r.requestId(), e.getMessage());
                }
            }
            if (retry.isEmpty()) {
                String why = holding.refusal() + (suggest && holding.answered() ? nextFreeStarts(r.request()) : "");
                return moveOrCurrent(r, ReservationState.REJECTED, actor, why, holding.segments());
            }
            ReservationRequest again = retry.get();
            String reason = r.request().bandwidthMbps() + " Mbit/s over " + r.request().interval() + " refused ("
                    + holding.refusal() + "); trying " + again.bandwidthMbps() + " Mbit/s over " + again.interval();
            Optional<Reservation> moved = store.modify(r.requestId(), ReservationState.REQUESTED, again,
                    segments(again, attempt + 1), actor, clip(reason), clock.instant());
            if (moved.isEmpty()) {
                return store.find(r.requestId()).orElseThrow();
            }
            r = moved.get();
        }
    }

    private static void pauseBeforeRetry() {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(RETRY_PAUSE_MILLIS / 2, RETRY_PAUSE_MILLIS * 2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Moves a reservation whose segments are all held on: to HELD when hold-only; otherwise
     * commits the segments and records HELD and RESERVED (or ABORTED) in one write. Until then
     * it stays REQUESTED, which a restart reconciles by aborting every segment.
     */
    private Reservation held(Reservation r, Holding holding, String actor) {
        if (r.request().holdOnly()) {
            return moveOrCurrent(r, ReservationState.HELD, actor, holding.reason(), holding.segments());
        }
        ReservationTransition held = new ReservationTransition(r.state(), ReservationState.HELD, actor,
                clip(holding.reason()), clock.instant());
        return commitSegments(r, Optional.of(held), holding.segments(), actor);
    }

    /**
     * The segments a request books, none held yet. A flexible request that found its slot taken
     * tries the next with new booking ids ({@code attempt} 2 on), since the controllers keep the
     * aborted ones.
     */
    private List<Segment> segments(ReservationRequest request, int attempt) throws BadRequest {
        // The routers carry the circuit from the set-up lead before its start until it is taken down.
        TimeInterval configured = settings.configured(request.interval());
        // A first try's id has two colons (a request id has none); later tries add ":2", ":3", ...
        String attemptSuffix = attempt == 1 ? "" : ":" + attempt;
        List<Segment> segments = new ArrayList<>();
        for (CircuitParts.Part p : CircuitParts.of(site, request.source(), request.destination())) {
            String bookingId = bookingId(request.requestId(), PART_NAMES.get(p.role())) + attemptSuffix;
            segments.add(new Segment(p.role(), p.controller().name(), new SegmentOrder(bookingId,
                    p.source(), p.destination(), request.bandwidthMbps(), configured, 0, 0), null, 0, 0, ""));
        }
        return segments;
    }

    // ---- flexible requests ----

    /** The last part of a segment's booking id, by its role. */
    private static final Map<SegmentRole, String> PART_NAMES = Map.of(SegmentRole.WAN, "wan",
            SegmentRole.LOCAL_CAMPUS, "campus", SegmentRole.REMOTE_CAMPUS, "remote");

    /** How many times a fixed request is held before it is refused (see holdWithRetries). */
    static final int FIXED_ATTEMPTS = 2;
    /** About how long a refused request waits before it tries again. */
    private static final long RETRY_PAUSE_MILLIS = 100;

    /** How many slots a flexible request tries when the one it found is taken before it is held. */
    static final int SLOT_ATTEMPTS = 3;
    /** How many bandwidths a transfer compares, from the most it allows down. */
    private static final int TRANSFER_BANDWIDTHS = 6;
    /** How far after a refused start a refusal looks for free start times. */
    static final Duration SUGGESTION_HORIZON = Duration.ofDays(7);
    private static final int SUGGESTIONS = 3;

    /** A slot chosen for a flexible request: when, and at what bandwidth. */
    private record Slot(TimeInterval interval, long mbps) {
    }

    /**
     * Books the earliest slot that fits a window request, or the transfer that finishes first.
     * If the slot is taken between the search and the holds, the search runs again and its
     * first slot is tried, up to {@link #SLOT_ATTEMPTS} in all; admission at every segment keeps
     * it from ever overbooking.
     */
    private Reservation createFlexible(ReservationRequest request, String actor) throws BadRequest {
        Flexibility f = request.flexibility();
        validateFlexible(request);
        Optional<Reservation> existing = existingFor(request);
        if (existing.isPresent()) {
            return existing.get();
        }
        Slot slot;
        String nothing;
        try {
            slot = chooseSlot(request).orElse(null);
            nothing = slot == null ? noSlotReason(request) : null;
        } catch (SegmentFailure e) {
            slot = null;
            nothing = "could not search for a slot: " + e.getMessage();
        }
        ReservationRequest booked = slot == null ? request : request.at(slot.interval(), slot.mbps());
        Optional<Reservation> created = store.create(booked, actor, segments(booked, 1), ReservationTransition.created(
                actor, describe(f, request) + (slot == null ? "" : "; chose " + slot.mbps() + " Mbit/s over " + slot.interval()),
                clock.instant()));
        if (created.isEmpty()) {
            return existingFor(request).orElseThrow();
        }
        Reservation r = created.get();
        if (slot == null) {
            return moveOrCurrent(r, ReservationState.REJECTED, actor, nothing, r.segments());
        }
        return holdWithRetries(r, actor, SLOT_ATTEMPTS,
                refused -> chooseSlot(request).map(next -> request.at(next.interval(), next.mbps())), false);
    }

    /**
     * The slot a flexible request books: for a window, the earliest start at its bandwidth; for a
     * transfer, among bandwidths from the most it allows down, the one that finishes first (the
     * lower bandwidth on a tie).
     */
    private Optional<Slot> chooseSlot(ReservationRequest request) throws SegmentFailure, BadRequest {
        Flexibility f = request.flexibility();
        if (!f.isTransfer()) {
            return earliest(request, f.requestedMbps(), f.duration())
                    .map(start -> new Slot(new TimeInterval(start, start.plus(f.duration())), f.requestedMbps()));
        }
        Slot best = null;
        long mbps = f.requestedMbps();
        Instant from = latest(f.window().start(), clock.instant());
        for (int tried = 0; tried < TRANSFER_BANDWIDTHS && mbps > 0; tried++) {
            Duration takes = transferTime(f, mbps);
            if (best != null && !from.plus(takes).isBefore(best.interval().end())) {
                break; // slower bandwidths cannot finish first any more
            }
            if (takes.compareTo(f.window().duration()) <= 0) {
                Optional<Instant> start = earliest(request, mbps, takes);
                if (start.isPresent() && (best == null || !start.get().plus(takes).isAfter(best.interval().end()))) {
                    best = new Slot(new TimeInterval(start.get(), start.get().plus(takes)), mbps);
                }
            }
            mbps = mbps / 2;
        }
        return Optional.ofNullable(best);
    }

    private Optional<Instant> earliest(ReservationRequest request, long mbps, Duration duration)
            throws SegmentFailure, BadRequest {
        return availability.find(request.source(), request.destination(), mbps, duration, request.flexibility().window())
                .starts().earliest();
    }

    /** A transfer's duration at {@code mbps}, at least the shortest reservation. */
    private Duration transferTime(Flexibility f, long mbps) {
        Duration takes = f.transferTime(mbps);
        return takes.compareTo(settings.minimumDuration()) < 0 ? settings.minimumDuration() : takes;
    }

    private String noSlotReason(ReservationRequest request) throws SegmentFailure, BadRequest {
        Flexibility f = request.flexibility();
        Duration duration = f.isTransfer() ? transferTime(f, f.requestedMbps()) : f.duration();
        AvailabilitySearch.Answer answer = availability.find(request.source(), request.destination(), f.requestedMbps(),
                duration, f.window());
        return "no slot in " + f.window() + ": " + f.requestedMbps() + " Mbit/s for " + duration.toSeconds()
                + " s is not free end to end at any start time" + (f.isTransfer() ? " (nor any lower bandwidth that finishes in time)" : "")
                + "; the most free for " + duration.toSeconds() + " s: " + answer.maxBandwidthMbps() + " Mbit/s";
    }

    private static String describe(Flexibility f, ReservationRequest r) {
        return f.isTransfer()
                ? "requested " + f.volumeMegabytes() + " MB " + r.source() + " -> " + r.destination() + " within " + f.window()
                        + " at up to " + f.requestedMbps() + " Mbit/s"
                : "requested " + f.requestedMbps() + " Mbit/s " + r.source() + " -> " + r.destination() + " for "
                        + f.duration().toSeconds() + " s within " + f.window();
    }

    /**
     * For a refusal: the next few start times, within {@link #SUGGESTION_HORIZON} of the refused
     * start, at which the same circuit can be booked; empty when the search finds none or fails.
     */
    private String nextFreeStarts(ReservationRequest request) {
        TimeInterval asked = request.interval();
        try {
            AvailabilitySearch.Answer answer = availability.find(request.source(), request.destination(),
                    request.bandwidthMbps(), asked.duration(), new TimeInterval(asked.start(),
                            asked.start().plus(SUGGESTION_HORIZON).plus(asked.duration())));
            List<StartWindow> windows = answer.starts().windows();
            if (windows.isEmpty()) {
                return "; no start time within " + SUGGESTION_HORIZON.toDays() + " days has " + request.bandwidthMbps()
                        + " Mbit/s (the most free: " + answer.maxBandwidthMbps() + " Mbit/s)";
            }
            List<String> offers = new ArrayList<>();
            for (StartWindow w : windows.subList(0, Math.min(SUGGESTIONS, windows.size()))) {
                offers.add(w.earliest().equals(w.latest()) ? w.earliest().toString()
                        : "from " + w.earliest() + " to " + w.latest());
            }
            return "; free start times: " + String.join(", ", offers);
        } catch (SegmentFailure | BadRequest | RuntimeException e) {
            LOG.info("no free start times for the refusal of {}: {}", request.requestId(), e.getMessage());
            return "";
        }
    }

    /**
     * The start times at which a circuit could be booked; see {@link AvailabilitySearch#find}.
     *
     * @throws BadRequest for invalid input, naming the field
     * @throws SegmentFailure when a part cannot be asked
     */
    public AvailabilitySearch.Answer findAvailability(Endpoint source, Endpoint destination, long mbps, Duration duration,
                                                      TimeInterval window) throws BadRequest, SegmentFailure {
        return availability.find(source, destination, mbps, duration, window);
    }

    /** Commits a hold-only reservation. Committing a reserved (or later) one answers it. */
    public Reservation commit(String requestId, String actor) throws BadRequest {
        Reservation r = require(requestId);
        if (r.state() != ReservationState.HELD) {
            if (r.state() == ReservationState.ABORTED || r.state() == ReservationState.REJECTED
                    || r.state() == ReservationState.CANCELLED) {
                throw new BadRequest("requestId", "reservation " + requestId + " is " + r.state()
                        + " and can no longer be committed" + (r.reason().isEmpty() ? "" : " (" + r.reason() + ")"));
            }
            return r;
        }
        return commitSegments(r, Optional.empty(), r.segments(), actor);
    }

    /** Gives up a hold-only reservation. Aborting an aborted one answers it. */
    public Reservation abort(String requestId, String actor, String reason) throws BadRequest {
        Reservation r = require(requestId);
        if (r.state() == ReservationState.ABORTED) {
            return r;
        }
        if (r.state() != ReservationState.HELD) {
            throw new BadRequest("requestId", "reservation " + requestId + " is " + r.state()
                    + "; only a held reservation can be aborted (cancel a reserved one)");
        }
        String why = reason == null || reason.isBlank() ? "aborted by " + actor : reason;
        return releaseHeld(r, ReservationState.ABORTED, actor, why);
    }

    /**
     * Cancels a reservation: releases its segments, tearing the circuit down first if it is up.
     * Cancelling a cancelled one answers it.
     */
    public Reservation cancel(String requestId, String actor, String reason) throws BadRequest {
        Reservation r = require(requestId);
        String why = reason == null || reason.isBlank() ? "cancelled by " + actor : reason;
        return switch (r.state()) {
            case CANCELLED -> r;
            case HELD, PENDING_APPROVAL -> releaseHeld(r, ReservationState.CANCELLED, actor, why);
            case RESERVED -> releaseReserved(r, actor, why);
            case ACTIVE -> tearDown(r, ReservationState.CANCELLED, actor, why);
            case REQUESTED, ACTIVATING, RELEASING -> throw new BadRequest("requestId", "reservation " + requestId
                    + " is " + r.state() + "; cancel it again once that settles");
            case FINISHED, REJECTED, ABORTED, FAILED -> throw new BadRequest("requestId", "reservation " + requestId
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
    public Reservation modify(String requestId, Instant newEnd, long newBandwidthMbps, String actor)
            throws BadRequest, ChangeRefused {
        Reservation r = require(requestId);
        if (r.state() != ReservationState.RESERVED && r.state() != ReservationState.ACTIVE) {
            throw new BadRequest("requestId", "reservation " + requestId + " is " + r.state()
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
        List<Outcome> held = onEverySegment(r.segments(),
                (controller, s) -> controller.modify(s.bookingId(), configured.end(), mbps, settings.negotiationHold()));
        List<String> failures = held.stream().filter(o -> o.failure() != null).map(Outcome::describe).toList();
        if (!failures.isEmpty()) {
            List<Segment> mayHold = held.stream().filter(o -> o.failure() == null || !o.failure().answered())
                    .map(Outcome::segment).toList();
            onEverySegment(mayHold, (controller, s) -> controller.abortModify(s.bookingId()));
            throw new ChangeRefused("the change was refused: " + String.join("; ", failures));
        }
        List<Outcome> committed = onEverySegment(r.segments(), (controller, s) -> controller.commitModify(s.bookingId()));
        List<String> notApplied = committed.stream().filter(o -> o.failure() != null).map(Outcome::describe).toList();
        String reason = "modified: end " + was.interval().end() + " -> " + end + ", " + was.bandwidthMbps() + " -> " + mbps
                + " Mbit/s" + (notApplied.isEmpty() ? "" : "; NOT applied by: " + String.join("; ", notApplied));
        if (!notApplied.isEmpty()) {
            LOG.error("reservation {}: {}", requestId, reason);
        }
        ReservationRequest modified = new ReservationRequest(was.requestId(), was.source(), was.destination(), mbps,
                interval, was.description(), was.holdOnly());
        List<Segment> segments = segmentsOf(committed).stream().map(s -> withOrder(s, mbps, configured)).toList();
        Optional<Reservation> stored = store.modify(requestId, r.state(), modified, segments, actor, clip(reason),
                clock.instant());
        if (stored.isEmpty()) {
            // It moved meanwhile (the sweep brought it up): record the change in its new state.
            Reservation now = require(requestId);
            stored = store.modify(requestId, now.state(), modified, segments, actor, clip(reason), clock.instant());
        }
        return stored.orElseGet(() -> store.find(requestId).orElseThrow());
    }

    private static Segment withOrder(Segment s, long mbps, TimeInterval interval) {
        SegmentOrder o = s.order();
        return new Segment(s.role(), s.controller(), new SegmentOrder(o.bookingId(), o.source(), o.destination(), mbps,
                interval, o.sourceVlan(), o.destinationVlan()), s.state(), s.sourceVlan(), s.destinationVlan(),
                s.description());
    }

    /** The reservation as it is now. */
    public Reservation get(String requestId) throws BadRequest {
        return require(requestId);
    }

    /** Reservations in the states (all when empty) overlapping the window (any time when null). */
    public List<Reservation> list(Collection<ReservationState> states, TimeInterval window, int limit) throws BadRequest {
        if (limit < 1 || limit > 10_000) {
            throw new BadRequest("limit", "must be between 1 and 10000, was " + limit);
        }
        return store.list(states, window, limit);
    }

    /** Every history entry of a reservation, oldest first. */
    public List<ReservationTransition> history(String requestId) throws BadRequest {
        require(requestId);
        return store.history(requestId);
    }

    /**
     * The endpoints clients can book between: this site's hosts, and those of every peer that
     * answers, as {@code site:host}.
     */
    public List<String> endpoints() {
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

    // ---- on time ----

    /**
     * Starts what is due now: activates reservations whose start minus the set-up lead has come,
     * releases those whose end has come, aborts hold-only reservations not committed in time.
     * Each runs on the call executor; a reservation already being acted on is not started again.
     *
     * @return completes when everything started here has finished, with how many were started
     */
    public CompletableFuture<Integer> runDueWork() {
        Instant now = clock.instant();
        List<CompletableFuture<?>> work = new ArrayList<>();
        for (Reservation r : store.list(EnumSet.of(ReservationState.RESERVED),
                new TimeInterval(now, now.plus(settings.setUpLead()).plusMillis(1)), 1000)) {
            if (!r.request().interval().start().minus(settings.setUpLead()).isAfter(now)) {
                start(work, r, () -> activate(r.requestId()));
            }
        }
        for (Reservation r : store.endedBy(EnumSet.of(ReservationState.ACTIVE), now, 1000)) {
            start(work, r, () -> release(r.requestId()));
        }
        for (Reservation r : store.unchangedSince(EnumSet.of(ReservationState.HELD), now.minus(settings.clientHold()), 1000)) {
            start(work, r, () -> releaseHeld(r, ReservationState.ABORTED, SCHEDULER,
                    "not committed within " + settings.clientHold().toSeconds() + " s"));
        }
        for (Reservation r : halfDone(settings.negotiationHold())) {
            start(work, r, () -> reconcileOne(r));
        }
        int started = work.size();
        return CompletableFuture.allOf(work.toArray(new CompletableFuture<?>[0])).thenApply(done -> started);
    }

    private void start(List<CompletableFuture<?>> work, Reservation r, Runnable task) {
        if (!inFlight.add(r.requestId())) {
            return;
        }
        work.add(CompletableFuture.runAsync(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("due work on reservation {} failed", r.requestId(), e);
            } finally {
                inFlight.remove(r.requestId());
            }
        }, calls));
    }

    /**
     * Brings a reserved circuit up: activates every segment in parallel; if any fails, takes the
     * others down again and the reservation is FAILED with the reason.
     */
    public Reservation activate(String requestId) {
        Reservation r = store.find(requestId).orElseThrow();
        if (r.state() != ReservationState.RESERVED) {
            return r;
        }
        Optional<Reservation> activating = move(r, ReservationState.ACTIVATING, SCHEDULER, "activating", r.segments());
        if (activating.isEmpty()) {
            return store.find(requestId).orElseThrow();
        }
        return finishActivation(activating.get());
    }

    private Reservation finishActivation(Reservation r) {
        List<Outcome> outcomes = onEverySegment(r.segments(), (controller, s) -> controller.activate(s.bookingId()));
        List<Segment> segments = segmentsOf(outcomes);
        List<String> failures = outcomes.stream().filter(o -> !o.reached(SegmentState.ACTIVE)).map(Outcome::describe).toList();
        if (failures.isEmpty()) {
            Reservation active = moveOrCurrent(r, ReservationState.ACTIVE, SCHEDULER, "circuit up on " + routersOf(segments),
                    segments);
            LOG.info("reservation {} is up", r.requestId());
            return active;
        }
        LOG.warn("activation of {} failed: {}", r.requestId(), failures);
        List<Outcome> rollback = onEverySegment(segments.stream().filter(s -> s.state() == SegmentState.ACTIVE).toList(),
                (controller, s) -> controller.deactivate(s.bookingId()));
        return moveOrCurrent(r, ReservationState.FAILED, SCHEDULER, "activation failed: " + String.join("; ", failures)
                + rolledBack(rollback), merge(segments, rollback));
    }

    /** Tears an active circuit down at its end: FINISHED. */
    public Reservation release(String requestId) {
        Reservation r = store.find(requestId).orElseThrow();
        if (r.state() != ReservationState.ACTIVE) {
            return r;
        }
        return tearDown(r, ReservationState.FINISHED, SCHEDULER, "ended at " + r.request().interval().end());
    }

    /**
     * Finishes what a BAR that stopped left half done: a negotiation is given up (REJECTED),
     * an activation is completed (or rolled back if a segment fails), a tear-down is completed.
     * A lone BAR runs it at start with no age; BAR replicas sharing a database give it an age
     * (a replica that is alive finishes its own work well within it), and the sweep runs it
     * with the negotiation hold as age for whatever a stopped replica left.
     *
     * @param olderThan only reservations unchanged for at least this long
     * @return how many reservations were reconciled
     */
    public int reconcile(Duration olderThan) {
        int n = 0;
        for (Reservation r : halfDone(olderThan)) {
            n++;
            reconcileOne(r);
        }
        return n;
    }

    private List<Reservation> halfDone(Duration olderThan) {
        return store.unchangedSince(EnumSet.of(ReservationState.REQUESTED, ReservationState.ACTIVATING,
                ReservationState.RELEASING), clock.instant().minus(olderThan), 10_000);
    }

    private void reconcileOne(Reservation r) {
        LOG.info("reconciling reservation {}, found {} since {}", r.requestId(), r.state(), r.updatedAt());
        switch (r.state()) {
            case REQUESTED -> {
                List<Segment> aborted = abortAll(r.segments(), "the BAR stopped during negotiation");
                moveOrCurrent(r, ReservationState.REJECTED, SCHEDULER, "the BAR stopped during negotiation", aborted);
            }
            case ACTIVATING -> finishActivation(r);
            case RELEASING -> {
                boolean ended = !r.request().interval().end().isAfter(clock.instant());
                finishTearDown(r, ended ? ReservationState.FINISHED : ReservationState.CANCELLED,
                        ended ? "ended at " + r.request().interval().end() : "cancelled (tear-down completed after a restart)");
            }
            default -> throw new IllegalStateException("not a state to reconcile: " + r.state());
        }
    }

    // ---- negotiation ----

    /**
     * What holding every segment came to: all held (refusal null), or a refusal with every part
     * that may have been held aborted.
     *
     * @param answered whether every part that failed answered (a refusal), rather than stayed silent
     */
    private record Holding(List<Segment> segments, String reason, String refusal, boolean answered) {

        boolean held() {
            return refusal == null;
        }
    }

    private Holding holdAll(Reservation r) {
        if (r.request().sameSite()) {
            return holdCampusOnly(r);
        }
        Segment wan = r.segments().get(0);
        Segment held;
        try {
            held = wan.with(site.wan().hold(wan.order(), settings.negotiationHold()));
        } catch (SegmentFailure e) {
            List<Segment> segments = new ArrayList<>(r.segments());
            if (!e.answered()) {
                segments.set(0, abortOne(wan, "the WAN hold did not answer in time"));
                abortAgainLater(List.of(wan));
            }
            return new Holding(segments, null, describe(wan, e), e.answered());
        }
        Segment local = withVlans(r.segments().get(1), 0, held.sourceVlan());
        Segment remote = withVlans(r.segments().get(2), held.destinationVlan(), 0);
        // Unless the client asked to stop at HELD, the remote campus is the last part: the peer BAR
        // holds and commits it in one call (two calls and a write fewer for it and its L-NSAP), and
        // if another part fails it is aborted like a held one.
        boolean commitRemote = !r.request().holdOnly();
        List<Outcome> campuses = onEverySegment(List.of(local, remote), (controller, s) ->
                commitRemote && s.role() == SegmentRole.REMOTE_CAMPUS ? controller.holdAndCommit(s.order())
                        : controller.hold(s.order(), settings.negotiationHold()));
        List<Segment> segments = new ArrayList<>();
        segments.add(held);
        segments.addAll(segmentsOf(campuses));
        List<String> failures = campuses.stream().filter(o -> o.failure() != null).map(Outcome::describe).toList();
        if (failures.isEmpty()) {
            return new Holding(segments, "every segment held", null, true);
        }
        // Abort all parts that may be held: those that answered HELD, and those that did not answer.
        List<Segment> toAbort = new ArrayList<>();
        toAbort.add(held);
        campuses.stream().filter(o -> o.failure() == null || !o.failure().answered()).map(Outcome::segment).forEach(toAbort::add);
        List<Segment> aborted = merge(segments, onEverySegment(toAbort,
                (controller, s) -> controller.abort(s.bookingId(), "another segment of the circuit refused")));
        List<Segment> silent = campuses.stream().filter(o -> o.failure() != null && !o.failure().answered())
                .map(Outcome::segment).toList();
        abortAgainLater(silent);
        return new Holding(aborted, null, String.join("; ", failures), silent.isEmpty());
    }

    /**
     * Between two hosts of this site: this site's L-NSAP holds the one segment, and unless the
     * client asked to stop at HELD commits it in the same call.
     */
    private Holding holdCampusOnly(Reservation r) {
        Outcome held = onEverySegment(r.segments(), (controller, s) -> r.request().holdOnly()
                ? controller.hold(s.order(), settings.negotiationHold()) : controller.holdAndCommit(s.order())).get(0);
        if (held.failure() == null) {
            return new Holding(List.of(held.segment()), "the campus segment is held", null, true);
        }
        if (!held.failure().answered()) {
            abortOne(held.segment(), "the hold did not answer in time");
            abortAgainLater(List.of(held.segment()));
        }
        return new Holding(List.of(held.segment()), null, held.describe(), held.failure().answered());
    }

    /**
     * Commits held segments and moves the reservation to RESERVED, or aborts them all and moves it
     * to ABORTED; {@code held} is the move to HELD not yet recorded, if any, written with it.
     */
    private Reservation commitSegments(Reservation r, Optional<ReservationTransition> held, List<Segment> heldSegments,
                                       String actor) {
        // A segment held and committed in one call is committed already.
        List<Outcome> outcomes = onEverySegment(heldSegments.stream().filter(s -> s.state() != SegmentState.COMMITTED)
                .toList(), (controller, s) -> controller.commit(s.bookingId()));
        List<Segment> segments = merge(heldSegments, outcomes);
        List<String> failures = outcomes.stream().filter(o -> !o.reached(SegmentState.COMMITTED)).map(Outcome::describe).toList();
        ReservationState end = failures.isEmpty() ? ReservationState.RESERVED : ReservationState.ABORTED;
        String reason = failures.isEmpty() ? "every segment committed" : "commit failed: " + String.join("; ", failures);
        if (!failures.isEmpty()) {
            segments = abortAll(segments, "another segment of the circuit could not be committed");
        }
        List<ReservationTransition> steps = new ArrayList<>();
        held.ifPresent(steps::add);
        steps.add(new ReservationTransition(held.map(ReservationTransition::to).orElse(r.state()), end, actor, clip(reason),
                clock.instant()));
        return store.move(r.requestId(), steps, segments).orElseGet(() -> store.find(r.requestId()).orElseThrow());
    }

    private Reservation releaseHeld(Reservation r, ReservationState end, String actor, String reason) {
        return moveOrCurrent(r, end, actor, reason, abortAll(r.segments(), reason));
    }

    private Reservation releaseReserved(Reservation r, String actor, String reason) {
        // A committed segment is released by deactivating it; nothing was configured yet.
        List<Outcome> outcomes = onEverySegment(r.segments(), (controller, s) -> controller.deactivate(s.bookingId()));
        List<String> failures = outcomes.stream().filter(o -> !o.reached(SegmentState.RELEASED)).map(Outcome::describe).toList();
        return moveOrCurrent(r, ReservationState.CANCELLED, actor,
                failures.isEmpty() ? reason : reason + "; not released: " + String.join("; ", failures), segmentsOf(outcomes));
    }

    private Reservation tearDown(Reservation r, ReservationState end, String actor, String reason) {
        Optional<Reservation> releasing = move(r, ReservationState.RELEASING, actor, reason, r.segments());
        if (releasing.isEmpty()) {
            return store.find(r.requestId()).orElseThrow();
        }
        return finishTearDown(releasing.get(), end, reason);
    }

    private Reservation finishTearDown(Reservation r, ReservationState end, String reason) {
        List<Outcome> outcomes = onEverySegment(r.segments(), (controller, s) -> controller.deactivate(s.bookingId()));
        List<String> failures = outcomes.stream().filter(o -> !o.reached(SegmentState.RELEASED)).map(Outcome::describe).toList();
        if (failures.isEmpty()) {
            LOG.info("reservation {} is down: {}", r.requestId(), end);
            return moveOrCurrent(r, end, SCHEDULER, reason + "; circuit torn down", segmentsOf(outcomes));
        }
        return moveOrCurrent(r, ReservationState.FAILED, SCHEDULER, "tear-down failed: " + String.join("; ", failures),
                segmentsOf(outcomes));
    }

    private List<Segment> abortAll(List<Segment> segments, String reason) {
        List<Segment> attempted = segments.stream().filter(s -> s.state() == null || s.state().holdsResources()).toList();
        return merge(segments, onEverySegment(attempted, (controller, s) -> controller.abort(s.bookingId(), reason)));
    }

    private void abortAgainLater(List<Segment> silent) {
        if (!silent.isEmpty()) {
            CompletableFuture.runAsync(() -> onEverySegment(silent, (controller, s) -> controller.abort(s.bookingId(),
                    "the circuit was given up while this hold was under way")),
                    CompletableFuture.delayedExecutor(LATE_ABORT.toMillis(), TimeUnit.MILLISECONDS, calls));
        }
    }

    private Segment abortOne(Segment s, String reason) {
        return segmentsOf(onEverySegment(List.of(s), (controller, x) -> controller.abort(x.bookingId(), reason))).get(0);
    }

    // ---- calls to controllers ----

    @FunctionalInterface
    private interface Call {
        SegmentAnswer on(SegmentController controller, Segment segment) throws SegmentFailure;
    }

    /** What one call on one segment came to: the segment as answered, or the failure. */
    private record Outcome(Segment segment, SegmentFailure failure, String reason) {

        boolean reached(SegmentState state) {
            return failure == null && segment.state() == state;
        }

        String describe() {
            if (failure != null) {
                return ReservationService.describe(segment, failure);
            }
            return label(segment) + " is " + segment.state() + (reason.isEmpty() ? "" : ": " + reason);
        }
    }

    /**
     * Runs the call on every segment in parallel and waits for all. The last segment's call runs
     * on this thread, which would otherwise only wait: one thread hand-off fewer per step.
     */
    private List<Outcome> onEverySegment(List<Segment> segments, Call call) {
        if (segments.isEmpty()) {
            return List.of();
        }
        List<CompletableFuture<Outcome>> others = new ArrayList<>();
        for (Segment s : segments.subList(0, segments.size() - 1)) {
            others.add(CompletableFuture.supplyAsync(() -> callOne(s, call), calls));
        }
        Outcome last = callOne(segments.get(segments.size() - 1), call);
        List<Outcome> outcomes = new ArrayList<>(others.stream().map(CompletableFuture::join).toList());
        outcomes.add(last);
        return outcomes;
    }

    private Outcome callOne(Segment s, Call call) {
        SegmentController controller = site.controller(s.controller()).orElse(null);
        if (controller == null) {
            return new Outcome(s, new SegmentFailure(s.controller(), false, "no such controller configured", null), "");
        }
        try {
            SegmentAnswer answer = call.on(controller, s);
            return new Outcome(s.with(answer), null, answer.reason());
        } catch (SegmentFailure e) {
            return new Outcome(s, e, "");
        } catch (RuntimeException e) {
            return new Outcome(s, new SegmentFailure(s.controller(), false, String.valueOf(e), e), "");
        }
    }

    private static List<Segment> segmentsOf(List<Outcome> outcomes) {
        return outcomes.stream().map(Outcome::segment).toList();
    }

    /** The segments with those that were called replaced by what they answered. */
    private static List<Segment> merge(List<Segment> segments, List<Outcome> answered) {
        List<Segment> out = new ArrayList<>(segments);
        for (Outcome o : answered) {
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).bookingId().equals(o.segment().bookingId())) {
                    out.set(i, o.segment());
                }
            }
        }
        return out;
    }

    private static String rolledBack(List<Outcome> rollback) {
        List<String> failed = rollback.stream().filter(o -> !o.reached(SegmentState.RELEASED)).map(Outcome::describe).toList();
        return failed.isEmpty() ? "; the other segments were taken down" : "; NOT taken down: " + String.join("; ", failed);
    }

    private static String describe(Segment s, SegmentFailure e) {
        return label(s) + ": " + e.getMessage();
    }

    private static String label(Segment s) {
        return switch (s.role()) {
            case WAN -> "WAN segment";
            case LOCAL_CAMPUS -> "local campus segment";
            case REMOTE_CAMPUS -> "remote campus segment";
        };
    }

    private static String routersOf(List<Segment> segments) {
        return String.join("; ", segments.stream().map(s -> s.controller() + ": " + s.description()).toList());
    }

    private static Segment withVlans(Segment s, int sourceVlan, int destinationVlan) {
        SegmentOrder o = s.order();
        return new Segment(s.role(), s.controller(), new SegmentOrder(o.bookingId(), o.source(), o.destination(),
                o.bandwidthMbps(), o.interval(), sourceVlan, destinationVlan), s.state(), s.sourceVlan(),
                s.destinationVlan(), s.description());
    }

    // ---- state ----

    private Optional<Reservation> move(Reservation r, ReservationState next, String actor, String reason,
                                       List<Segment> segments) {
        return store.move(r.requestId(), new ReservationTransition(r.state(), next, actor, clip(reason), clock.instant()),
                segments);
    }

    private Reservation moveOrCurrent(Reservation r, ReservationState next, String actor, String reason,
                                      List<Segment> segments) {
        return move(r, next, actor, reason, segments).orElseGet(() -> store.find(r.requestId()).orElseThrow());
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static String clip(String reason) {
        return reason.length() <= MAX_DESCRIPTION ? reason : reason.substring(0, MAX_DESCRIPTION - 1) + "…";
    }

    // ---- input ----

    /** Unique at every controller: request ids are unique per BAR, and each BAR is at one site. */
    private String bookingId(String requestId, String part) {
        return site.name() + ":" + requestId + ":" + part;
    }

    private Optional<Reservation> existingFor(ReservationRequest request) throws BadRequest {
        Optional<Reservation> existing = store.find(request.requestId());
        if (existing.isPresent() && !sameRequest(existing.get().request(), request)) {
            throw new BadRequest("requestId", "reservation " + request.requestId() + " already exists for a different request");
        }
        return existing;
    }

    private static boolean sameRequest(ReservationRequest a, ReservationRequest b) {
        if (a.flexibility() != null || b.flexibility() != null) {
            return a.source().equals(b.source()) && a.destination().equals(b.destination())
                    && Objects.equals(a.flexibility(), b.flexibility()) && a.holdOnly() == b.holdOnly();
        }
        return a.source().equals(b.source()) && a.destination().equals(b.destination())
                && a.bandwidthMbps() == b.bandwidthMbps() && a.interval().equals(b.interval()) && a.holdOnly() == b.holdOnly();
    }

    private Reservation require(String requestId) throws BadRequest {
        checkRequestId(requestId);
        return store.find(requestId).orElseThrow(() -> new BadRequest("requestId", "no reservation " + requestId));
    }

    private static void checkRequestId(String requestId) throws BadRequest {
        if (requestId == null || !REQUEST_ID.matcher(requestId).matches()) {
            throw new BadRequest("requestId", "must be 1 to 64 letters, digits, '.', '_' or '-'");
        }
    }

    private void validate(ReservationRequest r) throws BadRequest {
        validateEnds(r);
        Instant now = clock.instant();
        TimeInterval interval = r.interval();
        if (interval.start().isBefore(now.minus(START_GRACE))) {
            throw new BadRequest("start", "must not be in the past, was " + interval.start());
        }
        if (interval.start().isAfter(now.plus(settings.maximumAdvance()))) {
            throw new BadRequest("start", "must be within " + settings.maximumAdvance().toDays() + " days, was "
                    + interval.start());
        }
        if (interval.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("end", "the reservation must last at least " + settings.minimumDuration().toSeconds()
                    + " s, was " + interval.duration().toSeconds() + " s");
        }
    }

    /** A flexible request's window: the search checks the rest (how far ahead, how long). */
    private void validateFlexible(ReservationRequest r) throws BadRequest {
        validateEnds(r);
        Flexibility f = r.flexibility();
        if (!f.window().end().isAfter(clock.instant())) {
            throw new BadRequest("end", "the window must not be over, was " + f.window());
        }
        if (f.isTransfer()) {
            if (f.volumeMegabytes() <= 0) {
                throw new BadRequest("volumeMegabytes", "must be positive, was " + f.volumeMegabytes());
            }
        } else if (f.duration().compareTo(settings.minimumDuration()) < 0) {
            throw new BadRequest("durationSeconds", "must be at least " + settings.minimumDuration().toSeconds() + " s, was "
                    + f.duration().toSeconds() + " s");
        } else if (f.duration().compareTo(f.window().duration()) > 0) {
            throw new BadRequest("durationSeconds", "is longer than the window " + f.window());
        }
    }

    /** What fixed and flexible requests share: the id, the ends, the bandwidth and the description. */
    private void validateEnds(ReservationRequest r) throws BadRequest {
        checkRequestId(r.requestId());
        CircuitParts.of(site, r.source(), r.destination()); // the ends make a circuit from this site
        if (r.bandwidthMbps() <= 0) {
            throw new BadRequest("bandwidthMbps", "must be a positive number of Mbit/s, was " + r.bandwidthMbps());
        }
        if (r.description().length() > MAX_DESCRIPTION) {
            throw new BadRequest("description", "must be at most " + MAX_DESCRIPTION + " characters");
        }
    }
}
