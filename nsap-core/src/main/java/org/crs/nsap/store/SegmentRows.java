package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.booking.Transition;
import org.crs.domain.time.TimeInterval;
import org.crs.nsap.segment.Plan;
import org.crs.nsap.segment.ResourceUse;
import org.crs.nsap.segment.Segment;
import org.crs.nsap.segment.SegmentRequest;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The rows of a segment that booking and changes both read and write: the segment's own row
 * (its plan kept as JSON), its resource uses and its state history.
 */
final class SegmentRows {

    /**
     * Rows of a segment are inserted from its row: none when it does not exist, where a
     * pipeline's update found nothing to change and is about to be rolled back.
     */
    static final String OF_SEGMENT = "FROM segment WHERE booking_id = ?";
    /** The segment's row if the write that stamped it with its token (the second parameter) took place. */
    static final String WRITTEN = OF_SEGMENT + " AND write_token = ?";
    /**
     * Lapsed holds or changes one sweep takes at the most, the earliest first, so that after a long
     * outage a sweep's transaction stays short; the next sweep takes the rest.
     */
    private static final int SWEEP_BATCH = 1000;
    private static final String FIND = "SELECT * FROM segment WHERE booking_id = ?";
    private static final ObjectMapper JSON = RouterPartJson.MAPPER;

    private SegmentRows() {
    }

    static Optional<Segment> findIn(Connection c, String bookingId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(FIND)) {
            ps.setString(1, bookingId);
            return segments(ps).stream().findFirst();
        }
    }

    /** The segment as the pipeline's writes before this leave it. */
    static StatementPipeline.Rows<Segment> segmentAfter(StatementPipeline p, String bookingId) {
        return p.query(FIND, SegmentRows::segment, bookingId);
    }

    /**
     * The first {@value #SWEEP_BATCH} segments {@code due} selects with {@code now} as its one
     * parameter, by {@code order}: what one sweep takes.
     */
    static List<Segment> due(Connection c, String due, String order, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM segment WHERE " + due + " ORDER BY " + order
                + " FETCH FIRST " + SWEEP_BATCH + " ROWS ONLY")) {
            ps.setObject(1, Jdbc.utc(now));
            return segments(ps);
        }
    }

    static List<Segment> segments(PreparedStatement ps) throws SQLException {
        List<Segment> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(segment(rs));
            }
        }
        return out;
    }

    private static Segment segment(ResultSet rs) throws SQLException {
        SegmentRequest request = new SegmentRequest(rs.getString("booking_id"), rs.getString("source_endpoint"),
                rs.getString("destination_endpoint"), rs.getLong("bandwidth_mbps"),
                new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at")),
                0, 0);
        Plan plan = fromJson(rs.getString("plan"));
        Instant pendingEnd = Jdbc.instantOrNull(rs, "pending_end_at");
        Segment.PendingChange pending = pendingEnd == null ? null : new Segment.PendingChange(pendingEnd,
                rs.getLong("pending_bandwidth_mbps"), Jdbc.instant(rs, "pending_expires_at"));
        return new Segment(request, rs.getLong("circuit_id"), SegmentState.valueOf(rs.getString("state")), plan,
                Jdbc.instantOrNull(rs, "hold_expires_at"), Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"),
                pending, owner(rs.getString("owner_site")));
    }

    /** The owner an {@code owner_site} column holds: a BAR's site, or NULL for none recorded. */
    static SegmentOwner owner(String site) {
        return site == null ? new SegmentOwner.Unrecorded() : new SegmentOwner.Bar(site);
    }

    /** What an {@code owner_site} column holds for {@code owner}. */
    static Object ownerSite(SegmentOwner owner) {
        return owner instanceof SegmentOwner.Bar bar ? bar.site() : StatementPipeline.nullOf(Types.VARCHAR);
    }

    /** Records the transition of the segment that {@code of} (OF_SEGMENT or WRITTEN) selects with its parameters. */
    static void addHistory(StatementPipeline p, Transition t, String of, Object... ofParameters) {
        List<Object> parameters = new ArrayList<>(List.of(
                t.from() == null ? StatementPipeline.nullOf(Types.VARCHAR) : t.from().name(), t.to().name(), t.actor(),
                Jdbc.clip(t.reason(), 2000), Jdbc.utc(t.at())));
        parameters.addAll(List.of(ofParameters));
        p.update("INSERT INTO segment_history (booking_id, from_state, to_state, actor, reason, occurred_at) "
                + "SELECT booking_id, ?, ?, ?, ?, ? " + of, parameters.toArray());
    }

    /** The plan's resource uses, in one statement of as many rows, each selected with the segment's row. */
    static void addUses(StatementPipeline p, Plan plan, TimeInterval interval, int revision, boolean pending,
                        String of, Object... ofParameters) {
        if (plan.uses().isEmpty()) {
            return;
        }
        List<Object> parameters = new ArrayList<>();
        for (ResourceUse use : plan.uses()) {
            parameters.addAll(List.of(use.resource().id(), revision, use.mbps(),
                    use.vlan() > 0 ? use.vlan() : StatementPipeline.nullOf(Types.INTEGER), Jdbc.utc(interval.start()),
                    Jdbc.utc(interval.end()), use.mbps() > 0, pending));
            parameters.addAll(List.of(ofParameters));
        }
        p.update("INSERT INTO segment_resource (booking_id, resource_id, revision, bandwidth_mbps, vlan, start_at, end_at, "
                + "holds_capacity, pending) " + String.join(" UNION ALL ", Collections.nCopies(plan.uses().size(),
                        "SELECT booking_id, ?, ?, ?, ?, ?, ?, ?, ? " + of)), parameters.toArray());
    }

    static String toJson(Plan plan) {
        try {
            return JSON.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("plan cannot be written as JSON", e);
        }
    }

    private static Plan fromJson(String text) {
        try {
            return JSON.readValue(text, Plan.class);
        } catch (JsonProcessingException e) {
            throw new StoreException("stored plan cannot be read: " + e.getOriginalMessage(), null);
        }
    }
}
