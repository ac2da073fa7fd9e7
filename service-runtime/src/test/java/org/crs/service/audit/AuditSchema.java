package org.crs.service.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.service.db.Database;

/** The audit trail's migrations as the services ship them (schema/nsap V7, and V7_1 of the database's vendor). */
final class AuditSchema {

    private static final Path SCHEMA = Path.of("..", "schema", "nsap");

    private AuditSchema() {
    }

    /** Runs V7 and the vendor's V7_1 on {@code db}, from a folder of their own. */
    static Database migrated(Database db) {
        try {
            Path folder = Files.createTempDirectory("crs-audit-schema");
            Files.copy(SCHEMA.resolve("V7__audit_trail.sql"), folder.resolve("V7__audit_trail.sql"));
            Files.copy(SCHEMA.resolve(db.vendor().id()).resolve("V7_1__audit_append_only.sql"),
                    folder.resolve("V7_1__audit_append_only.sql"));
            db.migrate(List.of("filesystem:" + folder.toAbsolutePath()), Database.DEFAULT_HISTORY_TABLE);
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh in-memory HSQLDB database with the trail's tables. */
    static Database hsqldb(String name) {
        return migrated(Database.open("jdbc:hsqldb:mem:" + name + "-" + System.nanoTime(), null, null));
    }
}
