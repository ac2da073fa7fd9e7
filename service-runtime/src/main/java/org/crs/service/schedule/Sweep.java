package org.crs.service.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.spi.JobFactory;

/**
 * A service's periodic work (a BAR's due work, an NSAP's lapsed holds): one repeating Quartz
 * job in the service's own database, so that on a shared PostgreSQL with clustering on one
 * replica runs each round. What is due lives with the service's data, so a restart loses none.
 *
 * <p>One sweep rather than a job per booking: scheduling and deleting a Quartz job takes
 * Quartz's trigger lock, which would serialise every booking of the service.
 *
 * @param key the job's key in the schedule
 * @param period how often it runs: the most a due thing waits beyond its time
 * @param work what one round does; it returns soon (long work goes to the service's executor)
 */
public record Sweep(JobKey key, Duration period, Runnable work) {

    public Sweep {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(work, "work");
        if (period == null || period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive: " + period);
        }
    }

    /**
     * The sweeps of one scheduler: its job factory runs the work registered under a job's key.
     * Make the factory before the scheduler starts, register the sweeps once the service exists.
     */
    public static final class Registry {
        private final Map<JobKey, Runnable> work = new ConcurrentHashMap<>();
        private final AtomicReference<Instant> lastRound = new AtomicReference<>();

        /** The job factory to start the scheduler with ({@link Scheduling.Options#jobFactory}). */
        public JobFactory jobFactory() {
            return (bundle, scheduler) -> new Round(work, bundle.getJobDetail().getKey(), lastRound);
        }

        /**
         * When a round of any sweep last began in this process; empty before the first. On a
         * clustered database another replica may run the rounds, so an old one is no failure there.
         */
        public Optional<Instant> lastRound() {
            return Optional.ofNullable(lastRound.get());
        }

        /** Registers the sweep's work and schedules it, or keeps the schedule a previous run stored. */
        public void schedule(Scheduler scheduler, Sweep sweep) throws SchedulerException {
            work.put(sweep.key(), sweep.work());
            Scheduling.scheduleRepeating(scheduler, sweep.key(), Round.class, sweep.period());
        }
    }

    /** One round of a sweep; a round that comes before its work is registered does nothing. */
    @DisallowConcurrentExecution
    static final class Round implements Job {
        private final Map<JobKey, Runnable> work;
        private final JobKey key;
        private final AtomicReference<Instant> lastRound;

        Round(Map<JobKey, Runnable> work, JobKey key, AtomicReference<Instant> lastRound) {
            this.work = work;
            this.key = key;
            this.lastRound = lastRound;
        }

        @Override
        public void execute(JobExecutionContext context) {
            lastRound.set(Instant.now());
            Runnable w = work.get(key);
            if (w != null) {
                w.run();
            }
        }
    }
}
