package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import javax.sql.DataSource;

import org.crs.bar.account.LoginThrottle;
import org.crs.bar.account.Secrets;
import org.crs.bar.port.ThrottleCounts;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

/**
 * The login throttle's counts over JDBC (schema/bar/V12__browser_sessions.sql, table
 * {@code sign_in_failure}), keyed by the SHA-256 of the key. A failure is counted by one
 * conditional UPDATE, which the database serialises on the row, so failures at two replicas at
 * once both count; the first failure on a key INSERTs, and an INSERT that lost the race to
 * another replica's counts by the UPDATE again.
 */
public final class JdbcThrottleCounts implements ThrottleCounts {

    private static final String COUNT = "UPDATE sign_in_failure SET"
            + " failures = CASE WHEN first_at < ? THEN 1 ELSE failures + 1 END,"
            + " first_at = CASE WHEN first_at < ? THEN ? ELSE first_at END,"
            + " last_at = ? WHERE key_hash = ?";

    private final DataSource dataSource;

    public JdbcThrottleCounts(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public Map<String, LoginThrottle.Failures> find(Set<String> keys) {
        Map<String, String> byHash = new HashMap<>();
        keys.forEach(k -> byHash.put(Secrets.sha256(k), k));
        if (byHash.isEmpty()) {
            return Map.of();
        }
        String marks = String.join(", ", Collections.nCopies(byHash.size(), "?"));
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT key_hash, failures, first_at, last_at FROM sign_in_failure WHERE key_hash IN (" + marks + ")")) {
            int i = 1;
            for (String hash : byHash.keySet()) {
                ps.setString(i++, hash);
            }
            Map<String, LoginThrottle.Failures> out = new HashMap<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(byHash.get(rs.getString(1)),
                            new LoginThrottle.Failures(rs.getInt(2), Jdbc.instant(rs, 3), Jdbc.instant(rs, 4)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("read failed sign-ins", e);
        }
    }

    @Override
    public void count(String key, Instant now, Instant windowStart) {
        String hash = Secrets.sha256(key);
        boolean counted = Jdbc.inTransaction(dataSource, "count a failed sign-in", c -> {
            if (countExisting(c, hash, now, windowStart)) {
                return true;
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO sign_in_failure (key_hash, failures, first_at, last_at) VALUES (?, 1, ?, ?)")) {
                ps.setString(1, hash);
                ps.setObject(2, Jdbc.utc(now));
                ps.setObject(3, Jdbc.utc(now));
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
        if (!counted) {
            // Another replica inserted the row meanwhile: it exists now, so the update counts.
            Jdbc.inTransaction(dataSource, "count a failed sign-in", c -> countExisting(c, hash, now, windowStart));
        }
    }

    private static boolean countExisting(Connection c, String hash, Instant now, Instant windowStart)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(COUNT)) {
            ps.setObject(1, Jdbc.utc(windowStart));
            ps.setObject(2, Jdbc.utc(windowStart));
            ps.setObject(3, Jdbc.utc(now));
            ps.setObject(4, Jdbc.utc(now));
            ps.setString(5, hash);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public void clear(String key) {
        Jdbc.update(dataSource, "clear failed sign-ins",
                "DELETE FROM sign_in_failure WHERE key_hash = ?", Secrets.sha256(key));
    }

    @Override
    public int sweep(Instant lastBefore) {
        return Jdbc.update(dataSource, "forget old failed sign-ins",
                "DELETE FROM sign_in_failure WHERE last_at < ?", Jdbc.utc(lastBefore));
    }
}
