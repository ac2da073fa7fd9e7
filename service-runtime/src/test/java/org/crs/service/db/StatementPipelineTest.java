package org.crs.service.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StatementPipelineTest {

    private static Database open(Vendor vendor) throws SQLException {
        Database db = vendor == Vendor.HSQLDB ? Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)
                : EmbeddedPostgres.shared().openNewDatabase();
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, state VARCHAR(10) NOT NULL, note VARCHAR(20), "
                    + "seen_at TIMESTAMP WITH TIME ZONE)");
            st.execute("CREATE TABLE item_history (item_id INTEGER NOT NULL, to_state VARCHAR(10) NOT NULL)");
            st.execute("INSERT INTO item (id, state) VALUES (1, 'NEW')");
        }
        return db;
    }

    private static List<String> history(Database db) throws SQLException {
        return Jdbc.inTransaction(db.dataSource(), "reading", c -> {
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Rows<String> rows = p.query("SELECT to_state FROM item_history ORDER BY to_state",
                    rs -> rs.getString(1));
            p.run();
            return rows.list();
        });
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void statementsRunInOrderAndAnswerTheirCountsAndRows(Vendor vendor) throws SQLException {
        try (Database db = open(vendor)) {
            Instant at = Instant.parse("2026-11-21T10:15:30.123456Z");
            Jdbc.inTransaction(db.dataSource(), "test", c -> {
                StatementPipeline p = StatementPipeline.on(c);
                StatementPipeline.Count inserted = p.update("INSERT INTO item (id, state, note, seen_at) VALUES (?, ?, ?, ?)",
                        2, "NEW", StatementPipeline.nullOf(Types.VARCHAR), Jdbc.utc(at));
                StatementPipeline.Count moved = p.update("UPDATE item SET state = ? WHERE state = ?", "OLD", "NEW");
                StatementPipeline.Rows<String> states = p.query("SELECT id, state, note FROM item ORDER BY id",
                        rs -> rs.getInt(1) + " " + rs.getString(2) + " " + rs.getString(3));
                StatementPipeline.Rows<Instant> times = p.query("SELECT seen_at FROM item WHERE id = ?",
                        rs -> Jdbc.instant(rs, 1), 2);
                StatementPipeline.Rows<String> none = p.query("SELECT state FROM item WHERE id = ?", rs -> rs.getString(1), 9);
                p.run();
                assertEquals(1, inserted.value());
                assertEquals(2, moved.value());
                assertEquals(List.of("1 OLD null", "2 OLD null"), states.list());
                assertEquals(Optional.of(at), times.first());
                assertEquals(List.of(), none.list());
                return null;
            });
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void aRollbackAfterAnUnwantedCountUndoesEveryStatement(Vendor vendor) throws SQLException {
        try (Database db = open(vendor)) {
            boolean moved = Jdbc.inTransaction(db.dataSource(), "test", c -> {
                StatementPipeline p = StatementPipeline.on(c);
                StatementPipeline.Count count = p.update("UPDATE item SET state = ? WHERE id = ? AND state = ?",
                        "DONE", 1, "BUSY");
                p.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "DONE");
                p.run();
                return count.value() == 1 || Jdbc.nothingChanged(c).isPresent();
            });
            assertEquals(false, moved);
            assertEquals(List.of(), history(db));
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void aFailingStatementFailsTheRunAndTheTransactionWritesNothing(Vendor vendor) throws SQLException {
        try (Database db = open(vendor)) {
            StoreException e = assertThrows(StoreException.class, () -> Jdbc.inTransaction(db.dataSource(), "test", c -> {
                StatementPipeline p = StatementPipeline.on(c);
                p.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "FIRST");
                p.update("INSERT INTO item (id, state) VALUES (?, ?)", 1, "DUPLICATE");
                p.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "AFTER");
                p.run();
                return null;
            }));
            assertTrue(Jdbc.isUniqueViolation((SQLException) e.getCause()), e.getCause().toString());
            assertEquals(List.of(), history(db));
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void runAndCommitCommitsAndLeavesTheConnectionReadyForTheNextTransaction(Vendor vendor) throws SQLException {
        try (Database db = open(vendor); Connection c = db.dataSource().getConnection()) {
            c.setAutoCommit(false);
            StatementPipeline p = StatementPipeline.on(c);
            StatementPipeline.Count moved = p.update("UPDATE item SET state = ? WHERE id = ?", "DONE", 1);
            p.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "DONE");
            StatementPipeline.Rows<String> state = p.query("SELECT state FROM item WHERE id = ?", rs -> rs.getString(1), 1);
            p.runAndCommit();
            assertEquals(1, moved.value());
            assertEquals(Optional.of("DONE"), state.first());
            assertEquals(List.of("DONE"), history(db)); // read on another connection: committed

            StatementPipeline next = StatementPipeline.on(c);
            next.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "UNDONE");
            next.run();
            c.rollback();
            assertEquals(List.of("DONE"), history(db));
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void runAndCommitCommitsNothingWhenAStatementFails(Vendor vendor) throws SQLException {
        try (Database db = open(vendor)) {
            StoreException e = assertThrows(StoreException.class, () -> Jdbc.inTransaction(db.dataSource(), "test", c -> {
                StatementPipeline p = StatementPipeline.on(c);
                p.update("INSERT INTO item_history (item_id, to_state) VALUES (?, ?)", 1, "FIRST");
                p.update("INSERT INTO item (id, state) VALUES (?, ?)", 1, "DUPLICATE");
                p.runAndCommit();
                return null;
            }));
            assertTrue(Jdbc.isUniqueViolation((SQLException) e.getCause()), e.getCause().toString());
            assertEquals(List.of(), history(db));
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void runAndCommitWritesNothingWhereAStatementIsGuardedByAnEarlierOnesEffect(Vendor vendor) throws SQLException {
        try (Database db = open(vendor)) {
            int moved = Jdbc.inTransaction(db.dataSource(), "test", c -> {
                StatementPipeline p = StatementPipeline.on(c);
                StatementPipeline.Count count = p.update("UPDATE item SET state = ?, note = ? WHERE id = ? AND state = ?",
                        "DONE", "change-7", 1, "BUSY");
                p.update("INSERT INTO item_history (item_id, to_state) SELECT id, ? FROM item WHERE id = ? AND note = ?",
                        "DONE", 1, "change-7");
                p.runAndCommit();
                return count.value();
            });
            assertEquals(0, moved);
            assertEquals(List.of(), history(db));
        }
    }

    @ParameterizedTest
    @EnumSource(Vendor.class)
    void aPipelineRefusesAutoCommitAnUntypedNullAndASecondRun(Vendor vendor) throws SQLException {
        try (Database db = open(vendor); Connection c = db.dataSource().getConnection()) {
            assertThrows(IllegalStateException.class, () -> StatementPipeline.on(c));
            c.setAutoCommit(false);
            StatementPipeline p = StatementPipeline.on(c);
            assertThrows(IllegalArgumentException.class,
                    () -> p.update("UPDATE item SET note = ? WHERE id = ?", null, 1));
            assertThrows(IllegalArgumentException.class, () -> p.update("UPDATE item SET note = 'a'; DELETE FROM item"));
            StatementPipeline.Count count = p.update("UPDATE item SET note = ? WHERE id = ?", "a", 1);
            assertThrows(IllegalStateException.class, count::value);
            p.run();
            assertThrows(IllegalStateException.class, p::run);
            assertThrows(IllegalStateException.class, p::runAndCommit);
            assertEquals(1, count.value());
            c.rollback();
        }
    }
}
