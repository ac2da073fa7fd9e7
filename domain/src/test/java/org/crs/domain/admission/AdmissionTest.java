package org.crs.domain.admission;

import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.crs.domain.calendar.Booking;
import org.crs.domain.calendar.BookingCalendar;
import org.crs.domain.refusal.Refusal;
import org.crs.domain.refusal.RefusalCode;
import org.junit.jupiter.api.Test;

class AdmissionTest {

    static final Resource HOST_PORT = new Resource("edge-a:GigabitEthernet1/1", Resource.HOST_PORT, 1000);
    static final Resource UPLINK = new Resource("edge-a:TenGigabitEthernet2/1", Resource.UPLINK, 10000);
    static final Resource LINK = new Resource("core-1:POS4/0-core-2:POS4/0", Resource.LINK, 1000);

    static BookingCalendar booked(Booking... bookings) {
        return BookingCalendar.of(List.of(bookings));
    }

    @Test
    void aRequestThatFitsEverywhereIsAdmitted() {
        AdmissionResult result = Admission.check(List.of(HOST_PORT, UPLINK, LINK),
                Map.of(LINK.id(), booked(new Booking(hours(1, 3), 400))), hours(2, 4), 500);
        assertTrue(result.admitted());
        assertEquals(Optional.empty(), result.refusedBy());
        assertEquals("admitted", result.reason());
    }

    @Test
    void aRequestThatFillsTheCapacityExactlyIsAdmitted() {
        AdmissionResult result = Admission.check(List.of(LINK),
                Map.of(LINK.id(), booked(new Booking(hours(1, 3), 600))), hours(2, 4), 400);
        assertTrue(result.admitted());
    }

    @Test
    void aRefusalNamesTheResourceItsCapacityWhatIsBookedAndWhatWasAsked() {
        AdmissionResult result = Admission.check(List.of(HOST_PORT, LINK),
                Map.of(LINK.id(), booked(new Booking(hours(1, 3), 600))), hours(2, 4), 500);
        assertFalse(result.admitted());
        assertEquals(Optional.of(LINK), result.refusedBy());
        assertEquals(1000, result.capacityMbps());
        assertEquals(600, result.bookedMbps());
        assertEquals(500, result.requestedMbps());
        assertEquals(new Refusal(RefusalCode.NO_CAPACITY, LINK.id(), result.reason()), result.refusal());
        assertEquals("link core-1:POS4/0-core-2:POS4/0 has 1000 Mbit/s, 600 booked over "
                + "[2030-01-01T02:00:00Z, 2030-01-01T04:00:00Z), 500 requested", result.reason());
    }

    @Test
    void theFirstResourceInPathOrderThatLacksCapacityIsTheOneNamed() {
        Map<String, BookingCalendar> calendars = Map.of(
                HOST_PORT.id(), booked(new Booking(hours(0, 10), 800)),
                LINK.id(), booked(new Booking(hours(0, 10), 900)));
        assertEquals(Optional.of(HOST_PORT),
                Admission.check(List.of(UPLINK, HOST_PORT, LINK), calendars, hours(2, 4), 500).refusedBy());
        assertEquals(Optional.of(LINK),
                Admission.check(List.of(UPLINK, LINK, HOST_PORT), calendars, hours(2, 4), 500).refusedBy());
    }

    @Test
    void aBookingThatEndsWhenTheRequestStartsDoesNotBlockIt() {
        AdmissionResult result = Admission.check(List.of(LINK),
                Map.of(LINK.id(), booked(new Booking(hours(0, 2), 1000))), hours(2, 4), 1000);
        assertTrue(result.admitted());
    }

    @Test
    void aResourceWithoutACalendarHasNothingBooked() {
        assertTrue(Admission.check(List.of(HOST_PORT), Map.of(), hours(2, 4), 1000).admitted());
        AdmissionResult tooBig = Admission.check(List.of(HOST_PORT), Map.of(), hours(2, 4), 1001);
        assertEquals("host port edge-a:GigabitEthernet1/1 has 1000 Mbit/s, 0 booked over "
                + "[2030-01-01T02:00:00Z, 2030-01-01T04:00:00Z), 1001 requested", tooBig.reason());
    }

    @Test
    void aResourceInMaintenanceRefusesEvenWithCapacityToSpare() {
        BookingCalendar calendar = new BookingCalendar();
        calendar.addMaintenance(hours(3, 5));
        AdmissionResult result = Admission.check(List.of(HOST_PORT, UPLINK), Map.of(UPLINK.id(), calendar), hours(2, 4), 10);
        assertEquals(Optional.of(UPLINK), result.refusedBy());
        assertEquals(RefusalCode.MAINTENANCE, result.code());
        assertEquals("uplink edge-a:TenGigabitEthernet2/1 is down for maintenance over "
                + "[2030-01-01T03:00:00Z, 2030-01-01T05:00:00Z), 10 Mbit/s requested over "
                + "[2030-01-01T02:00:00Z, 2030-01-01T04:00:00Z)", result.reason());
    }

    @Test
    void anEmptyPathAdmitsEverything() {
        assertTrue(Admission.check(List.of(), Map.of(), hours(2, 4), 1_000_000).admitted());
    }

    @Test
    void aHugeRequestDoesNotOverflowIntoAFit() {
        AdmissionResult result = Admission.check(List.of(LINK),
                Map.of(LINK.id(), booked(new Booking(hours(1, 3), 600))), hours(2, 4), Long.MAX_VALUE);
        assertFalse(result.admitted());
    }

    @Test
    void aResourceListedTwiceIsAProgrammingError() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> Admission.check(List.of(LINK, HOST_PORT, LINK), Map.of(), hours(2, 4), 10));
        assertEquals("link core-1:POS4/0-core-2:POS4/0 appears more than once on the path", refused.getMessage());
    }

    @Test
    void requestsMustBeForPositiveBandwidth() {
        assertThrows(IllegalArgumentException.class, () -> Admission.check(List.of(LINK), Map.of(), hours(2, 4), 0));
    }

    @Test
    void resourcesMustHaveAPositiveCapacity() {
        var refused = assertThrows(IllegalArgumentException.class, () -> new Resource("core-1-core-2", Resource.LINK, 0));
        assertEquals("capacityMbps of link core-1-core-2 must be positive, was 0", refused.getMessage());
    }
}
