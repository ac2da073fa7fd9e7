package org.crs.service.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.crs.service.schedule.Scheduling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {

    static final String SERVICE = "runtime-test";

    @Test
    void vendorIsDetectedFromTheJdbcUrl() {
        assertEquals(Vendor.HSQLDB, Vendor.fromJdbcUrl("jdbc:hsqldb:mem:x"));
        assertEquals(Vendor.HSQLDB, Vendor.fromJdbcUrl("JDBC:HSQLDB:file:/tmp/x"));
        assertEquals(Vendor.POSTGRESQL, Vendor.fromJdbcUrl("jdbc:postgresql://127.0.0.1:5432/crs"));
        assertThrows(IllegalArgumentException.class, () -> Vendor.fromJdbcUrl("jdbc:h2:mem:x"));
        assertEquals(List.of("classpath:db/nsap/common", "classpath:db/nsap/{vendor}"), Database.serviceLocations("nsap"));
        assertThrows(IllegalArgumentException.class, () -> Database.serviceLocations("../etc"));
    }

    @Test
    void migrationsRunOnHsqldbInMemory() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            assertEquals(Vendor.HSQLDB, db.vendor());
            assertEquals(2, db.migrateService(SERVICE));
            assertEquals(0, db.migrateService(SERVICE), "second run finds the schema up to date");
            insert(db, "mem-1", 1000);
            assertEquals(List.of("mem-1:1000"), circuits(db));
            assertEquals("MVCC", hsqldbProperty(db, "hsqldb.tx").toUpperCase());
        }
    }

    @Test
    void migrationsRunOnHsqldbFileAndDataSurvivesReopen(@TempDir Path dir) throws Exception {
        String url = "jdbc:hsqldb:file:" + dir.resolve("crs").toAbsolutePath();
        try (Database db = Database.open(url, null, null)) {
            assertEquals(2, db.migrateService(SERVICE));
            insert(db, "file-1", 10);
            assertEquals("false", hsqldbProperty(db, "hsqldb.write_delay"));
            assertEquals("MVCC", hsqldbProperty(db, "hsqldb.tx").toUpperCase());
        }
        try (Database db = Database.open(url, null, null)) {
            assertEquals(0, db.migrateService(SERVICE));
            assertEquals(List.of("file-1:10"), circuits(db));
        }
    }

    @Test
    void existingFileDatabaseWithWriteDelayIsSwitchedToNoDelay(@TempDir Path dir) throws Exception {
        String plain = "jdbc:hsqldb:file:" + dir.resolve("old").toAbsolutePath();
        // a database created elsewhere with HSQLDB's defaults (write delay 0.5 s, locks)
        try (Connection c = java.sql.DriverManager.getConnection(plain, "SA", "")) {
            c.createStatement().execute("CREATE TABLE t (x INT)");
            c.createStatement().execute("SHUTDOWN");
        }
        try (Database db = Database.open(plain + ";hsqldb.write_delay=true", null, null)) {
            assertEquals("false", hsqldbProperty(db, "hsqldb.write_delay"));
            assertEquals("MVCC", hsqldbProperty(db, "hsqldb.tx").toUpperCase());
        }
    }

    /**
     * A child JVM commits through Database and halts at once. With HSQLDB's default 0.5 s write
     * delay the row (even the table) is lost this way, as tried by hand while writing this test;
     * Database turns the delay off. Reopening after the halt waits for HSQLDB's stale lock file
     * (about 10 s), which is what a restart after a real crash costs too.
     */
    @Test
    void committedRowSurvivesTheProcessHaltingRightAfterCommit(@TempDir Path dir) throws Exception {
        String url = "jdbc:hsqldb:file:" + dir.resolve("crash").toAbsolutePath();
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CommitThenHalt.class.getName(), url, "confirmed")
                .redirectErrorStream(true)
                .start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM finished");
        assertTrue(out.contains("COMMITTED"), out);
        try (Database db = Database.open(url, null, null)) {
            assertEquals(List.of("confirmed:0"), circuits(db), "the row committed before the halt is there");
        }
    }

    @Test
    void trailingSpacesCountWhenStringsCompareOnHsqldbAsOnPostgresql() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            db.migrateService(SERVICE);
            insert(db, "padded ", 100);
            try (Connection c = db.dataSource().getConnection();
                 PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM circuit WHERE name = ?")) {
                ps.setString(1, "padded");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(0, rs.getInt(1));
                }
            }
        }
    }

    @Test
    void replicasStartingTogetherOnOnePostgresqlDatabaseMigrateItOnce() throws Exception {
        // The race is one of timing: several rounds of several replicas each give it room to show.
        for (int round = 0; round < 3; round++) {
            String url = EmbeddedPostgres.shared().createDatabase();
            List<Database> replicas = new ArrayList<>();
            try {
                for (int i = 0; i < 6; i++) {
                    replicas.add(Database.open(url, EmbeddedPostgres.USER, null, 2)); // as small a pool as a replica's
                }
                // another history's table is there already (the schedule's): the service's migrations baseline
                try (Connection c = replicas.get(0).dataSource().getConnection(); Statement st = c.createStatement()) {
                    st.execute("CREATE TABLE other_history (version INTEGER)");
                }
                java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(replicas.size());
                List<java.util.concurrent.CompletableFuture<Integer>> migrations = new ArrayList<>();
                for (Database db : replicas) {
                    migrations.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            together.await();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        return db.migrateService(SERVICE);
                    }, java.util.concurrent.Executors.newSingleThreadExecutor()));
                }

                int applied = 0;
                for (var m : migrations) {
                    applied += m.get(60, java.util.concurrent.TimeUnit.SECONDS);
                }
                assertEquals(2, applied, "the two migrations ran once among all replicas (round " + round + ")");
            } finally {
                replicas.forEach(Database::close);
            }
        }
    }

    @Test
    void migrationsRunOnEmbeddedPostgres() throws Exception {
        try (Database db = EmbeddedPostgres.shared().openNewDatabase()) {
            assertEquals(Vendor.POSTGRESQL, db.vendor());
            assertEquals(2, db.migrateService(SERVICE));
            assertEquals(0, db.migrateService(SERVICE));
            insert(db, "pg-1", 100);
            assertEquals(List.of("pg-1:100"), circuits(db));
        }
    }

    @Test
    void aPostgresqlServerOnTheSameHostIsReachedThroughItsUnixSocket() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgres.shared();
        try (Database db = Database.open(pg.createDatabaseOnUnixSocket(), EmbeddedPostgres.USER, null)) {
            assertEquals(Vendor.POSTGRESQL, db.vendor());
            assertEquals(2, db.migrateService(SERVICE));
            insert(db, "unix-1", 7);
            assertEquals(List.of("unix-1:7"), circuits(db));
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT inet_server_addr() IS NULL")) {
                rs.next();
                assertTrue(rs.getBoolean(1), "a connection over TCP has a server address; one over a Unix socket has none");
            }
        }
    }

    @Test
    void postgresqlConnectionsKeepGenericPlansAndStartNoParallelWorkers() throws Exception {
        try (Database db = EmbeddedPostgres.shared().openNewDatabase();
             Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            assertEquals("force_generic_plan", show(st, "plan_cache_mode"));
            assertEquals("0", show(st, "max_parallel_workers_per_gather"));
        }
    }

    @Test
    void aDurableEmbeddedServerFlushesEveryCommitAsProductionDoes() {
        try (EmbeddedPostgres durable = EmbeddedPostgres.start(EmbeddedPostgres.Durability.DURABLE)) {
            for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
                assertEquals("on", durable.setting(setting), setting);
            }
        }
    }

    @Test
    void theSharedEmbeddedServerIsTunedForTestsAndNotDurable() {
        for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
            assertEquals("off", EmbeddedPostgres.shared().setting(setting), setting);
        }
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void serviceAndRuntimeMigrationsKeepSeparateHistoriesInOneSchema() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            assertEquals(2, db.migrateService(SERVICE));
            assertEquals(1, Scheduling.migrate(db), "Quartz tables still created in a non-empty schema");
            assertEquals(0, db.migrateService(SERVICE));
            assertEquals(0, Scheduling.migrate(db));
        }
        try (Database db = EmbeddedPostgres.shared().openNewDatabase()) {
            assertEquals(1, Scheduling.migrate(db));
            assertEquals(2, db.migrateService(SERVICE), "service migrations still run after the runtime's");
            insert(db, "pg-2", 1);
            assertEquals(0, count(db, "SELECT COUNT(*) FROM qrtz_triggers"));
        }
    }

    @Test
    void missingMigrationLocationIsAnError() {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            assertThrows(IllegalStateException.class, () -> db.migrateService("no-such-service"));
            assertThrows(RuntimeException.class, () -> db.migrate("classpath:db/no-such-service/{vendor}"));
        }
    }

    // ------------------------------------------------------------------ helpers

    static void insert(Database db, String name, int bandwidth) throws SQLException {
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "INSERT INTO circuit (name, starts_at, bandwidth_mbps) VALUES (?, ?, ?)")) {
            ps.setString(1, name);
            ps.setObject(2, OffsetDateTime.of(2030, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC));
            ps.setInt(3, bandwidth);
            ps.executeUpdate();
        }
    }

    static List<String> circuits(Database db) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = db.dataSource().getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT name, bandwidth_mbps FROM circuit ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getString(1) + ":" + rs.getInt(2));
            }
        }
        return out;
    }

    static long count(Database db, String sql) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static String hsqldbProperty(Database db, String name) throws SQLException {
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT property_value FROM information_schema.system_properties WHERE property_name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "property " + name);
                return rs.getString(1);
            }
        }
    }
}
