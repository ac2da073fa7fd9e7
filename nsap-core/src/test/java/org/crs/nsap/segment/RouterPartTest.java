package org.crs.nsap.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.crs.routers.driver.HostPairSegment;
import org.junit.jupiter.api.Test;

/** A router part becomes the router layer segment its booking configures. */
class RouterPartTest {

    @Test
    void hostPairBecomesAHostPairSegmentForTheBooking() {
        RouterPart pair = new RouterPart.HostPair("edge-a", 1000, "GigabitEthernet1/1", "GigabitEthernet1/2");

        assertEquals(new HostPairSegment(42, 100_000_000L, 1000, "GigabitEthernet1/1", "GigabitEthernet1/2"),
                pair.toSegment(42, 100_000_000L));
    }
}
