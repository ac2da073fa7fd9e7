package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.Timing;
import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;

/**
 * A reservation's rows as the reservation store's adapters read them: its own row (with the
 * request's flexibility and the work under way) and its segments' rows, mapped to and from the
 * model. No statement here writes.
 */
final class ReservationRows {

    /** The longest text a column keeps (reasons, descriptions); longer texts are clipped. */
    static final int TEXT = 2000;

    /** The states whose work is kept until done: an activation or a tear-down under way. */
    static final Set<ReservationState> WORKING = Set.of(ReservationState.ACTIVATING, ReservationState.RELEASING);

    /** The columns a creation writes. */
    static final String RESERVATION_COLUMNS = "request_id, owner, state, reason, source_site, source_host, "
            + "destination_site, destination_host, bandwidth_mbps, start_at, end_at, description, hold_only, "
            + "created_at, updated_at, flex_window_start, flex_window_end, flex_duration_seconds, flex_volume_megabytes, "
            + "flex_mbps, group_name, provisioning, provisioned, provision_changed_at, source_vlan, destination_vlan";
    /**
     * What a read selects: the columns a creation writes, the refusal code a rejection adds, and
     * the work under way an activation or tear-down adds.
     */
    static final String SELECTED_COLUMNS = RESERVATION_COLUMNS + ", refusal_code, next_attempt_at, attempts, "
            + "settles_as";

    private ReservationRows() {
    }

    /** The reservation of the result's current row, with {@code segments}. */
    static Reservation reservation(ResultSet rs, List<Segment> segments) throws SQLException {
        long mbps = rs.getLong("bandwidth_mbps");
        TimeInterval interval = new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at"));
        Timing flexible = flexibleTiming(rs);
        ReservationRequest request = new ReservationRequest(rs.getString("request_id"),
                new Endpoint(rs.getString("source_site"), rs.getString("source_host")),
                new Endpoint(rs.getString("destination_site"), rs.getString("destination_host")), mbps, interval,
                rs.getString("description"), rs.getBoolean("hold_only"),
                flexible != null ? flexible : new Timing.Fixed(interval, mbps), rs.getString("group_name"),
                Provisioning.valueOf(rs.getString("provisioning")), rs.getInt("source_vlan"), rs.getInt("destination_vlan"));
        ReservationState state = ReservationState.valueOf(rs.getString("state"));
        return new Reservation(request, rs.getString("owner"), state, rs.getString("reason"), segments,
                Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"),
                RefusalCode.named(rs.getString("refusal_code")).orElse(null), work(rs, state, interval),
                new Reservation.Provision(rs.getBoolean("provisioned"), Jdbc.instant(rs, "provision_changed_at")));
    }

    /** The work under way in ACTIVATING or RELEASING; null in any other state. */
    private static Reservation.Work work(ResultSet rs, ReservationState state, TimeInterval interval) throws SQLException {
        Instant next = Jdbc.instantOrNull(rs, "next_attempt_at");
        if (next == null || !WORKING.contains(state)) {
            return null;
        }
        String settles = rs.getString("settles_as");
        ReservationState settlesAs = settles != null ? ReservationState.valueOf(settles)
                : state == ReservationState.ACTIVATING ? ReservationState.ACTIVE
                // kept before tear-downs recorded where they end: a tear-down before the end was a cancel
                : Jdbc.instant(rs, "updated_at").isBefore(interval.end()) ? ReservationState.CANCELLED
                : ReservationState.FINISHED;
        return new Reservation.Work(next, rs.getInt("attempts"), settlesAs);
    }

    /** The five flexibility columns: all null for a fixed request. */
    static List<Object> flexibility(Timing timing) {
        Object noTime = StatementPipeline.nullOf(Types.TIMESTAMP_WITH_TIMEZONE);
        Object noNumber = StatementPipeline.nullOf(Types.BIGINT);
        if (timing instanceof Timing.InWindow w) {
            return List.of(Jdbc.utc(w.window().start()), Jdbc.utc(w.window().end()), w.duration().toSeconds(), noNumber,
                    w.requestedMbps());
        }
        if (timing instanceof Timing.Transfer t) {
            return List.of(Jdbc.utc(t.window().start()), Jdbc.utc(t.window().end()), noNumber, t.volumeMegabytes(),
                    t.requestedMbps());
        }
        return List.of(noTime, noTime, noNumber, noNumber, noNumber);
    }

    /** What the client asked, from the flexibility columns, or null for a fixed request. */
    private static Timing flexibleTiming(ResultSet rs) throws SQLException {
        Instant windowStart = Jdbc.instantOrNull(rs, "flex_window_start");
        if (windowStart == null) {
            return null;
        }
        TimeInterval window = new TimeInterval(windowStart, Jdbc.instant(rs, "flex_window_end"));
        long seconds = rs.getLong("flex_duration_seconds");
        boolean transfer = rs.wasNull();
        return transfer ? new Timing.Transfer(window, rs.getLong("flex_volume_megabytes"), rs.getLong("flex_mbps"))
                : new Timing.InWindow(window, Duration.ofSeconds(seconds), rs.getLong("flex_mbps"));
    }

    /** The segments of reservation {@code requestId}, in their order. */
    static List<Segment> segmentsIn(Connection c, String requestId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT role, controller, booking_id, order_source, "
                + "order_destination, order_bandwidth_mbps, order_start_at, order_end_at, order_source_vlan, "
                + "order_destination_vlan, state, source_vlan, destination_vlan, description "
                + "FROM reservation_segment WHERE request_id = ? ORDER BY segment_no")) {
            ps.setString(1, requestId);
            List<Segment> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    SegmentOrder order = new SegmentOrder(rs.getString("booking_id"), rs.getString("order_source"),
                            rs.getString("order_destination"), rs.getLong("order_bandwidth_mbps"),
                            new TimeInterval(Jdbc.instant(rs, "order_start_at"), Jdbc.instant(rs, "order_end_at")),
                            rs.getInt("order_source_vlan"), rs.getInt("order_destination_vlan"));
                    String state = rs.getString("state");
                    out.add(new Segment(SegmentRole.valueOf(rs.getString("role")), rs.getString("controller"), order,
                            state == null ? null : SegmentState.valueOf(state), rs.getInt("source_vlan"),
                            rs.getInt("destination_vlan"), rs.getString("description")));
                }
            }
            return out;
        }
    }

    /** A segment as the store writes it: times to the microsecond, the description clipped. */
    static Segment asStored(Segment s) {
        SegmentOrder o = s.order();
        TimeInterval interval = new TimeInterval(o.interval().start().truncatedTo(ChronoUnit.MICROS),
                o.interval().end().truncatedTo(ChronoUnit.MICROS));
        return new Segment(s.role(), s.controller(), new SegmentOrder(o.bookingId(), o.source(), o.destination(),
                o.bandwidthMbps(), interval, o.sourceVlan(), o.destinationVlan()), s.state(), s.sourceVlan(),
                s.destinationVlan(), Jdbc.clip(s.description(), TEXT));
    }
}
