package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import javax.sql.DataSource;

import org.crs.bar.nsi.NsiConnection;
import org.crs.domain.nsi.LifecycleState;
import org.crs.bar.nsi.NsiCriteria;
import org.crs.bar.nsi.NsiMessageKind;
import org.crs.bar.nsi.NsiStates;
import org.crs.bar.port.NsiConnections;
import org.crs.service.db.Jdbc;

/**
 * NSI connections over JDBC (schema/bar/V14__nsi_connections.sql, with the awaited requests'
 * correlation ids of V18), on HSQLDB or PostgreSQL.
 * A change is one conditional update of the connection's row, comparing every state, the
 * requested version and both message counters with what the caller read, followed in the same
 * transaction by its criteria, results, notifications and callbacks: a change that lost a race
 * writes nothing and is told so. Once a change owing callbacks has committed, it tells
 * {@code owed} (the sender's wake).
 */
public final class JdbcNsiConnections implements NsiConnections {

    /** Ids per {@code IN (...)}: well under both databases' limits on parameters. */
    private static final int IDS_PER_QUERY = 500;
    private static final int TEXT = 2000;

    private final DataSource dataSource;
    private final Runnable owed;

    /** Connections that tell no one of the callbacks they owe: those wait for the sender's sweep. */
    public JdbcNsiConnections(DataSource dataSource) {
        this(dataSource, () -> { });
    }

