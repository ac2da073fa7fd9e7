package org.crs.domain.availability;

import static org.crs.domain.Times.hour;
import static org.crs.domain.Times.hours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SlotQueryTest {

    @Test
    void theSpanRunsFromTheEarliestStartToTheEndOfTheLatestBooking() {
        SlotQuery query = new SlotQuery(100, Duration.ofHours(2), hour(1), hour(5));
        assertEquals(hours(1, 7), query.span());
    }

    @Test
    void aBookingAtAStartLastsTheDuration() {
        SlotQuery query = new SlotQuery(100, Duration.ofHours(2), hour(1), hour(5));
        assertEquals(hours(3, 5), query.at(hour(3)));
    }

    @Test
    void allStartsIsTheWholeStartWindow() {
        SlotQuery query = new SlotQuery(100, Duration.ofHours(2), hour(1), hour(5));
        assertEquals(StartTimes.between(hour(1), hour(5)), query.allStarts());
    }

    @Test
    void oneStartIsAllowed() {
        SlotQuery query = new SlotQuery(100, Duration.ofHours(2), hour(1), hour(1));
        assertEquals(hours(1, 3), query.span());
    }

    @Test
    void bandwidthMustBePositive() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> new SlotQuery(0, Duration.ofHours(2), hour(1), hour(5)));
        assertEquals("mbps must be positive, was 0", refused.getMessage());
    }

    @Test
    void durationMustBePositive() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> new SlotQuery(100, Duration.ZERO, hour(1), hour(5)));
        assertEquals("duration must be positive, was PT0S", refused.getMessage());
    }

    @Test
    void theLatestStartMayNotBeBeforeTheEarliest() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> new SlotQuery(100, Duration.ofHours(2), hour(5), hour(4)));
        assertEquals("latest start (2030-01-01T04:00:00Z) must not be before earliest start (2030-01-01T05:00:00Z)",
                refused.getMessage());
    }
}
