package org.crs.nsap.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import org.crs.nsap.port.DeviceLogStore;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.service.db.Jdbc;

/** The device log over JDBC. */
final class JdbcDeviceLogStore implements DeviceLogStore {

    private final SegmentDatabase db;

    JdbcDeviceLogStore(SegmentDatabase db) {
        this.db = db;
    }

    @Override
    public void logDevice(String bookingId, List<DeviceLogEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        db.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO device_log (booking_id, router, protocol, request, "
                    + "response, outcome, occurred_at, elapsed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (DeviceLogEntry e : entries) {
                    ps.setString(1, bookingId);
                    ps.setString(2, e.router());
                    ps.setString(3, e.protocol().name());
                    ps.setString(4, Jdbc.clip(e.request(), 4000));
                    ps.setString(5, Jdbc.clip(e.response(), 16000));
                    ps.setString(6, e.outcome().name());
                    ps.setObject(7, Jdbc.utc(e.at()));
                    ps.setLong(8, e.elapsedMillis());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    @Override
    public List<DeviceLogRecord> deviceLog(String bookingId, int limit) {
        return db.inTransaction(c -> {
            String sql = "SELECT booking_id, router, protocol, request, response, outcome, occurred_at, elapsed_ms FROM device_log"
                    + (bookingId == null ? "" : " WHERE booking_id = ?") + " ORDER BY id";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                if (bookingId != null) {
                    ps.setString(1, bookingId);
                }
                ps.setMaxRows(limit);
                List<DeviceLogRecord> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new DeviceLogRecord(rs.getString(1), new DeviceLogEntry(rs.getString(2),
                                DeviceLogEntry.Protocol.valueOf(rs.getString(3)), rs.getString(4), rs.getString(5),
                                DeviceLogEntry.Outcome.valueOf(rs.getString(6)), Jdbc.instant(rs, 7), rs.getLong(8))));
                    }
                }
                return out;
            }
        });
    }
}
