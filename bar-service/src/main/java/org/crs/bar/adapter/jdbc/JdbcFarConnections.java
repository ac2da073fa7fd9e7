package org.crs.bar.adapter.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.bar.port.FarConnections;
import org.crs.service.db.Jdbc;

/** {@link FarConnections} in the BAR's database (table {@code far_connection}, schema/bar V16). */
public final class JdbcFarConnections implements FarConnections {

    private final DataSource dataSource;
    private final Clock clock;

    public JdbcFarConnections(DataSource dataSource, Clock clock) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void remember(String bookingId, String providerNsa, String connectionId) {
        Jdbc.inTransaction(dataSource, "remember far connection " + connectionId, c -> {
            Optional<String> known = select(c, "SELECT connection_id FROM far_connection WHERE booking_id = ?", bookingId);
            if (known.isPresent()) {
                if (!known.get().equals(connectionId)) {
                    throw new IllegalStateException("booking " + bookingId + " is connection " + known.get() + " at "
                            + providerNsa + ", not " + connectionId);
                }
                return null;
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO far_connection (booking_id, provider_nsa,"
                    + " connection_id, created_at) VALUES (?, ?, ?, ?)")) {
                ps.setString(1, bookingId);
                ps.setString(2, providerNsa);
                ps.setString(3, connectionId);
                ps.setObject(4, Jdbc.utc(clock.instant()));
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Optional<String> connectionOf(String bookingId) {
        return Jdbc.inTransaction(dataSource, "find the far connection of " + bookingId, c -> select(c,
                "SELECT connection_id FROM far_connection WHERE booking_id = ?", bookingId));
    }

    @Override
    public Optional<String> bookingOf(String providerNsa, String connectionId) {
        return Jdbc.inTransaction(dataSource, "find the booking of far connection " + connectionId, c -> select(c,
                "SELECT booking_id FROM far_connection WHERE provider_nsa = ? AND connection_id = ?", providerNsa,
                connectionId));
    }

    private static Optional<String> select(java.sql.Connection c, String sql, String... parameters) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setString(i + 1, parameters[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }
}
