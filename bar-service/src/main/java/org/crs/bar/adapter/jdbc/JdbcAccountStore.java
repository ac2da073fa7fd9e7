package org.crs.bar.adapter.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.bar.account.Account;
import org.crs.bar.account.ApiToken;
import org.crs.bar.account.Group;
import org.crs.bar.port.AccountStore;
import org.crs.domain.access.Caller;
import org.crs.domain.access.Role;
import org.crs.service.db.Jdbc;
import org.crs.service.db.StoreException;

/** Accounts, groups, token hashes and certificate mappings in the BAR's database (schema/bar/V6__accounts.sql). */
public final class JdbcAccountStore implements AccountStore {

    private static final int TEXT = 2000;

    private final DataSource dataSource;

    public JdbcAccountStore(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public boolean createAccount(String name, Role role, String email, String passwordHash, Instant at) {
        return insert("INSERT INTO account (name, role, email, password_hash, blocked, blocked_reason, created_at) "
                + "VALUES (?, ?, ?, ?, FALSE, '', ?)", name, role.name(), email, passwordHash, Jdbc.utc(at));
    }

    @Override
    public Optional<Account> find(String name) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, role, email, blocked, created_at FROM account WHERE name = ?")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(account(c, rs)) : Optional.<Account>empty();
                }
            }
        });
    }

    @Override
    public Optional<String> passwordHash(String name) {
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT password_hash FROM account WHERE name = ?")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    @Override
    public List<Account> list() {
        return inTransaction(c -> {
            List<Account> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, role, email, blocked, created_at FROM account ORDER BY name");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(account(c, rs));
                }
            }
            return out;
        });
    }

    private static Account account(Connection c, ResultSet rs) throws SQLException {
        String name = rs.getString("name");
        List<Caller.Membership> groups = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT g.name, g.shares_reservations FROM group_member m "
                + "JOIN account_group g ON g.name = m.group_name WHERE m.account = ? ORDER BY m.position, g.name")) {
            ps.setString(1, name);
            try (ResultSet g = ps.executeQuery()) {
                while (g.next()) {
                    groups.add(new Caller.Membership(g.getString(1), g.getBoolean(2)));
                }
            }
        }
        return new Account(name, Role.valueOf(rs.getString("role")), rs.getString("email"), rs.getBoolean("blocked"), groups,
                Jdbc.instant(rs, "created_at"));
    }

    @Override
    public boolean setPasswordHash(String name, String passwordHash) {
        return update("UPDATE account SET password_hash = ? WHERE name = ?", passwordHash, name);
    }

    @Override
    public boolean setRole(String name, Role role) {
        return update("UPDATE account SET role = ? WHERE name = ?", role.name(), name);
    }

    @Override
    public boolean setEmail(String name, String email) {
        return update("UPDATE account SET email = ? WHERE name = ?", email, name);
    }

    @Override
    public boolean setBlocked(String name, boolean blocked, String reason) {
        return update("UPDATE account SET blocked = ?, blocked_reason = ? WHERE name = ?", blocked,
                Jdbc.clip(reason == null ? "" : reason, TEXT), name);
    }

    @Override
    public boolean createGroup(String name, String description, boolean sharesReservations, Instant at) {
        return insert("INSERT INTO account_group (name, description, shares_reservations, created_at) VALUES (?, ?, ?, ?)",
                name, Jdbc.clip(description == null ? "" : description, TEXT), sharesReservations, Jdbc.utc(at));
    }

    @Override
    public Optional<Group> findGroup(String name) {
        return groups(name).stream().findFirst();
    }

    @Override
    public List<Group> groups() {
        return groups(null);
    }

    private List<Group> groups(String only) {
        return inTransaction(c -> {
            List<Group> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT name, description, shares_reservations FROM account_group"
                    + (only == null ? "" : " WHERE name = ?") + " ORDER BY name")) {
                if (only != null) {
                    ps.setString(1, only);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Group(rs.getString(1), rs.getString(2), rs.getBoolean(3), members(c, rs.getString(1))));
                    }
                }
            }
            return out;
        });
    }

    private static List<String> members(Connection c, String group) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT account FROM group_member WHERE group_name = ? ORDER BY account")) {
            ps.setString(1, group);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    @Override
    public boolean addMember(String group, String account) {
        return inTransaction(c -> {
            if (!exists(c, "SELECT 1 FROM account_group WHERE name = ?", group)
                    || !exists(c, "SELECT 1 FROM account WHERE name = ?", account)
                    || exists(c, "SELECT 1 FROM group_member WHERE group_name = ? AND account = ?", group, account)) {
                return false;
            }
            int position;
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COALESCE(MAX(position), -1) + 1 FROM group_member WHERE account = ?")) {
                ps.setString(1, account);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    position = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO group_member (group_name, account, position) VALUES (?, ?, ?)")) {
                ps.setString(1, group);
                ps.setString(2, account);
                ps.setInt(3, position);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean removeMember(String group, String account) {
        return update("DELETE FROM group_member WHERE group_name = ? AND account = ?", group, account);
    }

    @Override
    public void addToken(String id, String account, String tokenHash, String label, Instant at) {
        if (!insert("INSERT INTO api_token (id, account, token_hash, label, created_at) VALUES (?, ?, ?, ?, ?)", id, account,
                tokenHash, Jdbc.clip(label == null ? "" : label, 200), Jdbc.utc(at))) {
            throw new IllegalStateException("a token id or hash repeated: " + id);
        }
    }

    @Override
    public void setCalendarFeed(String account, String tokenHash, Instant at) {
        inTransaction(c -> {
            execute(c, "DELETE FROM calendar_feed WHERE account = ?", account);
            return execute(c, "INSERT INTO calendar_feed (account, token_hash, created_at) VALUES (?, ?, ?)", account,
                    tokenHash, Jdbc.utc(at));
        });
    }

    @Override
    public boolean removeCalendarFeed(String account) {
        return update("DELETE FROM calendar_feed WHERE account = ?", account);
    }

    @Override
    public Optional<Instant> calendarFeedSince(String account) {
        return inTransaction(c -> {
            try (PreparedStatement ps = prepared(c, "SELECT created_at FROM calendar_feed WHERE account = ?", account);
                 ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(Jdbc.instant(rs, 1)) : Optional.<Instant>empty();
            }
        });
    }

    @Override
    public Optional<String> accountOfCalendarFeed(String tokenHash) {
        return single("SELECT account FROM calendar_feed WHERE token_hash = ?", tokenHash);
    }

    @Override
    public Optional<String> accountOfToken(String tokenHash) {
        return single("SELECT account FROM api_token WHERE token_hash = ? AND revoked_at IS NULL", tokenHash);
    }

    @Override
    public List<ApiToken> tokens(String account) {
        return inTransaction(c -> {
            List<ApiToken> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, account, label, created_at, revoked_at FROM api_token "
                    + "WHERE account = ? ORDER BY created_at, id")) {
                ps.setString(1, account);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ApiToken(rs.getString(1), rs.getString(2), rs.getString(3), Jdbc.instant(rs, 4),
                                Optional.ofNullable(Jdbc.instantOrNull(rs, "revoked_at"))));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public boolean revokeToken(String account, String id, Instant at) {
        return update("UPDATE api_token SET revoked_at = ? WHERE account = ? AND id = ? AND revoked_at IS NULL", Jdbc.utc(at),
                account, id);
    }

    @Override
    public boolean mapCertificate(String subject, String account, Instant at) {
        return inTransaction(c -> exists(c, "SELECT 1 FROM account WHERE name = ?", account)
                && !exists(c, "SELECT 1 FROM account_certificate WHERE subject = ?", subject)
                && execute(c, "INSERT INTO account_certificate (subject, account, created_at) VALUES (?, ?, ?)", subject, account,
                Jdbc.utc(at)) == 1);
    }

    @Override
    public boolean unmapCertificate(String subject) {
        return update("DELETE FROM account_certificate WHERE subject = ?", subject);
    }

    @Override
    public Optional<String> accountOfCertificate(String subject) {
        return single("SELECT account FROM account_certificate WHERE subject = ?", subject);
    }

    private Optional<String> single(String sql, Object... params) {
        return inTransaction(c -> {
            try (PreparedStatement ps = prepared(c, sql, params); ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
            }
        });
    }

    private boolean insert(String sql, Object... params) {
        try {
            return inTransaction(c -> execute(c, sql, params) == 1);
        } catch (StoreException e) {
            if (e.getCause() instanceof SQLException sql1 && Jdbc.isUniqueViolation(sql1)) {
                return false; // the name is taken: nothing was written
            }
            throw e;
        }
    }

    private boolean update(String sql, Object... params) {
        return inTransaction(c -> execute(c, sql, params) > 0);
    }

    private static int execute(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepared(c, sql, params)) {
            return ps.executeUpdate();
        }
    }

    private static boolean exists(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepared(c, sql, params); ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    private static PreparedStatement prepared(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }

    private <T> T inTransaction(Jdbc.Work<T> work) {
        return Jdbc.inTransaction(dataSource, "account store", work);
    }
}
