package org.crs.bar.adapter.jdbc;

import static org.crs.bar.adapter.jdbc.ReservationDatabase.OF_RESERVATION;
import static org.crs.bar.adapter.jdbc.ReservationRows.TEXT;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.crs.bar.port.FollowUps;
import org.crs.bar.reservation.FollowUp;
import org.crs.service.db.Jdbc;

/**
 * The follow-up calls over JDBC ({@code segment_follow_up}, one row per booking id): a claim is
 * an update conditional on the attempt seen, so of replicas racing for one attempt one gets it;
 * each attempt is noted in the reservation's history.
 */
final class JdbcFollowUps implements FollowUps {

    private final ReservationDatabase db;

    JdbcFollowUps(ReservationDatabase db) {
        this.db = db;
    }

    @Override
    public void addFollowUps(List<FollowUp> followUps) {
        if (followUps.isEmpty()) {
            return;
        }
        db.inTransaction(c -> {
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
        return db.inTransaction(c -> {
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
        return db.inTransaction(c -> {
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
        db.inTransaction(c -> {
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
            // a note keeps the state: from and to are the reservation's state as the row has it
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
}
