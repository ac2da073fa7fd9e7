package org.crs.routers.driver.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.crs.routers.driver.CircuitSegment;
import org.crs.routers.driver.DriverException;
import org.crs.routers.driver.cli.ConfigElement.Check;
import org.crs.routers.driver.cli.ConfigElement.State;

/**
 * Several segments set up on one router in one configuration session with one save: what
 * {@link AbstractCliDriver#setUpAll} does. On a loaded router a save takes seconds and every
 * session its login, so a burst of circuits costs one save per batch instead of one per circuit.
 *
 * <p>The IOS session, for segments A and B:
 * <pre>
 *   show running-config                      (one snapshot, every segment checked on it)
 *   configure terminal
 *    ...A's lines...  ...B's lines...        (a refused line fails its segment only: end,
 *   end                                        configure terminal, and on with the next)
 *   show running-config                      (each segment verified on its own)
 *   configure terminal
 *    ...removal of what a failed segment applied...
 *   end
 *   write memory                             (once, for every segment that stands)
 *   show running-config                      (a failed segment's elements back as they were?)
 * </pre>
 *
 * <p>Each segment keeps {@code setUp}'s meaning on its own: a segment already there succeeds
 * with nothing sent; one whose resources are taken fails with nothing sent; one that fails is
 * removed again and its exception says whether its elements are back as the snapshot had them
 * ({@link DriverException#restored()}) or what was left; the others are saved and succeed.
 * Segments whose elements share a name with one already in the batch (the same VLAN twice, say)
 * are not batched: they are set up one by one after it. When the session itself fails (a
 * timeout, a lost connection, a refused save), everything the batch applied is removed on a
 * fresh session and each segment is set up on its own, one after the other, as
 * {@link AbstractCliDriver#setUp} does.
 */
final class BatchSetUp<S extends CircuitSegment> {

    private final AbstractCliDriver<S> driver;
    private final String router;

    BatchSetUp(AbstractCliDriver<S> driver) {
        this.driver = driver;
        this.router = driver.router().name();
    }

    /** One segment of the batch and how it fares. */
    private final class Job {
        final S segment;
        final List<ConfigElement> elements;
        final List<ConfigElement> touched = new ArrayList<>();
        List<ConfigElement> toApply = List.of();
        DriverException failure;
        boolean done;
        boolean alone;

        Job(S segment) {
            this.segment = segment;
            this.elements = driver.setUpOrder(segment);
        }

        boolean applying() {
            return !done && failure == null && !alone;
        }
    }

    /** Sets up every segment; the answer has one entry per segment, in order, empty for success. */
    List<Optional<DriverException>> run(List<S> segments) throws DriverException {
        segments.forEach(driver::accept);
        List<Job> jobs = segments.stream().map(Job::new).toList();
        try (CliSession session = driver.open()) {
            RunningConfig before = session.runningConfig();
            plan(jobs, before);
            if (jobs.stream().anyMatch(Job::applying)) {
                try {
                    applyVerifyAndSave(session, jobs, before);
                } catch (DriverException sessionFailed) {
                    startAgainOneByOne(session, jobs, before, sessionFailed);
                }
            }
        }
        for (Job job : jobs) {
            if (job.alone) {
                try {
                    driver.setUp(job.segment);
                    job.done = true;
                } catch (DriverException e) {
                    job.failure = e;
                }
            }
        }
        return jobs.stream().map(j -> Optional.ofNullable(j.failure)).toList();
    }

    /** Checks every segment on the snapshot: already there, blocked, to apply, or to do alone. */
    private void plan(List<Job> jobs, RunningConfig before) {
        Set<String> claimed = new HashSet<>();
        for (Job job : jobs) {
            List<Check> checks = job.elements.stream().map(e -> e.check(before)).toList();
            if (checks.stream().allMatch(c -> c.state() == State.PRESENT)) {
                job.done = true;
                continue;
            }
            List<String> blocked = checks.stream()
                    .filter(c -> c.state() == State.TAKEN || c.state() == State.PARTIAL)
                    .map(Check::detail).toList();
            if (!blocked.isEmpty()) {
                job.failure = new DriverException(router, "check that " + job.segment.label() + "'s resources are free",
                        String.join("; ", blocked), null);
                continue;
            }
            List<String> names = job.elements.stream().map(ConfigElement::name).toList();
            if (names.stream().anyMatch(claimed::contains)) {
                job.alone = true;
                continue;
            }
            claimed.addAll(names);
            List<ConfigElement> free = new ArrayList<>();
            for (int i = 0; i < checks.size(); i++) {
                if (checks.get(i).state() == State.FREE) {
                    free.add(job.elements.get(i));
                }
            }
            job.toApply = free;
        }
    }

