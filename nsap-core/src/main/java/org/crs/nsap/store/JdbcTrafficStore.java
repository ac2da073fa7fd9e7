package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import javax.sql.DataSource;

import org.crs.domain.time.TimeInterval;
import org.crs.domain.traffic.TrafficRate;
import org.crs.domain.traffic.TrafficRetention;
import org.crs.domain.traffic.TrafficSample;
import org.crs.nsap.port.TrafficStore;
import org.crs.service.db.Jdbc;

/**
 * {@link TrafficStore} on the {@code segment_traffic} table of schema/nsap (V8), on HSQLDB
 * and PostgreSQL alike. Coarsening reads the rows of a tier older than the retention allows,
 * averages them per segment and bucket in Java ({@link TrafficRetention#means}: the same
 * arithmetic on every database), writes the means and deletes the rows, in one transaction.
 */
public final class JdbcTrafficStore implements TrafficStore {

    static final int POLLED = 0;
    static final int MEDIUM = 1;
    static final int COARSE = 2;

    private static final String COLUMNS = "booking_id, period_start, tier, period_end, resolution_seconds, in_bps, "
            + "out_bps, errors_per_second, discards_per_second";
    private static final String INSERT = "INSERT INTO segment_traffic (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final DataSource dataSource;

    public JdbcTrafficStore(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public void addRates(Map<String, TrafficRate> rates, Duration resolution) {
        Jdbc.inTransaction(dataSource, "storing traffic rates", c -> {
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                for (var e : rates.entrySet()) {
                    bind(ps, e.getKey(), POLLED, resolution, e.getValue());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    @Override
    public long coarsen(TrafficRetention retention, Instant now) {
        return Jdbc.inTransaction(dataSource, "coarsening traffic rates", c -> {
            long changed = average(c, POLLED, MEDIUM, TrafficRetention.MEDIUM, retention.fineBefore(now));
            changed += average(c, MEDIUM, COARSE, TrafficRetention.COARSE, retention.mediumBefore(now));
            changed += delete(c, COARSE, retention.coarseBefore(now));
            return changed;
        });
    }

    // Replaces the rows of tier `from` older than `before` (a bucket boundary) by their means per bucket.
    private static long average(Connection c, int from, int to, Duration width, Instant before) throws SQLException {
        Map<String, List<TrafficRate>> old = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM segment_traffic"
                + " WHERE tier = ? AND period_start < ? ORDER BY booking_id, period_start")) {
            ps.setInt(1, from);
            ps.setObject(2, Jdbc.utc(before));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    old.computeIfAbsent(rs.getString(1), b -> new ArrayList<>()).add(sample(rs).rate());
                }
            }
        }
        if (old.isEmpty()) {
            return 0;
        }
        // Whole buckets only: `before` is a bucket boundary and a polled rate starts after every
        // cutoff already passed, so no mean of these buckets exists yet.
        long deleted = delete(c, from, before);
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (var e : old.entrySet()) {
                for (TrafficRate mean : TrafficRetention.means(e.getValue(), width)) {
                    bind(ps, e.getKey(), to, width, mean);
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
        return deleted;
    }

    private static long delete(Connection c, int tier, Instant before) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM segment_traffic WHERE tier = ? AND period_start < ?")) {
            ps.setInt(1, tier);
            ps.setObject(2, Jdbc.utc(before));
            return ps.executeUpdate();
        }
    }

    @Override
    public List<TrafficSample> samples(String bookingId, TimeInterval range) {
        return Jdbc.inTransaction(dataSource, "reading traffic rates", c -> {
            List<TrafficSample> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM segment_traffic"
                    + " WHERE booking_id = ? AND period_start < ? AND period_end > ? ORDER BY period_start, tier")) {
                ps.setString(1, bookingId);
                ps.setObject(2, Jdbc.utc(range.end()));
                ps.setObject(3, Jdbc.utc(range.start()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(sample(rs));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public Map<String, TrafficRate> latestRates(Instant since) {
        return Jdbc.inTransaction(dataSource, "reading the latest traffic rates", c -> {
            Map<String, TrafficRate> out = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM segment_traffic"
                    + " WHERE tier = ? AND period_end >= ?")) {
                ps.setInt(1, POLLED);
                ps.setObject(2, Jdbc.utc(since));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        TrafficRate r = sample(rs).rate();
                        out.merge(rs.getString(1), r, (a, b) -> a.to().isAfter(b.to()) ? a : b);
                    }
                }
            }
            return out;
        });
    }

    @Override
    public long rows() {
        return Jdbc.inTransaction(dataSource, "counting traffic rows", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM segment_traffic");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private static void bind(PreparedStatement ps, String bookingId, int tier, Duration resolution, TrafficRate r)
            throws SQLException {
        ps.setString(1, bookingId);
        ps.setObject(2, Jdbc.utc(r.from()));
        ps.setInt(3, tier);
        ps.setObject(4, Jdbc.utc(r.to()));
        ps.setInt(5, (int) Math.max(1, Math.round(resolution.toMillis() / 1000.0)));
        ps.setDouble(6, r.inBitsPerSecond());
        ps.setDouble(7, r.outBitsPerSecond());
        ps.setDouble(8, r.errorsPerSecond());
        ps.setDouble(9, r.discardsPerSecond());
    }

    private static TrafficSample sample(ResultSet rs) throws SQLException {
        return new TrafficSample(Duration.ofSeconds(rs.getInt(5)), new TrafficRate(Jdbc.instant(rs, 2),
                Jdbc.instant(rs, 4), rs.getDouble(6), rs.getDouble(7), rs.getDouble(8), rs.getDouble(9)));
    }
}
