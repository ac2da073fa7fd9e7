package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.PlanRefused;
import org.crs.nsap.segment.Plan;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StatementPipeline;
import org.crs.service.db.StoreException;

/**
 * The database the adapters of one store share: its connections and transactions, the one
 * retry of the transactions that admit bookings, the locks admission takes on resources, and
 * what calendar reads have learnt of each resource's longest booking.
 */
final class SegmentDatabase {

    private static final int ATTEMPTS = 5;

    private final DataSource dataSource;
    /**
     * Each resource's longest booking as last read. It only grows, so a first calendar read
     * that reaches back this far misses a booking only where a later read finds it has grown.
     */
    private final Map<String, Long> longestSeen = new ConcurrentHashMap<>();

    SegmentDatabase(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Runs {@code work} in one transaction, as {@link Jdbc#inTransaction} does. */
    <T> T inTransaction(Jdbc.Work<T> work) {
        return Jdbc.inTransaction(dataSource, "segment store", work);
    }

    /** How one attempt of a {@linkplain #retried retried} transaction ends. */
    sealed interface Attempt<T> {

        /** Commit, and answer {@code value}. */
        record Commit<T>(T value) implements Attempt<T> {
        }

        /** Roll back, and answer {@code value}. */
        record RollBack<T>(T value) implements Attempt<T> {
        }

        /** Roll back and try again: what the attempt read has changed under it. */
        record Again<T>() implements Attempt<T> {
        }
    }

    /** One attempt of a retried transaction, on a connection in a transaction of its own. */
    @FunctionalInterface
    interface Try<T> {
        Attempt<T> run(Connection c) throws SQLException, PlanRefused;
    }

    /**
     * Runs {@code work} in a transaction, again in a new one (up to {@value #ATTEMPTS} in all)
     * when it asks to or the database fails it, as a deadlock or a serialization failure
     * between admissions does. A refusal or a runtime exception rolls back and ends it.
     *
     * @param what what is being done, for the failure after the last attempt
     * @throws StoreException when no attempt ended
     */
    <T> T retried(String what, Try<T> work) throws PlanRefused {
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    Attempt<T> ended = work.run(c);
                    if (ended instanceof Attempt.Commit<T> commit) {
                        c.commit();
                        return commit.value();
                    }
                    c.rollback();
                    if (ended instanceof Attempt.RollBack<T> rollBack) {
                        return rollBack.value();
                    }
                } catch (PlanRefused | RuntimeException e) {
                    Jdbc.rollBackAfter(c, e);
                    throw e;
                } catch (SQLException e) {
                    Jdbc.rollBackAfter(c, e);
                    last = e; // a deadlock or serialization failure: try again
                }
            } catch (SQLException e) {
                last = e;
            }
            if (StoreException.isUnreachable(last)) {
                // The database is down: another attempt would only make the caller wait longer.
                throw new StoreException(what, last);
            }
        }
        throw new StoreException(what + " failed after " + ATTEMPTS + " attempts", last);
    }

    /** A read of calendars on a read-only connection of its own. */
    @FunctionalInterface
    interface CalendarRead<T, X extends Exception> {
        T read(ConnectionCalendars calendars) throws X;
    }

    /** Reads the committed calendars on a read-only connection of its own; locks nothing. */
    <T, X extends Exception> T readCommitted(CalendarRead<T, X> read) throws X {
        try (Connection c = dataSource.getConnection()) {
            c.setReadOnly(true);
            return read.read(calendars(c));
        } catch (SQLException e) {
            throw new StoreException("reading calendars", e);
        }
    }

    /** The calendars as the connection's transaction sees them. */
    ConnectionCalendars calendars(Connection c) {
        return new ConnectionCalendars(c, null, longestSeen);
    }

    /** The calendars as the connection's transaction sees them, without the rows of booking {@code excluded}. */
    ConnectionCalendars calendarsWithout(Connection c, String excluded) {
        return new ConnectionCalendars(c, excluded, longestSeen);
    }

    /** The calendars whose first read locks the rows of {@code lockFirst} before it reads (see {@link ConnectionCalendars}). */
    ConnectionCalendars calendarsLocking(Connection c, Set<String> lockFirst) {
        return new ConnectionCalendars(c, null, lockFirst, longestSeen);
    }

    /** Locks the resources' rows in id order, so two admissions never wait on each other in a cycle. */
    static Set<String> lock(Connection c, List<String> resourceIds) throws SQLException {
        Set<String> locked = new TreeSet<>(resourceIds);
        try (PreparedStatement bump = c.prepareStatement("UPDATE resource SET lock_version = lock_version + 1 WHERE id = ?")) {
            for (String id : locked) {
                bump.setString(1, id);
                bump.addBatch();
            }
            int[] updated = bump.executeBatch(); // one round trip
            int i = 0;
            for (String id : locked) {
                if (updated[i++] == 0) {
                    throw new IllegalStateException("resource " + id + " is planned but not registered");
                }
            }
        }
        return locked;
    }

    /**
     * Keeps each locked resource's longest booking at least as long as {@code interval}, for calendar
     * reads; with {@code claimedWith}, only on the resources this write's claims stamped with that token.
     */
    void addLongest(StatementPipeline p, ConnectionCalendars underLocks, Set<String> locked, TimeInterval interval,
                    OptionalLong claimedWith) throws SQLException {
        long seconds = interval.duration().toSeconds() + 1;
        for (String id : locked) {
            if (underLocks.longestBookingSeconds(id) < seconds) {
                // Even where another claim failed, harmless: a longer reach reads more, never less.
                List<Object> parameters = new ArrayList<>(List.of(seconds, id, seconds));
                claimedWith.ifPresent(parameters::add);
                p.update("UPDATE resource SET longest_booking_seconds = ? WHERE id = ? AND longest_booking_seconds < ?"
                        + (claimedWith.isEmpty() ? "" : " AND write_token = ?"), parameters.toArray());
                // Seen before it commits: a range that reaches back too far reads more, never less.
                longestSeen.merge(id, seconds, Math::max);
            }
        }
    }

    /** Reads one row of a result. */
    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** The rows {@code sql} selects with {@code parameters}, in the order it answers them. */
    static <T> List<T> list(Connection c, String sql, Row<T> row, Object... parameters) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            List<T> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row.read(rs));
                }
            }
            return out;
        }
    }

    /** The ids of the resources a plan books, in the plan's order. */
    static List<String> resourceIds(Plan plan) {
        return plan.uses().stream().map(u -> u.resource().id()).toList();
    }
}
