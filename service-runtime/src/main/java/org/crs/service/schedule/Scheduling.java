package org.crs.service.schedule;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import javax.sql.DataSource;
import org.crs.service.db.Database;
import org.crs.service.db.Vendor;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDataMap;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.quartz.impl.SchedulerRepository;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.spi.JobFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Quartz scheduler whose JDBC job store (JobStoreTX, tables {@code QRTZ_*}) lives in the
 * service's own database and uses its pool, so scheduled jobs survive restarts and, on
 * PostgreSQL with clustering, several replicas share one schedule and each job fires once.
 *
 * <pre>{@code
 * Scheduler scheduler = Scheduling.start(db, "bar", db.vendor() == Vendor.POSTGRESQL);
 * Scheduling.scheduleOnce(scheduler, JobKey.jobKey("activate-42", "activation"),
 *         ActivateJob.class, startTime.minus(lead), Map.of("reservation", "42"));
 * ...
 * scheduler.shutdown(true);   // before db.close()
 * }</pre>
 *
 * <p>{@link #start} first applies the runtime's own migration of the Quartz tables
 * ({@code classpath:org/crs/service/schedule/migration/{vendor}}, Flyway history table
 * {@value #HISTORY_TABLE}), apart from the service's migrations.
 *
 * <p>Settings: {@code useProperties=false} (job data is serialised, so any value works, though
 * {@link #scheduleOnce} only takes Strings); misfire threshold {@link #DEFAULT_MISFIRE_THRESHOLD}:
 * a trigger that is late by less than this fires normally, one later than this is a misfire
 * and fires (once, now) when the misfire handler finds it, which scans every threshold interval
 * and at start-up; database retry {@link #DEFAULT_DB_RETRY}: how long Quartz pauses after its
 * database failed; idle wait {@link #DEFAULT_IDLE_WAIT}: how long the scheduler thread sleeps
 * when no trigger is due, which bounds how late it notices a trigger added by another cluster
 * node (a trigger added through this scheduler wakes it at once).
 */
public final class Scheduling {

    /** Flyway history table of the Quartz tables' migrations. */
    public static final String HISTORY_TABLE = "crs_quartz_schema_history";

    /** Flyway location of the Quartz tables' migrations. */
    public static final String MIGRATIONS = "classpath:org/crs/service/schedule/migration/{vendor}";

    public static final String TABLE_PREFIX = "QRTZ_";

    /**
     * Past its time by more than this, a trigger is a misfire, which only the misfire handler
     * picks up, and the handler, finding none, looks again this much later. At Quartz's 10 s a
     * sweep whose last round could not be recorded while the database was down stayed blocked
     * until the handler's next look: measured, the BAR's due work resumed 9.7 s after its
     * PostgreSQL was back. At 1 s it resumes within about a second; the look is one count query.
     */
    public static final Duration DEFAULT_MISFIRE_THRESHOLD = Duration.ofSeconds(1);
    public static final Duration DEFAULT_IDLE_WAIT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_CLUSTER_CHECKIN = Duration.ofSeconds(5);
    public static final int DEFAULT_THREADS = 4;
    /**
     * How long Quartz pauses before it tries its database again after a failure. Quartz's own
     * default, 15 s, held every due job that long after a database restart (measured: the first
     * job ran 8.7 s after PostgreSQL was back from a 10 s outage); a try costs one connection
     * request, which waits for the pool while the database is down.
     */
    public static final Duration DEFAULT_DB_RETRY = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(Scheduling.class);

    private Scheduling() {
    }

    /** Tunables of {@link #start(Database, String, boolean, Options)}; defaults as documented. */
    public static final class Options {
        private int threads = DEFAULT_THREADS;
        private Duration misfireThreshold = DEFAULT_MISFIRE_THRESHOLD;
        private Duration idleWait = DEFAULT_IDLE_WAIT;
        private Duration clusterCheckin = DEFAULT_CLUSTER_CHECKIN;
        private Duration dbRetry = DEFAULT_DB_RETRY;
        private JobFactory jobFactory;

        public static Options defaults() {
            return new Options();
        }

        /** Worker threads running jobs. */
        public Options threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1");
            }
            this.threads = threads;
            return this;
        }

        public Options misfireThreshold(Duration misfireThreshold) {
            this.misfireThreshold = requireAtLeast(misfireThreshold, Duration.ofSeconds(1), "misfireThreshold");
            return this;
        }

        public Options idleWait(Duration idleWait) {
            this.idleWait = requireAtLeast(idleWait, Duration.ofSeconds(1), "idleWait");
            return this;
        }

        public Options clusterCheckin(Duration clusterCheckin) {
            this.clusterCheckin = requireAtLeast(clusterCheckin, Duration.ofSeconds(1), "clusterCheckin");
            return this;
        }

        /** How long Quartz pauses before it tries its database again after a failure. */
        public Options dbRetry(Duration dbRetry) {
            this.dbRetry = requireAtLeast(dbRetry, Duration.ofMillis(100), "dbRetry");
            return this;
        }

        /**
         * How job instances are made; by default Quartz calls the job class's no-argument
         * constructor. A service passes a factory that hands jobs its components.
         */
        public Options jobFactory(JobFactory jobFactory) {
            this.jobFactory = jobFactory;
            return this;
        }

        private static Duration requireAtLeast(Duration d, Duration min, String name) {
            Objects.requireNonNull(d, name);
            if (d.compareTo(min) < 0) {
                throw new IllegalArgumentException(name + " must be at least " + min);
            }
            return d;
        }
    }

    /** {@link #start(Database, String, boolean, Options)} with default options. */
    public static Scheduler start(Database db, String schedulerName, boolean clustered) throws SchedulerException {
        return start(db, schedulerName, clustered, Options.defaults());
    }

    /**
     * Creates the Quartz tables if needed and starts a scheduler on {@code db}.
     *
     * @param schedulerName the schedule's name (Quartz's SCHED_NAME): the same for every replica
     *                      of one service, different for services sharing a database; unique
     *                      among running schedulers in one JVM (Quartz keeps a JVM-wide registry)
     * @param clustered     share the schedule with other replicas (PostgreSQL only): each node
     *                      gets an automatic instance id, and a job fires on one node only
     * @throws IllegalArgumentException clustered on HSQLDB (an embedded database cannot be shared)
     * @throws IllegalStateException    a scheduler with this name is already running in this JVM
     */
    public static Scheduler start(Database db, String schedulerName, boolean clustered, Options options)
            throws SchedulerException {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(options, "options");
        if (schedulerName == null || !schedulerName.matches("[A-Za-z0-9_.-]{1,120}")) {
            throw new IllegalArgumentException("schedulerName must be 1-120 of A-Z a-z 0-9 _ . -: " + schedulerName);
        }
        if (clustered && db.vendor() != Vendor.POSTGRESQL) {
            throw new IllegalArgumentException("Clustered scheduling needs PostgreSQL; " + db.vendor().id()
                    + " is embedded in one JVM");
        }
        Scheduler existing = SchedulerRepository.getInstance().lookup(schedulerName);
        if (existing != null && !existing.isShutdown()) {
            throw new IllegalStateException("A scheduler named " + schedulerName + " is already running in this JVM");
        }
        migrate(db);

        String dataSourceName = "crs-" + schedulerName;
        DBConnectionManager.getInstance().addConnectionProvider(dataSourceName, new PoolConnectionProvider(db.dataSource()));

        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, schedulerName);
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, clustered ? StdSchedulerFactory.AUTO_GENERATE_INSTANCE_ID : "NON_CLUSTERED");
        p.setProperty(StdSchedulerFactory.PROP_SCHED_IDLE_WAIT_TIME, String.valueOf(options.idleWait.toMillis()));
        p.setProperty(StdSchedulerFactory.PROP_SCHED_MAKE_SCHEDULER_THREAD_DAEMON, "true");
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INTERRUPT_JOBS_ON_SHUTDOWN, "false");
        // The scheduler's setting, which Quartz hands to the job store over the job store's own.
        p.setProperty(StdSchedulerFactory.PROP_SCHED_DB_FAILURE_RETRY_INTERVAL, String.valueOf(options.dbRetry.toMillis()));
        p.setProperty(StdSchedulerFactory.PROP_THREAD_POOL_CLASS, "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(options.threads));
        p.setProperty("org.quartz.threadPool.threadNamePrefix", "crs-quartz-" + schedulerName);
        p.setProperty("org.quartz.threadPool.makeThreadsDaemons", "true");
        p.setProperty(StdSchedulerFactory.PROP_JOB_STORE_CLASS, "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", db.vendor() == Vendor.POSTGRESQL
                ? "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate"
                : "org.quartz.impl.jdbcjobstore.HSQLDBDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", dataSourceName);
        p.setProperty("org.quartz.jobStore.tablePrefix", TABLE_PREFIX);
        p.setProperty("org.quartz.jobStore.useProperties", "false");
        p.setProperty("org.quartz.jobStore.misfireThreshold", String.valueOf(options.misfireThreshold.toMillis()));
        p.setProperty("org.quartz.jobStore.isClustered", String.valueOf(clustered));
        if (clustered) {
            p.setProperty("org.quartz.jobStore.clusterCheckinInterval", String.valueOf(options.clusterCheckin.toMillis()));
            p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        }

        Scheduler scheduler = new StdSchedulerFactory(p).getScheduler();
        if (options.jobFactory != null) {
            scheduler.setJobFactory(options.jobFactory);
        }
        scheduler.start();
        log.info("Quartz scheduler {} ({}) started on {}{}", schedulerName, scheduler.getSchedulerInstanceId(),
                db.vendor().id(), clustered ? ", clustered" : "");
        return scheduler;
    }

    /** Creates or upgrades the Quartz tables in {@code db}; {@link #start} calls it. */
    public static int migrate(Database db) {
        return db.migrate(MIGRATIONS, HISTORY_TABLE);
    }

    /**
     * Schedules {@code jobClass} to run once at {@code at}, idempotently: scheduling again with
     * the same key replaces the job's data and time (one job, one trigger, key shared by both).
     * A time already past is clamped to now, so the job runs at once instead of waiting for the
     * misfire handler. A job that is late (the scheduler was down) fires as soon as the
     * scheduler runs again; a job interrupted by a crash is run again on restart (requests
     * recovery), so jobs must be idempotent.
     *
     * @return the time the job is due
     */
    public static Instant scheduleOnce(Scheduler scheduler, JobKey key, Class<? extends Job> jobClass, Instant at,
                                       Map<String, String> data) throws SchedulerException {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(jobClass, "jobClass");
        Objects.requireNonNull(at, "at");
        JobDataMap map = new JobDataMap();
        if (data != null) {
            data.forEach((k, v) -> map.put(Objects.requireNonNull(k, "job data key"), v));
        }
        Instant now = Instant.now();
        Instant due = at.isBefore(now) ? now : at;
        JobDetail job = JobBuilder.newJob(jobClass)
                .withIdentity(key)
                .usingJobData(map)
                .requestRecovery(true)
                .storeDurably(false)
                .build();
        Trigger trigger = TriggerBuilder.newTrigger()
                .withIdentity(TriggerKey.triggerKey(key.getName(), key.getGroup()))
                .forJob(key)
                .startAt(Date.from(due))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionFireNow())
                .build();
        scheduler.scheduleJob(job, Set.of(trigger), true);
        return due;
    }

    /**
     * Schedules {@code jobClass} to run every {@code period} from now on, or keeps the schedule a
     * previous run of the service stored under the same key (one job, one trigger). Runs missed
     * while the scheduler was down are not made up: the next one comes on time. A service's
     * sweeps use this; what a sweep does is due by times stored with the service's own data,
     * so a restart loses nothing.
     */
    public static void scheduleRepeating(Scheduler scheduler, JobKey key, Class<? extends Job> jobClass, Duration period)
            throws SchedulerException {
        JobDetail job = JobBuilder.newJob(jobClass).withIdentity(key).storeDurably().build();
        Trigger trigger = TriggerBuilder.newTrigger().withIdentity(TriggerKey.triggerKey(key.getName(), key.getGroup()))
                .forJob(key).startAt(new Date())
                .withSchedule(SimpleScheduleBuilder.simpleSchedule().withIntervalInMilliseconds(period.toMillis())
                        .repeatForever().withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        scheduler.scheduleJob(job, Set.of(trigger), true);
    }

    /** Removes a job scheduled with {@link #scheduleOnce}; false if there was none. */
    public static boolean cancel(Scheduler scheduler, JobKey key) throws SchedulerException {
        return scheduler.deleteJob(key);
    }

    /**
     * Quartz's view of the service's pool. Quartz "shuts down" its connection provider when the
     * scheduler stops; the pool belongs to the Database, so that is a no-op here.
     */
    static final class PoolConnectionProvider implements ConnectionProvider {
        private final DataSource dataSource;

        PoolConnectionProvider(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return dataSource.getConnection();
        }

        @Override
        public void shutdown() {
            // the Database owns the pool
        }

        @Override
        public void initialize() {
            // nothing to do: the pool is already open
        }
    }
}
