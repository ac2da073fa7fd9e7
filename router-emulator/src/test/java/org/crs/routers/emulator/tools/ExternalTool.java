package org.crs.routers.emulator.tools;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a program that no one in this project wrote (net-snmp's tools, Python SSH clients)
 * and returns what it printed. A missing program fails the test: deploy/install-test-tools.sh
 * installs them all, and CI runs it first.
 */
public final class ExternalTool {

    /** What a program printed and how it exited. */
    public record Result(int exitCode, String output) {
    }

    private ExternalTool() {
    }

    public static Result run(List<String> command, Map<String, String> env) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(command.get(0) + " did not finish in 60 s");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return fail(command.get(0) + " could not be run (" + e.getMessage()
                    + "); install the test tools with deploy/install-test-tools.sh");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted");
        }
    }

    /** The Python interpreter with the packages of deploy/test-tools-requirements.txt. */
    public static String python() {
        return System.getProperty("crs.python", "python3");
    }
}
