package org.crs.nsap.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.crs.domain.access.Caller;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ChangeStore;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two-phase modification of a booked segment's end time and bandwidth, for {@link
 * SegmentService}: modify holds the change, commitModify applies it, abortModify drops it, and
 * a change not committed in time lapses. A record of its collaborators: it keeps no state of its own.
 */
record SegmentModifications(ChangeStore store, ResourcePlanner planner, RequestChecks checks, Clock clock) {

    /** Logs as the service: one logger for all its operations. */
    private static final Logger LOG = LoggerFactory.getLogger(SegmentService.class);

    Segment modify(String bookingId, Instant newEnd, long newBandwidthMbps, Duration holdFor, Caller caller)
            throws RequestRejected {
        RequestChecks.checkBookingId(bookingId);
        String actor = caller.name();
        if (newEnd == null) {
            throw RequestRejected.badField("end", "is missing");
        }
        if (newBandwidthMbps <= 0) {
            throw RequestRejected.badField("bandwidthMbps", "must be a positive number of Mbit/s, was " + newBandwidthMbps);
        }
        RequestChecks.checkHoldFor(holdFor);
        Segment s = lapseIfDue(checks.requireOwn(caller, bookingId));
        if (s.pending() != null) {
            return samePendingOrRefuse(s, newEnd, newBandwidthMbps);
        }
        if (s.state() != SegmentState.COMMITTED && s.state() != SegmentState.ACTIVE) {
            throw RequestRejected.notInThisState("booking " + bookingId + " is " + s.state()
                    + "; only committed or active bookings can be modified");
        }
        Instant now = clock.instant();
        TimeInterval current = s.request().interval();
        if (!newEnd.isAfter(current.start())) {
            throw RequestRejected.badField("end", "must be after the start (" + current.start() + "), was " + newEnd);
        }
        if (!newEnd.isAfter(now)) {
            throw RequestRejected.badField("end", "must be in the future, was " + newEnd);
        }
        if (newEnd.equals(current.end()) && newBandwidthMbps == s.request().bandwidthMbps()) {
            if (lastChangeIsCommitOf(s)) {
                return s; // a repeated modify of a change already committed
            }
            throw RequestRejected.badField("end", "end and bandwidthMbps are both as booked (" + current.end() + ", "
                    + newBandwidthMbps + " Mbit/s); a modify must change at least one");
        }
        SegmentChange requested = new SegmentChange(SegmentChange.Kind.REQUESTED, newEnd, newBandwidthMbps, actor,
                "change held: " + describe(s, newEnd, newBandwidthMbps), now);
        try {
            Optional<Segment> held = store.holdChange(bookingId, planner, now.plus(holdFor), requested);
            if (held.isPresent()) {
                LOG.info("change of {} held until {}: {}", bookingId, now.plus(holdFor), requested.reason());
                return held.get();
            }
        } catch (PlanRefused e) {
            throw new RequestRejected(e.field() != null ? e.refusal()
                    : e.refusal().withMessage("the change does not fit: " + e.getMessage()));
        }
        // Another call changed the segment meanwhile: answer as if this call came second.
        Segment latest = checks.require(bookingId);
        if (latest.pending() != null) {
            return samePendingOrRefuse(latest, newEnd, newBandwidthMbps);
        }
        throw RequestRejected.notInThisState("booking " + bookingId + " is " + latest.state()
                + "; only committed or active bookings can be modified");
    }

