package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;

import org.crs.domain.reservation.ReservationState;
import org.crs.service.db.StoreException;

/**
 * How many reservations are in each state: one grouped count over the {@code reservation}
 * table, which {@code /metrics} reads at every scrape ({@code crs_reservations}).
 */
public final class JdbcReservationCounts {

    private final DataSource dataSource;

    public JdbcReservationCounts(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    /** Every state, with 0 for a state no reservation is in. */
    public Map<ReservationState, Long> byState() {
        Map<ReservationState, Long> counts = new EnumMap<>(ReservationState.class);
        for (ReservationState s : ReservationState.values()) {
            counts.put(s, 0L);
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT state, COUNT(*) FROM reservation GROUP BY state");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                counts.put(ReservationState.valueOf(rs.getString(1)), rs.getLong(2));
            }
        } catch (SQLException e) {
            throw new StoreException("counting reservations by state", e);
        }
        return counts;
    }
}
