package org.crs.service.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A service's database: a HikariCP pool over a JDBC URL (HSQLDB embedded, file or memory, or
 * PostgreSQL), plus Flyway migrations. See the package documentation for the migration layout.
 *
 * <p>HSQLDB is opened for durability and concurrency: MVCC transaction control, and for a file
 * database no write delay (HSQLDB's default delays the log sync by 0.5 s, so a commit confirmed
 * to a client could be lost in a crash). {@link #close()} shuts an embedded HSQLDB database down
 * (a file database is checkpointed and unlocked; a memory database is discarded).
 */
public final class Database implements AutoCloseable {

    /** Default maximum number of pooled connections. */
    public static final int DEFAULT_POOL_SIZE = 10;

    /** Folder of a service's vendor-neutral migrations, beside the vendor folders. */
    public static final String COMMON = "common";

    /** Flyway history table of a service's own migrations. */
    public static final String DEFAULT_HISTORY_TABLE = "flyway_schema_history";

    private static final Logger log = LoggerFactory.getLogger(Database.class);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Vendor vendor;
    private final boolean embeddedHsqldb;
    private final HikariDataSource dataSource;
    private final DataSource statements;
    /** For a database server (not embedded): refills the pool as soon as the server is back after an outage. */
    private final PoolRevival revival;
    private volatile boolean closed;

    private Database(String jdbcUrl, String user, String password, Vendor vendor, boolean embeddedHsqldb,
                     HikariDataSource dataSource, PoolRevival revival) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.vendor = vendor;
        this.embeddedHsqldb = embeddedHsqldb;
        this.dataSource = dataSource;
        this.revival = revival;
        this.statements = embeddedHsqldb ? new StatementCache(dataSource) : revival.watching(dataSource);
    }

    /** How long a restart waits for the lock file a crashed process left on a file HSQLDB. */
    static final long STALE_LOCK_WAIT_MILLIS = 20_000;

    /**
     * A file HSQLDB left by a process that died keeps its lock file until the heartbeat in it
     * is about 10 s old; opening it sooner fails. A service restarted after a crash waits for
     * it rather than failing.
     */
    private static HikariDataSource openFileHsqldb(HikariConfig config) {
        long deadline = System.currentTimeMillis() + STALE_LOCK_WAIT_MILLIS;
        while (true) {
            try {
                return new HikariDataSource(config);
            } catch (RuntimeException e) {
                boolean staleLock = String.valueOf(e.getMessage()).contains("lock acquisition failure");
                if (!staleLock || System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("Cannot open " + redact(config.getJdbcUrl()) + ": " + e.getMessage(), e);
                }
                log.info("Waiting for the lock file of {} (left by a process that stopped abruptly)",
                        redact(config.getJdbcUrl()));
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while opening " + redact(config.getJdbcUrl()), ie);
                }
            }
        }
    }

    /** Opens a pool of {@link #DEFAULT_POOL_SIZE} connections. */
    public static Database open(String jdbcUrl, String user, String password) {
        return open(jdbcUrl, user, password, DEFAULT_POOL_SIZE);
    }

    /**
     * Opens a connection pool on {@code jdbcUrl} (user and password may be null where the
     * database needs none; HSQLDB's default user is {@code SA} with an empty password).
     *
     * @throws IllegalArgumentException for a URL that is neither HSQLDB nor PostgreSQL
     * @throws IllegalStateException    if the database cannot be reached or prepared
     */
    public static Database open(String jdbcUrl, String user, String password, int maxPoolSize) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Vendor vendor = Vendor.fromJdbcUrl(jdbcUrl);
        boolean embedded = vendor == Vendor.HSQLDB && isEmbeddedHsqldb(jdbcUrl);
        boolean file = embedded && isFileHsqldb(jdbcUrl);
        String url = jdbcUrl;
        if (vendor == Vendor.HSQLDB) {
            url = withHsqldbProperty(url, "hsqldb.tx", "mvcc");
            if (file) {
                url = withHsqldbProperty(url, "hsqldb.write_delay", "false");
            }
        }
        if (vendor == Vendor.HSQLDB && user == null) {
            user = "SA";
            password = password == null ? "" : password;
        }

        HikariConfig config = new HikariConfig();
        config.setPoolName("crs-db-" + SEQUENCE.incrementAndGet());
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(maxPoolSize);
        config.setMinimumIdle(Math.min(2, maxPoolSize));
        config.setAutoCommit(true);
        config.setConnectionTimeout(10_000);
        config.setDriverClassName(vendor == Vendor.HSQLDB ? "org.hsqldb.jdbc.JDBCDriver" : "org.postgresql.Driver");
        if (vendor == Vendor.POSTGRESQL) {
            // PostgreSQL plans a prepared statement again at every execution while it guesses that a
            // plan for the parameters at hand beats the generic one, which for the range reads of the
            // calendars it always does; planning was a large part of a server's CPU per booking. Every
            // query here is an index lookup whose plan the parameters do not change (a state is a
            // literal, not a parameter), so each connection keeps the generic plan.
            // No parallel query: once a table passes a few megabytes, the generic plan of a calendar
            // read of many resources starts two worker processes at every execution, 15 ms where the
            // index lookups alone take under one.
            config.setConnectionInitSql("SET plan_cache_mode = force_generic_plan; SET max_parallel_workers_per_gather = 0");
        }
        PoolRevival revival = embedded ? null : new PoolRevival(config.getPoolName(), url, user, password);
        if (revival != null) {
            config.setExceptionOverride(revival);
        }
        HikariDataSource ds = file ? openFileHsqldb(config) : null;
        if (ds == null) {
            try {
                ds = new HikariDataSource(config);
            } catch (RuntimeException e) {
                throw new IllegalStateException("Cannot open " + redact(url) + ": " + e.getMessage(), e);
            }
        }
        Database db = new Database(url, user, password, vendor, embedded, ds, revival);
        if (embedded) {
            try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
                // the URL properties apply only when a database is created; these statements also
                // convert an existing one (the settings persist in the database's own files)
                st.execute("SET DATABASE TRANSACTION CONTROL MVCC");
                // Trailing spaces count when strings compare, as in PostgreSQL's VARCHAR; HSQLDB's
                // default pads the shorter string with spaces first, at every index comparison.
                st.execute("SET DATABASE COLLATION SQL_TEXT NO PAD");
                if (file) {
                    st.execute("SET FILES WRITE DELAY FALSE");
                }
            } catch (SQLException e) {
                ds.close();
                throw new IllegalStateException("Cannot prepare HSQLDB " + redact(url) + ": " + e.getMessage(), e);
            }
        }
        log.info("Opened {} database {}", vendor.id(), redact(url));
        return db;
    }

    /**
     * The pooled DataSource; connections are auto-commit unless the caller changes that. On
     * embedded HSQLDB each connection keeps its prepared statements open for reuse (see
     * {@code StatementCache}): close them as usual.
     */
    public DataSource dataSource() {
        return statements;
    }

    public Vendor vendor() {
        return vendor;
    }

    /** The JDBC URL in use, including the properties this class added for HSQLDB. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /**
     * The Flyway locations of a service's migrations under the CRS convention (see the package
     * documentation): {@code classpath:db/<service>/common} for SQL that runs on every vendor
     * and {@code classpath:db/<service>/{vendor}} for vendor-specific SQL.
     */
    public static List<String> serviceLocations(String service) {
        if (service == null || !service.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("service must be lower-case letters, digits, '-': " + service);
        }
        return List.of("classpath:db/" + service + "/" + COMMON, "classpath:db/" + service + "/{vendor}");
    }

    /**
     * Runs a service's migrations from {@link #serviceLocations(String)} (whichever of the two
     * folders exist; at least one must), history in {@link #DEFAULT_HISTORY_TABLE}.
     *
     * @return the number of migrations applied now
     */
    public int migrateService(String service) {
        List<String> present = new ArrayList<>();
        for (String location : serviceLocations(service)) {
            String path = location.substring("classpath:".length()).replace("{vendor}", vendor.id());
            if (Database.class.getClassLoader().getResource(path) != null) {
                present.add(location);
            }
        }
        if (present.isEmpty()) {
            throw new IllegalStateException("No migrations on the class path for service " + service + ": looked in "
                    + serviceLocations(service) + " with {vendor}=" + vendor.id());
        }
        return migrate(present, DEFAULT_HISTORY_TABLE);
    }

    /**
     * Runs the Flyway migrations at {@code location} (for example
     * {@code classpath:db/nsap/{vendor}}; {@code {vendor}} becomes {@link Vendor#id()}) with
     * the history in {@link #DEFAULT_HISTORY_TABLE}.
     *
     * @return the number of migrations applied now (0 when the schema was up to date)
     */
    public int migrate(String location) {
        return migrate(List.of(location), DEFAULT_HISTORY_TABLE);
    }

    /** As {@link #migrate(List, String)} with one location. */
    public int migrate(String location, String historyTable) {
        return migrate(List.of(location), historyTable);
    }

    /**
     * Runs the Flyway migrations found at {@code locations} (versions unique across all of them),
     * recording them in {@code historyTable}. Several histories may share one schema (the
     * runtime's Quartz tables keep their own), so a schema that already holds other tables gets a
     * baseline at version 0 and every migration from V1 on still runs. Placeholder replacement is
     * off: SQL runs exactly as written. A location that does not exist is an error.
     *
     * @return the number of migrations applied now (0 when the schema was up to date)
     */
    public int migrate(List<String> locations, String historyTable) {
        Objects.requireNonNull(locations, "locations");
        Objects.requireNonNull(historyTable, "historyTable");
        if (locations.isEmpty()) {
            throw new IllegalArgumentException("no migration location");
        }
        String[] resolved = locations.stream().map(l -> l.replace("{vendor}", vendor.id())).toArray(String[]::new);
        Flyway flyway = Flyway.configure(Database.class.getClassLoader())
                .dataSource(dataSource)
                .locations(resolved)
                .table(historyTable)
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .placeholderReplacement(false)
                .failOnMissingLocations(true)
                .load();
        MigrateResult result = vendor == Vendor.POSTGRESQL ? migrateAlone(flyway, historyTable) : flyway.migrate();
        if (result.migrationsExecuted > 0) {
            log.info("Migrations at {} ({}): {} applied, schema now at version {}", List.of(resolved), historyTable,
                    result.migrationsExecuted, result.targetSchemaVersion);
        } else {
            log.debug("Migrations at {} ({}): schema up to date", List.of(resolved), historyTable);
        }
        return result.migrationsExecuted;
    }

    /**
     * Migrates while holding a PostgreSQL advisory lock named after the history table: replicas
     * that start together on one database whose schema holds other tables (the schedule's) would
     * otherwise race to create and baseline the history table (Flyway locks only once it exists),
     * and all but one fail.
     */
    private MigrateResult migrateAlone(Flyway flyway, String historyTable) {
        long key = ("crs-migrations:" + historyTable).hashCode();
        // A connection of its own, not the pool's: Flyway takes what the (small) pool has.
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password); Statement st = c.createStatement()) {
            st.execute("SELECT pg_advisory_lock(" + key + ")");
            try {
                return flyway.migrate();
            } finally {
                st.execute("SELECT pg_advisory_unlock(" + key + ")");
            }
        } catch (SQLException e) {
            throw new StoreException("taking the migration lock of " + redact(jdbcUrl) + " failed", e);
        }
    }

    /**
     * Closes the pool; an embedded HSQLDB database is then shut down. Stop whatever uses the
     * pool (a Quartz scheduler, a SOAP server) first.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (revival != null) {
            revival.close();
        }
        dataSource.close();
        if (embeddedHsqldb) {
            try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
                 Statement st = c.createStatement()) {
                st.execute("SHUTDOWN");
            } catch (SQLException e) {
                log.warn("HSQLDB shutdown of {} failed: {}", redact(jdbcUrl), e.getMessage());
            }
        }
        log.info("Closed {} database {}", vendor.id(), redact(jdbcUrl));
    }

    static boolean isEmbeddedHsqldb(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return !(u.startsWith("jdbc:hsqldb:hsql:") || u.startsWith("jdbc:hsqldb:hsqls:")
                || u.startsWith("jdbc:hsqldb:http:") || u.startsWith("jdbc:hsqldb:https:"));
    }

    static boolean isFileHsqldb(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return !(u.startsWith("jdbc:hsqldb:mem:") || u.startsWith("jdbc:hsqldb:res:"));
    }

    /** Adds {@code ;name=value} unless the URL already sets {@code name}. */
    static String withHsqldbProperty(String url, String name, String value) {
        if (url.toLowerCase(Locale.ROOT).contains(";" + name.toLowerCase(Locale.ROOT) + "=")) {
            return url;
        }
        return url + ";" + name + "=" + value;
    }

    /** The URL without any password parameter, for logs. */
    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }
}
