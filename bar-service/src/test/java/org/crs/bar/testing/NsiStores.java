package org.crs.bar.testing;

import java.nio.file.Path;
import java.util.Objects;
import java.util.UUID;

import org.crs.bar.adapter.jdbc.JdbcNsiCallbackOutbox;
import org.crs.bar.adapter.jdbc.JdbcNsiConnections;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;

/**
 * What the NSI store tests and the callback sender's tests start from: a BAR database, migrated,
 * with the NSI connections and their callback outbox over it; on HSQLDB (in memory, or in a file
 * that a restart keeps) or on the shared PostgreSQL. Closed after each test.
 */
public final class NsiStores implements AutoCloseable {

    private final String url;
    private final String user;
    private Database db;
    private JdbcNsiConnections connections;
    private JdbcNsiCallbackOutbox outbox;

    private NsiStores(String url, String user) {
        this.url = Objects.requireNonNull(url, "url");
        this.user = user;
        db = Database.open(url, user, null);
        db.migrateService("bar");
        connect();
    }

    /** On an HSQLDB of its own in memory. */
    public static NsiStores onHsqldbInMemory() {
        return new NsiStores("jdbc:hsqldb:mem:bar-" + UUID.randomUUID(), null);
    }

    /** On an HSQLDB in a file under {@code dir}, so that a {@link #restart} keeps what was written. */
    public static NsiStores onHsqldbFile(Path dir) {
        return new NsiStores("jdbc:hsqldb:file:" + dir.resolve("bar"), null);
    }

    /** On a new database of the shared PostgreSQL. */
    public static NsiStores onPostgresql() {
        return new NsiStores(EmbeddedPostgres.shared().createDatabase(), EmbeddedPostgres.USER);
    }

    private void connect() {
        connections = new JdbcNsiConnections(db.dataSource());
        outbox = new JdbcNsiCallbackOutbox(db.dataSource());
    }

    public Database db() {
        return db;
    }

    public JdbcNsiConnections connections() {
        return connections;
    }

    public JdbcNsiCallbackOutbox outbox() {
        return outbox;
    }

    /** The same database opened a second time, as another replica of the BAR opens it; the caller closes it. */
    public Database openAgain() {
        return Database.open(url, user, null);
    }

    /** Closes the database and opens it again, as a restarted BAR does. */
    public void restart() {
        db.close();
        db = openAgain();
        connect();
    }

    @Override
    public void close() {
        db.close();
    }
}
