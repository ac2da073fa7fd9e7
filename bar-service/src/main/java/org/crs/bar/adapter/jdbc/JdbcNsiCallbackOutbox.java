package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.port.NsiCallbackOutbox;
import org.crs.bar.port.NsiConnections.Callback;
import org.crs.bar.port.NsiMessageBodies;
import org.crs.service.db.Jdbc;

/**
 * The NSI callback outbox over JDBC (table {@code nsi_callback}, schema/bar/V14__nsi_connections.sql),
 * on HSQLDB or PostgreSQL. Its attempts are claimed, leased and recorded as the notification
 * outbox's are ({@link OutboxAttempts}); giving one up also keeps the connection's
 * messageDeliveryTimeout, in the same transaction. Once a query's answer is kept, it tells
 * {@code owed} (the sender's wake), after the commit.
 */
public final class JdbcNsiCallbackOutbox implements NsiCallbackOutbox {

    private static final String COLUMNS = "id, connection_id, kind, correlation_id, reply_to, envelope, deadline_at, "
            + "attempts, next_attempt_at, delivered_at, gave_up_at, last_error";

    private final DataSource dataSource;
    private final OutboxAttempts attempts;
    private final Runnable owed;

    /** An outbox that tells no one of what it keeps: its callbacks wait for the sender's sweep. */
    public JdbcNsiCallbackOutbox(DataSource dataSource) {
        this(dataSource, () -> { });
    }

    /** @param owed told after each commit that keeps a callback (the sender's {@code wake}) */
    public JdbcNsiCallbackOutbox(DataSource dataSource, Runnable owed) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.attempts = new OutboxAttempts(dataSource, "nsi_callback");
        this.owed = Objects.requireNonNull(owed, "owed");
    }

    @Override
    public void add(NsiMessageKind kind, String correlationId, Callback callback, Instant at) {
        if (kind.family() != NsiMessageKind.Family.QUERY_ANSWER) {
            throw new IllegalArgumentException(kind + " is owed by a change of its connection, not added alone");
        }
        Jdbc.inTransaction(dataSource, "keep an NSI query answer", c -> {
            NsiRows.insertCallback(c, null, kind, correlationId, callback.replyTo(), callback.envelope(),
                    callback.deadline(), at);
            return null;
        });
        owed.run();
    }

    @Override
    public List<Due> due(Instant now, int limit) {
        return Jdbc.inTransaction(dataSource, "read due NSI callbacks", c -> {
            // a callback waits while one owed before it on its connection is not yet due again (or
            // leased), so a notification never overtakes the result it follows
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM nsi_callback cb "
                    + "WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ? "
                    + "AND NOT EXISTS (SELECT 1 FROM nsi_callback e WHERE e.connection_id = cb.connection_id "
                    + "AND e.id < cb.id AND e.delivered_at IS NULL AND e.gave_up_at IS NULL "
                    + "AND e.next_attempt_at > ?) "
                    + "ORDER BY next_attempt_at, id")) {
                ps.setObject(1, Jdbc.utc(now));
                ps.setObject(2, Jdbc.utc(now));
                ps.setMaxRows(limit);
                List<Due> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Due(rs.getLong("id"), Optional.ofNullable(rs.getString("connection_id")),
                                NsiMessageKind.valueOf(rs.getString("kind")), rs.getString("correlation_id"),
                                rs.getString("reply_to"), rs.getString("envelope"), Jdbc.instant(rs, "deadline_at"),
                                rs.getInt("attempts"), Jdbc.instant(rs, "next_attempt_at")));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public boolean claim(Due due, Instant leaseUntil) {
        return attempts.claim(due.id(), due.nextAttemptAt(), leaseUntil);
    }

    @Override
    public void delivered(long id, Instant at) {
        attempts.delivered(id, at);
    }

    @Override
    public void failed(long id, Instant next, String error) {
        attempts.failed(id, next, error);
    }

    @Override
    public boolean gaveUp(Due due, Instant at, String error, NsiMessageBodies bodies) {
        return Jdbc.inTransaction(dataSource, "give up an NSI callback", c -> {
            if (!attempts.gaveUp(c, due.id(), at, error)) {
                return false;
            }
            if (due.connectionId().isEmpty()) {
                return true;
            }
            String connectionId = due.connectionId().get();
            // Taking the next notificationId locks the connection's row until the commit; a change
            // made meanwhile from an older read of it loses the race on the counter and reads again.
            try (PreparedStatement ps = c.prepareStatement("UPDATE nsi_connection SET "
                    + "next_notification_id = next_notification_id + 1, updated_at = ? WHERE connection_id = ?")) {
                ps.setObject(1, Jdbc.utc(at));
                ps.setString(2, connectionId);
                if (ps.executeUpdate() != 1) {
                    return true; // the connection is gone: nobody left to tell
                }
            }
            long id = takenNotificationId(c, connectionId);
            NsiRows.insertMessage(c, connectionId, NsiMessageKind.MESSAGE_DELIVERY_TIMEOUT, id,
                    "urn:uuid:" + UUID.randomUUID(),
                    bodies.messageDeliveryTimeout(connectionId, id, at, due.correlationId()), at);
            return true;
        });
    }

    /** The notificationId the update before took: one below the connection's counter now. */
    private static long takenNotificationId(Connection c, String connectionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT next_notification_id FROM nsi_connection WHERE connection_id = ?")) {
            ps.setString(1, connectionId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("connection " + connectionId + " vanished inside its own transaction");
                }
                return rs.getLong(1) - 1;
            }
        }
    }

    @Override
    public List<Delivery> of(String connectionId) {
        return Jdbc.inTransaction(dataSource, "read an NSI connection's callbacks", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM nsi_callback "
                    + "WHERE connection_id = ? ORDER BY id")) {
                ps.setString(1, connectionId);
                List<Delivery> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Delivery(rs.getLong("id"), NsiMessageKind.valueOf(rs.getString("kind")),
                                rs.getString("correlation_id"), rs.getString("reply_to"), rs.getInt("attempts"),
                                Optional.ofNullable(Jdbc.instantOrNull(rs, "delivered_at")),
                                Optional.ofNullable(Jdbc.instantOrNull(rs, "gave_up_at")),
                                Optional.ofNullable(rs.getString("last_error"))));
                    }
                }
                return out;
            }
        });
    }
}
