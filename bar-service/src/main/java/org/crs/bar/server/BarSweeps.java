package org.crs.bar.server;

import java.time.Duration;

import org.quartz.JobKey;

/** The BAR's sweeps: the repeating jobs of its schedule, each with its key and how often it runs. */
public final class BarSweeps {

    /** The due work's sweep: how often it runs is the most an activation starts after its time. */
    static final JobKey DUE_WORK = JobKey.jobKey("run-due-work", "reservations");
    public static final Duration DUE_WORK_PERIOD = Duration.ofMillis(250);
    /** The sweep that asks the parts whether they still hold the live reservations. */
    static final JobKey RECONCILE = JobKey.jobKey("reconcile-with-parts", "reservations");
    /** The sweep that expands and delivers notifications: the most a mail or a webhook POST waits. */
    static final JobKey NOTIFY = JobKey.jobKey("deliver-notifications", "notifications");
    public static final Duration NOTIFY_PERIOD = Duration.ofSeconds(1);
    /**
     * The sweep that flags idle circuits and circuits with errors
     * ({@link org.crs.bar.service.UtilisationService#checkTraffic}).
     */
    static final JobKey TRAFFIC_CHECK = JobKey.jobKey("check-traffic", "reservations");
    /**
     * How often it runs: a flag comes at most this late, and each round asks the L-NSAP and the
     * NSAP about every ACTIVE reservation not flagged yet (a few ms a call), so not much more often
     * than they poll (30 s by default).
     */
    public static final Duration TRAFFIC_CHECK_PERIOD = Duration.ofMinutes(1);
    /** The sweep that deletes ended browser sessions, lapsed sign-ins and old throttle counts. */
    static final JobKey SIGN_IN_SWEEP = JobKey.jobKey("forget-ended-sessions", "accounts");
    public static final Duration SIGN_IN_SWEEP_PERIOD = Duration.ofMinutes(5);

    private BarSweeps() {
    }
}
