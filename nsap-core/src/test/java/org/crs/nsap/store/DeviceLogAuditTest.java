package org.crs.nsap.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.Redaction;
import org.crs.routers.driver.DeviceLogEntry;
import org.crs.service.audit.AuditTrail;
import org.crs.service.db.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every router command the device log keeps is in the service's audit trail too, linked and without secrets. */
class DeviceLogAuditTest {

    private static final Instant AT = Instant.parse("2026-11-25T10:00:00Z");
    private static final String BOOKING = "site-a:r7:campus-a";

    private Database db;
    private JdbcSegmentStore store;

    @BeforeEach
    void open() {
        db = Database.open("jdbc:hsqldb:mem:device-audit-" + UUID.randomUUID(), "SA", "");
        db.migrateService("nsap");
        store = new JdbcSegmentStore(db.dataSource(), "lnsap-site-a");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private void logTwoCommands() {
        store.logDevice(BOOKING, List.of(
                new DeviceLogEntry("rt1", DeviceLogEntry.Protocol.CLI, "interface GigabitEthernet0/1.120",
                        "", DeviceLogEntry.Outcome.OK, AT, 12),
                new DeviceLogEntry("rt1", DeviceLogEntry.Protocol.CLI, "snmp-server community s3cr3t-c RO",
                        "% Invalid input", DeviceLogEntry.Outcome.ERROR, AT.plusMillis(20), 8)));
    }

    @Test
    void eachRouterCommandIsAnAuditEntryOfItsBookingReservationAndRouter() {
        logTwoCommands();
        List<AuditEntry> entries = store.auditTrail().search(AuditQuery.all().withReservation("r7"));
        assertEquals(2, entries.size());
        AuditEntry first = entries.get(1);
        assertEquals(AuditTrail.ROUTER_COMMAND, first.record().operation());
        assertEquals("lnsap-site-a", first.record().actor());
        assertEquals(BOOKING, first.record().bookingId());
        assertEquals("rt1", first.record().router());
        assertEquals("OK", first.record().outcome());
        assertEquals("interface GigabitEthernet0/1.120", first.record().arguments().get("request"));
        assertEquals("ERROR", entries.get(0).record().outcome());
        assertEquals("% Invalid input", entries.get(0).record().detail());
        assertEquals(2, store.auditTrail().search(AuditQuery.all().withRouter("rt1")).size());
    }

    @Test
    void aCommunityInACommandDoesNotReachTheTrail() throws Exception {
        logTwoCommands();
        StringWriter csv = new StringWriter();
        store.auditTrail().exportCsv(AuditQuery.all(), csv);
        assertFalse(csv.toString().contains("s3cr3t-c"), csv.toString());
        assertEquals("snmp-server community " + Redaction.REDACTED + " RO", store.auditTrail()
                .search(AuditQuery.all()).get(0).record().arguments().get("request"));
    }

    @Test
    void theTrailOfRouterCommandsVerifies() {
        logTwoCommands();
        logTwoCommands();
        assertTrue(store.auditTrail().verify().intact());
        assertEquals(4, store.auditTrail().verify().entriesChecked());
    }
}
