package org.crs.demo.faults;

import static org.crs.demo.faults.FaultMatrix.Pause.LONG;
import static org.crs.demo.faults.FaultMatrix.Pause.SHORT;
import static org.crs.demo.faults.FaultMatrix.Phase.ACTIVATING;
import static org.crs.demo.faults.FaultMatrix.Phase.ACTIVE;
import static org.crs.demo.faults.FaultMatrix.Phase.COMMITTED;
import static org.crs.demo.faults.FaultMatrix.Phase.NEGOTIATION;
import static org.crs.demo.faults.FaultMatrix.Phase.RELEASING;

import java.nio.file.Path;

import org.crs.demo.faults.FaultMatrix.Victim;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The default build's share of the fault matrix: each service killed once and each phase of a
 * booking met once, three with a short pause and two with a long one; and the calls between the
 * BARs dropped for a while during an activation. The whole matrix, every service in every phase
 * with both pauses: {@link FaultMatrixTest} ({@code mvn -P fault-matrix}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultMatrixSubsetTest extends FaultMatrixTestBase {

    @BeforeAll
    static void start() throws Exception {
        startFederation("Fault matrix, default subset", FaultMatrix.options(Path.of("target/fault-subset").toAbsolutePath()));
    }

    @Test
    @org.junit.jupiter.api.Order(1)
    void theNsapKilledDuringNegotiationLeavesTheBookingWholeOrNowhere() throws Exception {
        kill(Victim.NSAP, NEGOTIATION, SHORT);
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void siteAsBarKilledBetweenCommitAndStartStillRunsTheCircuitOrUndoesIt() throws Exception {
        kill(Victim.BAR_A, COMMITTED, LONG);
    }

    @Test
    @org.junit.jupiter.api.Order(3)
    void siteAsLnsapKilledDuringActivationEndsTheSameEverywhere() throws Exception {
        kill(Victim.LNSAP_A, ACTIVATING, SHORT);
    }

    @Test
    @org.junit.jupiter.api.Order(4)
    void siteBsBarKilledWhileActiveEndsTheSameEverywhere() throws Exception {
        kill(Victim.BAR_B, ACTIVE, LONG);
    }

    @Test
    @org.junit.jupiter.api.Order(5)
    void siteBsLnsapKilledDuringTearDownTakesTheCircuitOffEveryRouter() throws Exception {
        kill(Victim.LNSAP_B, RELEASING, SHORT);
    }

    @Test
    @org.junit.jupiter.api.Order(6)
    void callsBetweenTheBarsDroppedForTenSecondsDuringActivationStillBringTheCircuitUpWithinTheGrace() throws Exception {
        NetworkCases.dropBetweenBarsDuringActivation(federation, matrix);
    }
}
