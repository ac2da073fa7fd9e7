package org.crs.bar.adapter.jdbc;

import static org.crs.bar.adapter.jdbc.ReservationDatabase.BY_START;
import static org.crs.bar.adapter.jdbc.ReservationDatabase.OF_RESERVATION;
import static org.crs.bar.adapter.jdbc.ReservationDatabase.WRITTEN;
import static org.crs.bar.adapter.jdbc.ReservationRows.RESERVATION_COLUMNS;
import static org.crs.bar.adapter.jdbc.ReservationRows.TEXT;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import org.crs.bar.port.Reservations;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;
import org.crs.bar.reservation.Segment;
import org.crs.bar.reservation.Visibility;
import org.crs.domain.refusal.RefusalCode;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.domain.time.TimeInterval;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;

/**
 * The reservations, their segments and their history over JDBC. A move or a modify updates the
 * reservation's row only while it is still in the expected state, so of two concurrent changes
 * from the same state one wins and the other finds nothing to change. Segments are replaced as
 * a whole on every write that gives them.
 */
final class JdbcReservations implements Reservations {

    private final ReservationDatabase db;
    private final Clock clock;

    /** @param clock tells {@link #updateSegments} the time, which it is not given */
    JdbcReservations(ReservationDatabase db, Clock clock) {
        this.db = db;
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
            return Optional.of(db.inTransaction(c -> {
                StatementPipeline p = StatementPipeline.on(c);
                List<Object> row = new ArrayList<>(List.of(request.requestId(), owner, created.to().name(),
                        Jdbc.clip(created.reason(), TEXT), request.source().site(), request.source().host(),
                        request.destination().site(), request.destination().host(), request.bandwidthMbps(),
                        Jdbc.utc(request.interval().start()), Jdbc.utc(request.interval().end()),
                        Jdbc.clip(request.description(), TEXT), request.holdOnly(), Jdbc.utc(created.at()),
                        Jdbc.utc(created.at())));
                row.addAll(ReservationRows.flexibility(request.timing()));
                row.add(request.group());
                row.addAll(List.of(request.provisioning().name(), false, Jdbc.utc(created.at()), request.sourceVlan(),
                        request.destinationVlan()));
                p.update("INSERT INTO reservation (" + RESERVATION_COLUMNS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row.toArray());
                ReservationDatabase.addSegments(p, segments, OF_RESERVATION, request.requestId());
                ReservationDatabase.addHistory(p, List.of(created), OF_RESERVATION, request.requestId());
                StatementPipeline.Rows<Reservation> stored = ReservationDatabase.reservationAfter(p, request.requestId(),
                        segments);
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
        return db.inTransaction(c -> ReservationDatabase.findIn(c, requestId));
    }

    @Override
    public Optional<Reservation> findByBookingId(String bookingId) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT request_id FROM reservation_segment WHERE booking_id = ?")) {
                ps.setString(1, bookingId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? ReservationDatabase.findIn(c, rs.getString(1)) : Optional.<Reservation>empty();
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
        return db.select(states, condition.toString(), params, limit, BY_START);
    }

    @Override
    public List<Reservation> endedBy(Collection<ReservationState> states, Instant t, int limit) {
        return db.select(states, " AND end_at <= ?", List.of(t), limit, BY_START);
    }

    @Override
    public List<Reservation> unchangedSince(Collection<ReservationState> states, Instant t, int limit) {
        return db.select(states, " AND updated_at <= ?", List.of(t), limit, BY_START);
    }

    @Override
    public List<Reservation> changedSince(Instant t, int limit) {
        return db.select(List.of(), " AND updated_at >= ?", List.of(t), limit, " ORDER BY updated_at, request_id");
    }

    @Override
    public List<Reservation> startedBy(Collection<ReservationState> states, Instant t, int limit) {
        return db.select(states, " AND start_at <= ?", List.of(t), limit, BY_START);
    }

    @Override
    public List<Reservation> ofGroup(String group, Collection<ReservationState> states, TimeInterval window) {
        Objects.requireNonNull(group, "group");
        // a group's bookings overlapping a quota's window: all of them, however many
        return db.select(states, " AND group_name = ? AND start_at < ? AND end_at > ?",
                List.of(group, window.end(), window.start()), Integer.MAX_VALUE, BY_START);
    }

    @Override
    public Optional<Reservation> move(String requestId, List<ReservationTransition> steps, List<Segment> segments) {
        return db.move(requestId, steps, segments, null, null);
    }

    @Override
    public Optional<Reservation> reject(String requestId, ReservationTransition rejection, RefusalCode code,
                                        List<Segment> segments) {
        if (rejection.to() != ReservationState.REJECTED) {
            throw new IllegalArgumentException("not a rejection: " + rejection);
        }
        return db.move(requestId, List.of(rejection), segments, Objects.requireNonNull(code, "code"), null);
    }

    @Override
    public void updateSegments(String requestId, List<Segment> segments) {
        db.inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count updated = p.update("UPDATE reservation SET updated_at = ? WHERE request_id = ?",
                    Jdbc.utc(clock.instant()), requestId);
            ReservationDatabase.replaceSegments(p, requestId, segments, OF_RESERVATION, requestId);
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
     * endpoints, hold-only and the provisioning must be those of the stored request.
     */
    @Override
    public Optional<Reservation> modify(String requestId, ReservationState state, ReservationRequest modified,
                                        List<Segment> segments, String actor, String reason, Instant at) {
        ReservationTransition change = new ReservationTransition(state, state, actor, reason, at);
        if (!modified.requestId().equals(requestId)) {
            throw new IllegalArgumentException("modified request " + modified.requestId() + " is not " + requestId);
        }
        return db.inTransaction(c -> {
            Optional<Reservation> current = ReservationDatabase.findIn(c, requestId);
            if (current.isEmpty() || current.get().state() != state) {
                return Optional.empty();
            }
            ReservationRequest before = current.get().request();
            if (!before.source().equals(modified.source()) || !before.destination().equals(modified.destination())
                    || before.holdOnly() != modified.holdOnly() || before.provisioning() != modified.provisioning()) {
                throw new IllegalArgumentException("a modify of " + requestId
                        + " cannot change its endpoints, hold-only or provisioning");
            }
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count modifiedRows = p.update("UPDATE reservation SET bandwidth_mbps = ?, start_at = ?, "
                    + "end_at = ?, description = ?, reason = ?, updated_at = ? WHERE request_id = ? AND state = ?",
                    modified.bandwidthMbps(), Jdbc.utc(modified.interval().start()), Jdbc.utc(modified.interval().end()),
                    Jdbc.clip(modified.description(), TEXT), Jdbc.clip(change.reason(), TEXT), Jdbc.utc(change.at()),
                    requestId, state.name());
            ReservationDatabase.replaceSegments(p, requestId, segments, OF_RESERVATION, requestId);
            ReservationDatabase.addHistory(p, List.of(change), OF_RESERVATION, requestId);
            StatementPipeline.Rows<Reservation> stored = ReservationDatabase.reservationAfter(p, requestId, segments);
            p.run();
            return modifiedRows.value() == 1 ? stored.first() : Jdbc.nothingChanged(c);
        });
    }

    @Override
    public Optional<Reservation> provision(String requestId, boolean provisioned, ReservationTransition note) {
        if (note.from() != note.to()) {
            throw new IllegalArgumentException("a provision or release keeps the state: " + note);
        }
        long token = ThreadLocalRandom.current().nextLong();
        return db.inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count changed = p.update("UPDATE reservation SET provisioned = ?, provision_changed_at = ?, "
                    + "reason = ?, updated_at = ?, write_token = ? WHERE request_id = ? AND state = ? "
                    + "AND provisioning = ? AND provisioned = ?", provisioned, Jdbc.utc(note.at()),
                    Jdbc.clip(note.reason(), TEXT), Jdbc.utc(note.at()), token, requestId, note.to().name(),
                    Provisioning.ON_PROVISION.name(), !provisioned);
            ReservationDatabase.addHistory(p, List.of(note), WRITTEN, requestId, token);
            p.runAndCommit();
            return changed.value() == 1 ? ReservationDatabase.findIn(c, requestId) : Optional.<Reservation>empty();
        });
    }

    @Override
    public List<Reservation> released(Collection<ReservationState> states, int limit) {
        return db.select(states, " AND provisioning = ? AND provisioned = ?",
                List.of(Provisioning.ON_PROVISION.name(), false), limit, BY_START);
    }

    @Override
    public List<ReservationTransition> history(String requestId) {
        return db.inTransaction(c -> {
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
}
