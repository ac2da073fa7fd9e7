package org.crs.service.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.crs.domain.audit.AuditChain;
import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.AuditVerification;
import org.crs.domain.audit.Redaction;
import org.crs.domain.audit.Tampering;
import org.crs.service.db.Database;
import org.crs.service.db.Jdbc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The audit trail on a real HSQLDB: appends, verification against rows changed with plain SQL, search, export. */
class AuditTrailTest {

    private static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");

    private Database db;
    private AuditTrail trail;

    @BeforeEach
    void open() {
        db = AuditSchema.hsqldb("audit");
        trail = new AuditTrail(db.dataSource());
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static AuditRecord record(int i) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("requestId", "r" + (i % 3));
        args.put("reason", "step " + i);
        return new AuditRecord(T0.plusSeconds(i), i % 2 == 0 ? "alice" : "bob", "192.0.2." + (i % 250), "",
                "ReservationService.cancelReservation", args, "OK", "r" + (i % 3), "", i % 4 == 0 ? "rt1" : "", "");
    }

    private void appendTen() {
        for (int i = 1; i <= 10; i++) {
            trail.append(record(i));
        }
    }

    private void sql(String... statements) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        }
    }

    private void assertBroken(Tampering kind, long sequence) {
        AuditVerification v = trail.verify();
        assertFalse(v.intact(), "the trail should be broken");
        assertEquals(kind, v.firstBreak().get().kind(), v.firstBreak().get().detail());
        assertEquals(sequence, v.firstBreak().get().sequence(), v.firstBreak().get().detail());
    }

    private AuditEntry stored(long sequence) {
        return trail.search(AuditQuery.all()).stream().filter(e -> e.sequence() == sequence).findFirst().orElseThrow();
    }

    @Test
    void appendedEntriesChainFromTheGenesisHashWithoutGaps() {
        AuditEntry first = trail.append(record(1));
        AuditEntry second = trail.append(record(2));
        assertEquals(1, first.sequence());
        assertEquals(AuditChain.GENESIS, first.previousHash());
        assertEquals(2, second.sequence());
        assertEquals(first.hash(), second.previousHash());
        assertTrue(second.hashMatches());
    }

    @Test
    void anEmptyTrailIsIntact() {
        AuditVerification v = trail.verify();
        assertTrue(v.intact());
        assertEquals(0, v.entriesChecked());
    }

    @Test
    void anIntactTrailAppendedFromSeveralThreadsVerifies() throws Exception {
        int threads = 8;
        int each = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                for (int n = 0; n < each; n++) {
                    int i = n;
                    if (thread % 2 == 0) {
                        trail.append(record(thread * 1000 + i));
                    } else {
                        // in a transaction of the caller's, as the device log appends: only the database serialises these
                        Jdbc.inTransaction(db.dataSource(), "test", c -> trail.append(c,
                                List.of(record(thread * 1000 + i), record(thread * 1000 + i + 500))));
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        long expected = (threads / 2) * each + (threads / 2) * each * 2L;
        AuditVerification v = trail.verify();
        assertTrue(v.intact(), () -> v.firstBreak().toString());
        assertEquals(expected, v.entriesChecked());
    }

    @Test
    void concurrentCallersEachGetTheEntryOfTheirOwnRecord() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<List<String>>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                List<String> problems = new ArrayList<>();
                for (int i = 0; i < 30; i++) {
                    AuditRecord r = record(thread * 100 + i);
                    AuditEntry e = trail.append(r);
                    if (!e.record().equals(r) || !e.hashMatches()) {
                        problems.add(e.toString());
                    }
                }
                return problems;
            }));
        }
        for (Future<List<String>> f : done) {
            assertEquals(List.of(), f.get(60, TimeUnit.SECONDS));
        }
        pool.shutdown();
        List<Long> sequences = trail.search(AuditQuery.all()).stream().map(AuditEntry::sequence).sorted().toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(1, 240).boxed().toList(), sequences);
    }

    @Test
    void anEditedEntryIsReportedEditedAtItsSequenceNumber() throws SQLException {
        appendTen();
        sql("UPDATE audit_entry SET actor = 'mallory' WHERE sequence_number = 4");
        assertBroken(Tampering.EDITED, 4);
    }

    @Test
    void anEditedArgumentIsReportedEdited() throws SQLException {
        appendTen();
        sql("UPDATE audit_entry SET arguments = '{\"requestId\":\"r9\",\"reason\":\"step 7\"}' WHERE sequence_number = 7");
        assertBroken(Tampering.EDITED, 7);
    }

    @Test
    void aDeletedEntryIsReportedDeletedAtItsSequenceNumber() throws SQLException {
        appendTen();
        sql("DELETE FROM audit_entry WHERE sequence_number = 5");
        assertBroken(Tampering.DELETED, 5);
    }

    @Test
    void aDeletedEntryIsFoundWhenTheEntriesAfterItAreRenumbered() throws SQLException {
        appendTen();
        sql("DELETE FROM audit_entry WHERE sequence_number = 5",
                "UPDATE audit_entry SET sequence_number = sequence_number + 1000 WHERE sequence_number > 5",
                "UPDATE audit_entry SET sequence_number = sequence_number - 1001 WHERE sequence_number > 1000",
                "UPDATE audit_head SET sequence_number = 9");
        assertBroken(Tampering.DELETED, 5);
    }

    @Test
    void aDeletedLastEntryIsReportedDeleted() throws SQLException {
        appendTen();
        sql("DELETE FROM audit_entry WHERE sequence_number = 10");
        assertBroken(Tampering.DELETED, 10);
    }

    @Test
    void anEntryInsertedInTheMiddleWithARecomputedHashIsReportedInserted() throws SQLException {
        appendTen();
        AuditEntry before = stored(5);
        // make room at 6, then put in an entry that chains to 5 with a correct hash of its own
        sql("UPDATE audit_entry SET sequence_number = sequence_number + 1000 WHERE sequence_number > 5",
                "UPDATE audit_entry SET sequence_number = sequence_number - 999 WHERE sequence_number > 1000",
                "UPDATE audit_head SET sequence_number = 11");
        AuditRecord forged = new AuditRecord(T0.plusSeconds(5), "alice", "192.0.2.5", "",
                "ReservationService.cancelReservation", Map.of("requestId", "r2"), "OK", "r2", "", "", "");
        insertRow(AuditEntry.chained(6, forged, before.hash()));
        assertBroken(Tampering.INSERTED, 6);
    }

    @Test
    void anEntryInsertedWithAMadeUpHashIsReportedInserted() throws SQLException {
        appendTen();
        sql("UPDATE audit_entry SET sequence_number = sequence_number + 1000 WHERE sequence_number > 5",
                "UPDATE audit_entry SET sequence_number = sequence_number - 999 WHERE sequence_number > 1000");
        AuditRecord forged = new AuditRecord(T0, "mallory", "", "", "ReservationService.cancelReservation", Map.of(), "OK",
                "r1", "", "", "");
        insertRow(new AuditEntry(6, forged, "f".repeat(64), "e".repeat(64)));
        assertBroken(Tampering.INSERTED, 6);
    }

    @Test
    void anEntryAddedAfterTheLastOneAppendedIsReportedInserted() throws SQLException {
        appendTen();
        AuditEntry last = stored(10);
        AuditRecord forged = new AuditRecord(T0, "mallory", "", "", "ReservationService.cancelReservation", Map.of(), "OK",
                "r1", "", "", "");
        insertRow(AuditEntry.chained(11, forged, last.hash()));
        assertBroken(Tampering.INSERTED, 11);
    }

    private void insertRow(AuditEntry e) throws SQLException {
        AuditRecord r = e.record();
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO audit_entry (sequence_number, occurred_at, actor, "
                     + "address, certificate, operation, arguments, outcome, reservation_id, booking_id, router, detail, "
                     + "previous_hash, entry_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setLong(1, e.sequence());
            ps.setObject(2, Jdbc.utc(r.occurredAt()));
            ps.setString(3, r.actor());
            ps.setString(4, r.address());
            ps.setString(5, r.certificate());
            ps.setString(6, r.operation());
            ps.setString(7, AuditTrail.argumentsJson(r.arguments()));
            ps.setString(8, r.outcome());
            ps.setString(9, r.reservationId());
            ps.setString(10, r.bookingId());
            ps.setString(11, r.router());
            ps.setString(12, r.detail());
            ps.setString(13, e.previousHash());
            ps.setString(14, e.hash());
            ps.executeUpdate();
        }
    }

    @Test
    void searchFiltersByReservationActorRouterAndTimeNewestFirst() {
        appendTen();
        List<AuditEntry> r1 = trail.search(AuditQuery.all().withReservation("r1"));
        assertEquals(List.of(10L, 7L, 4L, 1L), r1.stream().map(AuditEntry::sequence).toList());
        assertEquals(List.of(8L, 4L), trail.search(AuditQuery.all().withRouter("rt1")).stream()
                .map(AuditEntry::sequence).toList());
        assertEquals(List.of(10L, 8L, 6L, 4L, 2L), trail.search(AuditQuery.all().withActor("alice")).stream()
                .map(AuditEntry::sequence).toList());
        // [T0+3s, T0+6s): entries 3, 4 and 5
        assertEquals(List.of(5L, 4L, 3L), trail.search(AuditQuery.all().between(T0.plusSeconds(3), T0.plusSeconds(6)))
                .stream().map(AuditEntry::sequence).toList());
        assertEquals(List.of(8L, 7L), trail.search(AuditQuery.all().page(2, 2)).stream()
                .map(AuditEntry::sequence).toList());
    }

    @Test
    void searchAnswersEntriesAsAppended() {
        AuditEntry appended = trail.append(record(3));
        assertEquals(appended, trail.search(AuditQuery.all()).get(0));
    }

    @Test
    void csvExportHasAHeaderQuotesFieldsAndCarriesTheHashes() throws Exception {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("reason", "line one\nsaid \"no\", twice");
        AuditEntry e = trail.append(new AuditRecord(T0, "alice", "", "", "ReservationService.cancelReservation", args,
                "OK", "r1", "", "", ""));
        StringWriter out = new StringWriter();
        assertEquals(1, trail.exportCsv(AuditQuery.all(), out));
        String[] lines = out.toString().split("\r\n", 2);
        assertEquals(String.join(",", AuditCsv.COLUMNS), lines[0]);
        assertEquals("1,2026-11-25T10:00:00Z,alice,,,ReservationService.cancelReservation,"
                + "\"{\"\"reason\"\":\"\"line one\\nsaid \\\"\"no\\\"\", twice\"\"}\",OK,r1,,,,"
                + AuditChain.GENESIS + "," + e.hash() + "\r\n", lines[1]);
    }

    @Test
    void aRecordedCallLosesItsSecretsAndNamesItsReservation() {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("bookingId", "site-a:r42:wan");
        args.put("newPassword", "hunter22");
        args.put("apiToken", "tok-123456");
        AuditEntry e = trail.recordCall("AccountService", "changePassword", "alice", "192.0.2.1", "CN=alice", args, "OK");
        assertEquals("AccountService.changePassword", e.record().operation());
        assertEquals("r42", e.record().reservationId());
        assertEquals("site-a:r42:wan", e.record().bookingId());
        assertEquals(Redaction.REDACTED, e.record().arguments().get("newPassword"));
        assertEquals(Redaction.REDACTED, e.record().arguments().get("apiToken"));
        assertEquals(List.of("bookingId", "newPassword", "apiToken"), List.copyOf(e.record().arguments().keySet()));
    }

    @Test
    void aRolledBackAppendLeavesNoGap() throws SQLException {
        trail.append(record(1));
        try (Connection c = db.dataSource().getConnection()) {
            c.setAutoCommit(false);
            trail.append(c, List.of(record(2)));
            c.rollback();
            c.setAutoCommit(true);
        }
        assertEquals(2, trail.append(record(3)).sequence());
        assertTrue(trail.verify().intact());
    }

    @Test
    void theHeadNamesTheLastEntry() throws SQLException {
        appendTen();
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT sequence_number, entry_hash FROM audit_head")) {
            assertTrue(rs.next());
            assertEquals(10, rs.getLong(1));
            assertEquals(stored(10).hash(), rs.getString(2));
        }
    }
}
