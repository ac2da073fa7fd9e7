package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.crs.domain.access.Caller;
import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ActivationFailed;
import org.crs.nsap.port.BookingOwners;
import org.crs.nsap.port.BookingStore;
import org.crs.nsap.port.RouterRepair;
import org.crs.nsap.port.SegmentActivator;
import org.crs.nsap.segment.RouterPart;
import org.crs.nsap.segment.Segment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's own care of its segments and routers, for {@link SegmentService}: finishing what
 * a stopped service left half done, putting the routers back in line with the segments, and
 * releasing segments no reservation wants. A record of its collaborators: it keeps no state.
 *
 * <p>Every state move is conditional on the state it starts from ({@link BookingStore#move}), so
 * replicas on one database, or a BAR call arriving meanwhile, never move a segment twice.
 */
record SegmentUpkeep(SegmentLifecycle lifecycle, BookingStore bookings, SegmentActivator activator, Clock clock) {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(SegmentService.class);

    /** The orphan sweep, acting as the serving process on every BAR's segments. */
    private static final Caller ORPHAN_SWEEP = new Caller.Process(SegmentService.ORPHAN_ACTOR);

    /** How far back ended segments are checked on the routers: what a failed or interrupted tear-down may have left. */
    static final Duration ENDED_WITHIN = Duration.ofHours(24);

    /** Further ahead than any segment is booked: the window of ended segments reaches that far. */
    static final Duration BOOKED_AHEAD = Duration.ofDays(3660);

    // --- interrupted activations and tear-downs ---------------------------------------------------

    SegmentService.Recovery recoverInterrupted(Duration unchangedFor) {
        Instant before = clock.instant().minus(unchangedFor);
        int committed = 0;
        int released = 0;
        int failed = 0;
        for (Segment s : bookings.query(List.of(SegmentState.ACTIVATING, SegmentState.DEACTIVATING,
                SegmentState.SUSPENDING), null)) {
            if (stopping()) {
                break;
            }
            if (s.updatedAt().isAfter(before)) {
                continue; // may be in progress, here or at another replica
            }
            SegmentState end = switch (s.state()) {
                case ACTIVATING -> finishInterruptedActivation(s);
                case SUSPENDING -> finishInterruptedSuspension(s);
                default -> finishInterruptedTearDown(s);
            };
            if (end == SegmentState.COMMITTED) {
                committed++;
            } else if (end == SegmentState.RELEASED) {
                released++;
            } else if (end == SegmentState.FAILED) {
                failed++;
            }
        }
        return new SegmentService.Recovery(committed, released, failed);
    }

    /** Takes the parts off the routers and puts the segment back to COMMITTED, or FAILED; the state it ended in, or null when another moved it. */
    private SegmentState finishInterruptedActivation(Segment s) {
        LOG.info("segment {} was left ACTIVATING at {}: taking its parts off {}", s.bookingId(), s.updatedAt(), routers(s));
        Transition next;
        try {
            activator.deactivate(s);
            next = move(s, SegmentState.COMMITTED, "activation interrupted (left ACTIVATING at " + s.updatedAt()
                    + "); routers restored: its parts removed from " + routers(s));
        } catch (ActivationFailed e) {
            next = move(s, SegmentState.FAILED, "activation interrupted (left ACTIVATING at " + s.updatedAt()
                    + "); removing its parts failed: " + e.getMessage());
        }
        return moved(s, next);
    }

    /**
     * Takes the parts off the routers again and finishes the suspension: COMMITTED, its booking
     * kept, or FAILED when they cannot be removed (as a failed tear-down); the state it ended in,
     * or null when another moved it. Not a tear-down: the booking stays for the BAR's next activation.
     */
    private SegmentState finishInterruptedSuspension(Segment s) {
        LOG.info("segment {} was left SUSPENDING at {}: taking its parts off {}", s.bookingId(), s.updatedAt(), routers(s));
        Transition next;
        try {
            activator.deactivate(s);
            next = move(s, SegmentState.COMMITTED, "suspension interrupted (left SUSPENDING at " + s.updatedAt()
                    + "), run again: removed from " + routers(s) + ", its booking kept");
        } catch (ActivationFailed e) {
            next = move(s, SegmentState.FAILED, "suspension interrupted (left SUSPENDING at " + s.updatedAt()
                    + "), run again and failed: " + e.getMessage());
        }
        return moved(s, next);
    }

    /** Runs the tear-down again, to RELEASED or FAILED; the state it ended in, or null when another moved it. */
    private SegmentState finishInterruptedTearDown(Segment s) {
        LOG.info("segment {} was left DEACTIVATING at {}: removing it from {} again", s.bookingId(), s.updatedAt(), routers(s));
        Transition next;
        try {
            activator.deactivate(s);
            next = move(s, SegmentState.RELEASED, "tear-down interrupted (left DEACTIVATING at " + s.updatedAt()
                    + "), run again: removed from " + routers(s));
        } catch (ActivationFailed e) {
            next = move(s, SegmentState.FAILED, "tear-down interrupted (left DEACTIVATING at " + s.updatedAt()
                    + "), run again and failed: " + e.getMessage());
        }
        return moved(s, next);
    }

    private Transition move(Segment s, SegmentState to, String reason) {
        return new Transition(s.state(), to, SegmentService.RECOVERY_ACTOR, reason, clock.instant());
    }

    private SegmentState moved(Segment s, Transition t) {
        if (bookings.move(s.bookingId(), t).isEmpty()) {
            LOG.info("segment {} was moved by another while its {} was being finished", s.bookingId(), s.state());
            return null;
        }
        LOG.info("segment {} {} -> {}: {}", s.bookingId(), t.from(), t.to(), t.reason());
        return t.to();
    }

    // --- router repair ------------------------------------------------------------------------------

    SegmentService.Repairs repairRouters() {
        Instant now = clock.instant();
        int checked = 0;
        int changed = 0;
        List<String> failed = new ArrayList<>();
        // The ended first: what they left may stand in the way of an active segment's configuration.
        // Those whose interval ended in the last day or has not ended yet (cancelled early), and
        // that were ever put on routers: one released before activation left nothing.
        List<Segment> ended = bookings.query(List.of(SegmentState.RELEASED, SegmentState.FAILED),
                new TimeInterval(now.minus(ENDED_WITHIN), now.plus(BOOKED_AHEAD)));
        for (Segment s : ended) {
            if (stopping()) {
                break;
            }
            if (bookings.history(s.bookingId()).stream().noneMatch(t -> t.to() == SegmentState.ACTIVATING)) {
                continue;
            }
            checked++;
            changed += repair(s, RouterRepair.Wanted.ABSENT, failed);
        }
        for (Segment s : bookings.query(List.of(SegmentState.ACTIVE), null)) {
            if (stopping()) {
                break;
            }
            checked++;
            int n = repair(s, RouterRepair.Wanted.PRESENT, failed);
            changed += n;
            if (n > 0) {
                undoIfEnded(s, failed);
            }
        }
        return new SegmentService.Repairs(checked, changed, failed);
    }

    /** Repairs one segment; how many of its parts were changed. */
    private int repair(Segment s, RouterRepair.Wanted wanted, List<String> failed) {
        try {
            List<RouterRepair> repairs = activator.repair(s, wanted);
            return (int) repairs.stream().filter(RouterRepair::changed).count();
        } catch (ActivationFailed e) {
            failed.add(s.bookingId());
            LOG.warn("segment {} ({}): routers not repaired: {}", s.bookingId(), s.state(), e.getMessage());
            return 0;
        }
    }

    /**
     * A segment configured again while a tear-down of it ran (the BAR ending it meanwhile) would
     * stay on its routers: when it is no longer ACTIVE, take it off again.
     */
    private void undoIfEnded(Segment s, List<String> failed) {
        Optional<Segment> now = bookings.find(s.bookingId());
        if (now.isEmpty() || now.get().state() == SegmentState.ACTIVE) {
            return;
        }
        LOG.info("segment {} became {} while it was being repaired: removing it again", s.bookingId(), now.get().state());
        repair(now.get(), RouterRepair.Wanted.ABSENT, failed);
    }

    // --- owners of bookings made before owners were recorded -----------------------------------------

    /** How many unowned bookings one read takes. */
    private static final int ADOPT_BATCH = 1000;

    int adoptUnowned(Set<String> sites) {
        int adopted = 0;
        Set<String> passed = new HashSet<>();
        while (true) {
            int limit = ADOPT_BATCH + passed.size(); // those passed come back with each read
            List<String> unowned = bookings.unowned(limit);
            List<String> fresh = unowned.stream().filter(id -> !passed.contains(id)).toList();
            if (fresh.isEmpty()) {
                break;
            }
            for (String bookingId : fresh) {
                Optional<String> site = legacyOwner(bookingId, sites);
                if (site.isPresent() && bookings.adopt(bookingId, new SegmentOwner.Bar(site.get()))) {
                    adopted++;
                } else {
                    passed.add(bookingId);
                }
            }
            if (unowned.size() < limit) {
                break;
            }
        }
        if (adopted > 0 || !passed.isEmpty()) {
            LOG.info("bookings made before owners were recorded: {} given to their BAR, {} left to this service alone",
                    adopted, passed.size());
        }
        return adopted;
    }

    /** The site a booking made before owners were recorded belongs to: see {@link SegmentService#adoptUnowned}. */
    private static Optional<String> legacyOwner(String bookingId, Set<String> sites) {
        int colon = bookingId.indexOf(':');
        if (colon > 0 && sites.contains(bookingId.substring(0, colon))) {
            return Optional.of(bookingId.substring(0, colon));
        }
        return sites.size() == 1 ? Optional.of(sites.iterator().next()) : Optional.empty();
    }

    // --- orphans -------------------------------------------------------------------------------------

    SegmentService.Orphans releaseOrphans(BookingOwners owners, Duration unchangedFor) {
        Instant before = clock.instant().minus(unchangedFor);
        int asked = 0;
        List<String> released = new ArrayList<>();
        List<BookingOwners.Reply> unanswered = new ArrayList<>();
        for (Segment s : bookings.query(List.of(SegmentState.COMMITTED, SegmentState.ACTIVE), null)) {
            if (stopping()) {
                break;
            }
            if (s.updatedAt().isAfter(before)) {
                continue; // a booking in flight is never asked about
            }
            asked++;
            BookingOwners.Reply reply = owners.wanted(s.bookingId(), s.owner());
            switch (reply.answer()) {
                case WANTED:
                    break;
                case NOT_WANTED:
                    if (release(s, reply)) {
                        released.add(s.bookingId());
                    }
                    break;
                default:
                    unanswered.add(reply);
                    break;
            }
        }
        if (!unanswered.isEmpty()) {
            LOG.warn("orphan sweep: {} of {} segments left unchecked: {}", unanswered.size(), asked,
                    unanswered.stream().map(BookingOwners.Reply::detail).distinct().limit(3).collect(Collectors.joining("; ")));
        }
        return new SegmentService.Orphans(asked, released, unanswered.size());
    }

    /** Aborts a committed orphan or takes an active one off its routers; whether this call released it. */
    private boolean release(Segment s, BookingOwners.Reply reply) {
        String why = "the BAR no longer wants it (" + reply.detail() + ")";
        try {
            Segment after = s.state() == SegmentState.COMMITTED
                    ? lifecycle.abort(s.bookingId(), ORPHAN_SWEEP, why)
                    : lifecycle.deactivate(s.bookingId(), ORPHAN_SWEEP, why);
            LOG.info("orphan {} was {}, now {}: {}", s.bookingId(), s.state(), after.state(), why);
            return !after.state().holdsResources();
        } catch (RequestRejected e) {
            // Moved meanwhile (a BAR call came first): it is no longer this sweep's to release.
            LOG.info("orphan {} not released: {}", s.bookingId(), e.getMessage());
            return false;
        }
    }

    /**
     * Whether the service is stopping (its upkeep thread interrupted): the segment in hand is
     * finished, the rest left for the next start or round.
     */
    private static boolean stopping() {
        if (Thread.currentThread().isInterrupted()) {
            LOG.info("upkeep stopped: the service is stopping; the rest waits for the next start or round");
            return true;
        }
        return false;
    }

    private static String routers(Segment s) {
        return s.plan() == null ? "" : s.plan().routerParts().stream().map(RouterPart::router).distinct()
                .collect(Collectors.joining(", "));
    }
}