    Segment commitModify(String bookingId, Caller caller) throws RequestRejected {
        Segment s = checks.requireOwn(caller, bookingId);
        String actor = caller.name();
        Instant now = clock.instant();
        Segment.PendingChange p = s.pending();
        if (p != null) {
            if (!p.expiresAt().isAfter(now)) {
                lapse(s);
                throw RequestRejected.notInThisState("the change of booking " + bookingId + " lapsed at "
                        + p.expiresAt() + " and can no longer be committed");
            }
            String reason = "change committed: " + describe(s, p.end(), p.bandwidthMbps());
            if (s.state() == SegmentState.ACTIVE && p.bandwidthMbps() != s.request().bandwidthMbps()) {
                reason += "; the new bandwidth is recorded only, the routers keep policing "
                        + s.request().bandwidthMbps() + " Mbit/s";
            }
            Optional<Segment> committed = store.commitChange(bookingId,
                    new SegmentChange(SegmentChange.Kind.COMMITTED, p.end(), p.bandwidthMbps(), actor, reason, now));
            if (committed.isPresent()) {
                LOG.info("change of {} committed: {}", bookingId, reason);
                return committed.get();
            }
            s = checks.require(bookingId); // committed, aborted or lapsed meanwhile
        }
        if (s.pending() == null && lastChangeIsCommitOf(s)) {
            return s;
        }
        List<SegmentChange> changes = store.changes(bookingId);
        SegmentChange last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
        if (last != null && (last.kind() == SegmentChange.Kind.LAPSED || last.kind() == SegmentChange.Kind.ABORTED)) {
            throw RequestRejected.notInThisState("the change of booking " + bookingId + " was "
                    + last.kind().name().toLowerCase(Locale.ROOT) + " at " + last.at() + " (" + last.reason()
                    + ") and can no longer be committed");
        }
        throw RequestRejected.notInThisState("booking " + bookingId + " has no change pending");
    }

    Segment abortModify(String bookingId, Caller caller) throws RequestRejected {
        Segment s = checks.requireOwn(caller, bookingId);
        String actor = caller.name();
        Segment.PendingChange p = s.pending();
        if (p == null) {
            return s;
        }
        Instant now = clock.instant();
        store.dropChange(bookingId, new SegmentChange(SegmentChange.Kind.ABORTED, p.end(), p.bandwidthMbps(), actor,
                "change aborted: " + describe(s, p.end(), p.bandwidthMbps()), now));
        return checks.require(bookingId);
    }

    List<SegmentChange> changes(String bookingId, Caller caller) throws RequestRejected {
        checks.requireOwn(caller, bookingId);
        return store.changes(bookingId);
    }

    private Segment samePendingOrRefuse(Segment s, Instant newEnd, long newBandwidthMbps) throws RequestRejected {
        Segment.PendingChange p = s.pending();
        if (p.end().equals(newEnd) && p.bandwidthMbps() == newBandwidthMbps) {
            return s;
        }
        throw RequestRejected.notInThisState("a change is already pending for booking " + s.bookingId()
                + " (end " + p.end() + ", " + p.bandwidthMbps() + " Mbit/s, until " + p.expiresAt()
                + "): commit or abort it first");
    }

    /** Whether the segment's last change step is the commit of a change to what it books now. */
    private boolean lastChangeIsCommitOf(Segment s) {
        List<SegmentChange> changes = store.changes(s.bookingId());
        if (changes.isEmpty()) {
            return false;
        }
        SegmentChange last = changes.get(changes.size() - 1);
        return last.kind() == SegmentChange.Kind.COMMITTED && last.end().equals(s.request().interval().end())
                && last.bandwidthMbps() == s.request().bandwidthMbps();
    }

    /** Drops the segment's pending change if its hold has lapsed; the segment as it is then. */
    private Segment lapseIfDue(Segment s) throws RequestRejected {
        return lapse(s) ? checks.require(s.bookingId()) : s;
    }

    /** The segments whose pending change's time has come. */
    List<Segment> dueChanges() {
        return store.expiredChanges(clock.instant());
    }

    /** Drops the segment's pending change if its hold has lapsed; whether this call dropped it. */
    boolean lapse(Segment s) {
        Segment.PendingChange p = s.pending();
        Instant now = clock.instant();
        if (p == null || p.expiresAt().isAfter(now)) {
            return false;
        }
        boolean dropped = store.dropChange(s.bookingId(), new SegmentChange(SegmentChange.Kind.LAPSED, p.end(),
                p.bandwidthMbps(), "hold-sweep", "change not committed by " + p.expiresAt() + ": "
                        + describe(s, p.end(), p.bandwidthMbps()), now)).isPresent();
        if (dropped) {
            LOG.info("change of {} lapsed", s.bookingId());
        }
        return dropped;
    }

    private static String describe(Segment s, Instant newEnd, long newMbps) {
        SegmentRequest r = s.request();
        return "end " + (newEnd.equals(r.interval().end()) ? "stays " + newEnd : r.interval().end() + " -> " + newEnd)
                + ", bandwidth " + (newMbps == r.bandwidthMbps() ? "stays " + newMbps : r.bandwidthMbps() + " -> " + newMbps)
                + " Mbit/s";
    }
}
