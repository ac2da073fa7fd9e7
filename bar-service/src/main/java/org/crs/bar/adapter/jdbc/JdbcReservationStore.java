package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;

import org.crs.domain.booking.SegmentState;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.bar.port.ReservationStore;
import org.crs.bar.reservation.FollowUp;
import org.crs.bar.reservation.Timing;
import org.crs.bar.reservation.Visibility;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.SegmentRole;
import org.crs.bar.reservation.SegmentOrder;

/**
 * The reservation store over JDBC, on HSQLDB or PostgreSQL (schema/bar). Every method is one
 * transaction. A move or a modify updates the reservation's row only while it is still in the
 * expected state, so of two concurrent changes from the same state one wins and the other
 * finds nothing to change. Segments are replaced as a whole on every write that gives them.
 * Texts longer than their columns (reasons, descriptions) are clipped.
 */
public final class JdbcReservationStore implements ReservationStore {

    private static final int TEXT = 2000;

    private static final String RESERVATION_COLUMNS = "request_id, owner, state, reason, source_site, source_host, "
            + "destination_site, destination_host, bandwidth_mbps, start_at, end_at, description, hold_only, "
            + "created_at, updated_at, flex_window_start, flex_window_end, flex_duration_seconds, flex_volume_megabytes, "
            + "flex_mbps, group_name";
    /**
     * What a read selects: the columns a creation writes, the refusal code a rejection adds, and
     * the work under way an activation or tear-down adds.
     */
    private static final String SELECTED_COLUMNS = RESERVATION_COLUMNS + ", refusal_code, next_attempt_at, attempts, "
            + "settles_as";
    /** The states whose work is kept until done. */
    private static final String WORKING_STATES = "('ACTIVATING', 'RELEASING')";

    private final DataSource dataSource;
    private final Clock clock;

    public JdbcReservationStore(DataSource dataSource) {
        this(dataSource, Clock.systemUTC());
    }

    /** @param clock tells {@link #updateSegments} the time, which it is not given */
    public JdbcReservationStore(DataSource dataSource, Clock clock) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Optional<Reservation> create(ReservationRequest request, String owner, List<Segment> segments,
                                        ReservationTransition created) {
        Objects.requireNonNull(owner, "owner");
        if (created.from() != null) {
            throw new IllegalArgumentException("not a creation: " + created);
        }
        try {
            return Optional.of(inTransaction(c -> {
                StatementPipeline p = StatementPipeline.on(c);
                List<Object> row = new ArrayList<>(List.of(request.requestId(), owner, created.to().name(),
                        Jdbc.clip(created.reason(), TEXT), request.source().site(), request.source().host(),
                        request.destination().site(), request.destination().host(), request.bandwidthMbps(),
                        Jdbc.utc(request.interval().start()), Jdbc.utc(request.interval().end()),
                        Jdbc.clip(request.description(), TEXT), request.holdOnly(), Jdbc.utc(created.at()),
                        Jdbc.utc(created.at())));
                row.addAll(flexibility(request.timing()));
                row.add(request.group());
                p.update("INSERT INTO reservation (" + RESERVATION_COLUMNS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row.toArray());
                addSegments(p, segments, OF_RESERVATION, request.requestId());
                addHistory(p, List.of(created), OF_RESERVATION, request.requestId());
                StatementPipeline.Rows<Reservation> stored = reservationAfter(p, request.requestId(), segments);
                p.runAndCommit(); // a request id already taken fails the insert, and nothing commits
                return stored.first().orElseThrow();
            }));
        } catch (StoreException e) {
            if (e.getCause() instanceof SQLException sql && Jdbc.isUniqueViolation(sql)) {
                return Optional.empty(); // rolled back: the reservation that was there is unchanged
            }
            throw e;
        }
    }

    @Override
    public Optional<Reservation> find(String requestId) {
        return inTransaction(c -> findIn(c, requestId));
    }

