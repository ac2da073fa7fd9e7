package org.crs.bar.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.crs.domain.reservation.Endpoint;
import org.crs.domain.reservation.ReservationState;
import org.crs.domain.time.TimeInterval;
import org.crs.bar.reservation.Reservation;
import org.crs.bar.reservation.ReservationRequest;

/** The iCalendar text of a booked circuit (RFC 5545). */
class ICalendarTest {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    static Reservation reservation(String id) {
        return new Reservation(new ReservationRequest(id, Endpoint.parse("site-a:host-a1"), Endpoint.parse("site-b:host-b1"),
                500, new TimeInterval(T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(2))), "", false),
                "alice", ReservationState.RESERVED, "", List.of(), T0, T0, null);
    }

    @Test
    void longLinesAreFoldedAt75OctetsNeverInsideACharacterAndUnfoldToTheText() {
        String description = "Überweisung über das Forschungsnetz; Messkampagne, Teil 2 — 東京 ↔ Genève ".repeat(4);

        String ics = ICalendar.event(reservation("r1"), "bar-site-a", description, T0);

        for (String line : ics.split("\r\n")) {
            assertTrue(line.getBytes(StandardCharsets.UTF_8).length <= 75, line);
            assertTrue(!line.isEmpty() && line.charAt(0) != '\uFFFD', line);
        }
        String unfolded = ics.replace("\r\n ", "");
        assertTrue(unfolded.contains("DESCRIPTION:" + ICalendar.text(description) + "\r\n"), unfolded);
    }

    @Test
    void textValuesEscapeTheirSeparatorsAndLineBreaks() {
        assertEquals("a\\;b\\,c\\\\d\\ne", ICalendar.text("a;b,c\\d\ne"));
    }

    @Test
    void aLaterEventOfTheSameBookingHasTheSameUidAndAHigherSequence() {
        String first = ICalendar.event(reservation("r1"), "bar-site-a", "", T0);
        String moved = ICalendar.event(reservation("r1"), "bar-site-a", "", T0.plus(Duration.ofMinutes(30)));

        assertEquals(NotifierTest.property(NotifierTest.unfolded(first), "UID"),
                NotifierTest.property(NotifierTest.unfolded(moved), "UID"));
        assertEquals("0", NotifierTest.property(NotifierTest.unfolded(first), "SEQUENCE"));
        assertEquals("30", NotifierTest.property(NotifierTest.unfolded(moved), "SEQUENCE"));
    }
}
