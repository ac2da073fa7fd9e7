package org.crs.service.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Run in a child JVM by DatabaseTest: opens a file database through {@link Database}, commits
 * one row, says so, and halts the JVM at once (no shutdown hooks, no HSQLDB shutdown), as a
 * crash right after a booking was confirmed would.
 */
public final class CommitThenHalt {

    private CommitThenHalt() {
    }

    public static void main(String[] args) throws Exception {
        Database db = Database.open(args[0], null, null);
        db.migrateService("runtime-test");
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO circuit (name, starts_at) VALUES (?, ?)")) {
            ps.setString(1, args[1]);
            ps.setObject(2, OffsetDateTime.now(ZoneOffset.UTC));
            ps.executeUpdate();
        }
        System.out.println("COMMITTED");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
