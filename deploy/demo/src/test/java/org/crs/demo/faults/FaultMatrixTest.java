package org.crs.demo.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.crs.demo.faults.FaultMatrix.Pause;
import org.crs.demo.faults.FaultMatrix.Phase;
import org.crs.demo.faults.FaultMatrix.Victim;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole fault matrix: each of the five services killed at each of the five phases of a
 * cross-site booking, down for a short and a long pause (50 cases), then the network between
 * the two BARs dropping and delaying calls during an activation. Runs under
 * {@code mvn -P fault-matrix}: about half an hour (25 s long pauses).
 */
@Tag("fault-matrix")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultMatrixTest extends FaultMatrixTestBase {

    @BeforeAll
    static void start() throws Exception {
        startFederation("Fault matrix, every service at every phase", FaultMatrix.options(
                Path.of("target/fault-matrix").toAbsolutePath()));
    }

    /**
     * Every case, or those the system property {@value #ONLY} names, each as
     * {@code VICTIM:PHASE:PAUSE} (e.g. {@code -Dfault-matrix.only=NSAP:ACTIVE:SHORT,BAR_A:COMMITTED:SHORT}),
     * to run a few cases alone.
     */
    static Stream<FaultMatrix.Case> cases() {
        List<FaultMatrix.Case> all = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            for (Victim victim : Victim.values()) {
                for (Pause pause : Pause.values()) {
                    all.add(new FaultMatrix.Case(victim, phase, pause));
                }
            }
        }
        String only = System.getProperty(ONLY, "").strip();
        if (only.isEmpty()) {
            return all.stream();
        }
        List<FaultMatrix.Case> named = new ArrayList<>();
        for (String name : only.split(",")) {
            String[] parts = name.strip().split(":");
            if (parts.length != 3) {
                throw new IllegalArgumentException(ONLY + ": '" + name + "' is not VICTIM:PHASE:PAUSE");
            }
            named.add(new FaultMatrix.Case(Victim.valueOf(parts[0]), Phase.valueOf(parts[1]), Pause.valueOf(parts[2])));
        }
        return named.stream();
    }

    /** The system property naming the cases to run alone. */
    static final String ONLY = "fault-matrix.only";

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachKillEndsTheBookingTheSameAtEverySiteAndOnEveryRouter(FaultMatrix.Case c) throws Exception {
        kill(c.victim(), c.phase(), c.pause());
    }

    @Order(2)
    @Test
    void callsBetweenTheBarsDroppedForTenSecondsDuringActivationStillBringTheCircuitUpWithinTheGrace() throws Exception {
        NetworkCases.dropBetweenBarsDuringActivation(federation, matrix);
    }

    @Order(3)
    @Test
    void callsBetweenTheBarsDelayedPastTheCallTimeoutDuringActivationStillBringTheCircuitUpWithinTheGrace()
            throws Exception {
        NetworkCases.delayBetweenBarsDuringActivation(federation, matrix);
    }
}
