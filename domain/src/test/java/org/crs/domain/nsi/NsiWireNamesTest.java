package org.crs.domain.nsi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class NsiWireNamesTest {

    @Test
    void statesAreReadInAnyCase() {
        assertEquals(Optional.of(NsiReservationState.RESERVE_HELD), NsiReservationState.fromWire("reserveheld"));
        assertEquals(Optional.of(ProvisionState.PROVISIONED), ProvisionState.fromWire("Provisioned"));
        assertEquals(Optional.of(LifecycleState.PASSED_END_TIME), LifecycleState.fromWire("PassedEndTime"));
    }

    @Test
    void openNsasMisspelledCommittingIsCommitting() {
        assertEquals(Optional.of(NsiReservationState.RESERVE_COMMITTING),
                NsiReservationState.fromWire("ReserveComitting"));
    }

    @Test
    void anUnknownStateIsEmpty() {
        assertEquals(Optional.empty(), NsiReservationState.fromWire("ReserveSomething"));
        assertEquals(Optional.empty(), LifecycleState.fromWire(null));
    }

    @Test
    void everyWireNameReadsBackToItsState() {
        for (NsiReservationState s : NsiReservationState.values()) {
            assertEquals(Optional.of(s), NsiReservationState.fromWire(s.wireName()));
        }
        for (ProvisionState s : ProvisionState.values()) {
            assertEquals(Optional.of(s), ProvisionState.fromWire(s.wireName()));
        }
        for (LifecycleState s : LifecycleState.values()) {
            assertEquals(Optional.of(s), LifecycleState.fromWire(s.wireName()));
        }
    }

    @Test
    void anUnknownErrorIdIsReadAsItsFamily() {
        assertEquals(Optional.of(NsiErrorId.CAPACITY_UNAVAILABLE), NsiErrorId.read("00705"));
        assertEquals(Optional.of(NsiErrorId.SERVICE_ERROR), NsiErrorId.read("00799"));
        assertEquals(NsiErrorId.SERVICE_ERROR, NsiErrorId.STP_UNAVAILABLE.family());
        assertEquals(Optional.empty(), NsiErrorId.read("99999"));
        assertEquals(Optional.empty(), NsiErrorId.read("abc"));
    }
}
