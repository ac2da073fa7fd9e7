package org.crs.nsap.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.crs.domain.access.SegmentOwner;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.Redaction;
import org.crs.nsap.port.DeviceLogStore;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.service.audit.AuditTrail;
import org.crs.service.db.Jdbc;

/**
 * The device log over JDBC. Every exchange logged also goes into the service's audit trail,
 * in the same transaction (both are kept, or neither): operation
 * {@value AuditTrail#ROUTER_COMMAND}, the service as actor, the booking id and the reservation
 * it names, the router, the protocol and request as arguments, the router's outcome and its
 * answer as detail. The drivers already mask the passwords they send ({@code <secret>}); what
 * reaches the trail is redacted again ({@link Redaction#text}), so that a community or a
 * password written into a command line stays out of it.
 */
final class JdbcDeviceLogStore implements DeviceLogStore {

    private final SegmentDatabase db;
    private final AuditTrail trail;
    private final String actor;

    /**
     * @param trail the service's audit trail, on the same database
     * @param actor the service instance's name, the actor of its router commands
     */
    JdbcDeviceLogStore(SegmentDatabase db, AuditTrail trail, String actor) {
        this.db = db;
        this.trail = trail;
        this.actor = actor;
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
            List<AuditRecord> audit = new ArrayList<>(entries.size());
            for (DeviceLogEntry e : entries) {
                audit.add(auditRecord(bookingId, e));
            }
            trail.append(c, audit);
            return null;
        });
    }

    private AuditRecord auditRecord(String bookingId, DeviceLogEntry e) {
        Map<String, String> arguments = new LinkedHashMap<>();
        arguments.put("protocol", e.protocol().name());
        arguments.put("request", Redaction.text(e.request(), List.of()));
        arguments.put("elapsedMs", Long.toString(e.elapsedMillis()));
        return new AuditRecord(e.at(), actor, "", "", AuditTrail.ROUTER_COMMAND, arguments, e.outcome().name(),
                AuditTrail.reservationOfBooking(bookingId), bookingId, e.router(), Redaction.text(e.response(), List.of()));
    }

    @Override
    public List<DeviceLogRecord> deviceLog(String bookingId, int limit) {
        return bookingId == null ? records("", null, limit) : records(" WHERE booking_id = ?", bookingId, limit);
    }

    @Override
    public List<DeviceLogRecord> deviceLogOwnedBy(SegmentOwner.Bar owner, int limit) {
        return records(" WHERE booking_id IN (SELECT booking_id FROM segment WHERE owner_site = ?)", owner.site(), limit);
    }

    /** The rows {@code where} selects with its one parameter (none when {@code where} is empty). */
    private List<DeviceLogRecord> records(String where, String parameter, int limit) {
        return db.inTransaction(c -> {
            String sql = "SELECT booking_id, router, protocol, request, response, outcome, occurred_at, elapsed_ms FROM device_log"
                    + where + " ORDER BY id";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                if (!where.isEmpty()) {
                    ps.setString(1, parameter);
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
