package org.crs.bar.adapter.jdbc;

import static org.crs.bar.adapter.jdbc.ReservationRows.SELECTED_COLUMNS;
import static org.crs.bar.adapter.jdbc.ReservationRows.TEXT;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentOrder;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.service.db.Jdbc;
import org.crs.service.db.SqlEnums;
import org.crs.service.db.StatementPipeline;

/**
 * The database the reservation store's adapters share (schema/bar): its transactions, the
 * selects of reservations with their segments, and the writes more than one adapter makes (a
 * conditional move, a reservation's segments replaced, its history appended).
 */
final class ReservationDatabase {

    /**
     * Rows of a reservation are inserted from its row: none when it does not exist, where a
     * pipeline's update found nothing to change and is about to be rolled back.
     */
    static final String OF_RESERVATION = "FROM reservation WHERE request_id = ?";

    /** The reservation's row if the move that stamped it with its token (the second parameter) took place. */
    static final String WRITTEN = OF_RESERVATION + " AND write_token = ?";

    /** The order of every list of reservations but the feed's and the due work's. */
    static final String BY_START = " ORDER BY start_at, request_id";

    private static final String FIND = "SELECT " + SELECTED_COLUMNS + " FROM reservation WHERE request_id = ?";

    private final DataSource dataSource;

