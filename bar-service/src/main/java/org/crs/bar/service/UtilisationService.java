package org.crs.bar.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.crs.bar.notify.Notifications;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.port.SegmentController;
import org.crs.bar.port.SegmentFailure;
import org.crs.bar.port.Site;
import org.crs.bar.port.UsageFlags;
import org.crs.bar.reservation.BadRequest;
import org.crs.bar.reservation.NotificationEvent;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.UsageFlag;
import org.crs.bar.reservation.Utilisation;
import org.crs.bar.reservation.Utilisation.SegmentUtilisation;
import org.crs.domain.access.Caller;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficSample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reservation's utilisation, and the flags its traffic raises (docs/bar-services.md,
 * "Utilisation").
 *
 * <p>The BAR asks each segment's controller ({@link SegmentController#utilisation}): this site's
 * L-NSAP for the local campus, the NSAP for the WAN, and for a cross-site circuit's remote campus
 * the peer BAR, which passes the question to its own L-NSAP (PeerService {@code utilisation}, for
 * the bookings of the asking site only). End to end is computed from the segments that
 * answered: per time bucket the least of their rates ({@link Utilisation#endToEnd}), what got
 * through all of them. A segment whose controller did not answer (a peer BAR of a version
 * without the operation, one that is down) is answered as not measured; the rest still answers,
 * and the flags are judged on the segments that answered.
 *
 * <p>{@link #checkTraffic} (a sweep of the BAR) looks at every ACTIVE reservation: once it has
 * been ACTIVE for {@link UsageFlag#IDLE_AFTER}, whether it carried nothing then (IDLE, decided
 * once); and whether errors or discards were counted since the last round (ERRORS). Each flag is
 * raised once per reservation (stored), and its owner is told once.
 */
public final class UtilisationService {

    private static final Logger LOG = LoggerFactory.getLogger(UtilisationService.class);
    /** The longest range one question may cover; the L-NSAPs and the NSAP refuse longer ones too. */
    public static final Duration MAX_RANGE = Duration.ofDays(400);
    /**
     * How long after its first {@link UsageFlag#IDLE_AFTER} a circuit with no sample at all is
     * left undecided: the polling's own lag. After that, nothing measured means no traffic
     * polling (not an idle circuit), and the check is over.
     */
    static final Duration IDLE_GRACE = Duration.ofMinutes(3);
    /** How many ACTIVE reservations one round looks at. */
    private static final int BATCH = 10_000;

    private final ReservationStore store;
    private final Site site;
    private final UsageFlags flags;
    private final Supplier<Notifications> notifications;
    private final Clock clock;
    /** Until when each ACTIVE reservation was looked at for errors; rebuilt after a restart from its activation. */
    private final Map<String, Instant> errorsCheckedUntil = new ConcurrentHashMap<>();
    private final AtomicBoolean checking = new AtomicBoolean();

    /**
     * @param notifications how owners are told (read at each flag: the BAR sets it after start)
     */
    public UtilisationService(ReservationStore store, Site site, UsageFlags flags,
                              Supplier<Notifications> notifications, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.site = Objects.requireNonNull(site, "site");
        this.flags = Objects.requireNonNull(flags, "flags");
        this.notifications = Objects.requireNonNull(notifications, "notifications");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * What the reservation's circuit carried over {@code range}: each segment's samples (or why
     * there are none from this BAR), end to end, the booked rate and its flags. A controller
     * that does not answer leaves its segment not measured; the answer still comes.
     *
     * @throws BadRequest an unknown reservation ({@code requestId}), one the caller may not read
     *     (NOT_ALLOWED, {@code requestId}), a range longer than {@link #MAX_RANGE} ({@code to})
     */
    public Utilisation utilisation(Caller caller, String requestId, TimeInterval range) throws BadRequest {
        RequestValidator.checkRequestId(requestId);
        Reservation r = CallerAccess.requireMayAct(caller, store.find(requestId)
                .orElseThrow(() -> new BadRequest("requestId", "no reservation " + requestId)));
        if (Duration.between(range.start(), range.end()).compareTo(MAX_RANGE) > 0) {
            throw new BadRequest("to", "the range may cover at most " + MAX_RANGE.toDays() + " days");
        }
        List<SegmentUtilisation> segments = new ArrayList<>();
        List<List<TrafficSample>> measured = new ArrayList<>();
        for (Segment s : r.segments()) {
            SegmentUtilisation u = measure(s, range);
            segments.add(u);
            if (u.notMeasured().isEmpty()) {
                measured.add(u.samples());
            }
        }
        Set<UsageFlag> raised = flags.of(List.of(requestId)).getOrDefault(requestId, Set.of());
        return new Utilisation(requestId, range, bookedBitsPerSecond(r), segments, Utilisation.endToEnd(measured), raised);
    }

    /** The flags raised on each of the reservations that have any. */
    public Map<String, Set<UsageFlag>> flags(List<String> requestIds) {
        return flags.of(requestIds);
    }

    private static long bookedBitsPerSecond(Reservation r) {
        return r.request().bandwidthMbps() * 1_000_000L;
    }

    private SegmentUtilisation measure(Segment s, TimeInterval range) {
        Optional<SegmentController> controller = reached(s);
        if (controller.isEmpty()) {
            return new SegmentUtilisation(s.role(), s.controller(), s.bookingId(), List.of(),
                    Optional.of("this BAR has no controller named " + s.controller()));
        }
        try {
            return new SegmentUtilisation(s.role(), s.controller(), s.bookingId(),
                    controller.get().utilisation(s.bookingId(), range), Optional.empty());
        } catch (SegmentFailure e) {
            return new SegmentUtilisation(s.role(), s.controller(), s.bookingId(), List.of(),
                    Optional.of(e.getMessage()));
        }
    }

    /** The L-NSAP, NSAP or peer BAR holding the segment; empty for one this BAR has no controller of. */
    private Optional<SegmentController> reached(Segment s) {
        return s.bookingId() == null ? Optional.empty() : site.controller(s.controller());
    }

    /**
     * One round over the ACTIVE reservations: decides IDLE for those that have been ACTIVE for
     * {@link UsageFlag#IDLE_AFTER}, and looks for errors since the last round. Rounds do not
     * overlap; a controller that does not answer is asked again next round.
     *
     * @return how many flags this round raised
     */
    public int checkTraffic() {
        if (!checking.compareAndSet(false, true)) {
            return 0;
        }
        try {
            return round();
        } catch (RuntimeException e) {
            LOG.error("traffic check failed; the next round tries again", e);
            return 0;
        } finally {
            checking.set(false);
        }
    }

    private int round() {
        Instant now = clock.instant();
        List<Reservation> active = store.list(EnumSet.of(ReservationState.ACTIVE), null, BATCH);
        errorsCheckedUntil.keySet().retainAll(active.stream().map(Reservation::requestId).toList());
        if (active.isEmpty()) {
            return 0;
        }
        List<String> ids = active.stream().map(Reservation::requestId).toList();
        Map<String, Set<UsageFlag>> raised = flags.of(ids);
        Set<String> idleDone = flags.idleCheckDone(ids);
        int n = 0;
        for (Reservation r : active) {
            Set<UsageFlag> has = raised.getOrDefault(r.requestId(), Set.of());
            boolean checkIdle = !has.contains(UsageFlag.IDLE) && !idleDone.contains(r.requestId());
            boolean checkErrors = !has.contains(UsageFlag.ERRORS);
            if (!checkIdle && !checkErrors) {
                continue;
            }
            Optional<Instant> activeFrom = activeSince(r.requestId());
            if (activeFrom.isEmpty() || !now.isAfter(activeFrom.get())) {
                continue;
            }
            if (checkIdle && !now.isBefore(activeFrom.get().plus(UsageFlag.IDLE_AFTER))) {
                n += checkIdle(r, activeFrom.get(), now) ? 1 : 0;
            }
            if (checkErrors) {
                n += checkErrors(r, activeFrom.get(), now) ? 1 : 0;
            }
        }
        return n;
    }

    private boolean checkIdle(Reservation r, Instant activeFrom, Instant now) {
        TimeInterval first = new TimeInterval(activeFrom, activeFrom.plus(UsageFlag.IDLE_AFTER));
        Optional<List<TrafficRate>> rates = rates(r, first);
        if (rates.isEmpty()) {
            return false; // a segment did not answer: next round
        }
        boolean measured = rates.get().stream().anyMatch(x -> x.to().isAfter(activeFrom) && x.from().isBefore(first.end()));
        if (!measured && now.isBefore(first.end().plus(IDLE_GRACE))) {
            return false; // the polling may not have stored the span's last samples yet
        }
        boolean raised = false;
        if (UsageFlag.idle(rates.get(), activeFrom, bookedBitsPerSecond(r))) {
            String detail = "carried less than " + Math.round(UsageFlag.idleBelow(bookedBitsPerSecond(r)))
                    + " bit/s in its first " + UsageFlag.IDLE_AFTER.toMinutes() + " minutes";
            raised = raise(r, UsageFlag.IDLE, detail, now);
        }
        flags.idleChecked(r.requestId(), now);
        return raised;
    }

    private boolean checkErrors(Reservation r, Instant activeFrom, Instant now) {
        Instant since = errorsCheckedUntil.getOrDefault(r.requestId(), activeFrom);
        if (!now.isAfter(since)) {
            return false;
        }
        Optional<List<TrafficRate>> rates = rates(r, new TimeInterval(since, now));
        if (rates.isEmpty()) {
            return false;
        }
        // The last stored sample may end before now: look again from its end next time.
        Instant until = rates.get().stream().map(TrafficRate::to).max(Instant::compareTo).orElse(since);
        errorsCheckedUntil.put(r.requestId(), until);
        if (!UsageFlag.erred(rates.get())) {
            return false;
        }
        TrafficRate worst = rates.get().stream().filter(x -> x.errorsPerSecond() > 0 || x.discardsPerSecond() > 0)
                .findFirst().orElseThrow();
        String detail = String.format(java.util.Locale.ROOT, "%.1f errors/s and %.1f discards/s from %s",
                worst.errorsPerSecond(), worst.discardsPerSecond(), worst.from());
        return raise(r, UsageFlag.ERRORS, detail, now);
    }

    /** The samples of every segment this BAR reaches over the range, or empty if one of them did not answer. */
    private Optional<List<TrafficRate>> rates(Reservation r, TimeInterval range) {
        List<TrafficRate> out = new ArrayList<>();
        for (Segment s : r.segments()) {
            Optional<SegmentController> c = reached(s);
            if (c.isEmpty()) {
                continue;
            }
            try {
                c.get().utilisation(s.bookingId(), range).forEach(x -> out.add(x.rate()));
            } catch (SegmentFailure e) {
                if ((s.role() == SegmentRole.REMOTE_CAMPUS || s.role() == SegmentRole.FAR_NETWORK) && e.answered()) {
                    // A peer BAR that refuses (one without the operation), or another network's NSI
                    // provider (NSI has none), would hold the check up for good: the flags are
                    // judged on this site's segments then.
                    LOG.debug("traffic of {} on {} refused: {}", r.requestId(), s.controller(), e.getMessage());
                    continue;
                }
                LOG.warn("traffic of {} on {}: {}; asking again next round", r.requestId(), s.controller(), e.getMessage());
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }

    private boolean raise(Reservation r, UsageFlag flag, String detail, Instant now) {
        if (!flags.raise(r.requestId(), flag, detail, now)) {
            return false; // another replica raised it
        }
        LOG.info("reservation {} flagged {}: {}", r.requestId(), flag, detail);
        notifications.get().notify(flag == UsageFlag.IDLE ? NotificationEvent.IDLE : NotificationEvent.ERRORS, r, detail);
        return true;
    }

    /** When the reservation last became ACTIVE, from its history. */
    private Optional<Instant> activeSince(String requestId) {
        Instant at = null;
        for (ReservationTransition t : store.history(requestId)) {
            if (t.to() == ReservationState.ACTIVE && t.from() != ReservationState.ACTIVE) {
                at = t.at();
            }
        }
        return Optional.ofNullable(at);
    }
}
