package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;

/**
 * The attempts of an outbox table's messages, the same for the notification outbox
 * ({@code notification_delivery}) and the NSI callback outbox ({@code nsi_callback}): each has
 * {@code attempts}, {@code next_attempt_at}, {@code delivered_at}, {@code gave_up_at} and
 * {@code last_error}. A claim is a conditional update of {@code next_attempt_at} (to the end of
 * the claimer's lease), so of two replicas that read a message as due one sends it.
 */
final class OutboxAttempts {

    private static final int ERROR_TEXT = 2000;

    private final DataSource dataSource;
    private final String table;

    /** @param table the outbox table (a constant of the caller's, never input) */
    OutboxAttempts(DataSource dataSource, String table) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.table = Objects.requireNonNull(table, "table");
    }

    /**
     * Takes a message's next attempt if its next attempt is still {@code expectedNext}: leases it
     * until {@code leaseUntil} and counts the attempt.
     */
    boolean claim(long id, Instant expectedNext, Instant leaseUntil) {
        return Jdbc.update(dataSource, "claim a message of " + table, "UPDATE " + table
                + " SET next_attempt_at = ?, attempts = attempts + 1 WHERE id = ? AND next_attempt_at = ?"
                + " AND delivered_at IS NULL AND gave_up_at IS NULL",
                Jdbc.utc(leaseUntil), id, Jdbc.utc(expectedNext)) == 1;
    }

    void delivered(long id, Instant at) {
        Jdbc.update(dataSource, "record a delivery of " + table,
                "UPDATE " + table + " SET delivered_at = ?, last_error = NULL WHERE id = ?", Jdbc.utc(at), id);
    }

    void failed(long id, Instant next, String error) {
        Jdbc.update(dataSource, "record a failed attempt of " + table,
                "UPDATE " + table + " SET next_attempt_at = ?, last_error = ? WHERE id = ?",
                Jdbc.utc(next), Jdbc.clip(error, ERROR_TEXT), id);
    }

    /** Gives a message up in the caller's transaction, unless it was delivered or given up. @return whether it did */
    boolean gaveUp(Connection c, long id, Instant at, String error) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + table + " SET gave_up_at = ?, last_error = ?"
                + " WHERE id = ? AND delivered_at IS NULL AND gave_up_at IS NULL")) {
            ps.setObject(1, Jdbc.utc(at));
            ps.setString(2, Jdbc.clip(error, ERROR_TEXT));
            ps.setLong(3, id);
            return ps.executeUpdate() == 1;
        }
    }

    /** Gives a message up on its own. */
    boolean gaveUp(long id, Instant at, String error) {
        return Jdbc.inTransaction(dataSource, "give up a message of " + table, c -> gaveUp(c, id, at, error));
    }
}
