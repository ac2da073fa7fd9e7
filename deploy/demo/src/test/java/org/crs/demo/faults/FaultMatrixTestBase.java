package org.crs.demo.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.crs.demo.process.ProcessFederation;
import org.junit.jupiter.api.AfterAll;

/**
 * One federation of processes per test class; each case kills one service and restarts it while
 * the others keep running. The matrix goes to {@code target/fault-matrix.md} and to the output
 * when the class ends.
 */
abstract class FaultMatrixTestBase {

    static final Path REPORT = Path.of("target/fault-matrix.md");

    static ProcessFederation federation;
    static FaultMatrix matrix;
    static String title;

    static void startFederation(String name, ProcessFederation.Options options) throws Exception {
        title = name;
        Path work = options.work();
        deleteTree(work);
        Files.createDirectories(work);
        long t0 = System.nanoTime();
        federation = ProcessFederation.start(options);
        FaultMatrix.log("federation of processes up in " + (System.nanoTime() - t0) / 1_000_000 + " ms under " + work);
        matrix = new FaultMatrix(federation, "f" + (System.currentTimeMillis() % 100000) + "-");
        matrix.warmUp();
    }

    @AfterAll
    static void reportAndStop() throws Exception {
        try {
            if (matrix != null) {
                matrix.writeReport(REPORT, title);
            }
        } finally {
            if (federation != null) {
                federation.close();
                federation = null;
            }
            matrix = null;
        }
    }

    /** Runs a case and fails the test with every check that failed. */
    static void kill(FaultMatrix.Victim victim, FaultMatrix.Phase phase, FaultMatrix.Pause pause) throws Exception {
        FaultMatrix.Result r = matrix.run(new FaultMatrix.Case(victim, phase, pause));
        assertEquals(List.of(), r.failures(), victim.service + " killed at " + phase + ", down " + pause
                + ": outcome " + r.outcome() + "; logs in " + federation.logs());
    }

    static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
