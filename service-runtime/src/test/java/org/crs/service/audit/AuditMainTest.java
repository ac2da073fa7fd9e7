package org.crs.service.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.crs.domain.audit.AuditCsv;
import org.crs.domain.audit.AuditRecord;
import org.crs.service.db.Database;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verify and export command on a service's configuration file and its file HSQLDB. */
class AuditMainTest {

    @TempDir
    Path folder;

    private Path config;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void aServiceWithThreeEntries() throws Exception {
        // a BAR's file: keys of its own beside the database section the command reads
        config = folder.resolve("bar.yaml");
        Files.writeString(config, """
                name: bar-site-a
                site: site-a
                listen: {host: 127.0.0.1, port: 8080}
                database:
                  jdbcUrl: jdbc:hsqldb:file:data/db
                  user: ${DB_USER}
                peers: []
                """);
        try (Database db = AuditSchema.migrated(Database.open("jdbc:hsqldb:file:" + folder.resolve("data/db"), "SA", ""))) {
            AuditTrail trail = new AuditTrail(db.dataSource());
            for (int i = 1; i <= 3; i++) {
                trail.append(new AuditRecord(Instant.parse("2026-11-25T10:00:00Z").plusSeconds(i), i == 2 ? "bob" : "alice",
                        "", "", "ReservationService.cancelReservation", Map.of("requestId", "r" + i), "OK", "r" + i, "",
                        "", ""));
            }
        }
    }

    private int run(String... args) {
        return AuditMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of("DB_USER", "SA")::get);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private void tamper(String sql) throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:file:" + folder.resolve("data/db"), "SA", "");
             Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Test
    void verifyOfAnIntactTrailExitsZero() {
        assertEquals(AuditMain.INTACT, run("verify", config.toString()));
        assertTrue(out().startsWith("intact: 3 entries, last hash "), out());
    }

    @Test
    void verifyOfAnEditedTrailExitsThreeNamingTheEntry() throws Exception {
        tamper("UPDATE audit_entry SET outcome = 'NOT_ALLOWED' WHERE sequence_number = 2");
        assertEquals(AuditMain.BROKEN, run("verify", config.toString()));
        assertTrue(out().startsWith("broken: EDITED entry 2 "), out());
    }

    @Test
    void verifyOfATrailWithADeletedEntryExitsThree() throws Exception {
        tamper("DELETE FROM audit_entry WHERE sequence_number = 1");
        assertEquals(AuditMain.BROKEN, run("verify", config.toString()));
        assertTrue(out().startsWith("broken: DELETED entry 1 "), out());
    }

    @Test
    void exportWritesTheSelectedEntriesAsCsv() {
        assertEquals(AuditMain.INTACT, run("export", config.toString(), "--actor", "alice", "--from", "2026-11-25T10:00:02Z"));
        List<String> lines = out().lines().toList();
        assertEquals(2, lines.size(), out());
        assertEquals(String.join(",", AuditCsv.COLUMNS), lines.get(0));
        assertTrue(lines.get(1).startsWith("3,2026-11-25T10:00:03Z,alice,"), lines.get(1));
    }

    @Test
    void exportToAFileByReservation() throws Exception {
        Path csv = folder.resolve("audit.csv");
        assertEquals(AuditMain.INTACT, run("export", config.toString(), "--reservation", "r2", "--out", csv.toString()));
        List<String> lines = Files.readAllLines(csv);
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).startsWith("2,2026-11-25T10:00:02Z,bob,"), lines.get(1));
    }

    @Test
    void aWrongCommandLineExitsTwo() {
        assertEquals(AuditMain.USAGE, run("verify"));
        assertEquals(AuditMain.USAGE, run("export", config.toString(), "--colour", "red"));
        assertEquals(AuditMain.USAGE, run("export", config.toString(), "--from", "yesterday"));
        assertEquals(AuditMain.USAGE, run("verify", folder.resolve("missing.yaml").toString()));
    }

    @Test
    void aDatabaseWithoutATrailExitsOne() throws Exception {
        Path other = folder.resolve("empty.yaml");
        Files.writeString(other, "database: {jdbcUrl: 'jdbc:hsqldb:file:empty/db'}\n");
        assertEquals(AuditMain.FAILED, run("verify", other.toString()));
    }
}
