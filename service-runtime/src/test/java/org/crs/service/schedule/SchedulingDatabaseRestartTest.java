package org.crs.service.schedule;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.crs.service.db.Database;
import org.crs.service.db.testing.RestartablePostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schedule on a PostgreSQL server that stops and starts again under it (a restart, a
 * fail-over): a job that fell due while the server was down runs as soon as it is back.
 */
class SchedulingDatabaseRestartTest {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulingDatabaseRestartTest.class);

    /** How soon after the server is back the due job must have run. */
    static final Duration PROMPTLY = Duration.ofSeconds(2);
    /** Longer than Quartz's own misfire threshold (10 s), so the job is a misfire when the database is back. */
    static final Duration OUTAGE = Duration.ofSeconds(15);

    @Test
    void aJobThatFellDueWhileTheDatabaseWasDownRunsWithinTwoSecondsOfItsReturn(@TempDir Path dir) throws Exception {
        try (RestartablePostgres postgres = RestartablePostgres.start(dir.resolve("pg"));
             Database db = Database.open(postgres.createDatabase("sched"), RestartablePostgres.USER, null)) {
            String test = UUID.randomUUID().toString();
            Sweep.Registry sweeps = new Sweep.Registry();
            // As a service runs it: a sweep every 250 ms keeps Quartz busy with the database.
            Scheduler scheduler = Scheduling.start(db, "restart-" + test, true,
                    Scheduling.Options.defaults().jobFactory(new SweepOrJob(sweeps)));
            try {
                BlockingQueue<Instant> rounds = new LinkedBlockingQueue<>();
                sweeps.schedule(scheduler, new Sweep(JobKey.jobKey("sweep", "test"), Duration.ofMillis(250),
                        () -> rounds.add(Instant.now())));
                Instant due = Instant.now().plusSeconds(3);
                Scheduling.scheduleOnce(scheduler, JobKey.jobKey("due-in-outage", "test"), RecordingJob.class, due,
                        Map.of("test", test, "payload", "late"));
                postgres.stop();
                Thread.sleep(OUTAGE.toMillis());
                assertTrue(RecordingJob.runs(test).isEmpty(), "nothing ran while the database was down");
                postgres.restart();
                Instant back = Instant.now();
                rounds.clear();

                RecordingJob.Run run = RecordingJob.runs(test).poll(30, TimeUnit.SECONDS);

                assertNotNull(run, "the job due during the outage ran once the database was back");
                Duration after = Duration.between(back, run.at());
                LOG.info("database back at {}; the job due at {} ran {} ms later", back, due, after.toMillis());
                assertTrue(after.compareTo(PROMPTLY) <= 0, "ran " + after.toMillis() + " ms after the database came back");
                Instant round = rounds.poll(30, TimeUnit.SECONDS);
                assertNotNull(round, "the sweep runs again");
                Duration sweepAfter = Duration.between(back, round);
                LOG.info("the first sweep round came {} ms after the database was back", sweepAfter.toMillis());
                assertTrue(sweepAfter.compareTo(PROMPTLY) <= 0, "swept " + sweepAfter.toMillis() + " ms after");
            } finally {
                scheduler.shutdown(true);
            }
        }
    }

    /** Sweeps by their registry, the one-shot job by its class. */
    private record SweepOrJob(Sweep.Registry sweeps) implements org.quartz.spi.JobFactory {
        @Override
        public org.quartz.Job newJob(org.quartz.spi.TriggerFiredBundle bundle, Scheduler scheduler)
                throws org.quartz.SchedulerException {
            if (bundle.getJobDetail().getJobClass() == RecordingJob.class) {
                return new RecordingJob();
            }
            return sweeps.jobFactory().newJob(bundle, scheduler);
        }
    }
}