    ReservationDatabase(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    /** Runs {@code work} in one transaction, as {@link Jdbc#inTransaction} does. */
    <T> T inTransaction(Jdbc.Work<T> work) {
        return Jdbc.inTransaction(dataSource, "reservation store", work);
    }

    /**
     * Reservations in the states (all when empty) meeting {@code condition} with {@code params},
     * with their segments, in {@code order}, at most {@code limit}. Instants are bound as UTC
     * times, the rest as they are.
     */
    List<Reservation> select(Collection<ReservationState> states, String condition, List<Object> params, int limit,
                             String order) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        StringBuilder sql = new StringBuilder("SELECT " + SELECTED_COLUMNS + " FROM reservation WHERE 1 = 1");
        if (!states.isEmpty()) {
            // in declaration order: the same set always gives the same SQL
            sql.append(" AND state IN (").append(SqlEnums.literals(states)).append(")");
        }
        sql.append(condition).append(order);
        return inTransaction(c -> {
            List<Reservation> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                for (int i = 0; i < params.size(); i++) {
                    Object param = params.get(i);
                    ps.setObject(i + 1, param instanceof Instant t ? Jdbc.utc(t) : param);
                }
                ps.setMaxRows(limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(ReservationRows.reservation(rs, List.of()));
                    }
                }
            }
            List<Reservation> out = new ArrayList<>(rows.size());
            for (Reservation r : rows) {
                out.add(r.withSegments(ReservationRows.segmentsIn(c, r.requestId())));
            }
            return out;
        });
    }

    /** The reservation with its segments, as the connection's transaction sees it. */
    static Optional<Reservation> findIn(Connection c, String requestId) throws SQLException {
        Optional<Reservation> found;
        try (PreparedStatement ps = c.prepareStatement(FIND)) {
            ps.setString(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                found = rs.next() ? Optional.of(ReservationRows.reservation(rs, List.of())) : Optional.empty();
            }
        }
        return found.isEmpty() ? found : Optional.of(found.get().withSegments(ReservationRows.segmentsIn(c, requestId)));
    }

    /**
     * The reservation as the pipeline's writes before this leave it, with the segments they
     * wrote as a read would give them back.
     */
    static StatementPipeline.Rows<Reservation> reservationAfter(StatementPipeline p, String requestId,
                                                                List<Segment> written) {
        List<Segment> stored = written.stream().map(ReservationRows::asStored).toList();
        return p.query(FIND, rs -> ReservationRows.reservation(rs, stored), requestId);
    }

    /**
     * Moves a reservation through consecutive steps if it is still in the state the first starts
     * from, and sets the refusal code (null for every move but a rejection) and the work under
     * way (null for every move but into ACTIVATING or RELEASING: any other move ends it).
     *
     * @return the reservation after the move, or empty when its state had changed meanwhile
     */
    Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments,
                               RefusalCode code, Reservation.Work work) {
        return move(requestId, steps, segments, code, work, "");
    }

    /**
     * Moves as {@link #move(String, List, List, RefusalCode, Reservation.Work)} does, only if the
     * row also meets {@code condition} (SQL on the reservation's columns, with no parameters;
     * empty for none).
     */
    Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments,
                               RefusalCode code, Reservation.Work work, String condition) {
        checkConsecutive(steps);
        ReservationTransition first = steps.get(0);
        ReservationTransition last = steps.get(steps.size() - 1);
        // The move stamps the row with a token of its own, and what goes with it acts only on the
        // row bearing the token: the transaction commits with the statements, moved or not.
        long token = ThreadLocalRandom.current().nextLong();
        return inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count moved = p.update("UPDATE reservation SET state = ?, reason = ?, updated_at = ?, "
                    + "write_token = ?, refusal_code = ?, next_attempt_at = ?, attempts = ?, settles_as = ? "
                    + "WHERE request_id = ? AND state = ?" + condition, last.to().name(),
                    Jdbc.clip(last.reason(), TEXT), Jdbc.utc(last.at()), token,
                    code == null ? StatementPipeline.nullOf(Types.VARCHAR) : code.name(),
                    work == null ? StatementPipeline.nullOf(Types.TIMESTAMP_WITH_TIMEZONE) : Jdbc.utc(work.nextAttemptAt()),
                    work == null ? 0 : work.attempts(),
                    work == null ? StatementPipeline.nullOf(Types.VARCHAR) : work.settlesAs().name(),
                    requestId, first.from().name());
            replaceSegments(p, requestId, segments, WRITTEN, requestId, token);
            addHistory(p, steps, WRITTEN, requestId, token);
            StatementPipeline.Rows<Reservation> stored = reservationAfter(p, requestId, segments);
            p.runAndCommit();
            return moved.value() == 1 ? stored.first() : Optional.<Reservation>empty();
        });
    }

    private static void checkConsecutive(List<ReservationTransition> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a move needs at least one transition");
        }
        for (int i = 0; i < steps.size(); i++) {
            ReservationTransition t = steps.get(i);
            if (t.from() == null) {
                throw new IllegalArgumentException("a move starts from a state; use create for " + t);
            }
            if (i > 0 && t.from() != steps.get(i - 1).to()) {
                throw new IllegalArgumentException("transitions not consecutive: " + steps.get(i - 1) + " then " + t);
            }
        }
    }

    /**
     * Replaces the segments of reservation {@code requestId}, where {@code of} (OF_RESERVATION or
     * WRITTEN) selects its row with its parameters.
     */
    static void replaceSegments(StatementPipeline p, String requestId, List<Segment> segments, String of,
                                Object... ofParameters) {
        List<Object> parameters = new ArrayList<>(List.of(requestId));
        parameters.addAll(List.of(ofParameters));
        // By the request id itself, so that both databases read the segments through its index.
        p.update("DELETE FROM reservation_segment WHERE request_id = ? AND EXISTS (SELECT 1 " + of + ")",
                parameters.toArray());
        addSegments(p, segments, of, ofParameters);
    }

    /** The segments, in one statement of as many rows, each selected with the reservation's row. */
    static void addSegments(StatementPipeline p, List<Segment> segments, String of, Object... ofParameters) {
        if (segments.isEmpty()) {
            return;
        }
        List<Object> parameters = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            SegmentOrder o = s.order();
            parameters.addAll(List.of(i, s.role().name(), s.controller(), o.bookingId(), o.source(), o.destination(),
                    o.bandwidthMbps(), Jdbc.utc(o.interval().start()), Jdbc.utc(o.interval().end()), o.sourceVlan(),
                    o.destinationVlan(), s.state() == null ? StatementPipeline.nullOf(Types.VARCHAR) : s.state().name(),
                    s.sourceVlan(), s.destinationVlan(), Jdbc.clip(s.description(), TEXT)));
            parameters.addAll(List.of(ofParameters));
        }
        p.update("INSERT INTO reservation_segment (request_id, segment_no, role, controller, booking_id, order_source, "
                + "order_destination, order_bandwidth_mbps, order_start_at, order_end_at, order_source_vlan, "
                + "order_destination_vlan, state, source_vlan, destination_vlan, description) "
                + String.join(" UNION ALL ", Collections.nCopies(segments.size(),
                        "SELECT request_id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? " + of)),
                parameters.toArray());
    }

    /** Appends the entries to the history of the reservation whose row {@code of} selects. */
    static void addHistory(StatementPipeline p, List<ReservationTransition> entries, String of, Object... ofParameters) {
        for (ReservationTransition t : entries) {
            List<Object> parameters = new ArrayList<>(List.of(
                    t.from() == null ? StatementPipeline.nullOf(Types.VARCHAR) : t.from().name(), t.to().name(),
                    t.actor(), Jdbc.clip(t.reason(), TEXT), Jdbc.utc(t.at())));
            parameters.addAll(List.of(ofParameters));
            p.update("INSERT INTO reservation_history (request_id, from_state, to_state, actor, reason, occurred_at) "
                    + "SELECT request_id, ?, ?, ?, ?, ? " + of, parameters.toArray());
        }
    }
}
