package org.crs.bar.server;

import java.time.Duration;
import java.util.function.Supplier;

import org.crs.bar.ReservationService;
import org.crs.service.schedule.Scheduling;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.spi.JobFactory;

/**
 * Brings reservations up and down on time: one Quartz job in the BAR's own database (JDBC job
 * store) that starts the due work ({@link ReservationService#runDueWork()}) every
 * {@link #PERIOD}. The times live with the reservations, so a restart loses none; on a shared
 * PostgreSQL with clustering on, one replica runs each sweep.
 *
 * <p>One sweep rather than a job per reservation: scheduling and deleting a Quartz job takes
 * Quartz's trigger lock, which would serialise every booking of the BAR.
 */
public final class DueWorkSweep {

    static final JobKey KEY = JobKey.jobKey("run-due-work", "reservations");
    /** How often the sweep runs: the most an activation starts after its time. */
    public static final Duration PERIOD = Duration.ofMillis(250);

    private DueWorkSweep() {
    }

    /** Schedules the sweep, or keeps the one a previous run stored. */
    public static void schedule(Scheduler scheduler) throws SchedulerException {
        Scheduling.scheduleRepeating(scheduler, KEY, Sweep.class, PERIOD);
    }

    /** Makes the sweep jobs with the service they act on. */
    public static JobFactory jobFactory(Supplier<ReservationService> service) {
        return (bundle, scheduler) -> new Sweep(service);
    }

    /** One sweep: starts the due work and returns; the work runs on the service's executor. */
    @DisallowConcurrentExecution
    static final class Sweep implements Job {
        private final Supplier<ReservationService> service;

        Sweep(Supplier<ReservationService> service) {
            this.service = service;
        }

        @Override
        public void execute(JobExecutionContext context) {
            ReservationService s = service.get();
            if (s != null) {
                s.runDueWork();
            }
        }
    }
}
