package org.crs.bar.adapter.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import javax.sql.DataSource;

import org.crs.bar.port.UsageFlags;
import org.crs.bar.reservation.UsageFlag;
import org.crs.service.db.Jdbc;

/** Reservations' traffic flags over JDBC (schema/bar/V11__usage_flags.sql). */
public final class JdbcUsageFlags implements UsageFlags {

    /** The row that says a reservation's idle check is done; not a flag. */
    private static final String IDLE_CHECKED = "IDLE_CHECKED";
    private static final int TEXT = 1000;
    /** Ids per IN list: well under what either database takes in one statement. */
    private static final int CHUNK = 500;

    private final DataSource dataSource;

    public JdbcUsageFlags(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public boolean raise(String requestId, UsageFlag flag, String detail, Instant at) {
        return insert(requestId, flag.name(), detail, at);
    }

    @Override
    public boolean idleChecked(String requestId, Instant at) {
        return insert(requestId, IDLE_CHECKED, "", at);
    }

    private boolean insert(String requestId, String kind, String detail, Instant at) {
        return Jdbc.inTransaction(dataSource, "raise a usage flag", c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO usage_flag (request_id, kind, raised_at, detail) VALUES (?, ?, ?, ?)")) {
                ps.setString(1, requestId);
                ps.setString(2, kind);
                ps.setObject(3, Jdbc.utc(at));
                ps.setString(4, Jdbc.clip(detail == null ? "" : detail, TEXT));
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
    public Map<String, Set<UsageFlag>> of(Collection<String> requestIds) {
        Map<String, Set<UsageFlag>> out = new HashMap<>();
        for (String[] row : rows(requestIds)) {
            if (!IDLE_CHECKED.equals(row[1])) {
                out.computeIfAbsent(row[0], k -> EnumSet.noneOf(UsageFlag.class)).add(UsageFlag.valueOf(row[1]));
            }
        }
        return out;
    }

    @Override
    public Set<String> idleCheckDone(Collection<String> requestIds) {
        Set<String> out = new HashSet<>();
        for (String[] row : rows(requestIds)) {
            if (IDLE_CHECKED.equals(row[1])) {
                out.add(row[0]);
            }
        }
        return out;
    }

    private List<String[]> rows(Collection<String> requestIds) {
        List<String> ids = List.copyOf(new HashSet<>(requestIds));
        List<String[]> out = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            out.addAll(Jdbc.inTransaction(dataSource, "read usage flags", c -> {
                String marks = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT request_id, kind FROM usage_flag WHERE request_id IN (" + marks + ")")) {
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setString(i + 1, chunk.get(i));
                    }
                    List<String[]> rows = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows.add(new String[] {rs.getString(1), rs.getString(2)});
                        }
                    }
                    return rows;
                }
            }));
        }
        return out;
    }
}
