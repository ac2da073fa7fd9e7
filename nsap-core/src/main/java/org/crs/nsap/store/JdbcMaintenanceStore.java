package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.crs.domain.time.TimeInterval;
import org.crs.nsap.port.MaintenanceStore;
import org.crs.nsap.segment.MaintenanceImpact;
import org.crs.nsap.segment.MaintenanceWindow;
import org.crs.service.db.Jdbc;

/** Maintenance windows over JDBC, recorded under the resource's lock as admission takes it. */
final class JdbcMaintenanceStore implements MaintenanceStore {

    private static final String WINDOW_COLUMNS =
            "id, resource_id, start_at, end_at, reason, created_by, created_at, lifted_at, lifted_by, lift_reason, "
            + "declared_by_operator, lifted_by_operator";

    private final SegmentDatabase db;

    JdbcMaintenanceStore(SegmentDatabase db) {
        this.db = db;
    }

    @Override
    public MaintenanceImpact addMaintenance(String resourceId, TimeInterval interval, String reason, String actor,
                                            Optional<String> operator, Instant at) {
        String storedReason = Jdbc.clip(reason, 2000);
        String storedActor = Jdbc.clip(actor, 200);
        Optional<String> storedOperator = operator.map(o -> Jdbc.clip(o, 200));
        return db.inTransaction(c -> {
            SegmentDatabase.lock(c, List.of(resourceId));
            Optional<MaintenanceWindow> same;
            try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window "
                    + "WHERE resource_id = ? AND end_at = ? AND start_at = ? AND reason = ? AND created_by = ? "
                    + "AND " + (storedOperator.isPresent() ? "declared_by_operator = ?" : "declared_by_operator IS NULL")
                    + " AND lifted_at IS NULL ORDER BY id")) {
                ps.setString(1, resourceId);
                ps.setObject(2, Jdbc.utc(interval.end()));
                ps.setObject(3, Jdbc.utc(interval.start()));
                ps.setString(4, storedReason);
                ps.setString(5, storedActor);
                if (storedOperator.isPresent()) {
                    ps.setString(6, storedOperator.get());
                }
                same = windows(ps).stream().findFirst();
            }
            MaintenanceWindow window;
            if (same.isPresent()) {
                window = same.get();
            } else {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO maintenance_window (resource_id, start_at, "
                        + "end_at, reason, created_by, created_at, declared_by_operator) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS)) {
                    ps.setString(1, resourceId);
                    ps.setObject(2, Jdbc.utc(interval.start()));
                    ps.setObject(3, Jdbc.utc(interval.end()));
                    ps.setString(4, storedReason);
                    ps.setString(5, storedActor);
                    ps.setObject(6, Jdbc.utc(at));
                    ps.setString(7, storedOperator.orElse(null));
                    ps.executeUpdate();
                    try (ResultSet keys = ps.getGeneratedKeys()) {
                        keys.next();
                        window = new MaintenanceWindow(keys.getLong(1), resourceId, interval, storedReason, storedActor,
                                at, null, storedOperator);
                    }
                }
            }
            return new MaintenanceImpact(window, db.calendars(c).bookingsDuring(resourceId, interval));
        });
    }

    @Override
    public Optional<MaintenanceWindow> liftMaintenance(long id, MaintenanceWindow.Lift lift) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE maintenance_window SET lifted_at = ?, lifted_by = ?, "
                    + "lift_reason = ?, lifted_by_operator = ? WHERE id = ? AND lifted_at IS NULL")) {
                ps.setObject(1, Jdbc.utc(lift.at()));
                ps.setString(2, Jdbc.clip(lift.by(), 200));
                ps.setString(3, Jdbc.clip(lift.reason(), 2000));
                ps.setString(4, lift.operator().map(o -> Jdbc.clip(o, 200)).orElse(null));
                ps.setLong(5, id);
                ps.executeUpdate();
            }
            return findWindowIn(c, id);
        });
    }

    @Override
    public Optional<MaintenanceWindow> findMaintenance(long id) {
        return db.inTransaction(c -> findWindowIn(c, id));
    }

    @Override
    public List<MaintenanceWindow> maintenance(String resourceId, TimeInterval window) {
        return db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window WHERE "
                    + (resourceId == null ? "" : "resource_id = ? AND ") + "end_at > ? AND start_at < ? ORDER BY start_at, id")) {
                int p = 1;
                if (resourceId != null) {
                    ps.setString(p++, resourceId);
                }
                ps.setObject(p++, Jdbc.utc(window.start()));
                ps.setObject(p, Jdbc.utc(window.end()));
                return windows(ps);
            }
        });
    }

    @Override
    public List<String> bookingsDuring(String resourceId, TimeInterval interval) {
        return db.inTransaction(c -> db.calendars(c).bookingsDuring(resourceId, interval));
    }

    private static Optional<MaintenanceWindow> findWindowIn(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + WINDOW_COLUMNS + " FROM maintenance_window WHERE id = ?")) {
            ps.setLong(1, id);
            return windows(ps).stream().findFirst();
        }
    }

    private static List<MaintenanceWindow> windows(PreparedStatement ps) throws SQLException {
        List<MaintenanceWindow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Instant liftedAt = Jdbc.instantOrNull(rs, "lifted_at");
                MaintenanceWindow.Lift lift = liftedAt == null ? null
                        : new MaintenanceWindow.Lift(rs.getString("lifted_by"), rs.getString("lift_reason"), liftedAt,
                                Optional.ofNullable(rs.getString("lifted_by_operator")));
                out.add(new MaintenanceWindow(rs.getLong("id"), rs.getString("resource_id"),
                        new TimeInterval(Jdbc.instant(rs, "start_at"), Jdbc.instant(rs, "end_at")), rs.getString("reason"),
                        rs.getString("created_by"), Jdbc.instant(rs, "created_at"), lift,
                        Optional.ofNullable(rs.getString("declared_by_operator"))));
            }
        }
        return out;
    }
}
