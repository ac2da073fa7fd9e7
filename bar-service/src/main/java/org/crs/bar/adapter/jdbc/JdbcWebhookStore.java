package org.crs.bar.adapter.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import javax.sql.DataSource;

import org.crs.service.db.Jdbc;
import org.crs.bar.port.WebhookStore;

/** Accounts' webhooks over JDBC (schema/bar/V9__notifications.sql). */
public final class JdbcWebhookStore implements WebhookStore {

    private static final String COLUMNS = "id, account, url, secret, created_at";

    private final DataSource dataSource;

    public JdbcWebhookStore(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    }

    @Override
    public void add(Webhook w) {
        Jdbc.inTransaction(dataSource, "register a webhook", c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO webhook (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)")) {
                ps.setString(1, w.id());
                ps.setString(2, w.account());
                ps.setString(3, w.url());
                ps.setString(4, w.secret());
                ps.setObject(5, Jdbc.utc(w.createdAt()));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public List<Webhook> of(String account) {
        return Jdbc.inTransaction(dataSource, "read an account's webhooks", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM webhook WHERE account = ? "
                    + "ORDER BY created_at, id")) {
                ps.setString(1, account);
                List<Webhook> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(webhook(rs));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public Optional<Webhook> find(String id) {
        return Jdbc.inTransaction(dataSource, "read a webhook", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM webhook WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(webhook(rs)) : Optional.<Webhook>empty();
                }
            }
        });
    }

    @Override
    public boolean remove(String account, String id) {
        return Jdbc.inTransaction(dataSource, "remove a webhook", c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM webhook WHERE id = ? AND account = ?")) {
                ps.setString(1, id);
                ps.setString(2, account);
                return ps.executeUpdate() == 1;
            }
        });
    }

    private static Webhook webhook(ResultSet rs) throws SQLException {
        return new Webhook(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), Jdbc.instant(rs, 5));
    }
}
