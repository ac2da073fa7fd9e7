package org.crs.bar.adapter.jdbc;

import static org.crs.bar.adapter.jdbc.ReservationDatabase.WRITTEN;
import static org.crs.bar.adapter.jdbc.ReservationRows.TEXT;
import static org.crs.bar.adapter.jdbc.ReservationRows.WORKING;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import org.crs.bar.port.WorkQueue;
import org.crs.bar.reservation.Provisioning;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.Segment;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.reservation.ReservationTransition;
import org.crs.service.db.Jdbc;
import org.crs.service.db.SqlEnums;
import org.crs.service.db.StatementPipeline;

/**
 * The work under way over JDBC: the lease of a reservation in ACTIVATING or RELEASING is its
 * row's {@code next_attempt_at}, and a claim is an update conditional on the lease seen, so of
 * replicas racing for one attempt one updates the row.
 */
final class JdbcWorkQueue implements WorkQueue {

    /** {@code state IN ('ACTIVATING', 'RELEASING')}, from {@link ReservationRows#WORKING}. */
    private static final String IN_WORKING_STATE = "state IN (" + SqlEnums.literals(WORKING) + ")";

    /** The reservation may be up: it comes up on its own, or it is provisioned ({@link Reservation#mayBeUp()}). */
    private static final String MAY_BE_UP = " AND (provisioning = '" + Provisioning.AUTOMATIC.name()
            + "' OR provisioned = TRUE)";

    private final ReservationDatabase db;

    JdbcWorkQueue(ReservationDatabase db) {
        this.db = db;
    }

    @Override
    public Optional<Reservation> startWork(String requestId, ReservationTransition transition, List<Segment> segments,
                                           Instant leaseUntil, ReservationState settlesAs) {
        if (!WORKING.contains(transition.to())) {
            throw new IllegalArgumentException("work is kept only in ACTIVATING and RELEASING, not " + transition.to());
        }
        // An activation starts only while the circuit may be up: a release racing it finds it
        // either not started (and it never starts) or ACTIVATING (and the activation takes it down).
        String condition = transition.to() == ReservationState.ACTIVATING ? MAY_BE_UP : "";
        return db.move(requestId, List.of(transition), segments, null, new Reservation.Work(leaseUntil, 1, settlesAs),
                condition);
    }

    @Override
    public List<Reservation> dueWork(Instant now, int limit) {
        return db.select(WORKING, " AND next_attempt_at <= ?", List.of(now), limit, " ORDER BY next_attempt_at, request_id");
    }

    @Override
    public Optional<Reservation> claimWork(String requestId, ReservationState state, Instant seen, Instant leaseUntil) {
        return db.inTransaction(c -> {
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
            return ReservationDatabase.findIn(c, requestId);
        });
    }

    @Override
    public boolean workLater(String requestId, Instant next, ReservationTransition note, List<Segment> segments) {
        if (note.from() != note.to()) {
            throw new IllegalArgumentException("a note keeps the state: " + note);
        }
        long token = ThreadLocalRandom.current().nextLong();
        return db.inTransaction(c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count updated = p.update("UPDATE reservation SET next_attempt_at = ?, reason = ?, "
                    + "updated_at = ?, write_token = ? WHERE request_id = ? AND state = ?", Jdbc.utc(next),
                    Jdbc.clip(note.reason(), TEXT), Jdbc.utc(note.at()), token, requestId, note.to().name());
            ReservationDatabase.replaceSegments(p, requestId, segments, WRITTEN, requestId, token);
            ReservationDatabase.addHistory(p, List.of(note), WRITTEN, requestId, token);
            p.runAndCommit();
            return updated.value() == 1;
        });
    }

    @Override
    public int endLeases(Instant now) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE reservation SET next_attempt_at = ? WHERE "
                    + IN_WORKING_STATE)) {
                ps.setObject(1, Jdbc.utc(now));
                return ps.executeUpdate();
            }
        });
    }
}
