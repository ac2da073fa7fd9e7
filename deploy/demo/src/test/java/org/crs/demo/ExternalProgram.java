package org.crs.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A program the tests run beside the services (Node.js, schemathesis): its standard output and
 * error, merged, go line by line to the log as they come, and come back whole with its exit code.
 * A program still running at its time limit is stopped with all its children (a browser, say).
 */
public final class ExternalProgram {

    /** What a program did: its exit code, null when it was stopped at its time limit, and everything it printed. */
    public record Outcome(Integer exitCode, String output) {

        /** True when it ran to its end and exited 0. */
        public boolean succeeded() {
            return exitCode != null && exitCode == 0;
        }
    }

    private ExternalProgram() {
    }

    /**
     * Runs {@code command} in {@code folder} with {@code environment} added to this JVM's, logging
     * each line it prints under {@code name}.
     *
     * @throws AssertionError when the program cannot be started at all, saying what to install
     */
    public static Outcome run(String name, List<String> command, Path folder, Map<String, String> environment,
                              Duration timeLimit, String whenMissing) throws InterruptedException {
        Logger log = LoggerFactory.getLogger("program." + name);
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError(command.get(0) + " could not be run: " + whenMissing, e);
        }
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    log.info("{}", line);
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // The program was stopped and its pipe closed under the reader: what it printed is kept.
            }
        }, name + "-output");
        reader.setDaemon(true);
        reader.start();
        boolean ended = process.waitFor(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        String printed;
        synchronized (output) {
            printed = output.toString();
        }
        if (!ended) {
            return new Outcome(null, printed + "\n(stopped: still running after " + timeLimit.toSeconds() + " s)\n");
        }
        return new Outcome(process.exitValue(), printed);
    }
}