    /** @param owed told after each committed change that owes callbacks (the sender's {@code wake}) */
    public JdbcNsiConnections(DataSource dataSource, Runnable owed) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.owed = Objects.requireNonNull(owed, "owed");
    }

    @Override
    public boolean create(NsiConnection n) {
        return Jdbc.inTransaction(dataSource, "create an NSI connection", c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO nsi_connection (connection_id, requester_nsa, "
                    + "provider_nsa, global_reservation_id, description, reply_to, request_id, requested_version, "
                    + "committed_version, reservation_state, provision_state, lifecycle_state, data_plane_active, "
                    + "data_plane_version, next_result_id, next_notification_id, created_at, updated_at, "
                    + "reserve_correlation_id, provision_correlation_id, terminate_correlation_id) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                NsiStates s = n.states();
                ps.setString(1, n.connectionId());
                ps.setString(2, n.requesterNsa());
                ps.setString(3, n.providerNsa());
                ps.setString(4, n.globalReservationId().orElse(null));
                ps.setString(5, n.description().map(d -> Jdbc.clip(d, TEXT)).orElse(null));
                ps.setString(6, n.replyTo().map(Object::toString).orElse(null));
                ps.setString(7, n.requestId());
                ps.setInt(8, n.requested().version());
                ps.setObject(9, n.committed().map(NsiCriteria::version).orElse(null), java.sql.Types.INTEGER);
                ps.setString(10, s.reservation().name());
                ps.setString(11, s.provision().name());
                ps.setString(12, s.lifecycle().name());
                ps.setBoolean(13, s.dataPlaneActive());
                ps.setInt(14, s.dataPlaneVersion());
                ps.setLong(15, n.nextResultId());
                ps.setLong(16, n.nextNotificationId());
                ps.setObject(17, Jdbc.utc(n.created()));
                ps.setObject(18, Jdbc.utc(n.updated()));
                ps.setString(19, n.awaited().reservation().orElse(null));
                ps.setString(20, n.awaited().provision().orElse(null));
                ps.setString(21, n.awaited().lifecycle().orElse(null));
                ps.executeUpdate();
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    c.rollback(); // PostgreSQL ends the transaction at the failed statement
                    return false;
                }
                throw e;
            }
            NsiRows.insertCriteria(c, n.connectionId(), n.requested());
            if (n.committed().isPresent() && n.committed().get().version() != n.requested().version()) {
                NsiRows.insertCriteria(c, n.connectionId(), n.committed().get());
            }
            return true;
        });
    }

    @Override
    public Optional<NsiConnection> find(String connectionId) {
        return Jdbc.inTransaction(dataSource, "find an NSI connection", c -> NsiRows.findIn(c, connectionId));
    }

    @Override
    public Optional<NsiConnection> findByRequestId(String requestId) {
        return Jdbc.inTransaction(dataSource, "find the NSI connection of a reservation", c -> {
            List<NsiConnection> found = select(c, " WHERE c.request_id = ?", List.of(requestId));
            return found.stream().findFirst();
        });
    }

    @Override
    public List<NsiConnection> ofRequester(String requesterNsa, Selection selection) {
        return Jdbc.inTransaction(dataSource, "find a requester's NSI connections", c -> {
            String where = " WHERE c.requester_nsa = ?";
            if (selection instanceof Selection.All) {
                return select(c, where + " ORDER BY c.created_at, c.connection_id", List.of(requesterNsa));
            }
            Set<String> ids;
            String column;
            if (selection instanceof Selection.ConnectionIds named) {
                ids = named.ids();
                column = "c.connection_id";
            } else {
                ids = ((Selection.GlobalReservationIds) selection).ids();
                column = "c.global_reservation_id";
            }
            List<String> all = new ArrayList<>(ids);
            List<NsiConnection> out = new ArrayList<>();
            for (int i = 0; i < all.size(); i += IDS_PER_QUERY) {
                List<String> chunk = all.subList(i, Math.min(all.size(), i + IDS_PER_QUERY));
                List<Object> params = new ArrayList<>(List.of(requesterNsa));
                params.addAll(chunk);
                out.addAll(select(c, where + " AND " + column + " IN ("
                        + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")", params));
            }
            out.sort(Comparator.comparing(NsiConnection::created).thenComparing(NsiConnection::connectionId));
            return out;
        });
    }

    @Override
    public List<NsiConnection> live(int limit) {
        return Jdbc.inTransaction(dataSource, "find the live NSI connections", c -> {
            List<NsiConnection> all = select(c, " WHERE c.lifecycle_state <> ? ORDER BY c.updated_at, c.connection_id",
                    List.of(LifecycleState.TERMINATED.name()));
            return all.size() <= limit ? all : List.copyOf(all.subList(0, limit));
        });
    }

    private static List<NsiConnection> select(Connection c, String condition, List<Object> params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NsiRows.SELECT_CONNECTIONS + condition)) {
            for (int i = 0; i < params.size(); i++) {
                ps.setObject(i + 1, params.get(i));
            }
            List<NsiConnection> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(NsiRows.connection(rs));
                }
            }
            return out;
        }
    }

    @Override
    public ChangeOutcome change(Change change) {
        NsiConnection read = change.read();
        String id = read.connectionId();
        ChangeOutcome outcome = Jdbc.inTransaction(dataSource, "change an NSI connection", c -> {
            if (!moved(c, change)) {
                return NsiRows.findIn(c, id).<ChangeOutcome>map(ChangeOutcome.LostRace::new)
                        .orElse(new ChangeOutcome.NotFound(id));
            }
            if (change.criteria() instanceof CriteriaChange.Requested r) {
                // An uncommitted version at or above the new one (a reserve asked again after an abort) is replaced.
                try (PreparedStatement ps = c.prepareStatement(
                        "DELETE FROM nsi_criteria WHERE connection_id = ? AND version >= ?")) {
                    ps.setString(1, id);
                    ps.setInt(2, r.criteria().version());
                    ps.executeUpdate();
                }
                NsiRows.insertCriteria(c, id, r.criteria());
            }
            for (Owed o : change.messages()) {
                NsiRows.insertMessage(c, id, o.kind(), o.id(), o.correlationId(), o.body(), change.at());
                if (o.callback().isPresent()) {
                    Callback cb = o.callback().get();
                    NsiRows.insertCallback(c, id, o.kind(), o.correlationId(), cb.replyTo(), cb.envelope(),
                            cb.deadline(), change.at());
                }
            }
            return new ChangeOutcome.Changed(NsiRows.findIn(c, id).orElseThrow());
        });
        if (outcome instanceof ChangeOutcome.Changed && change.messages().stream().anyMatch(o -> o.callback().isPresent())) {
            owed.run();
        }
        return outcome;
    }

    /** The conditional update of the connection's row. @return whether the row was as read */
    private static boolean moved(Connection c, Change change) throws SQLException {
        NsiConnection read = change.read();
        NsiStates from = read.states();
        NsiStates to = change.next();
        long results = change.messages().stream().filter(m -> m.kind().family() == NsiMessageKind.Family.RESULT).count();
        long notifications = change.messages().size() - results;
        CriteriaChange k = change.criteria();
        String versions = k instanceof CriteriaChange.Requested r ? ", requested_version = " + r.criteria().version()
                + ", modify_deadline = ?"
                : k instanceof CriteriaChange.Committed ? ", committed_version = requested_version, modify_deadline = NULL"
                : k instanceof CriteriaChange.Reverted ? ", requested_version = COALESCE(committed_version, requested_version)"
                + ", modify_deadline = NULL"
                : "";
        try (PreparedStatement ps = c.prepareStatement("UPDATE nsi_connection SET reservation_state = ?, "
                + "provision_state = ?, lifecycle_state = ?, data_plane_active = ?, data_plane_version = ?, "
                + "next_result_id = ?, next_notification_id = ?, updated_at = ?, reserve_correlation_id = ?, "
                + "provision_correlation_id = ?, terminate_correlation_id = ?" + versions
                + " WHERE connection_id = ? AND reservation_state = ? AND provision_state = ? AND lifecycle_state = ?"
                + " AND data_plane_active = ? AND data_plane_version = ? AND requested_version = ?"
                + " AND next_result_id = ? AND next_notification_id = ?")) {
            int i = 1;
            ps.setString(i++, to.reservation().name());
            ps.setString(i++, to.provision().name());
            ps.setString(i++, to.lifecycle().name());
            ps.setBoolean(i++, to.dataPlaneActive());
            ps.setInt(i++, to.dataPlaneVersion());
            ps.setLong(i++, read.nextResultId() + results);
            ps.setLong(i++, read.nextNotificationId() + notifications);
            ps.setObject(i++, Jdbc.utc(change.at()));
            ps.setString(i++, change.awaited().reservation().orElse(null));
            ps.setString(i++, change.awaited().provision().orElse(null));
            ps.setString(i++, change.awaited().lifecycle().orElse(null));
            if (k instanceof CriteriaChange.Requested r) {
                ps.setObject(i++, r.modifyDeadline().map(Jdbc::utc).orElse(null), java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
            }
            ps.setString(i++, read.connectionId());
            ps.setString(i++, from.reservation().name());
            ps.setString(i++, from.provision().name());
            ps.setString(i++, from.lifecycle().name());
            ps.setBoolean(i++, from.dataPlaneActive());
            ps.setInt(i++, from.dataPlaneVersion());
            ps.setInt(i++, read.requested().version());
            ps.setLong(i++, read.nextResultId());
            ps.setLong(i, read.nextNotificationId());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public List<StoredMessage> messages(String connectionId, NsiMessageKind.Family family, OptionalLong first,
                                        OptionalLong last) {
        if (family == NsiMessageKind.Family.QUERY_ANSWER) {
            throw new IllegalArgumentException("a query's answers are not kept with a connection");
        }
        return Jdbc.inTransaction(dataSource, "read an NSI connection's messages", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT kind, seq, correlation_id, body, created_at "
                    + "FROM nsi_message WHERE connection_id = ? AND family = ? AND seq >= ? AND seq <= ? ORDER BY seq")) {
                ps.setString(1, connectionId);
                ps.setString(2, family.name());
                ps.setLong(3, first.orElse(Long.MIN_VALUE));
                ps.setLong(4, last.orElse(Long.MAX_VALUE));
                List<StoredMessage> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new StoredMessage(NsiMessageKind.valueOf(rs.getString(1)), rs.getLong(2), rs.getString(3),
                                rs.getString(4), Jdbc.instant(rs, 5)));
                    }
                }
                return out;
            }
        });
    }
}
