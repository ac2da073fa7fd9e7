package org.crs.nsap.store;

import static org.crs.nsap.store.SegmentDatabase.lock;
import static org.crs.nsap.store.SegmentDatabase.resourceIds;
import static org.crs.nsap.store.SegmentRows.OF_SEGMENT;
import static org.crs.nsap.store.SegmentRows.addUses;
import static org.crs.nsap.store.SegmentRows.findIn;
import static org.crs.nsap.store.SegmentRows.segmentAfter;
import static org.crs.nsap.store.SegmentRows.toJson;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.ChangeStore;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.port.ResourcePlanner;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentChange;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.nsap.store.SegmentDatabase.Attempt;
import org.crs.service.db.Jdbc;
import org.crs.service.db.SqlEnums;
import org.crs.service.db.StatementPipeline;

/**
 * Two-phase changes over JDBC: a change is held under the same locks as admission takes, its
 * rows booked pending next to the segment's current ones, then committed or dropped.
 */
final class JdbcChangeStore implements ChangeStore {

    /** A segment that may take a change: booked, and without one pending. */
    private static final String CHANGEABLE = "state IN ("
            + SqlEnums.literals(EnumSet.of(SegmentState.COMMITTED, SegmentState.ACTIVE)) + ") AND pending_end_at IS NULL";

    private final SegmentDatabase db;

    JdbcChangeStore(SegmentDatabase db) {
        this.db = db;
    }

    @Override
    public Optional<Segment> holdChange(String bookingId, ResourcePlanner planner, Instant expiresAt,
                                        SegmentChange requested) throws PlanRefused {
        return db.retried("changing " + bookingId, c -> {
            Optional<Segment> changed = tryHoldChange(c, bookingId, planner, expiresAt, requested);
            return changed.isPresent() ? new Attempt.Commit<>(changed) : new Attempt.RollBack<>(changed);
        });
    }

