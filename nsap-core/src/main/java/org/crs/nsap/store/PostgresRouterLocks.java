package org.crs.nsap.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import org.crs.nsap.port.RouterLocks;
import org.crs.service.db.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Router locks across the replicas of a service that share one PostgreSQL database: a
 * transaction-scoped advisory lock per router ({@code pg_advisory_xact_lock}), held on a
 * connection of its own for as long as the router's work lasts.
 *
 * <p>A lock first takes the router's lock within this process ({@code local}), so the threads of
 * one replica queue there rather than each holding a connection while they wait; then the
 * advisory lock of the same router. Both are the one router's: a holder still holds one router
 * at a time. Releasing rolls the transaction back, which ends the advisory lock; a replica that
 * dies loses its connection, and PostgreSQL ends its locks with it.
 *
 * <p>The key is the pair ({@link #KEY_SPACE}, the router name's {@link String#hashCode()}),
 * the same in every JVM. Two router names with one hash share a lock: they are then
 * configured one after the other, which is safe.
 */
public final class PostgresRouterLocks implements RouterLocks {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresRouterLocks.class);

    /** The first key of every router lock ("CRSR"), so that they meet no other advisory lock. */
    public static final int KEY_SPACE = 0x43525352;

    private final DataSource dataSource;
    private final RouterLocks local;

    /**
     * @param dataSource the shared database; each held lock takes one of its connections
     * @param local the locks of this process, taken first
     */
    public PostgresRouterLocks(DataSource dataSource, RouterLocks local) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.local = Objects.requireNonNull(local, "local");
    }

    @Override
    public Held lock(String router) {
        Held inProcess = local.lock(router);
        Connection c = null;
        try {
            c = dataSource.getConnection();
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
                ps.setInt(1, KEY_SPACE);
                ps.setInt(2, router.hashCode());
                ps.execute();
            }
        } catch (SQLException | RuntimeException e) {
            closeQuietly(router, c, e);
            inProcess.close();
            throw new StoreException("taking the lock of router " + router, e);
        }
        Connection held = c;
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                release(router, held, inProcess);
            }
        };
    }

    private static void release(String router, Connection c, Held inProcess) {
        try {
            c.rollback(); // ends the transaction, and its advisory lock with it
            c.setAutoCommit(true);
        } catch (SQLException e) {
            // The connection is broken; closing it ends its session, and the lock, at the server.
            LOG.warn("router {}: releasing its database lock failed ({}); dropping the connection", router, e.getMessage());
        } finally {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.warn("router {}: closing the lock's connection failed: {}", router, e.getMessage());
            } finally {
                inProcess.close();
            }
        }
    }

    private static void closeQuietly(String router, Connection c, Exception cause) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException e) {
            cause.addSuppressed(e);
            LOG.warn("router {}: closing a connection after a failed lock failed: {}", router, e.getMessage());
        }
    }
}
