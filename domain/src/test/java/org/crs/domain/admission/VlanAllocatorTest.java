package org.crs.domain.admission;

import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class VlanAllocatorTest {

    static final VlanRange RANGE = new VlanRange(2000, 2003);

    @Test
    void theLowestVlanOfAnUnusedTrunkIsChosen() {
        assertEquals(OptionalInt.of(2000), new VlanAllocator(RANGE, List.of()).lowestFree(hours(1, 2)));
    }

    @Test
    void aVlanBookedOverlappingTheIntervalIsSkipped() {
        VlanAllocator allocator = new VlanAllocator(RANGE, List.of(
                new VlanBooking(2000, hours(0, 5)), new VlanBooking(2001, hours(3, 4))));
        assertEquals(OptionalInt.of(2002), allocator.lowestFree(hours(2, 4)));
        assertEquals(OptionalInt.of(2001), allocator.lowestFree(hours(1, 3)));
    }

    @Test
    void aVlanWhoseBookingEndsAtTheIntervalStartIsFree() {
        VlanAllocator allocator = new VlanAllocator(RANGE, List.of(new VlanBooking(2000, hours(0, 2))));
        assertTrue(allocator.isFree(2000, hours(2, 3)));
        assertEquals(OptionalInt.of(2000), allocator.lowestFree(hours(2, 3)));
    }

    @Test
    void aVlanWhoseBookingStartsAtTheIntervalEndIsFree() {
        VlanAllocator allocator = new VlanAllocator(RANGE, List.of(new VlanBooking(2000, hours(3, 4))));
        assertTrue(allocator.isFree(2000, hours(2, 3)));
    }

    @Test
    void aVlanTakenAtAnyInstantOfTheIntervalIsNotFree() {
        VlanAllocator allocator = new VlanAllocator(RANGE,
                List.of(new VlanBooking(2000, hours(0, 2)), new VlanBooking(2000, hours(5, 6))));
        assertFalse(allocator.isFree(2000, hours(1, 3)));
        assertFalse(allocator.isFree(2000, hours(4, 10)));
        assertTrue(allocator.isFree(2000, hours(2, 5)));
    }

    @Test
    void iosReservedVlansAreNeverHandedOut() {
        VlanAllocator allocator = new VlanAllocator(new VlanRange(1001, 1006), List.of(new VlanBooking(1001, hours(0, 9))));
        assertFalse(allocator.isFree(1002, hours(1, 2)));
        assertFalse(allocator.isFree(1005, hours(1, 2)));
        assertEquals(OptionalInt.of(1006), allocator.lowestFree(hours(1, 2)));
    }

    @Test
    void vlansOutsideTheRangeAreNotFree() {
        VlanAllocator allocator = new VlanAllocator(RANGE, List.of());
        assertFalse(allocator.isFree(1999, hours(1, 2)));
        assertFalse(allocator.isFree(2004, hours(1, 2)));
    }

    @Test
    void aFullTrunkHasNoVlan() {
        VlanAllocator allocator = new VlanAllocator(new VlanRange(10, 11),
                List.of(new VlanBooking(10, hours(0, 9)), new VlanBooking(11, hours(1, 2))));
        assertEquals(OptionalInt.empty(), allocator.lowestFree(hours(1, 3)));
        assertEquals(OptionalInt.of(11), allocator.lowestFree(hours(2, 3)));
    }

    @Test
    void aRangeMustLieWithinTwoTo4094InOrder() {
        assertEquals("first VLAN must be in 2..4094, was 1",
                assertThrows(IllegalArgumentException.class, () -> new VlanRange(1, 10)).getMessage());
        assertEquals("last VLAN must be in 100..4094, was 99",
                assertThrows(IllegalArgumentException.class, () -> new VlanRange(100, 99)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VlanRange(100, 4095));
        assertEquals("1000-1999", new VlanRange(1000, 1999).toString());
    }
}
