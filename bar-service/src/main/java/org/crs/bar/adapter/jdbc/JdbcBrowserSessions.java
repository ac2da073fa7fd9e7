package org.crs.bar.adapter.jdbc;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.bar.oidc.AuthorizationRequest;
import org.crs.bar.port.BrowserSessions;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

/**
 * Browser sessions and begun OpenID sign-ins over JDBC (schema/bar/V12__browser_sessions.sql),
 * on HSQLDB or PostgreSQL. Finding a session is one read by primary key, outside a transaction
 * (a single statement needs none), because every request made with a session cookie asks.
 */
public final class JdbcBrowserSessions implements BrowserSessions {

    private final DataSource dataSource;

    public JdbcBrowserSessions(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public void open(String idHash, String account, Instant at) {
        Jdbc.update(dataSource, "open a session",
                "INSERT INTO browser_session (id_hash, account, opened_at, last_used_at)"
                + " VALUES (?, ?, ?, ?)", idHash, account, Jdbc.utc(at), Jdbc.utc(at));
    }

    @Override
    public Optional<StoredSession> find(String idHash) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT account, opened_at, last_used_at FROM browser_session WHERE id_hash = ?")) {
            ps.setString(1, idHash);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new StoredSession(rs.getString(1), Jdbc.instant(rs, 2), Jdbc.instant(rs, 3)));
            }
        } catch (SQLException e) {
            throw new StoreException("find a session", e);
        }
    }

    @Override
    public void touch(String idHash, Instant at) {
        Jdbc.update(dataSource, "mark a session used",
                "UPDATE browser_session SET last_used_at = ? WHERE id_hash = ? AND last_used_at < ?",
                Jdbc.utc(at), idHash, Jdbc.utc(at));
    }

    @Override
    public void close(String idHash) {
        Jdbc.update(dataSource, "end a session", "DELETE FROM browser_session WHERE id_hash = ?", idHash);
    }

    @Override
    public int closeAll(String account) {
        return Jdbc.update(dataSource, "end an account's sessions",
                "DELETE FROM browser_session WHERE account = ?", account);
    }

    @Override
    public int sweepSessions(Instant usedBefore, Instant openedBefore) {
        return Jdbc.update(dataSource, "delete ended sessions",
                "DELETE FROM browser_session WHERE last_used_at < ? OR opened_at < ?",
                Jdbc.utc(usedBefore), Jdbc.utc(openedBefore));
    }

    @Override
    public void begin(String idHash, AuthorizationRequest request, Instant expiresAt) {
        Jdbc.update(dataSource, "keep a begun sign-in",
                "INSERT INTO oidc_sign_in (id_hash, redirect, state, nonce, code_verifier,"
                        + " return_to, started_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                idHash, request.redirect().toString(), request.state(), request.nonce(), request.codeVerifier(),
                request.returnTo(), Jdbc.utc(request.startedAt()), Jdbc.utc(expiresAt));
    }

    @Override
    public Optional<AuthorizationRequest> take(String idHash, Instant now) {
        return Jdbc.inTransaction(dataSource, "take a begun sign-in", c -> {
            AuthorizationRequest found;
            Instant expiresAt;
            try (PreparedStatement ps = c.prepareStatement("SELECT redirect, state, nonce, code_verifier, return_to,"
                    + " started_at, expires_at FROM oidc_sign_in WHERE id_hash = ?")) {
                ps.setString(1, idHash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    found = new AuthorizationRequest(URI.create(rs.getString(1)), rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getString(5), Jdbc.instant(rs, 6));
                    expiresAt = Jdbc.instant(rs, 7);
                }
            }
            // Whoever deletes the row takes the sign-in: a second replica's delete finds nothing.
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM oidc_sign_in WHERE id_hash = ?")) {
                ps.setString(1, idHash);
                if (ps.executeUpdate() != 1) {
                    return Optional.empty();
                }
            }
            return expiresAt.isAfter(now) ? Optional.of(found) : Optional.empty();
        });
    }

    @Override
    public int sweepSignIns(Instant now) {
        return Jdbc.update(dataSource, "delete lapsed sign-ins",
                "DELETE FROM oidc_sign_in WHERE expires_at <= ?", Jdbc.utc(now));
    }

    /** One statement, committed on its own. */
}
