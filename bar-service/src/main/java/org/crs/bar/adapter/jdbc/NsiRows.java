package org.crs.bar.adapter.jdbc;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

import org.crs.bar.nsi.NsiAwaited;
import org.crs.bar.nsi.NsiConnection;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiDirectionality;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiStates;
import org.crs.domain.nsi.LifecycleState;
import org.crs.domain.nsi.NsiReservationState;
import org.crs.domain.nsi.ProvisionState;
import org.crs.service.db.Jdbc;

/**
 * The rows of schema/bar/V14__nsi_connections.sql that both NSI adapters read or write: a
 * connection with its requested and committed criteria, and a result or notification.
 */
final class NsiRows {

    /** The longest body or envelope kept. */
    static final int LONG_TEXT = 65000;

    private static final String CRITERIA_COLUMNS = "%1$s.version AS %1$s_version, %1$s.start_at AS %1$s_start_at, "
            + "%1$s.end_at AS %1$s_end_at, %1$s.capacity_mbps AS %1$s_capacity_mbps, %1$s.source_stp AS %1$s_source_stp, "
            + "%1$s.dest_stp AS %1$s_dest_stp, %1$s.directionality AS %1$s_directionality, "
            + "%1$s.service_type AS %1$s_service_type";

    /** A connection with its criteria: requested as {@code rq}, committed as {@code cm}; add a condition and an order. */
    static final String SELECT_CONNECTIONS = "SELECT c.connection_id, c.requester_nsa, c.provider_nsa, "
            + "c.global_reservation_id, c.description, c.reply_to, c.request_id, c.reservation_state, c.provision_state, "
            + "c.lifecycle_state, c.data_plane_active, c.data_plane_version, c.next_result_id, c.next_notification_id, "
            + "c.created_at, c.updated_at, c.modify_deadline, "
            + "c.reserve_correlation_id, c.provision_correlation_id, c.terminate_correlation_id, " + String.format(CRITERIA_COLUMNS, "rq") + ", "
            + String.format(CRITERIA_COLUMNS, "cm")
            + " FROM nsi_connection c"
            + " JOIN nsi_criteria rq ON rq.connection_id = c.connection_id AND rq.version = c.requested_version"
            + " LEFT JOIN nsi_criteria cm ON cm.connection_id = c.connection_id AND cm.version = c.committed_version";

    private NsiRows() {
    }

    static NsiConnection connection(ResultSet rs) throws SQLException {
        NsiStates states = new NsiStates(NsiReservationState.valueOf(rs.getString("reservation_state")),
                ProvisionState.valueOf(rs.getString("provision_state")),
                LifecycleState.valueOf(rs.getString("lifecycle_state")), rs.getBoolean("data_plane_active"),
                rs.getInt("data_plane_version"));
        return new NsiConnection(rs.getString("connection_id"), rs.getString("requester_nsa"),
                rs.getString("provider_nsa"), Optional.ofNullable(rs.getString("global_reservation_id")),
                Optional.ofNullable(rs.getString("description")),
                Optional.ofNullable(rs.getString("reply_to")).map(URI::create), rs.getString("request_id"),
                criteria(rs, "rq").orElseThrow(), criteria(rs, "cm"), states, Jdbc.instant(rs, "created_at"),
                Jdbc.instant(rs, "updated_at"), rs.getLong("next_result_id"), rs.getLong("next_notification_id"),
                Optional.ofNullable(Jdbc.instantOrNull(rs, "modify_deadline")), new NsiAwaited(
                        Optional.ofNullable(rs.getString("reserve_correlation_id")),
                        Optional.ofNullable(rs.getString("provision_correlation_id")),
                        Optional.ofNullable(rs.getString("terminate_correlation_id"))));
    }

    private static Optional<NsiCriteria> criteria(ResultSet rs, String alias) throws SQLException {
        int version = rs.getInt(alias + "_version");
        if (rs.wasNull()) {
            return Optional.empty();
        }
        return Optional.of(new NsiCriteria(version, Jdbc.instant(rs, alias + "_start_at"),
                Optional.ofNullable(Jdbc.instantOrNull(rs, alias + "_end_at")), rs.getLong(alias + "_capacity_mbps"),
                rs.getString(alias + "_source_stp"), rs.getString(alias + "_dest_stp"),
                NsiDirectionality.valueOf(rs.getString(alias + "_directionality")), rs.getString(alias + "_service_type")));
    }

    /** The connection as the transaction sees it. */
    static Optional<NsiConnection> findIn(Connection c, String connectionId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SELECT_CONNECTIONS + " WHERE c.connection_id = ?")) {
            ps.setString(1, connectionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(connection(rs)) : Optional.empty();
            }
        }
    }

    static void insertCriteria(Connection c, String connectionId, NsiCriteria k) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO nsi_criteria (connection_id, version, start_at, "
                + "end_at, capacity_mbps, source_stp, dest_stp, directionality, service_type) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, connectionId);
            ps.setInt(2, k.version());
            ps.setObject(3, Jdbc.utc(k.start()));
            ps.setObject(4, Jdbc.utc(k.end().orElse(null)));
            ps.setLong(5, k.capacityMbps());
            ps.setString(6, k.sourceStp());
            ps.setString(7, k.destStp());
            ps.setString(8, k.directionality().name());
            ps.setString(9, k.serviceType());
            ps.executeUpdate();
        }
    }

    /** Keeps a result or notification of a connection with its id. */
    static void insertMessage(Connection c, String connectionId, NsiMessageKind kind, long id, String correlationId,
                              String body, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO nsi_message (connection_id, family, seq, kind, "
                + "correlation_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, connectionId);
            ps.setString(2, kind.family().name());
            ps.setLong(3, id);
            ps.setString(4, kind.name());
            ps.setString(5, correlationId);
            ps.setString(6, body(body));
            ps.setObject(7, Jdbc.utc(at));
            ps.executeUpdate();
        }
    }

    /** Keeps a callback to deliver, due at once. */
    static void insertCallback(Connection c, String connectionId, NsiMessageKind kind, String correlationId,
                               String replyTo, String envelope, Instant deadline, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO nsi_callback (connection_id, kind, correlation_id, "
                + "reply_to, envelope, created_at, deadline_at, attempts, next_attempt_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)")) {
            ps.setString(1, connectionId);
            ps.setString(2, kind.name());
            ps.setString(3, correlationId);
            ps.setString(4, replyTo);
            ps.setString(5, body(envelope));
            ps.setObject(6, Jdbc.utc(at));
            ps.setObject(7, Jdbc.utc(deadline));
            ps.setObject(8, Jdbc.utc(at));
            ps.executeUpdate();
        }
    }

    /** A message is kept whole or not at all: a clipped XML document would be sent broken. */
    private static String body(String xml) {
        if (xml.length() > LONG_TEXT) {
            throw new IllegalArgumentException("an NSI message of " + xml.length() + " characters is longer than the "
                    + LONG_TEXT + " the outbox keeps");
        }
        return xml;
    }
}
