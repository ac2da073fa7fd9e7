package org.crs.nsap.server;

import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

import org.crs.nsap.HoldTimer;
import org.crs.nsap.SegmentService;
import org.crs.service.schedule.Scheduling;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.spi.JobFactory;
import org.quartz.spi.TriggerFiredBundle;

/**
 * Hold expiry through Quartz's JDBC job store in the service's own database: one job per
 * hold, keyed by booking id, so the timers survive a restart and, on a shared PostgreSQL
 * with clustering on, fire once across service instances.
 */
public final class QuartzHoldTimer implements HoldTimer {

    private static final String GROUP = "hold-expiry";
    private static final String BOOKING_ID = "bookingId";

    private final Scheduler scheduler;

    public QuartzHoldTimer(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public void schedule(String bookingId, Instant at) {
        try {
            Scheduling.scheduleOnce(scheduler, JobKey.jobKey(bookingId, GROUP), ExpireHold.class, at,
                    Map.of(BOOKING_ID, bookingId));
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot schedule the expiry of hold " + bookingId, e);
        }
    }

    @Override
    public void cancel(String bookingId) {
        try {
            Scheduling.cancel(scheduler, JobKey.jobKey(bookingId, GROUP));
        } catch (SchedulerException e) {
            // The expiry job checks the state before acting, so a stale one is harmless.
        }
    }

    /** Makes the expiry jobs with the service they act on. */
    public static JobFactory jobFactory(Supplier<SegmentService> service) {
        return new JobFactory() {
            @Override
            public Job newJob(TriggerFiredBundle bundle, Scheduler scheduler) {
                return new ExpireHold(service);
            }
        };
    }

    /** Lets one hold lapse; a hold committed meanwhile is left alone by the service. */
    static final class ExpireHold implements Job {
        private final Supplier<SegmentService> service;

        ExpireHold(Supplier<SegmentService> service) {
            this.service = service;
        }

        @Override
        public void execute(JobExecutionContext context) {
            service.get().expireHold(context.getMergedJobDataMap().getString(BOOKING_ID));
        }
    }
}
