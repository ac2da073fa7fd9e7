package org.crs.nsap.server;

import java.time.Duration;
import java.util.function.Supplier;

import org.crs.nsap.service.SegmentService;
import org.crs.service.schedule.Scheduling;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.spi.JobFactory;
import org.quartz.spi.TriggerFiredBundle;

/**
 * Makes holds lapse: one Quartz job in the service's own database (JDBC job store) that
 * expires every hold whose time has come, every second. The expiry times live with the
 * segments, so a restart loses none; on a shared PostgreSQL with clustering on, one instance
 * runs each sweep.
 *
 * <p>One sweep rather than a job per hold: scheduling and deleting a Quartz job takes
 * Quartz's trigger lock, which would serialise every hold and commit of the service.
 */
public final class HoldSweep {

    static final JobKey KEY = JobKey.jobKey("expire-due-holds", "holds");
    /** How often the sweep runs: the most a hold outlives its expiry time. */
    public static final Duration PERIOD = Duration.ofSeconds(1);

    private HoldSweep() {
    }

    /** Schedules the sweep, or keeps the one a previous run of the service stored. */
    public static void schedule(Scheduler scheduler) throws SchedulerException {
        Scheduling.scheduleRepeating(scheduler, KEY, Sweep.class, PERIOD);
    }

    /** Makes the sweep jobs with the service they act on. */
    public static JobFactory jobFactory(Supplier<SegmentService> service) {
        return new JobFactory() {
            @Override
            public Job newJob(TriggerFiredBundle bundle, Scheduler scheduler) {
                return new Sweep(service);
            }
        };
    }

    /** One sweep. */
    @DisallowConcurrentExecution
    static final class Sweep implements Job {
        private final Supplier<SegmentService> service;

        Sweep(Supplier<SegmentService> service) {
            this.service = service;
        }

        @Override
        public void execute(JobExecutionContext context) {
            SegmentService s = service.get();
            if (s != null) {
                s.expireDueHolds();
            }
        }
    }
}
