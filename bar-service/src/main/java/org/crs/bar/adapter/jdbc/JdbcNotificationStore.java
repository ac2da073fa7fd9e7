package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;
import org.crs.service.db.SqlEnums;
import org.crs.domain.reservation.ReservationState;
import org.crs.bar.port.NotificationStore;
import org.crs.bar.reservation.NotificationEvent;

/**
 * The notification outbox over JDBC (schema/bar/V9__notifications.sql), on HSQLDB or
 * PostgreSQL. Each method is one transaction; a claim and an expansion are conditional
 * updates, so of two replicas one does each. The attempts are recorded as the NSI callback
 * outbox's are ({@link OutboxAttempts}).
 */
public final class JdbcNotificationStore implements NotificationStore {

    private static final int TEXT = 2000;
    private static final int LONG_TEXT = 65000;
    private static final String DELIVERY_COLUMNS = "d.id, d.delivery_id, d.channel, d.recipient, d.subject, d.body, "
            + "d.attachment_name, d.attachment, d.attempts, d.next_attempt_at, d.delivered_at, d.gave_up_at, d.last_error";

    private final DataSource dataSource;
    private final OutboxAttempts attempts;

    public JdbcNotificationStore(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.attempts = new OutboxAttempts(dataSource, "notification_delivery");
    }

    @Override
    public boolean add(String requestId, NotificationEvent event, ReservationState state, String reason, Instant at) {
        return Jdbc.inTransaction(dataSource, "keep a notification", c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO notification (request_id, event, state, reason, "
                    + "occurred_at, once_key) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, requestId);
                ps.setString(2, event.name());
                ps.setString(3, state.name());
                ps.setString(4, Jdbc.clip(reason, TEXT));
                ps.setObject(5, Jdbc.utc(at));
                ps.setString(6, event.once() ? requestId + " " + event.name() : null);
                ps.executeUpdate();
                return true;
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    c.rollback(); // PostgreSQL ends the transaction at the failed statement
                    return false;
                }
                throw e;
            }
        });
    }

    @Override
    public List<Pending> unexpanded(int limit) {
        return Jdbc.inTransaction(dataSource, "read notifications to expand", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT id, request_id, event, state, reason, occurred_at "
                    + "FROM notification WHERE expanded_at IS NULL ORDER BY id")) {
                ps.setMaxRows(limit);
                List<Pending> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Pending(rs.getLong(1), rs.getString(2), NotificationEvent.valueOf(rs.getString(3)),
                                ReservationState.valueOf(rs.getString(4)), rs.getString(5), Jdbc.instant(rs, 6)));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public boolean expand(long notificationId, List<Message> messages, Instant at) {
        return Jdbc.inTransaction(dataSource, "expand a notification", c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE notification SET expanded_at = ? "
                    + "WHERE id = ? AND expanded_at IS NULL")) {
                ps.setObject(1, Jdbc.utc(at));
                ps.setLong(2, notificationId);
                if (ps.executeUpdate() != 1) {
                    return false;
                }
            }
            insert(c, notificationId, messages, at);
            return true;
        });
    }

    private static void insert(Connection c, long notificationId, List<Message> messages, Instant at) throws SQLException {
        if (messages.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO notification_delivery (delivery_id, notification_id, "
                + "channel, recipient, subject, body, attachment_name, attachment, attempts, next_attempt_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)")) {
            for (Message m : messages) {
                ps.setString(1, m.deliveryId());
                ps.setLong(2, notificationId);
                ps.setString(3, m.channel().name());
                ps.setString(4, m.recipient());
                ps.setString(5, Jdbc.clip(m.subject(), 1000));
                ps.setString(6, Jdbc.clip(m.body(), LONG_TEXT));
                ps.setString(7, m.attachmentName());
                ps.setString(8, m.attachment());
                ps.setObject(9, Jdbc.utc(at));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public List<Due> due(Instant now, int limit) {
        return Jdbc.inTransaction(dataSource, "read due notification deliveries", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + DELIVERY_COLUMNS + ", n.event "
                    + "FROM notification_delivery d JOIN notification n ON n.id = d.notification_id "
                    + "WHERE d.delivered_at IS NULL AND d.gave_up_at IS NULL AND d.next_attempt_at <= ? "
                    + "ORDER BY d.next_attempt_at, d.id")) {
                ps.setObject(1, Jdbc.utc(now));
                ps.setMaxRows(limit);
                List<Due> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Due(rs.getLong("id"), NotificationEvent.valueOf(rs.getString("event")), message(rs), rs.getInt("attempts"),
                                Jdbc.instant(rs, "next_attempt_at")));
                    }
                }
                return out;
            }
        });
    }

    private static Message message(ResultSet rs) throws SQLException {
        return new Message(rs.getString("delivery_id"), Channel.valueOf(rs.getString("channel")), rs.getString("recipient"),
                rs.getString("subject"), rs.getString("body"), rs.getString("attachment_name"), rs.getString("attachment"));
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
    public void gaveUp(long id, Instant at, String error) {
        attempts.gaveUp(id, at, error);
    }

    @Override
    public int purge(Instant before) {
        return Jdbc.inTransaction(dataSource, "purge notification deliveries", c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM notification_delivery "
                    + "WHERE delivered_at < ? OR gave_up_at < ?")) {
                ps.setObject(1, Jdbc.utc(before));
                ps.setObject(2, Jdbc.utc(before));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public List<String> activeEndingBy(Instant by, int limit) {
        return Jdbc.inTransaction(dataSource, "find active reservations that end soon", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT r.request_id FROM reservation r "
                    + "WHERE r.state = " + SqlEnums.literal(ReservationState.ACTIVE) + " AND r.end_at <= ? "
                    + "AND NOT EXISTS (SELECT 1 FROM notification n WHERE n.request_id = r.request_id "
                    + "AND n.event = " + SqlEnums.literal(NotificationEvent.ENDING_SOON) + ") "
                    + "ORDER BY r.end_at, r.request_id")) {
                ps.setObject(1, Jdbc.utc(by));
                ps.setMaxRows(limit);
                List<String> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public List<Delivery> deliveries(String requestId) {
        return Jdbc.inTransaction(dataSource, "read notification deliveries", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + DELIVERY_COLUMNS + ", n.event "
                    + "FROM notification_delivery d JOIN notification n ON n.id = d.notification_id "
                    + "WHERE n.request_id = ? ORDER BY d.id")) {
                ps.setString(1, requestId);
                List<Delivery> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Delivery(rs.getLong("id"), NotificationEvent.valueOf(rs.getString("event")), message(rs),
                                rs.getInt("attempts"), Jdbc.instantOrNull(rs, "delivered_at"),
                                Jdbc.instantOrNull(rs, "gave_up_at"), rs.getString("last_error")));
                    }
                }
                return out;
            }
        });
    }
}