    private void applyVerifyAndSave(CliSession session, List<Job> jobs, RunningConfig before) throws DriverException {
        ok(session, AbstractCliDriver.CONFIGURE_TERMINAL);
        for (Job job : jobs) {
            if (!job.applying()) {
                continue;
            }
            CliAnswer refused = apply(session, job);
            if (refused != null) {
                job.failure = new DriverException(router, refused.command(), refused.errorText(), null);
                // Back to a known mode before the next segment's lines.
                ok(session, AbstractCliDriver.END);
                ok(session, AbstractCliDriver.CONFIGURE_TERMINAL);
            }
        }
        ok(session, AbstractCliDriver.END);
        RunningConfig after = session.runningConfig();
        for (Job job : jobs) {
            if (job.applying()) {
                List<String> wrong = new ArrayList<>();
                for (ConfigElement e : job.elements) {
                    Check c = e.check(after);
                    if (c.state() != State.PRESENT) {
                        wrong.add(e.name() + (c.detail().isEmpty() ? " missing" : ": " + c.detail()));
                    }
                }
                if (!wrong.isEmpty()) {
                    job.failure = new DriverException(router, "verify " + job.segment.label(),
                            "the configuration read back does not show " + String.join("; ", wrong), null);
                }
            }
        }
        List<Job> failed = jobs.stream().filter(j -> j.failure != null && !j.touched.isEmpty()).toList();
        if (!failed.isEmpty()) {
            List<String> commands = removal(failed, after);
            if (!commands.isEmpty()) {
                // Errors are tolerated here (and logged): the read-back below is the judge.
                session.send(AbstractCliDriver.CONFIGURE_TERMINAL);
                for (String command : commands) {
                    session.send(command);
                }
                session.send(AbstractCliDriver.END);
            }
        }
        if (jobs.stream().anyMatch(j -> !j.touched.isEmpty())) {
            ok(session, AbstractCliDriver.WRITE_MEMORY);
        }
        jobs.stream().filter(Job::applying).forEach(j -> j.done = true);
        if (!failed.isEmpty()) {
            RunningConfig now = session.runningConfig();
            for (Job job : failed) {
                List<String> left = job.elements.stream()
                        .filter(e -> e.check(now).state() != e.check(before).state())
                        .map(ConfigElement::name).toList();
                job.failure = new DriverException(router, job.failure.step(), job.failure.deviceAnswer(), left.isEmpty(),
                        left, job.failure);
            }
        }
    }

    /** Sends a segment's lines; the refused answer, or null when every line was taken. */
    private CliAnswer apply(CliSession session, Job job) throws DriverException {
        for (ConfigElement element : job.toApply) {
            // Counted as touched before its first line: a half-applied element needs undoing too.
            job.touched.add(element);
            for (String command : element.setUpCommands()) {
                CliAnswer answer = session.send(command);
                if (answer.failed()) {
                    return answer;
                }
            }
        }
        return null;
    }

    /** The lines that remove what the failed segments applied, each in its tear-down order. */
    private List<String> removal(List<Job> failed, RunningConfig now) {
        List<String> commands = new ArrayList<>();
        for (Job job : failed) {
            Set<String> touched = new HashSet<>(job.touched.stream().map(ConfigElement::name).toList());
            for (ConfigElement e : driver.tearDownOrder(job.segment)) {
                if (touched.contains(e.name()) && e.check(now).ours()) {
                    commands.addAll(e.tearDownCommands(now));
                }
            }
        }
        return commands;
    }

    /**
     * The session failed: removes what the batch applied (on this session if it still answers,
     * else a fresh one) and leaves every segment that was not already there to be set up alone.
     */
    private void startAgainOneByOne(CliSession session, List<Job> jobs, RunningConfig before, DriverException cause) {
        List<Job> touched = jobs.stream().filter(j -> !j.touched.isEmpty()).toList();
        CliSession s = session.isOpen() ? session : null;
        try {
            if (s == null) {
                s = driver.open();
            }
            if (!s.mode().isEmpty()) {
                s.send(AbstractCliDriver.END);
            }
            RunningConfig now = s.runningConfig();
            List<String> commands = removal(touched, now);
            if (!commands.isEmpty()) {
                s.send(AbstractCliDriver.CONFIGURE_TERMINAL);
                for (String command : commands) {
                    s.send(command);
                }
                s.send(AbstractCliDriver.END);
            }
        } catch (DriverException e) {
            cause.addSuppressed(e);
            // What is left is found by each segment's own set-up below: its check sees the
            // partial elements and refuses, and the caller rolls that segment back.
        } finally {
            if (s != null && s != session) {
                s.close();
            }
        }
        for (Job job : jobs) {
            if (!job.done && (job.failure == null || !job.touched.isEmpty())) {
                job.failure = null;
                job.touched.clear();
                job.alone = true;
            }
        }
    }

    private void ok(CliSession session, String command) throws DriverException {
        CliAnswer answer = session.send(command);
        if (answer.failed()) {
            throw new DriverException(router, command, answer.errorText(), null);
        }
    }
}
