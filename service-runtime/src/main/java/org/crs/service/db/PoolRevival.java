package org.crs.service.db;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.slf4j.LoggerFactory;

/**
 * Refills a pool as soon as its database server answers again after an outage (a restart, a
 * fail-over), rather than when HikariCP's connection adder next wakes.
 *
 * <p>Why: while the server is down, the adder tries to connect with a pause that doubles from
 * 10 ms to 5 s (HikariCP 7, not configurable), and every thread that wants a connection waits for
 * the adder. Measured with PostgreSQL stopped for 10 s under a Quartz schedule: the first
 * connection came up to 5 s after the server was back. So once a connection is found broken (a
 * SQLState of class 08 or 57P0x on any statement) or the pool cannot hand one out, one probe thread
 * connects directly, every {@link #PROBE_EVERY}, until the server answers; then it interrupts the
 * adder's pause (only a thread of this pool sleeping inside the adder), which connects at once.
 * An interrupted adder skips its pauses until it connects, which it does at once since the probe
 * just did.
 *
 * <p>While the server is unreachable, a request for a connection waits at most
 * {@link #WAIT_WHILE_DOWN} for the probe to find it back, rather than the pool's 10 s: a door then
 * answers {@code STORE_UNAVAILABLE} within that, before a calling BAR's own call timeout (3 s in
 * the demo) reads it as silence. Quartz, asking every {@code Scheduling.DEFAULT_DB_RETRY} after
 * a failure, then logs a failure about every 1.5 s per thread during an outage.
 */
final class PoolRevival implements SQLExceptionOverride {

    /** How often the probe tries the server while it is unreachable. */
    static final Duration PROBE_EVERY = Duration.ofMillis(200);
    /** How long one probe waits for the server to accept (PostgreSQL's connectTimeout, in seconds). */
    private static final int PROBE_TIMEOUT_SECONDS = 2;
    /** How long a request for a connection waits while the server is known to be unreachable. */
    static final Duration WAIT_WHILE_DOWN = Duration.ofSeconds(1);
    private static final String ADDER_CLASS = "com.zaxxer.hikari.pool.HikariPool$PoolEntryCreator";
    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(PoolRevival.class);

    private final String poolName;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final AtomicBoolean probing = new AtomicBoolean();
    /** Counted down once the server answers again; null while it is not known to be down. */
    private volatile CountDownLatch back;
    private volatile boolean closed;

    PoolRevival(String poolName, String jdbcUrl, String user, String password) {
        this.poolName = poolName;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    /** HikariCP asks this about every SQLException on a pooled connection; the pool's own judgement stands. */
    @java.lang.Override
    public Override adjudicate(SQLException e) {
        if (StoreException.connectionLost(e)) {
            unreachable(e);
        }
        return Override.CONTINUE_EVICT;
    }

    /** {@code pool}, made with this as its exception override, whose failures to hand out a connection start the probe. */
    DataSource watching(DataSource pool) {
        return new Watching(pool);
    }

    /** Starts the probe unless it runs. */
    void unreachable(Throwable why) {
        if (closed || !probing.compareAndSet(false, true)) {
            return;
        }
        back = new CountDownLatch(1);
        LOG.warn("{}: the database does not answer ({}); probing it every {} ms", poolName, why.getMessage(),
                PROBE_EVERY.toMillis());
        Thread probe = new Thread(this::probeUntilBack, poolName + "-revival");
        probe.setDaemon(true);
        probe.start();
    }

    void close() {
        closed = true;
    }

    private void probeUntilBack() {
        long t0 = System.nanoTime();
        try {
            while (!closed) {
                if (answers()) {
                    int woken = wakeAdder();
                    LOG.info("{}: the database answers again after {} ms of probing; connection adder woken: {}",
                            poolName, (System.nanoTime() - t0) / 1_000_000, woken > 0);
                    return;
                }
                Thread.sleep(PROBE_EVERY.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            CountDownLatch b = back; // closed meanwhile: nobody waits for a closed pool
            back = null;
            if (b != null) {
                b.countDown();
            }
            probing.set(false);
        }
    }

    /** While the server is known to be down, waits a little for it; throws if it is not back by then. */
    private void awaitBack() throws SQLException {
        CountDownLatch b = back;
        if (b == null) {
            return;
        }
        try {
            if (b.await(WAIT_WHILE_DOWN.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new SQLTransientConnectionException(poolName + ": the database does not answer", "08001");
    }

    private boolean answers() {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("connectTimeout", String.valueOf(PROBE_TIMEOUT_SECONDS));
        p.setProperty("loginTimeout", String.valueOf(PROBE_TIMEOUT_SECONDS));
        try (Connection c = DriverManager.getConnection(jdbcUrl, p)) {
            return c.isValid(PROBE_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            LOG.debug("{}: probe failed: {}", poolName, e.getMessage());
            return false;
        }
    }

    /** Interrupts this pool's adder where it sleeps between attempts; how many threads were woken. */
    private int wakeAdder() {
        int woken = 0;
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            Thread thread = t.getKey();
            boolean ours = thread.getName().startsWith(poolName + ":"); // HikariCP names them pool:role
            if (ours && thread.getState() == Thread.State.TIMED_WAITING && Arrays.stream(t.getValue())
                    .anyMatch(f -> f.getClassName().equals(ADDER_CLASS))) {
                thread.interrupt();
                woken++;
            }
        }
        return woken;
    }

    /** The pool, noticing when it could not hand out a connection because the server did not answer. */
    private final class Watching implements DataSource {
        private final DataSource pool;

        Watching(DataSource pool) {
            this.pool = pool;
        }

        @java.lang.Override
        public Connection getConnection() throws SQLException {
            awaitBack();
            try {
                return pool.getConnection();
            } catch (SQLException e) {
                noticed(e);
                throw e;
            }
        }

        @java.lang.Override
        public Connection getConnection(String username, String pass) throws SQLException {
            awaitBack();
            try {
                return pool.getConnection(username, pass);
            } catch (SQLException e) {
                noticed(e);
                throw e;
            }
        }

        /** A pool timeout names the last failure to connect as its cause; a busy pool's names none. */
        private void noticed(SQLException e) {
            if (StoreException.connectionLost(e) || e.getCause() instanceof SQLException) {
                unreachable(e);
            }
        }

        @java.lang.Override
        public PrintWriter getLogWriter() throws SQLException {
            return pool.getLogWriter();
        }

        @java.lang.Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            pool.setLogWriter(out);
        }

        @java.lang.Override
        public void setLoginTimeout(int seconds) throws SQLException {
            pool.setLoginTimeout(seconds);
        }

        @java.lang.Override
        public int getLoginTimeout() throws SQLException {
            return pool.getLoginTimeout();
        }

        @java.lang.Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return pool.getParentLogger();
        }

        @java.lang.Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            return iface.isInstance(this) ? iface.cast(this) : pool.unwrap(iface);
        }

        @java.lang.Override
        public boolean isWrapperFor(Class<?> iface) throws SQLException {
            return iface.isInstance(this) || pool.isWrapperFor(iface);
        }
    }
}
