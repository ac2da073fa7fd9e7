package org.crs.service.schedule;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import org.quartz.Job;
import org.quartz.JobExecutionContext;

/** Records each run in a queue named by its "test" job data, with the "payload" job data. */
public class RecordingJob implements Job {

    record Run(Instant at, String payload, String instanceId) {
    }

    static final Map<String, BlockingQueue<Run>> RUNS = new ConcurrentHashMap<>();

    static BlockingQueue<Run> runs(String test) {
        return RUNS.computeIfAbsent(test, t -> new LinkedBlockingQueue<>());
    }

    @Override
    public void execute(JobExecutionContext context) {
        String test = context.getMergedJobDataMap().getString("test");
        String payload = context.getMergedJobDataMap().getString("payload");
        String instance;
        try {
            instance = context.getScheduler().getSchedulerInstanceId();
        } catch (org.quartz.SchedulerException e) {
            instance = "?";
        }
        runs(test).add(new Run(Instant.now(), payload, instance));
    }
}