    private Optional<Segment> tryHoldChange(Connection c, String bookingId, ResourcePlanner planner, Instant expiresAt,
                                            SegmentChange requested) throws SQLException, PlanRefused {
        Optional<Segment> found = findIn(c, bookingId);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        // The plan's resources never change, so the locks taken for the plan read before them
        // are the ones the check needs.
        Set<String> locked = lock(c, resourceIds(found.get().plan()));
        // Claim the segment: only one change at a time, and none once it has ended.
        try (PreparedStatement ps = c.prepareStatement("UPDATE segment SET pending_end_at = ?, pending_bandwidth_mbps = ?, "
                + "pending_expires_at = ? WHERE booking_id = ? AND " + CHANGEABLE)) {
            ps.setObject(1, Jdbc.utc(requested.end()));
            ps.setLong(2, requested.bandwidthMbps());
            ps.setObject(3, Jdbc.utc(expiresAt));
            ps.setString(4, bookingId);
            if (ps.executeUpdate() != 1) {
                return Optional.empty();
            }
        }
        Segment segment = findIn(c, bookingId).orElseThrow();
        SegmentRequest current = segment.request();
        TimeInterval interval = new TimeInterval(current.interval().start(), requested.end());
        SegmentRequest changed = new SegmentRequest(bookingId, current.source(), current.destination(),
                requested.bandwidthMbps(), interval, segment.plan().sourceVlan(), segment.plan().destinationVlan());
        ConnectionCalendars others = db.calendarsWithout(c, bookingId);
        Plan plan = planner.keep(segment.plan(), changed, others);
        int revision;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COALESCE(MAX(revision), 0) + 1 FROM segment_resource WHERE booking_id = ?")) {
            ps.setString(1, bookingId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                revision = rs.getInt(1);
            }
        }
        StatementPipeline p = StatementPipeline.on(c);
        addUses(p, plan, interval, revision, true, OF_SEGMENT, bookingId);
        db.addLongest(p, others, locked, interval, OptionalLong.empty());
        addChange(p, bookingId, requested);
        StatementPipeline.Rows<Segment> result = segmentAfter(p, bookingId);
        p.run();
        return result.first();
    }

    @Override
    public Optional<Segment> commitChange(String bookingId, SegmentChange committed) {
        if (committed.kind() != SegmentChange.Kind.COMMITTED) {
            throw new IllegalArgumentException("not a commit of a change: " + committed);
        }
        return db.inTransaction(c -> {
            Optional<Segment> found = findIn(c, bookingId);
            if (found.isEmpty()) {
                return Optional.<Segment>empty();
            }
            Plan plan = found.get().plan().withBandwidth(committed.bandwidthMbps());
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count moved = p.update("UPDATE segment SET end_at = pending_end_at, "
                    + "bandwidth_mbps = pending_bandwidth_mbps, plan = ?, updated_at = ?, pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ? AND pending_expires_at > ?", toJson(plan), Jdbc.utc(committed.at()),
                    bookingId, Jdbc.utc(committed.end()), committed.bandwidthMbps(), Jdbc.utc(committed.at()));
            p.update("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ? AND pending = FALSE "
                    + "AND occupies = TRUE", bookingId);
            p.update("UPDATE segment_resource SET pending = FALSE WHERE booking_id = ? AND pending = TRUE "
                    + "AND occupies = TRUE", bookingId);
            return recorded(c, p, moved, bookingId, committed);
        });
    }

    @Override
    public Optional<Segment> dropChange(String bookingId, SegmentChange dropped) {
        boolean lapse = dropped.kind() == SegmentChange.Kind.LAPSED;
        if (!lapse && dropped.kind() != SegmentChange.Kind.ABORTED) {
            throw new IllegalArgumentException("not a drop of a change: " + dropped);
        }
        return db.inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            List<Object> dropParameters = new ArrayList<>(List.of(bookingId, Jdbc.utc(dropped.end()),
                    dropped.bandwidthMbps()));
            if (lapse) {
                dropParameters.add(Jdbc.utc(dropped.at()));
            }
            StatementPipeline.Count moved = p.update("UPDATE segment SET pending_end_at = NULL, "
                    + "pending_bandwidth_mbps = NULL, pending_expires_at = NULL WHERE booking_id = ? AND pending_end_at = ? "
                    + "AND pending_bandwidth_mbps = ?" + (lapse ? " AND pending_expires_at <= ?" : ""),
                    dropParameters.toArray());
            p.update("UPDATE segment_resource SET occupies = FALSE WHERE booking_id = ? AND pending = TRUE "
                    + "AND occupies = TRUE", bookingId);
            return recorded(c, p, moved, bookingId, dropped);
        });
    }

    /**
     * Records {@code step} after the pipeline's writes and runs them: the segment as they leave
     * it where the guarding update {@code moved} changed its row, else nothing (rolled back).
     */
    private static Optional<Segment> recorded(Connection c, StatementPipeline p, StatementPipeline.Count moved,
                                              String bookingId, SegmentChange step) throws SQLException {
        addChange(p, bookingId, step);
        StatementPipeline.Rows<Segment> after = segmentAfter(p, bookingId);
        p.run();
        return moved.value() == 1 ? after.first() : Jdbc.nothingChanged(c);
    }

    @Override
    public List<Segment> expiredChanges(Instant now) {
        // IS NOT NULL lets PostgreSQL's kept generic plan read segment_pending_idx: it
        // estimates a comparison with a parameter to match a third of the rows, and
        // scanned the whole table at every sweep, but knows that almost every
        // segment's pending_expires_at is null.
        return db.inTransaction(c -> SegmentRows.due(c, "pending_expires_at IS NOT NULL AND pending_expires_at <= ?",
                "pending_expires_at", now));
    }

    @Override
    public List<SegmentChange> changes(String bookingId) {
        return db.inTransaction(c -> SegmentDatabase.list(c, "SELECT kind, end_at, bandwidth_mbps, actor, reason, "
                + "occurred_at FROM segment_change WHERE booking_id = ? ORDER BY id",
                rs -> new SegmentChange(SegmentChange.Kind.valueOf(rs.getString(1)), Jdbc.instant(rs, 2), rs.getLong(3),
                        rs.getString(4), rs.getString(5), Jdbc.instant(rs, 6)), bookingId));
    }

    private static void addChange(StatementPipeline p, String bookingId, SegmentChange change) {
        p.update("INSERT INTO segment_change (booking_id, kind, end_at, bandwidth_mbps, actor, reason, occurred_at) "
                + "SELECT booking_id, ?, ?, ?, ?, ?, ? " + OF_SEGMENT, change.kind().name(), Jdbc.utc(change.end()),
                change.bandwidthMbps(), Jdbc.clip(change.actor(), 200), Jdbc.clip(change.reason(), 2000),
                Jdbc.utc(change.at()), bookingId);
    }
}
