package org.crs.service.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.crs.domain.audit.AuditEntry;
import org.crs.domain.audit.AuditQuery;
import org.crs.domain.audit.AuditRecord;
import org.crs.domain.audit.AuditVerification;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The audit trail on a real PostgreSQL: one chain from several replicas, and rows that cannot be changed. */
class AuditTrailPostgresTest {

    private String url;
    private Database replicaA;
    private Database replicaB;

    @BeforeEach
    void open() {
        url = EmbeddedPostgres.shared().createDatabase();
        replicaA = AuditSchema.migrated(Database.open(url, EmbeddedPostgres.USER, null));
        replicaB = Database.open(url, EmbeddedPostgres.USER, null);
    }

    @AfterEach
    void close() {
        replicaB.close();
        replicaA.close();
    }

    private static AuditRecord record(String actor, int i) {
        return new AuditRecord(Instant.parse("2026-11-25T10:00:00Z").plusMillis(i), actor, "", "", "router-command",
                Map.of("step", Integer.toString(i)), "OK", "r1", "site-a:r1:wan", "rt1", "show run");
    }

    @Test
    void appendsFromTwoReplicasMakeOneIntactChain() throws Exception {
        AuditTrail a = new AuditTrail(replicaA.dataSource());
        AuditTrail b = new AuditTrail(replicaB.dataSource());
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            AuditTrail trail = t % 2 == 0 ? a : b;
            String actor = "replica-" + t;
            done.add(pool.submit(() -> {
                for (int i = 0; i < 30; i++) {
                    trail.append(record(actor, i));
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        AuditVerification v = a.verify();
        assertTrue(v.intact(), () -> v.firstBreak().toString());
        assertEquals(180, v.entriesChecked());
        assertEquals(List.of(180L, 179L), b.search(AuditQuery.all().page(0, 2)).stream().map(AuditEntry::sequence).toList());
    }

    @Test
    void theDatabaseRefusesToUpdateOrDeleteEntries() {
        new AuditTrail(replicaA.dataSource()).append(record("alice", 1));
        for (String sql : List.of("UPDATE audit_entry SET actor = 'mallory'", "DELETE FROM audit_entry",
                "TRUNCATE audit_entry")) {
            SQLException refused = assertThrows(SQLException.class, () -> {
                try (Connection c = replicaA.dataSource().getConnection(); Statement st = c.createStatement()) {
                    st.execute(sql);
                }
            }, sql);
            assertEquals("42501", refused.getSQLState(), sql);
        }
        assertTrue(new AuditTrail(replicaB.dataSource()).verify().intact());
    }
}
