package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;

import org.crs.domain.booking.SegmentState;
import org.crs.service.db.StoreException;

/**
 * How many segments are in each state: one grouped count over the {@code segment} table, which
 * {@code /metrics} reads at every scrape ({@code crs_segments}).
 */
public final class JdbcSegmentCounts {

    private final DataSource dataSource;

    public JdbcSegmentCounts(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    /** Every state, with 0 for a state no segment is in. */
    public Map<SegmentState, Long> byState() {
        Map<SegmentState, Long> counts = new EnumMap<>(SegmentState.class);
        for (SegmentState s : SegmentState.values()) {
            counts.put(s, 0L);
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT state, COUNT(*) FROM segment GROUP BY state");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                counts.put(SegmentState.valueOf(rs.getString(1)), rs.getLong(2));
            }
        } catch (SQLException e) {
            throw new StoreException("counting segments by state", e);
        }
        return counts;
    }
}
