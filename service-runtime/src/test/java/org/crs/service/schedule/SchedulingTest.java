package org.crs.service.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.crs.service.db.Database;
import org.crs.service.db.testing.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quartz.JobKey;
import org.quartz.Scheduler;

class SchedulingTest {

    /** Lateness tolerated on a loaded 2-core machine. */
    static final Duration SLACK = Duration.ofSeconds(5);

    @Test
    void jobScheduledOneSecondAheadFiresOnHsqldb() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            firesOneSecondAhead(db, false);
        }
    }

    @Test
    void jobScheduledOneSecondAheadFiresOnClusteredPostgres() throws Exception {
        try (Database db = EmbeddedPostgres.shared().openNewDatabase()) {
            firesOneSecondAhead(db, true);
        }
    }

    private static void firesOneSecondAhead(Database db, boolean clustered) throws Exception {
        String test = UUID.randomUUID().toString();
        Scheduler scheduler = Scheduling.start(db, "s-" + test, clustered);
        try {
            if (clustered) {
                assertNotEquals("NON_CLUSTERED", scheduler.getSchedulerInstanceId());
                assertTrue(scheduler.getMetaData().isJobStoreClustered());
            }
            assertTrue(scheduler.getMetaData().isJobStoreSupportsPersistence());
            Instant at = Instant.now().plusSeconds(1);
            Scheduling.scheduleOnce(scheduler, JobKey.jobKey("one-second", "test"), RecordingJob.class, at,
                    Map.of("test", test, "payload", "p1"));
            RecordingJob.Run run = RecordingJob.runs(test).poll(10, TimeUnit.SECONDS);
            assertNotNull(run, "job fired");
            assertEquals("p1", run.payload());
            assertFalse(run.at().isBefore(at.minusMillis(50)), "not early: " + run.at() + " vs " + at);
            assertTrue(run.at().isBefore(at.plus(SLACK)), "on time: " + run.at() + " vs " + at);
            assertEquals(scheduler.getSchedulerInstanceId(), run.instanceId());
            assertNull(RecordingJob.runs(test).poll(1500, TimeUnit.MILLISECONDS), "fired once");
            assertFalse(scheduler.checkExists(JobKey.jobKey("one-second", "test")), "one-shot job removed after it ran");
        } finally {
            scheduler.shutdown(true);
        }
    }

    @Test
    void jobSurvivesSchedulerRestartOnFileDatabase(@TempDir Path dir) throws Exception {
        String url = "jdbc:hsqldb:file:" + dir.resolve("sched").toAbsolutePath();
        String test = UUID.randomUUID().toString();
        String name = "restart-" + test;
        Instant at = Instant.now().plusSeconds(3);
        try (Database db = Database.open(url, null, null)) {
            Scheduler scheduler = Scheduling.start(db, name, false);
            Scheduling.scheduleOnce(scheduler, JobKey.jobKey("survivor", "test"), RecordingJob.class, at,
                    Map.of("test", test, "payload", "kept"));
            scheduler.shutdown(true);
        }
        assertTrue(RecordingJob.runs(test).isEmpty());
        try (Database db = Database.open(url, null, null)) {
            Scheduler scheduler = Scheduling.start(db, name, false);
            try {
                RecordingJob.Run run = RecordingJob.runs(test).poll(15, TimeUnit.SECONDS);
                assertNotNull(run, "job fired after the restart");
                assertEquals("kept", run.payload());
                assertFalse(run.at().isBefore(at.minusMillis(50)), "not early");
            } finally {
                scheduler.shutdown(true);
            }
        }
    }

    @Test
    void jobDueWhileTheSchedulerWasDownFiresSoonAfterRestart(@TempDir Path dir) throws Exception {
        String url = "jdbc:hsqldb:file:" + dir.resolve("late").toAbsolutePath();
        String test = UUID.randomUUID().toString();
        String name = "late-" + test;
        Scheduling.Options options = Scheduling.Options.defaults().misfireThreshold(Duration.ofSeconds(1));
        try (Database db = Database.open(url, null, null)) {
            Scheduler scheduler = Scheduling.start(db, name, false, options);
            Scheduling.scheduleOnce(scheduler, JobKey.jobKey("late", "test"), RecordingJob.class,
                    Instant.now().plusSeconds(1), Map.of("test", test, "payload", "late"));
            scheduler.shutdown(true);
        }
        Thread.sleep(3000); // past due by more than the misfire threshold: a misfire
        try (Database db = Database.open(url, null, null)) {
            Instant restarted = Instant.now();
            Scheduler scheduler = Scheduling.start(db, name, false, options);
            try {
                RecordingJob.Run run = RecordingJob.runs(test).poll(15, TimeUnit.SECONDS);
                assertNotNull(run, "misfired job fired after the restart");
                assertTrue(run.at().isBefore(restarted.plus(SLACK)), "soon after restart: " + run.at());
            } finally {
                scheduler.shutdown(true);
            }
        }
    }

    @Test
    void schedulingTheSameKeyAgainReplacesTheJob() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            String test = UUID.randomUUID().toString();
            Scheduler scheduler = Scheduling.start(db, "replace-" + test, false);
            try {
                JobKey key = JobKey.jobKey("activate-42", "activation");
                Scheduling.scheduleOnce(scheduler, key, RecordingJob.class, Instant.now().plusSeconds(60),
                        Map.of("test", test, "payload", "first"));
                Scheduling.scheduleOnce(scheduler, key, RecordingJob.class, Instant.now().plusSeconds(1),
                        Map.of("test", test, "payload", "second"));
                assertEquals(1, scheduler.getTriggersOfJob(key).size());
                RecordingJob.Run run = RecordingJob.runs(test).poll(10, TimeUnit.SECONDS);
                assertNotNull(run);
                assertEquals("second", run.payload());
                assertNull(RecordingJob.runs(test).poll(1500, TimeUnit.MILLISECONDS), "the first schedule is gone");

                JobKey cancelled = JobKey.jobKey("cancel-me", "test");
                Scheduling.scheduleOnce(scheduler, cancelled, RecordingJob.class, Instant.now().plusSeconds(1),
                        Map.of("test", test, "payload", "cancelled"));
                assertTrue(Scheduling.cancel(scheduler, cancelled));
                assertFalse(Scheduling.cancel(scheduler, cancelled));
                assertNull(RecordingJob.runs(test).poll(2500, TimeUnit.MILLISECONDS), "a cancelled job does not run");
            } finally {
                scheduler.shutdown(true);
            }
        }
    }

    @Test
    void timeInThePastIsClampedToNowAndFiresAtOnce() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            String test = UUID.randomUUID().toString();
            // A long misfire threshold, so that only clamping can make this fast.
            Duration threshold = Duration.ofSeconds(10);
            Scheduler scheduler = Scheduling.start(db, "past-" + test, false,
                    Scheduling.Options.defaults().misfireThreshold(threshold));
            try {
                // let the misfire handler's start-up scan pass
                Thread.sleep(500);
                Instant before = Instant.now();
                Instant due = Scheduling.scheduleOnce(scheduler, JobKey.jobKey("overdue", "test"), RecordingJob.class,
                        before.minus(Duration.ofHours(1)), Map.of("test", test, "payload", "now"));
                assertFalse(due.isBefore(before));
                RecordingJob.Run run = RecordingJob.runs(test).poll(threshold.toSeconds() - 2,
                        TimeUnit.SECONDS);
                assertNotNull(run, "fired before the misfire handler's next scan");
            } finally {
                scheduler.shutdown(true);
            }
        }
    }

    @Test
    void clusteringOnHsqldbAndASecondSchedulerOfTheSameNameAreRefused() throws Exception {
        try (Database db = Database.open("jdbc:hsqldb:mem:" + UUID.randomUUID(), null, null)) {
            assertThrows(IllegalArgumentException.class, () -> Scheduling.start(db, "clustered-hsqldb", true));
            String name = "dup-" + UUID.randomUUID();
            Scheduler first = Scheduling.start(db, name, false);
            try {
                assertThrows(IllegalStateException.class, () -> Scheduling.start(db, name, false));
            } finally {
                first.shutdown(true);
            }
            Scheduler again = Scheduling.start(db, name, false);
            again.shutdown(true);
        }
    }
}