    @Override
    public Optional<Reservation> findByBookingId(String bookingId) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT request_id FROM reservation_segment WHERE booking_id = ?")) {
                ps.setString(1, bookingId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? findIn(c, rs.getString(1)) : Optional.<Reservation>empty();
                }
            }
        });
    }

    @Override
    public List<Reservation> list(Collection<ReservationState> states, TimeInterval window, Visibility visibility, int limit) {
        StringBuilder condition = new StringBuilder();
        List<Object> params = new ArrayList<>();
        if (window != null) {
            condition.append(" AND start_at < ? AND end_at > ?");
            params.add(window.end());
            params.add(window.start());
        }
        if (visibility instanceof Visibility.Of of) {
            condition.append(" AND (owner = ?");
            params.add(of.account());
            for (String group : of.sharedGroups()) {
                condition.append(" OR group_name = ?");
                params.add(group);
            }
            condition.append(")");
        }
        return select(states, condition.toString(), params, limit, " ORDER BY start_at, request_id");
    }

    @Override
    public List<Reservation> endedBy(Collection<ReservationState> states, Instant t, int limit) {
        return select(states, " AND end_at <= ?", t, null, limit);
    }

    @Override
    public List<Reservation> unchangedSince(Collection<ReservationState> states, Instant t, int limit) {
        return select(states, " AND updated_at <= ?", t, null, limit);
    }

    @Override
    public List<Reservation> changedSince(Instant t, int limit) {
        return select(List.of(), " AND updated_at >= ?", t, null, limit, " ORDER BY updated_at, request_id");
    }

    /** Reservations in the states (all when empty) meeting {@code condition} on up to two times, with their segments. */
    private List<Reservation> select(Collection<ReservationState> states, String condition, Instant first, Instant second,
                                     int limit) {
        return select(states, condition, first, second, limit, " ORDER BY start_at, request_id");
    }

    private List<Reservation> select(Collection<ReservationState> states, String condition, Instant first, Instant second,
                                     int limit, String order) {
        List<Object> params = new ArrayList<>();
        if (first != null) {
            params.add(first);
        }
        if (second != null) {
            params.add(second);
        }
        return select(states, condition, params, limit, order);
    }

    /** As above with any number of parameters: instants are bound as UTC times, the rest as they are. */
    private List<Reservation> select(Collection<ReservationState> states, String condition, List<Object> params,
                                     int limit, String order) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        StringBuilder sql = new StringBuilder("SELECT " + SELECTED_COLUMNS + " FROM reservation WHERE 1 = 1");
        if (!states.isEmpty()) {
            // enum names only, in declaration order: the same set always gives the same SQL
            sql.append(EnumSet.copyOf(states).stream().map(s -> "'" + s.name() + "'")
                    .collect(Collectors.joining(", ", " AND state IN (", ")")));
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
                        rows.add(reservation(rs, List.of()));
                    }
                }
            }
            List<Reservation> out = new ArrayList<>(rows.size());
            for (Reservation r : rows) {
                out.add(r.withSegments(segmentsIn(c, r.requestId())));
            }
            return out;
        });
    }

    @Override
    public Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments) {
        return move(requestId, steps, segments, null, null);
    }

    @Override
    public Optional<Reservation> startWork(String requestId, ReservationTransition transition, List<Segment> segments,
                                           Instant leaseUntil, ReservationState settlesAs) {
        if (transition.to() != ReservationState.ACTIVATING && transition.to() != ReservationState.RELEASING) {
            throw new IllegalArgumentException("work is kept only in ACTIVATING and RELEASING, not " + transition.to());
        }
        return move(requestId, List.of(transition), segments, null, new Reservation.Work(leaseUntil, 1, settlesAs));
    }

    @Override
    public Optional<Reservation> reject(String requestId, ReservationTransition rejection, RefusalCode code,
                                        List<Segment> segments) {
        if (rejection.to() != ReservationState.REJECTED) {
            throw new IllegalArgumentException("not a rejection: " + rejection);
        }
        return move(requestId, List.of(rejection), segments, Objects.requireNonNull(code, "code"), null);
    }

    /**
     * A move that also sets the refusal code (null for every move but a rejection) and the work
     * under way (null for every move but into ACTIVATING or RELEASING: any other move ends it).
     */
    private Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments,
                                       RefusalCode code, Reservation.Work work) {
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
                    + "WHERE request_id = ? AND state = ?", last.to().name(),
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

    @Override
    public void updateSegments(String requestId, List<Segment> segments) {
        inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count updated = p.update("UPDATE reservation SET updated_at = ? WHERE request_id = ?",
                    Jdbc.utc(clock.instant()), requestId);
            replaceSegments(p, requestId, segments, OF_RESERVATION, requestId);
            p.run();
            if (updated.value() != 1) {
                throw new IllegalArgumentException("no reservation " + requestId); // rolls the deletes back
            }
            return null;
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>A modify changes the bandwidth, the interval and the description; the request id, the
     * endpoints and hold-only must be those of the stored request.
     */
    @Override
    public Optional<Reservation> modify(String requestId, ReservationState state, ReservationRequest modified,
                                        List<Segment> segments, String actor, String reason, Instant at) {
        ReservationTransition change = new ReservationTransition(state, state, actor, reason, at);
        if (!modified.requestId().equals(requestId)) {
            throw new IllegalArgumentException("modified request " + modified.requestId() + " is not " + requestId);
        }
        return inTransaction(c -> {
            Optional<Reservation> current = findIn(c, requestId);
            if (current.isEmpty() || current.get().state() != state) {
                return Optional.empty();
            }
            ReservationRequest before = current.get().request();
            if (!before.source().equals(modified.source()) || !before.destination().equals(modified.destination())
                    || before.holdOnly() != modified.holdOnly()) {
                throw new IllegalArgumentException("a modify of " + requestId
                        + " cannot change its endpoints or hold-only");
            }
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count modifiedRows = p.update("UPDATE reservation SET bandwidth_mbps = ?, start_at = ?, "
                    + "end_at = ?, description = ?, reason = ?, updated_at = ? WHERE request_id = ? AND state = ?",
                    modified.bandwidthMbps(), Jdbc.utc(modified.interval().start()), Jdbc.utc(modified.interval().end()),
                    Jdbc.clip(modified.description(), TEXT), Jdbc.clip(change.reason(), TEXT), Jdbc.utc(change.at()),
                    requestId, state.name());
            replaceSegments(p, requestId, segments, OF_RESERVATION, requestId);
            addHistory(p, List.of(change), OF_RESERVATION, requestId);
            StatementPipeline.Rows<Reservation> stored = reservationAfter(p, requestId, segments);
            p.run();
            return modifiedRows.value() == 1 ? stored.first() : Jdbc.nothingChanged(c);
        });
    }

    @Override
    public List<Reservation> dueWork(Instant now, int limit) {
        return select(List.of(), " AND state IN " + WORKING_STATES + " AND next_attempt_at <= ?", now, null, limit,
                " ORDER BY next_attempt_at, request_id");
    }

    @Override
    public Optional<Reservation> claimWork(String requestId, ReservationState state, Instant seen, Instant leaseUntil) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE reservation SET next_attempt_at = ?, "
                    + "attempts = attempts + 1 WHERE request_id = ? AND state = ? AND next_attempt_at = ?")) {
                ps.setObject(1, Jdbc.utc(leaseUntil));
                ps.setString(2, requestId);
                ps.setString(3, state.name());
                ps.setObject(4, Jdbc.utc(seen));
                if (ps.executeUpdate() != 1) {
                    return Optional.<Reservation>empty();
                }
            }
            return findIn(c, requestId);
        });
    }

    @Override
    public boolean workLater(String requestId, Instant next, ReservationTransition note, List<Segment> segments) {
        if (note.from() != note.to()) {
            throw new IllegalArgumentException("a note keeps the state: " + note);
        }
        long token = ThreadLocalRandom.current().nextLong();
        return inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count updated = p.update("UPDATE reservation SET next_attempt_at = ?, reason = ?, "
                    + "updated_at = ?, write_token = ? WHERE request_id = ? AND state = ?", Jdbc.utc(next),
                    Jdbc.clip(note.reason(), TEXT), Jdbc.utc(note.at()), token, requestId, note.to().name());
            replaceSegments(p, requestId, segments, WRITTEN, requestId, token);
            addHistory(p, List.of(note), WRITTEN, requestId, token);
            p.runAndCommit();
            return updated.value() == 1;
        });
    }

    @Override
    public int endLeases(Instant now) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE reservation SET next_attempt_at = ? "
                    + "WHERE state IN " + WORKING_STATES)) {
                ps.setObject(1, Jdbc.utc(now));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public void addFollowUps(List<FollowUp> followUps) {
        if (followUps.isEmpty()) {
            return;
        }
        inTransaction(c -> {
            for (FollowUp f : followUps) {
                try (PreparedStatement del = c.prepareStatement("DELETE FROM segment_follow_up WHERE booking_id = ?")) {
                    del.setString(1, f.bookingId());
                    del.executeUpdate();
                }
                try (PreparedStatement ins = c.prepareStatement("INSERT INTO segment_follow_up (booking_id, request_id, "
                        + "controller, action, reason, next_attempt_at, attempts) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    ins.setString(1, f.bookingId());
                    ins.setString(2, f.requestId());
                    ins.setString(3, f.controller());
                    ins.setString(4, f.action().name());
                    ins.setString(5, Jdbc.clip(f.reason(), TEXT));
                    ins.setObject(6, Jdbc.utc(f.nextAttemptAt()));
                    ins.setInt(7, f.attempts());
                    ins.executeUpdate();
                }
            }
            return null;
        });
    }

    @Override
    public List<FollowUp> dueFollowUps(Instant now, int limit) {
        return followUpsWhere("next_attempt_at <= ?", Jdbc.utc(now), limit);
    }

    @Override
    public List<FollowUp> followUps(String requestId) {
        return followUpsWhere("request_id = ?", requestId, 10_000);
    }

    private List<FollowUp> followUpsWhere(String condition, Object parameter, int limit) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT request_id, booking_id, controller, action, reason, "
                    + "next_attempt_at, attempts FROM segment_follow_up WHERE " + condition
                    + " ORDER BY next_attempt_at, booking_id")) {
                ps.setObject(1, parameter);
                ps.setMaxRows(limit);
                List<FollowUp> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new FollowUp(rs.getString(1), rs.getString(2), rs.getString(3),
                                FollowUp.Action.valueOf(rs.getString(4)), rs.getString(5), Jdbc.instant(rs, 6),
                                rs.getInt(7)));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public boolean claimFollowUp(FollowUp followUp, Instant leaseUntil) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE segment_follow_up SET next_attempt_at = ?, "
                    + "attempts = attempts + 1 WHERE booking_id = ? AND next_attempt_at = ?")) {
                ps.setObject(1, Jdbc.utc(leaseUntil));
                ps.setString(2, followUp.bookingId());
                ps.setObject(3, Jdbc.utc(followUp.nextAttemptAt()));
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public void followUpTried(FollowUp followUp, Instant next, String actor, String note, Instant at) {
        inTransaction(c -> {
            if (next == null) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM segment_follow_up WHERE booking_id = ?")) {
                    ps.setString(1, followUp.bookingId());
                    ps.executeUpdate();
                }
            } else {
                try (PreparedStatement ps = c.prepareStatement("UPDATE segment_follow_up SET next_attempt_at = ? "
                        + "WHERE booking_id = ?")) {
                    ps.setObject(1, Jdbc.utc(next));
                    ps.setString(2, followUp.bookingId());
                    ps.executeUpdate();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO reservation_history (request_id, from_state, "
                    + "to_state, actor, reason, occurred_at) SELECT request_id, state, state, ?, ?, ? "
                    + OF_RESERVATION)) {
                ps.setString(1, actor);
                ps.setString(2, Jdbc.clip(note, TEXT));
                ps.setObject(3, Jdbc.utc(at));
                ps.setString(4, followUp.requestId());
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public List<ReservationTransition> history(String requestId) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT from_state, to_state, actor, reason, occurred_at "
                    + "FROM reservation_history WHERE request_id = ? ORDER BY id")) {
                ps.setString(1, requestId);
                List<ReservationTransition> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String from = rs.getString(1);
                        out.add(new ReservationTransition(from == null ? null : ReservationState.valueOf(from),
                                ReservationState.valueOf(rs.getString(2)), rs.getString(3), rs.getString(4),
                                Jdbc.instant(rs, 5)));
                    }
                }
                return out;
            }
        });
    }

    // ---- plumbing ----

    // ---- approval and quotas ----

    @Override
    public List<Reservation> startedBy(Collection<ReservationState> states, Instant t, int limit) {
        return select(states, " AND start_at <= ?", t, null, limit);
    }

    @Override
    public List<Reservation> ofGroup(String group, Collection<ReservationState> states, TimeInterval window) {
        StringBuilder sql = new StringBuilder("SELECT " + SELECTED_COLUMNS
                + " FROM reservation WHERE group_name = ? AND start_at < ? AND end_at > ?");
        if (!states.isEmpty()) {
            sql.append(EnumSet.copyOf(states).stream().map(s -> "'" + s.name() + "'")
                    .collect(Collectors.joining(", ", " AND state IN (", ")")));
        }
        sql.append(" ORDER BY start_at, request_id");
        return inTransaction(c -> {
            List<Reservation> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                ps.setString(1, group);
                ps.setObject(2, Jdbc.utc(window.end()));
                ps.setObject(3, Jdbc.utc(window.start()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(reservation(rs, List.of()));
                    }
                }
            }
            List<Reservation> withSegments = new ArrayList<>(out.size());
            for (Reservation r : out) {
                withSegments.add(r.withSegments(segmentsIn(c, r.requestId())));
            }
            return withSegments;
        });
    }

    private <T> T inTransaction(Jdbc.Work<T> work) {
        return Jdbc.inTransaction(dataSource, "reservation store", work);
    }

    private static Optional<Reservation> findIn(Connection c, String requestId) throws SQLException {
        Optional<Reservation> found = reservationIn(c, requestId);
        return found.isEmpty() ? found : Optional.of(found.get().withSegments(segmentsIn(c, requestId)));
    }

    /**
     * The reservation as the pipeline's writes before this leave it, with the segments they
     * wrote as a read would give them back.
     */
    private static StatementPipeline.Rows<Reservation> reservationAfter(StatementPipeline p, String requestId,
                                                                        List<Segment> written) {
        List<Segment> stored = written.stream().map(JdbcReservationStore::asStored).toList();
        return p.query(FIND, rs -> reservation(rs, stored), requestId);
    }

    private static final String FIND = "SELECT " + SELECTED_COLUMNS + " FROM reservation WHERE request_id = ?";

    private static Optional<Reservation> reservationIn(Connection c, String requestId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(FIND)) {
            ps.setString(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(reservation(rs, List.of())) : Optional.empty();
            }
        }
    }

    /** A segment as {@link #addSegments} stores it: times to the microsecond, the description clipped. */
    private static Segment asStored(Segment s) {
        SegmentOrder o = s.order();
        TimeInterval interval = new TimeInterval(o.interval().start().truncatedTo(ChronoUnit.MICROS),
                o.interval().end().truncatedTo(ChronoUnit.MICROS));
        return new Segment(s.role(), s.controller(), new SegmentOrder(o.bookingId(), o.source(), o.destination(),
                o.bandwidthMbps(), interval, o.sourceVlan(), o.destinationVlan()), s.state(), s.sourceVlan(),
                s.destinationVlan(), Jdbc.clip(s.description(), TEXT));
    }

    /** The five flexibility columns: all null for a fixed request. */
    private static List<Object> flexibility(Timing timing) {
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

    private static Reservation reservation(ResultSet rs, List<Segment> segments) throws SQLException {
        long mbps = rs.getLong("bandwidth_mbps");
        TimeInterval interval = new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at"));
        Timing flexible = flexibleTiming(rs);
        ReservationRequest request = new ReservationRequest(rs.getString("request_id"),
                new Endpoint(rs.getString("source_site"), rs.getString("source_host")),
                new Endpoint(rs.getString("destination_site"), rs.getString("destination_host")), mbps, interval,
                rs.getString("description"), rs.getBoolean("hold_only"),
                flexible != null ? flexible : new Timing.Fixed(interval, mbps), rs.getString("group_name"));
        ReservationState state = ReservationState.valueOf(rs.getString("state"));
        return new Reservation(request, rs.getString("owner"), state, rs.getString("reason"), segments,
                Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"),
                RefusalCode.named(rs.getString("refusal_code")).orElse(null), work(rs, state, interval));
    }

    /** The work under way in ACTIVATING or RELEASING; null in any other state. */
    private static Reservation.Work work(ResultSet rs, ReservationState state, TimeInterval interval) throws SQLException {
        Instant next = Jdbc.instantOrNull(rs, "next_attempt_at");
        if (next == null || (state != ReservationState.ACTIVATING && state != ReservationState.RELEASING)) {
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

    private static List<Segment> segmentsIn(Connection c, String requestId) throws SQLException {
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

    /**
     * Rows of a reservation are inserted from its row: none when it does not exist, where a
     * pipeline's update found nothing to change and is about to be rolled back.
     */
    private static final String OF_RESERVATION = "FROM reservation WHERE request_id = ?";

    /** The reservation's row if the move that stamped it with its token (the second parameter) took place. */
    private static final String WRITTEN = OF_RESERVATION + " AND write_token = ?";

    /**
     * Replaces the segments of reservation {@code requestId}, where {@code of} (OF_RESERVATION or
     * WRITTEN) selects its row with its parameters.
     */
    private static void replaceSegments(StatementPipeline p, String requestId, List<Segment> segments, String of,
                                        Object... ofParameters) {
        List<Object> parameters = new ArrayList<>(List.of(requestId));
        parameters.addAll(List.of(ofParameters));
        // By the request id itself, so that both databases read the segments through its index.
        p.update("DELETE FROM reservation_segment WHERE request_id = ? AND EXISTS (SELECT 1 " + of + ")",
                parameters.toArray());
        addSegments(p, segments, of, ofParameters);
    }

    /** The segments, in one statement of as many rows, each selected with the reservation's row. */
    private static void addSegments(StatementPipeline p, List<Segment> segments, String of, Object... ofParameters) {
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

    private static void addHistory(StatementPipeline p, List<ReservationTransition> entries, String of,
                                   Object... ofParameters) {
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
