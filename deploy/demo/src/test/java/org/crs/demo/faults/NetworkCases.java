package org.crs.demo.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;

import org.crs.demo.process.ProcessFederation;

/** The network cases: the calls between the two BARs dropped, or delayed past the call timeout, during an activation. */
final class NetworkCases {

    static final Duration FAULT_FOR = Duration.ofSeconds(10);

    private NetworkCases() {
    }

    static void dropBetweenBarsDuringActivation(ProcessFederation federation, FaultMatrix matrix) throws Exception {
        FaultMatrix.Result r = matrix.linkFaultDuringActivation("dropped during activation", l -> l.blackhole(), FAULT_FOR);
        assertEquals(List.of(), r.failures(), "calls between the BARs dropped for " + FAULT_FOR + "; logs in " + federation.logs());
    }

    static void delayBetweenBarsDuringActivation(ProcessFederation federation, FaultMatrix matrix) throws Exception {
        Duration late = FaultMatrix.CALL_TIMEOUT.plusSeconds(1);
        FaultMatrix.Result r = matrix.linkFaultDuringActivation("delayed during activation", l -> l.delay(late), FAULT_FOR);
        assertEquals(List.of(), r.failures(), "answers between the BARs " + late + " late for " + FAULT_FOR + "; logs in "
                + federation.logs());
    }
}
